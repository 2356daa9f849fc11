import { getUsage } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/usage: scheduled posts this month against the plan's limit (the Subscription usage bar). */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(await getUsage(workspaceId)));
