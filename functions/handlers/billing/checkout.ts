import { CheckoutBodySchema } from '@shared/billing';
import { startCheckout } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/billing/checkout: a signed-in user buys a plan; answers with Stripe's hosted page. */
export const handler = httpHandler({ body: CheckoutBodySchema }, async ({ workspaceId, body }) => ok(await startCheckout(workspaceId, body)));
