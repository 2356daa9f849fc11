import { ConfirmUploadBodySchema } from '@shared/media';
import { MediaItemSchema } from '@shared/posts';
import { confirmUpload } from '../../domain/media-confirm';
import { httpHandler } from '../../domain/http-api';

/** POST /api/media: the upload finished; check the stored object and record it. */
export const handler = httpHandler({ body: ConfirmUploadBodySchema }, async ({ workspaceId, body }) => ({
  statusCode: 201,
  body: MediaItemSchema.parse(await confirmUpload(workspaceId, body.key, undefined, body.video)),
}));
