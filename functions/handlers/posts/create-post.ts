import { CreatePostBodySchema } from '@shared/posts';
import { createPost } from '../../domain/posts';
import { httpHandler } from '../../lib/http';

/** POST /api/posts: a draft, or a scheduled post when a time is given (spec §4, issue 4). */
export const handler = httpHandler({ body: CreatePostBodySchema }, async ({ userId, body }) => ({
  statusCode: 201,
  body: await createPost(userId, body),
}));
