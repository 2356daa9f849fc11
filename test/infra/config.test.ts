import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../infra/config';
import { appStackProps } from '../../infra/pipeline-stage';

const context =
  (values: Record<string, unknown> = {}) =>
  (key: string) =>
    values[key];

describe('parseAppConfig', () => {
  it('defaults to a dev stage in us-east-1 without Google sign-in', () => {
    // Act
    const config = parseAppConfig(context(), {});

    // Assess
    expect(config).toEqual({
      stage: 'dev',
      region: 'us-east-1',
      extraCorsOrigins: [],
      webDir: 'frontend/dist',
      logLevel: 'INFO',
      proComingSoon: true,
      graphApiVersion: 'v26.0',
      blueskyServiceUrl: 'https://bsky.social',
      linkedinPages: 'off',
      pinterestApiHost: 'production',
      youtubeUnverified: true,
      tiktokUnaudited: true,
      publisherConcurrency: 50,
      // WAF is a prod default.
      waf: false,
    });
  });

  it('takes the TikTok audit state from the environment or cdk.json, unaudited unless told otherwise', () => {
    // Act
    const fromEnv = parseAppConfig(context(), { TIKTOK_UNAUDITED: 'false' });
    const fromContext = parseAppConfig(context({ tiktokUnaudited: false }), {});

    // Assess
    expect(parseAppConfig(context(), {}).tiktokUnaudited).toBe(true);
    expect(fromEnv.tiktokUnaudited).toBe(false);
    expect(fromContext.tiktokUnaudited).toBe(false);
    expect(() => parseAppConfig(context(), { TIKTOK_UNAUDITED: 'maybe' })).toThrow(/tiktokUnaudited/);
  });

  it('takes the media-pull key pair (TikTok photo posts) as both settings or neither, and refuses a public key that is not PEM', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----';

    const both = parseAppConfig(context({ mediaPullPublicKey: pem }), { MEDIA_PULL_PRIVATE_KEY_SECRET_NAME: 'sa/media-pull' });

    expect(both.mediaPull).toEqual({ publicKeyPem: pem, privateKeySecretName: 'sa/media-pull' });
    expect(parseAppConfig(context(), {}).mediaPull).toBeUndefined();
    expect(() => parseAppConfig(context({ mediaPullPublicKey: pem }), {})).toThrow(/mediaPull\.privateKeySecretName/);
    expect(() => parseAppConfig(context({ mediaPullPublicKey: 'ssh-rsa AAAA', mediaPullPrivateKeySecretName: 'x' }), {})).toThrow(/PEM public key/);
  });

  it("takes the app's From and its SES identity, the identity defaulting to the From's domain, and refuses a From the identity does not cover", () => {
    // Act
    const byDomain = parseAppConfig(context(), { MAIL_FROM: 'Schedule & Autopost <no-reply@Mail.Example.com>' });
    const byAddress = parseAppConfig(context({ mailFrom: 'team@example.com', mailIdentity: 'team@example.com' }), {});
    const byParentDomain = parseAppConfig(context({ mailFrom: 'no-reply@mail.example.com', mailIdentity: 'example.com' }), {});

    // Assess
    expect(byDomain.mail).toEqual({ from: 'Schedule & Autopost <no-reply@Mail.Example.com>', identity: 'mail.example.com' });
    expect(byAddress.mail).toEqual({ from: 'team@example.com', identity: 'team@example.com' });
    expect(byParentDomain.mail).toEqual({ from: 'no-reply@mail.example.com', identity: 'example.com' });
    expect(parseAppConfig(context(), {}).mail).toBeUndefined();
    // SES refuses to send from an address its identity does not cover: stop at synth instead.
    expect(() => parseAppConfig(context({ mailFrom: 'no-reply@notexample.com', mailIdentity: 'example.com' }), {})).toThrow(/mail\.identity/);
    expect(() => parseAppConfig(context({ mailFrom: 'no-reply@example.com', mailIdentity: 'team@example.com' }), {})).toThrow(/mail\.identity/);
    expect(() => parseAppConfig(context({ mailIdentity: 'example.com' }), {})).toThrow(/mail\.from/);
    expect(() => parseAppConfig(context({ mailFrom: 'Schedule & Autopost' }), {})).toThrow(/mail\.from/);
  });

  it('takes the Graph API version and the YouTube verification state from the environment or cdk.json, and refuses a malformed version', () => {
    // Act
    const fromEnv = parseAppConfig(context(), { GRAPH_API_VERSION: 'v25.0', YOUTUBE_UNVERIFIED: 'false' });
    const fromContext = parseAppConfig(context({ graphApiVersion: 'v24.0', youtubeUnverified: false }), {});

    // Assess
    expect(fromEnv).toMatchObject({ graphApiVersion: 'v25.0', youtubeUnverified: false });
    expect(fromContext).toMatchObject({ graphApiVersion: 'v24.0', youtubeUnverified: false });
    expect(() => parseAppConfig(context(), { GRAPH_API_VERSION: 'v25' })).toThrow(/graphApiVersion/);
    expect(() => parseAppConfig(context(), { GRAPH_API_VERSION: '25.0' })).toThrow(/graphApiVersion/);
    expect(() => parseAppConfig(context(), { YOUTUBE_UNVERIFIED: 'maybe' })).toThrow(/youtubeUnverified/);
  });

  it('offers Bluesky through bsky.social unless told another service or off, and refuses a value that is neither', () => {
    // Act
    const fromEnv = parseAppConfig(context(), { BLUESKY_SERVICE_URL: 'https://pds.example.com' });
    const off = parseAppConfig(context({ blueskyServiceUrl: 'off' }), {});

    // Assess
    expect(fromEnv.blueskyServiceUrl).toBe('https://pds.example.com');
    expect(off.blueskyServiceUrl).toBe('off');
    expect(() => parseAppConfig(context(), { BLUESKY_SERVICE_URL: 'bsky.social' })).toThrow(/blueskyServiceUrl/);
  });

  it('asks LinkedIn for pages only when told on, and refuses anything but on or off by name', () => {
    // Act
    const fromEnv = parseAppConfig(context(), { LINKEDIN_PAGES: 'on' });
    const fromContext = parseAppConfig(context({ linkedinPages: 'off' }), { LINKEDIN_PAGES: 'on' });

    // Assess
    expect(fromEnv.linkedinPages).toBe('on');
    expect(fromContext.linkedinPages).toBe('off');
    expect(appStackProps(fromEnv, 'web').linkedinPages).toBe('on');
    expect(() => parseAppConfig(context(), { LINKEDIN_PAGES: 'true' })).toThrow(/linkedinPages: must be 'on' or 'off'/);
  });

  it("calls Pinterest's API sandbox only when told, and refuses anything but production or sandbox by name", () => {
    // Act
    const fromEnv = parseAppConfig(context(), { PINTEREST_API_HOST: 'sandbox' });
    const fromContext = parseAppConfig(context({ pinterestApiHost: 'production' }), { PINTEREST_API_HOST: 'sandbox' });

    // Assess
    expect(fromEnv.pinterestApiHost).toBe('sandbox');
    expect(fromContext.pinterestApiHost).toBe('production');
    expect(appStackProps(fromEnv, 'web').pinterestApiHost).toBe('sandbox');
    expect(() => parseAppConfig(context(), { PINTEREST_API_HOST: 'https://api-sandbox.pinterest.com' })).toThrow(
      /pinterestApiHost: must be 'production' or 'sandbox'/,
    );
  });

  it("takes the publishers' concurrency per platform from the environment or cdk.json, within Lambda's 2 to 1,000", () => {
    // Act
    const fromEnv = parseAppConfig(context(), { PUBLISHER_CONCURRENCY: '200' });
    const fromContext = parseAppConfig(context({ publisherConcurrency: 20 }), {});

    // Assess
    expect(fromEnv.publisherConcurrency).toBe(200);
    expect(fromContext.publisherConcurrency).toBe(20);
    expect(() => parseAppConfig(context(), { PUBLISHER_CONCURRENCY: '1' })).toThrow(/publisherConcurrency/);
    expect(() => parseAppConfig(context(), { PUBLISHER_CONCURRENCY: '1001' })).toThrow(/publisherConcurrency/);
    expect(() => parseAppConfig(context(), { PUBLISHER_CONCURRENCY: 'lots' })).toThrow(/publisherConcurrency/);
  });

  it('turns Pro\'s "Coming Soon" off from the environment or from cdk.json', () => {
    // Act
    const fromEnv = parseAppConfig(context(), { PRO_COMING_SOON: 'false' });
    const fromContext = parseAppConfig(context({ proComingSoon: false }), {});

    // Assess
    expect(fromEnv.proComingSoon).toBe(false);
    expect(fromContext.proComingSoon).toBe(false);
    expect(() => parseAppConfig(context(), { PRO_COMING_SOON: 'maybe' })).toThrow(/proComingSoon/);
  });

  it('takes the region from CDK_DEFAULT_REGION and lets CDK context win over the environment', () => {
    // Act
    // Outside us-east-1 a prod stack needs WAF off (a CloudFront web ACL lives in us-east-1).
    const config = parseAppConfig(context({ stage: 'prod', waf: 'off', alarmEmail: 'ops@example.com' }), { CDK_DEFAULT_REGION: 'eu-west-1', STAGE: 'dev' });

    // Assess
    expect(config).toMatchObject({ stage: 'prod', region: 'eu-west-1' });
  });

  it('enables Google sign-in when all three settings are given', () => {
    // Prepare
    const env = {
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET_NAME: 'schedule/google',
      AUTH_DOMAIN_PREFIX: 'schedule-autopost',
    };

    // Act
    const config = parseAppConfig(context(), env);

    // Assess
    expect(config.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecretName: 'schedule/google',
      domainPrefix: 'schedule-autopost',
    });
  });

  it('reads extra CORS origins from a comma-separated list', () => {
    // Act
    const config = parseAppConfig(context({ extraCorsOrigins: 'http://localhost:5173, https://staging.example.com' }), {});

    // Assess
    expect(config.extraCorsOrigins).toEqual(['http://localhost:5173', 'https://staging.example.com']);
  });

  it.each([
    ['an unknown stage', { stage: 'qa' }, /stage/],
    ['a malformed region', { region: 'moon-1' }, /region/],
    ['a partial Google configuration', { googleClientId: 'id' }, /google\.clientSecretName/],
    ['a domain prefix Cognito rejects', { googleClientId: 'id', googleClientSecretName: 's', authDomainPrefix: 'my-cognito' }, /domainPrefix/],
    ['an origin with a path', { extraCorsOrigins: 'https://example.com/app' }, /extraCorsOrigins/],
  ])('fails loudly on %s', (_case, values, message) => {
    // Act / Assess
    expect(() => parseAppConfig(context(values), {})).toThrow(message);
  });
});
