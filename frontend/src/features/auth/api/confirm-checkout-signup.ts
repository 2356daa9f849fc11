import { useMutation } from '@tanstack/react-query';
import { ConfirmSignupResponseSchema, type ConfirmSignupBody, type ConfirmSignupResponse } from '@shared/billing';
import { api } from '@/lib/api-client';

/**
 * POST /billing/confirm-signup (public): verifies the address of an account a paid checkout made and
 * sets the password its owner chose, in one step (the payer's password never opens the account).
 */
export function confirmCheckoutSignup(body: ConfirmSignupBody): Promise<ConfirmSignupResponse> {
  return api('/billing/confirm-signup', { method: 'POST', auth: false, body, schema: ConfirmSignupResponseSchema });
}

export function useConfirmCheckoutSignup() {
  return useMutation({ mutationFn: confirmCheckoutSignup });
}
