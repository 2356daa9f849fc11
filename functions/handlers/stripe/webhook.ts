import { handleStripeWebhook } from '../../domain/billing-sync';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * POST /api/stripe/webhook: public, authenticated by Stripe's signature over the raw body, so the
 * body is passed on exactly as received (never parsed and re-serialized first).
 */
export const handler = httpHandler({ auth: 'public' }, async ({ event }) => {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  return ok(await handleStripeWebhook(raw, event.headers?.['stripe-signature']));
});
