import { vi } from 'vitest';

/**
 * Stand-ins for aws-amplify, aws-amplify/auth and aws-amplify/utils. test/frontend/setup.ts wires them for
 * every frontend test file; tests steer them with signedInAs() / signedOut().
 */
type Listener = (capsule: { payload: { event: string } }) => void;
const listeners = new Set<Listener>();

export const hub = {
  listen: vi.fn((_channel: string, listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }),
  emit(event: string) {
    for (const listener of [...listeners]) listener({ payload: { event } });
  },
};

export const authModule = {
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  signOut: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  signInWithRedirect: vi.fn(),
  updatePassword: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
};

export const utilsModule = { Hub: hub };
export const coreModule = { Amplify: { configure: vi.fn() } };

export const TEST_CLIENT_ID = 'test-client';

export interface TestUser {
  sub: string;
  email: string;
}

export const ALICE: TestUser = { sub: 'user-alice', email: 'alice@example.com' };

function sessionFor(user: TestUser) {
  return {
    tokens: {
      accessToken: { toString: () => `access-${user.sub}`, payload: { sub: user.sub } },
      idToken: { toString: () => `id-${user.sub}`, payload: { sub: user.sub, email: user.email } },
    },
  };
}

/** Amplify reports this user, and localStorage holds the marker it writes for a stored session. */
export function signedInAs(user: TestUser = ALICE): void {
  window.localStorage.setItem(`CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.LastAuthUser`, user.sub);
  authModule.fetchAuthSession.mockResolvedValue(sessionFor(user));
}

export function signedOut(): void {
  window.localStorage.removeItem(`CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.LastAuthUser`);
  authModule.fetchAuthSession.mockResolvedValue({ tokens: undefined });
}

/** What a successful sign-in does to Amplify's state. */
export function signInSucceedsAs(user: TestUser = ALICE): void {
  authModule.signIn.mockImplementation(async () => {
    signedInAs(user);
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
}

export function resetAmplifyMocks(): void {
  listeners.clear();
  for (const fn of Object.values(authModule)) fn.mockReset();
  hub.listen.mockClear();
  coreModule.Amplify.configure.mockReset();
  authModule.signOut.mockImplementation(async () => {
    signedOut();
    hub.emit('signedOut');
  });
  authModule.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
  authModule.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  authModule.resendSignUpCode.mockResolvedValue({});
  authModule.updatePassword.mockResolvedValue(undefined);
  signedOut();
}
