import { IdParamsSchema } from '@shared/posts';
import { deletePost } from '../../domain/posts';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/posts/{id}: any post, with its media (docs/product-rules.md#post-statuses). */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) => {
  await deletePost(workspaceId, params.id);
  return noContent();
});
