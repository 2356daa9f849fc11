import { describe, expect, it, vi } from 'vitest';
import { RuntimeConfigSchema } from '@shared/api';
import { amplifyConfigFor } from '@/lib/amplify';
import { loadRuntimeConfig, RuntimeConfigError, setRuntimeConfig } from '@/config/runtime-config';
import { TEST_CONFIG } from './helpers/render-app';

const ORIGIN = 'https://app.example.com';

describe('runtime configuration', () => {
  it('loads /config.json and fills the defaults', async () => {
    const fetchConfig = vi.fn(async () => new Response(JSON.stringify({ region: 'eu-west-1', userPoolId: 'eu-west-1_x', userPoolClientId: 'c' })));
    const config = await loadRuntimeConfig(fetchConfig as unknown as typeof fetch);
    expect(fetchConfig).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(config).toMatchObject({ apiBasePath: '/api', googleSignIn: false });
  });

  it("reads the response index.html's inline script started, once; a later load fetches again", async () => {
    const body = { region: 'eu-west-1', userPoolId: 'eu-west-1_x', userPoolClientId: 'early' };
    window.__runtimeConfig = Promise.resolve(new Response(JSON.stringify(body)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ ...body, userPoolClientId: 'fetched' })));
    try {
      expect((await loadRuntimeConfig()).userPoolClientId).toBe('early');
      expect(fetchSpy).not.toHaveBeenCalled();
      expect((await loadRuntimeConfig()).userPoolClientId).toBe('fetched');
      expect(fetchSpy).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    } finally {
      fetchSpy.mockRestore();
      window.__runtimeConfig = undefined;
    }
  });

  it('fails loudly when /config.json is missing or incomplete', async () => {
    const missing = vi.fn(async () => new Response('Not found', { status: 404 }));
    await expect(loadRuntimeConfig(missing as unknown as typeof fetch)).rejects.toBeInstanceOf(RuntimeConfigError);
    const incomplete = vi.fn(async () => new Response(JSON.stringify({ region: 'x' })));
    await expect(loadRuntimeConfig(incomplete as unknown as typeof fetch)).rejects.toThrow(/userPoolId/);
  });

  it('accepts and rejects what RuntimeConfigSchema does, with its defaults and the same fields named', () => {
    const valid = { region: 'eu-west-1', userPoolId: 'eu-west-1_x', userPoolClientId: 'c' };
    const full = {
      ...valid,
      userPoolEndpoint: 'http://localhost:9229',
      authFlow: 'USER_PASSWORD_AUTH',
      apiBasePath: '/v1',
      oauthDomain: 'auth.example.com',
      googleSignIn: true,
      proComingSoon: false,
      youtubeUnverified: false,
      tiktokUnaudited: false,
      tiktokPhotos: true,
      inboxUrl: '/_local/inbox',
      graphqlUrl: '/graphql',
      realtimeUrl: 'wss://x.example.com',
    };
    const samples: unknown[] = [
      valid,
      full,
      { ...valid, surplus: 'dropped' },
      { ...valid, authFlow: 'CUSTOM_AUTH' },
      { ...valid, googleSignIn: 'yes', apiBasePath: null },
      { region: 'x' },
      {},
      null,
      [],
      'config',
      42,
      // Each field of the schema with a value of the wrong type: a field the schema gains is checked here too.
      ...Object.keys(RuntimeConfigSchema.shape).map((key) => ({ ...full, [key]: typeof full[key as keyof typeof full] === 'boolean' ? 'true' : 1 })),
    ];
    for (const raw of samples) {
      const expected = RuntimeConfigSchema.safeParse(raw);
      if (expected.success) {
        expect(setRuntimeConfig(raw)).toEqual(expected.data);
      } else {
        const fields = expected.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
        expect(() => setRuntimeConfig(raw)).toThrow(new RuntimeConfigError(`/config.json is missing or has invalid fields: ${fields}`));
      }
    }
  });

  it('fetches /config.json once for every caller, and again after a failed attempt', async () => {
    vi.resetModules(); // a fresh module: nothing loaded yet
    const { ensureRuntimeConfig } = await import('@/config/runtime-config');
    const body = JSON.stringify({ region: 'eu-west-1', userPoolId: 'eu-west-1_x', userPoolClientId: 'c' });
    const fetchConfig = vi
      .fn()
      .mockResolvedValueOnce(new Response('Unavailable', { status: 503 }))
      .mockImplementation(async () => new Response(body));
    vi.stubGlobal('fetch', fetchConfig);

    await expect(ensureRuntimeConfig()).rejects.toThrow('/config.json answered 503');
    const [first, second] = await Promise.all([ensureRuntimeConfig(), ensureRuntimeConfig()]);
    expect(first).toBe(second);
    expect(first).toMatchObject({ userPoolId: 'eu-west-1_x' });
    await ensureRuntimeConfig();
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });

  it('configures Cognito with e-mail sign-in and no hosted UI by default', () => {
    const cognito = amplifyConfigFor(TEST_CONFIG, ORIGIN).Auth!.Cognito;
    expect(cognito).toEqual({
      userPoolId: TEST_CONFIG.userPoolId,
      userPoolClientId: TEST_CONFIG.userPoolClientId,
      loginWith: { email: true },
    });
  });

  it('points Amplify at the local Cognito endpoint when one is given', () => {
    const cognito = amplifyConfigFor({ ...TEST_CONFIG, userPoolEndpoint: 'http://localhost:9229' }, ORIGIN).Auth!.Cognito;
    expect(cognito).toMatchObject({ userPoolEndpoint: 'http://localhost:9229' });
  });

  it('adds the Google hosted UI only when both the domain and the flag are set', () => {
    const withDomainOnly = amplifyConfigFor({ ...TEST_CONFIG, oauthDomain: 'auth.example.com' }, ORIGIN);
    expect(withDomainOnly.Auth!.Cognito.loginWith).toEqual({ email: true });

    const google = amplifyConfigFor({ ...TEST_CONFIG, oauthDomain: 'auth.example.com', googleSignIn: true }, ORIGIN);
    expect(google.Auth!.Cognito.loginWith).toEqual({
      email: true,
      oauth: {
        domain: 'auth.example.com',
        scopes: ['email', 'openid', 'profile'],
        redirectSignIn: [`${ORIGIN}/home`],
        redirectSignOut: [`${ORIGIN}/auth`],
        responseType: 'code',
      },
    });
  });
});
