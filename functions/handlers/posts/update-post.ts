import { IdParamsSchema, UpdatePostBodySchema } from '@shared/posts';
import { updatePost } from '../../domain/posts';
import { httpHandler, ok } from '../../lib/http';

/** PATCH /api/posts/{id}: the Edit Post dialog (schedule time and captions) of a scheduled post or draft. */
export const handler = httpHandler({ params: IdParamsSchema, body: UpdatePostBodySchema }, async ({ userId, params, body }) =>
  ok(await updatePost(userId, params.id, body)),
);
