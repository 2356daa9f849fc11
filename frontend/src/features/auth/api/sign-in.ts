import { useMutation } from '@tanstack/react-query';
import { amplifyAuth } from './amplify-auth';
import type { Credentials } from '@shared/auth';
import { getRuntimeConfig } from '@/config/runtime-config';
import { AUTH_TEXT } from '../texts';

export class SignInStepError extends Error {
  override name = 'SignInStepError';
}

export async function signInWithPassword({ email, password }: Credentials): Promise<void> {
  const { signIn } = await amplifyAuth();
  // SRP on AWS (the app client refuses USER_PASSWORD_AUTH there); the local Cognito has no SRP.
  const result = await signIn({ username: email, password, options: { authFlowType: getRuntimeConfig().authFlow } });
  if (result.isSignedIn) return;
  const step = result.nextStep.signInStep;
  // Amplify turns Cognito's UserNotConfirmedException into this step instead of throwing.
  if (step === 'CONFIRM_SIGN_UP') throw new SignInStepError(AUTH_TEXT.verifyFirst);
  throw new SignInStepError(`Sign-in needs a step this app does not support yet (${step}).`);
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
