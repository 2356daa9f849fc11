import { CheckoutStatusQuerySchema } from '@shared/billing';
import { checkoutStatus } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/billing/checkout-status: public; /complete-signup checks its payment before greeting the payer. */
export const handler = httpHandler({ auth: 'public', query: CheckoutStatusQuerySchema }, async ({ query }) => ok(await checkoutStatus(query)));
