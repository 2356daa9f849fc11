import { PostCountsQuerySchema } from '@shared/posts';
import { countPosts } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/posts/counts?client_id=: the number on each Posts tab, without loading posts; a client narrows them as it narrows the lists. */
export const handler = httpHandler({ query: PostCountsQuerySchema }, async ({ workspaceId, query }) => ok(await countPosts(workspaceId, query)));
