import { PublicCheckoutBodySchema } from '@shared/billing';
import { startPublicCheckout } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/billing/public-checkout: a visitor pays for a plan; the account is created afterwards (docs/product-rules.md#the-product). */
export const handler = httpHandler({ auth: 'public', body: PublicCheckoutBodySchema }, async ({ body }) => ok(await startPublicCheckout(body)));
