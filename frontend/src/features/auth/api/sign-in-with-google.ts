import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';

/** Leaves the SPA for Cognito's managed login; Google sends the user back to /home. */
export async function signInWithGoogle(): Promise<void> {
  const { signInWithRedirect } = await amplifyAuth();
  await signInWithRedirect({ provider: 'Google' });
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
