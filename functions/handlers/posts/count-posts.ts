import { countPosts } from '../../domain/posts';
import { httpHandler, ok } from '../../lib/http';

/** GET /api/posts/counts: the number on each Posts tab, without loading posts. */
export const handler = httpHandler({}, async ({ userId }) => ok(await countPosts(userId)));
