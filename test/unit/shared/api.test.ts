import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, RuntimeConfigSchema } from '@shared/api';

describe('ErrorBodySchema', () => {
  it('accepts an error with code and message', () => {
    expect(ErrorBodySchema.safeParse({ error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } }).success).toBe(true);
  });

  it('accepts an error with details', () => {
    const body = { error: { code: 'VALIDATION', message: 'Please select at least one platform', details: [{ path: ['platforms'] }] } };

    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
  });

  it('rejects an error without a message', () => {
    expect(ErrorBodySchema.safeParse({ error: { code: 'X' } }).success).toBe(false);
  });

  it('rejects a body that is not wrapped in error', () => {
    expect(ErrorBodySchema.safeParse({ code: 'X', message: 'y' }).success).toBe(false);
  });
});

describe('RuntimeConfigSchema', () => {
  const minimal = { region: 'eu-west-1', userPoolId: 'eu-west-1_abc', userPoolClientId: 'client123' };

  it('defaults the API base path to /api', () => {
    expect(RuntimeConfigSchema.parse(minimal).apiBasePath).toBe('/api');
  });

  it('defaults external-provider sign-in to off', () => {
    expect(RuntimeConfigSchema.parse(minimal).googleSignIn).toBe(false);
  });

  it('keeps Pro "Coming Soon" unless the deployment turns it off', () => {
    expect(RuntimeConfigSchema.parse(minimal).proComingSoon).toBe(true);
  });

  it('says YouTube uploads stay private (unverified Google project) unless the deployment says it is verified', () => {
    expect(RuntimeConfigSchema.parse(minimal).youtubeUnverified).toBe(true);
    expect(RuntimeConfigSchema.parse({ ...minimal, youtubeUnverified: false }).youtubeUnverified).toBe(false);
  });

  it('says TikTok takes Only me posts (unaudited client) unless the deployment says it was audited', () => {
    expect(RuntimeConfigSchema.parse(minimal).tiktokUnaudited).toBe(true);
    expect(RuntimeConfigSchema.parse({ ...minimal, tiktokUnaudited: false }).tiktokUnaudited).toBe(false);
    // TikTok photo posts only where the deployment serves signed pull URLs (docs/tiktok.md#photo-posts).
    expect(RuntimeConfigSchema.parse(minimal).tiktokPhotos).toBe(false);
  });

  it('signs in with SRP unless the deployment names another flow (the local Cognito has no SRP)', () => {
    expect(RuntimeConfigSchema.parse(minimal).authFlow).toBe('USER_SRP_AUTH');
    expect(RuntimeConfigSchema.safeParse({ ...minimal, authFlow: 'ADMIN_NO_SRP_AUTH' }).success).toBe(false);
  });

  it('keeps the optional local and OAuth settings when given', () => {
    // Prepare
    const config = {
      ...minimal,
      userPoolEndpoint: 'http://localhost:9229',
      oauthDomain: 'auth.example.com',
      googleSignIn: true,
      inboxUrl: 'http://localhost:3000/inbox',
      apiBasePath: '/v1',
      proComingSoon: false,
      youtubeUnverified: false,
      tiktokUnaudited: false,
      tiktokPhotos: true,
      authFlow: 'USER_PASSWORD_AUTH' as const,
    };

    // Act
    const parsed = RuntimeConfigSchema.parse(config);

    // Assess
    expect(parsed).toEqual(config);
  });

  it.each(['region', 'userPoolId', 'userPoolClientId'] as const)('requires %s', (key) => {
    const config: Record<string, string> = { ...minimal };
    delete config[key];

    expect(RuntimeConfigSchema.safeParse(config).success).toBe(false);
  });
});
