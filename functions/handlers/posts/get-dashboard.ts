import { getDashboard } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/dashboard: the next 5 upcoming and the 3 newest published posts (docs/product-rules.md#dashboard). */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(await getDashboard(workspaceId)));
