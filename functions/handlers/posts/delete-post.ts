import { IdParamsSchema } from '@shared/posts';
import { deletePost } from '../../domain/posts';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/posts/{id}: any post, with its media (spec §4). */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ userId, params }) => {
  await deletePost(userId, params.id);
  return noContent();
});
