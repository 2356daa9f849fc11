import { PostPageWithIssuesSchema } from '@shared/connection-health';
import { ListPostsQuerySchema } from '@shared/posts';
import { withConnectionIssues } from '../../domain/connection-health';
import { listPosts } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * GET /api/posts?tab=&cursor=&limit=: one page of a Posts tab, in the tab's order; each open post
 * says which of its accounts cannot publish at its time, worked out on read.
 */
export const handler = httpHandler({ query: ListPostsQuerySchema }, async ({ workspaceId, query }) => {
  const page = await listPosts(workspaceId, query);
  return ok(PostPageWithIssuesSchema.parse({ ...page, items: await withConnectionIssues(workspaceId, page.items) }));
});
