import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';

/**
 * The new link for an account a checkout made must ask for the password again, so the resend carries
 * the same client metadata as the server's sign-up (the custom-message trigger reads it).
 */
export async function resendVerificationLink({ email, choosePassword = false }: { email: string; choosePassword?: boolean }): Promise<void> {
  const { resendSignUpCode } = await amplifyAuth();
  await resendSignUpCode({ username: email, ...(choosePassword && { options: { clientMetadata: { signup: 'checkout' } } }) });
}

export function useResendVerificationLink() {
  return useMutation({ mutationFn: resendVerificationLink });
}
