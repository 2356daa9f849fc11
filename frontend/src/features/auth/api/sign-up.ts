import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';
import type { Credentials } from '@shared/auth';

export async function signUpWithPassword({ email, password }: Credentials): Promise<void> {
  const { signUp } = await amplifyAuth();
  await signUp({ username: email, password, options: { userAttributes: { email } } });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithPassword });
}
