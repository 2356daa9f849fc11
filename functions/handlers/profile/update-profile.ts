import { ProfileResponseSchema, UpdateProfileSchema } from '@shared/profile';
import { updateUserProfile } from '../../domain/profile';
import { httpHandler, ok } from '../../domain/http-api';

/** PATCH /api/profile: nickname, bio, website, picture link; answers with the profile as /api/me shows it. */
export const handler = httpHandler({ body: UpdateProfileSchema }, async ({ userId, body }) =>
  ok(ProfileResponseSchema.parse({ profile: await updateUserProfile(userId, body) })),
);
