import { CompleteSignupBodySchema } from '@shared/billing';
import { completeSignup } from '../../domain/billing';
import { httpHandler } from '../../domain/http-api';

/** POST /api/billing/complete-signup: public; the paid checkout session, not a token, proves who may do this. */
export const handler = httpHandler({ auth: 'public', body: CompleteSignupBodySchema }, async ({ body }) => ({
  statusCode: 201,
  body: await completeSignup(body),
}));
