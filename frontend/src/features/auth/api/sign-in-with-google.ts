import { useMutation } from '@tanstack/react-query';
import { signInWithRedirect } from 'aws-amplify/auth';

/** Leaves the SPA for Cognito's managed login; Google sends the user back to /home. */
export async function signInWithGoogle(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
