import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { IdParamsSchema } from '@shared/posts';
import { UpdatePostBodySchema } from '@shared/post-bodies';
import { withLimitWarnings } from '../../domain/platform-limits';
import { updatePost } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** PATCH /api/posts/{id}: the Edit Post dialog (the whole post, or older clients' time and captions); limit warnings as on create. */
export const handler = httpHandler({ params: IdParamsSchema, body: UpdatePostBodySchema }, async ({ workspaceId, params, body }) => {
  const post = await updatePost(workspaceId, params.id, body);
  return ok(PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)));
});
