import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_PLATFORMS, type SandboxPlatform } from '../../local/sandbox/apps';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { controlTheSandbox } from '../helpers/sandbox';

/**
 * The join of the two halves: each real adapter, pointed at the sandbox by origin only, connects an
 * account through the consent page, reads it, and refreshes as its platform demands.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<SandboxPlatform, { clientId: string; clientSecret: string }>;
let clockOffsetMs = 0;

const adapterFor = <P extends SandboxPlatform>(platform: P) =>
  createAdapter(platform, {
    app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
    hosts: hostsFor(platform, sandbox),
    now: () => new Date(Date.now() + clockOffsetMs),
  });

/** What the browser does on the consent page: allow, as the first demo identity (all its Pages). */
async function allow(platform: SandboxPlatform, authorizeUrl: string): Promise<URL> {
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(authorizeUrl, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function connect(platform: SandboxPlatform) {
  const adapter = adapterFor(platform);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = adapter.authorizeUrl({ state: `state-${platform}`, codeChallenge: adapter.usesPkce ? challenge : undefined });
  const back = await allow(platform, url);
  expect(back.searchParams.get('state')).toBe(`state-${platform}`);
  const tokens = await adapter.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: adapter.usesPkce ? verifier : undefined });
  return { adapter, tokens, accounts: await adapter.profiles(tokens) };
}

beforeEach(async () => {
  clockOffsetMs = 0;
  await controlTheSandbox('POST', '/reset');
});

describe('each adapter against its sandbox platform', () => {
  it.each(SANDBOX_PLATFORMS)('connects %s and reads the account it can post as', async (platform) => {
    const { accounts } = await connect(platform);

    const who = DEMO_IDENTITIES[platform][0]!;
    if (platform === 'facebook') {
      expect(accounts.map((a) => a.accountId).sort()).toEqual(who.pages!.map((p) => p.id).sort());
      expect(accounts.every((a) => a.tokens.expiresAt === null)).toBe(true);
    } else if (platform === 'linkedin') {
      // The member, then each page they administer (LINKEDIN_PAGES is on in the local cloud), keyed by author URN.
      expect(accounts.map((a) => a.accountId)).toEqual([`urn:li:person:${who.id}`, ...who.pages!.map((p) => `urn:li:organization:${p.id}`)]);
      expect(accounts.map((a) => a.accountName)).toEqual([who.name, ...who.pages!.map((p) => p.name)]);
    } else {
      expect(accounts).toHaveLength(1);
      expect(accounts[0]!.accountName).toContain(platform === 'youtube' ? who.name : who.username);
    }
  });

  it('connects TikTok by its @username, and by its display name when the user granted only the basic profile', async () => {
    const adapter = adapterFor('tiktok');
    const who = DEMO_IDENTITIES.tiktok[0]!;
    const full = await connect('tiktok');
    // A Login Kit URL asking for less than our scopes: what a user who unticks user.info.profile grants.
    const narrow = new URL(adapter.authorizeUrl({ state: 'state-tiktok' }));
    narrow.searchParams.set('scope', 'user.info.basic,video.publish,video.upload');
    const back = await allow('tiktok', narrow.href);
    const tokens = await adapter.exchangeCode({ code: back.searchParams.get('code')! });

    const basicOnly = await adapter.profiles(tokens);

    expect(full.tokens.scopes).toContain('user.info.profile');
    expect(full.accounts[0]!.accountName).toBe(`@${who.username}`);
    expect(basicOnly).toEqual([expect.objectContaining({ accountId: who.id, accountName: who.name })]);
  });

  it('refreshes X and stores the rotated refresh token', async () => {
    const { adapter, tokens } = await connect('x');

    const refreshed = await adapter.refresh(tokens);

    expect(refreshed.refreshToken).toBeTruthy();
    expect((await adapter.profiles(refreshed))[0]!.accountId).toBe(DEMO_IDENTITIES.x[0]!.id);
  });

  it('refreshes TikTok, and the rotated-away refresh token then needs a reconnect', async () => {
    const { adapter, tokens } = await connect('tiktok');

    const refreshed = await adapter.refresh(tokens);

    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    const stale = await adapter.refresh(tokens).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(PlatformError);
    expect((stale as PlatformError).category).toBe('reauth');
  });

  it('keeps the YouTube refresh token across a refresh, and asks for a reconnect once it is revoked', async () => {
    const { adapter, tokens } = await connect('youtube');

    const refreshed = await adapter.refresh(tokens);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);

    await controlTheSandbox('POST', '/tokens/revoke', { token: tokens.refreshToken });
    const revoked = await adapter.refresh(refreshed).catch((e: unknown) => e);
    expect((revoked as PlatformError).category).toBe('reauth');
  });

  it('refreshes an Instagram long-lived token once it is a day old', async () => {
    const { adapter, tokens } = await connect('instagram');
    await controlTheSandbox('POST', '/clock/advance', { seconds: 25 * 3600 });
    clockOffsetMs = 25 * 3600 * 1000;

    const refreshed = await adapter.refresh(tokens);

    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await adapter.profiles(refreshed))[0]!.accountId).toBe(DEMO_IDENTITIES.instagram[0]!.id);
  });

  it('treats a sandbox 503 as a retry, never as a reason to reconnect', async () => {
    const { adapter, tokens } = await connect('x');
    await controlTheSandbox('POST', '/faults', { platform: 'x', endpoint: '/api/2/users/me', error: 'server_error' });

    const failure = await adapter.profiles(tokens).catch((e: unknown) => e);

    expect((failure as PlatformError).category).toBe('retry');
  });
});
