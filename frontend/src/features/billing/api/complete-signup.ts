import { useMutation } from '@tanstack/react-query';
import { CompleteSignupResponseSchema, type CompleteSignupBody, type CompleteSignupResponse } from '@shared/billing';
import { api } from '@/lib/api-client';

/** POST /billing/complete-signup (public): turns a paid public checkout into an account. */
export function completeSignup(body: CompleteSignupBody): Promise<CompleteSignupResponse> {
  return api('/billing/complete-signup', { method: 'POST', auth: false, body, schema: CompleteSignupResponseSchema });
}

export function useCompleteSignup() {
  return useMutation({ mutationFn: completeSignup });
}
