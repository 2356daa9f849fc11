import { ClaimCheckoutBodySchema } from '@shared/billing';
import { claimPaidCheckout } from '../../domain/billing';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/billing/claim-checkout: the signed-in owner of the payment's e-mail takes a public checkout's plan. */
export const handler = httpHandler({ body: ClaimCheckoutBodySchema }, async ({ workspaceId, body }) => ok(await claimPaidCheckout(workspaceId, body)));
