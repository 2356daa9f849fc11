import { BILLING_MSG, ConfirmSignupBodySchema } from '@shared/billing';
import { httpHandler, ok } from '../../domain/http-api';
import { confirmCheckoutSignup } from '../../domain/signup-verification';

/** POST /api/billing/confirm-signup: public; the mailed verification code, not a token, proves who may do this. */
export const handler = httpHandler({ auth: 'public', body: ConfirmSignupBodySchema }, async ({ body }) =>
  ok({ ...(await confirmCheckoutSignup(body)), message: BILLING_MSG.emailVerifiedPasswordSet }),
);
