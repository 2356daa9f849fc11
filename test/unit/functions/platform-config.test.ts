import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initiateConnect } from '../../../functions/domain/connections';
import { resetEnvForTests } from '../../../functions/lib/env';
import { ValidationError } from '../../../functions/lib/errors';
import { configuredAdapter, resetPlatformConfigForTests } from '../../../functions/platforms/configured';

const saved = { ...process.env };

beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'table',
    MEDIA_BUCKET: 'bucket',
    APP_ORIGIN: 'https://app.example.com/',
    PLATFORM_SANDBOX_URL: 'http://localhost:9/_sandbox',
    PLATFORM_CREDENTIALS: JSON.stringify({ x: { clientId: 'x-id', clientSecret: 'x-secret' } }),
  });
  resetEnvForTests();
  resetPlatformConfigForTests();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  resetPlatformConfigForTests();
});

describe('platform configuration', () => {
  it('builds an adapter with our callback as redirect URI, pointed at the sandbox', async () => {
    // Act
    const adapter = await configuredAdapter('x');

    // Assess
    const url = new URL(adapter!.authorizeUrl({ state: 's', codeChallenge: 'c' }));
    expect(url.origin + url.pathname).toBe('http://localhost:9/_sandbox/x/www/i/oauth2/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/api/oauth/x/callback');
    expect(url.searchParams.get('client_id')).toBe('x-id');
  });

  it('treats a platform without credentials as not available: "coming soon", before anything is stored', async () => {
    // Act
    const failure = await initiateConnect('user-1', 'facebook').catch((e: unknown) => e);

    // Assess
    expect(await configuredAdapter('facebook')).toBeUndefined();
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).message).toBe('Facebook is coming soon');
  });
});
