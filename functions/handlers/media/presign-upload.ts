import { PresignUploadBodySchema, PresignUploadResponseSchema } from '@shared/media';
import { presignUpload } from '../../domain/media';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/media/uploads: a presigned POST form for one image or video of at most 100 MB. */
export const handler = httpHandler({ body: PresignUploadBodySchema }, async ({ workspaceId, body }) =>
  ok(PresignUploadResponseSchema.parse(await presignUpload(workspaceId, body))),
);
