import { subscriptionOverview } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/subscription: the subscription (or null), the plan in force and this month's usage. */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(await subscriptionOverview(workspaceId)));
