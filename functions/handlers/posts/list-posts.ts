import { ListPostsQuerySchema } from '@shared/posts';
import { listPosts } from '../../domain/posts';
import { httpHandler, ok } from '../../lib/http';

/** GET /api/posts?tab=&cursor=&limit=: one page of a Posts tab, in the tab's order. */
export const handler = httpHandler({ query: ListPostsQuerySchema }, async ({ userId, query }) => ok(await listPosts(userId, query)));
