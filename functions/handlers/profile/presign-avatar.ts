import { PresignUploadResponseSchema } from '@shared/media';
import { AvatarPresignSchema } from '@shared/profile';
import { presignAvatar } from '../../domain/profile';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/profile/avatar/uploads: a presigned POST form for one image of at most 100 MB. */
export const handler = httpHandler({ body: AvatarPresignSchema }, async ({ userId, body }) =>
  ok(PresignUploadResponseSchema.parse(await presignAvatar(userId, body))),
);
