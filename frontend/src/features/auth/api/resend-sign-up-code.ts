import { useMutation } from '@tanstack/react-query';
import { resendSignUpCode } from 'aws-amplify/auth';

export async function resendVerificationLink(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

export function useResendVerificationLink() {
  return useMutation({ mutationFn: resendVerificationLink });
}
