import { ManageSubscriptionBodySchema } from '@shared/billing';
import { manageSubscription } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/billing/subscription: cancel at period end, or reactivate (the caller's own active subscription). */
export const handler = httpHandler({ body: ManageSubscriptionBodySchema }, async ({ workspaceId, body }) => ok(await manageSubscription(workspaceId, body)));
