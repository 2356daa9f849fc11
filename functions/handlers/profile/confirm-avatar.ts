import { AvatarConfirmSchema, ProfileResponseSchema } from '@shared/profile';
import { confirmAvatar } from '../../domain/profile';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/profile/avatar: the upload finished; check the stored object and make it the picture. */
export const handler = httpHandler({ body: AvatarConfirmSchema }, async ({ userId, body }) =>
  ok(ProfileResponseSchema.parse({ profile: await confirmAvatar(userId, body.key) })),
);
