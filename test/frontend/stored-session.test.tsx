import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredSession } from '@/lib/stored-session';
import { ALICE, authModule, coreModule, hub, resetAmplifyMocks, signedInAs, TEST_CLIENT_ID } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const PREFIX = `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}`;

/** A token as Cognito issues it: base64url JSON header and payload (the signature is the API's concern). */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'k' })}.${part(payload)}.signature`;
}

/** What Amplify's token store writes after a sign-in of `username`, tokens valid until `exp` (seconds). */
function storeSession(options: { username?: string; sub?: string; email?: string; exp: number; clockDrift?: number }) {
  const { username = 'alice-username', sub = ALICE.sub, email = ALICE.email, exp, clockDrift = 0 } = options;
  localStorage.setItem(`${PREFIX}.LastAuthUser`, username);
  localStorage.setItem(`${PREFIX}.${username}.accessToken`, jwt({ sub, exp, token_use: 'access' }));
  localStorage.setItem(`${PREFIX}.${username}.idToken`, jwt({ sub, email, exp, token_use: 'id' }));
  localStorage.setItem(`${PREFIX}.${username}.refreshToken`, 'refresh');
  localStorage.setItem(`${PREFIX}.${username}.clockDrift`, String(clockDrift));
  return localStorage.getItem(`${PREFIX}.${username}.accessToken`)!;
}

describe('reading the session Amplify stored, without Amplify', () => {
  it('gives the user and the access token while both tokens are fresh', () => {
    const accessToken = storeSession({ exp: NOW / 1000 + 3600 });
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)).toEqual({ user: ALICE, accessToken });
  });

  it('leaves a token within Amplify’s 5 s refresh tolerance, counting the stored clock drift, to Amplify', () => {
    storeSession({ exp: NOW / 1000 + 6 });
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)).not.toBeNull();
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW + 1500)).toBeNull();
    storeSession({ exp: NOW / 1000 + 3600, clockDrift: 3600_000 });
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)).toBeNull();
  });

  it('decodes a non-ASCII email as UTF-8', () => {
    storeSession({ exp: NOW / 1000 + 3600, email: 'zoë@example.com' });
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)?.user.email).toBe('zoë@example.com');
  });

  it('gives nothing for another app client, a missing or unreadable token', () => {
    storeSession({ exp: NOW / 1000 + 3600 });
    expect(readStoredSession('another-client', localStorage, NOW)).toBeNull();
    localStorage.setItem(`${PREFIX}.alice-username.idToken`, 'not-a-jwt');
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)).toBeNull();
    localStorage.removeItem(`${PREFIX}.alice-username.accessToken`);
    expect(readStoredSession(TEST_CLIENT_ID, localStorage, NOW)).toBeNull();
  });
});

describe('a signed-in page with a stored session', () => {
  beforeEach(() => resetAmplifyMocks());

  it('renders and calls the API with the stored token without asking Amplify, then listens to Amplify once it has loaded', async () => {
    const api = mockApi(shellRoutes());
    const accessToken = storeSession({ exp: Date.now() / 1000 + 3600 });
    const { location } = renderApp('/home');
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/me').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/me')[0]!.headers.Authorization).toBe(`Bearer ${accessToken}`);
    // Amplify loads after the page and is configured, but never had to read the session.
    await waitFor(() => expect(coreModule.Amplify.configure).toHaveBeenCalled());
    expect(authModule.fetchAuthSession).not.toHaveBeenCalled();
    // A sign-out elsewhere (another tab, an ended session) reaches this page through Amplify's events.
    await waitFor(() => expect(hub.listen).toHaveBeenCalled());
    authModule.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    localStorage.clear();
    hub.emit('signedOut');
    await screen.findByTestId('plan-free');
    expect(location().pathname).toBe('/');
  });

  it('asks Amplify, which refreshes it, when the stored token has expired', async () => {
    const api = mockApi(shellRoutes());
    storeSession({ exp: Date.now() / 1000 - 60 });
    signedInAs(ALICE);
    renderApp('/home');
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(authModule.fetchAuthSession).toHaveBeenCalled();
    await waitFor(() => expect(api.callsTo('GET', '/me').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/me')[0]!.headers.Authorization).toBe(`Bearer access-${ALICE.sub}`);
  });
});
