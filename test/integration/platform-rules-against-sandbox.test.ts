import { createHash, randomBytes } from 'node:crypto';
import type { Platform } from '@shared/platforms';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';

/**
 * Rules of the real platforms (issue 12) that the sandbox enforces, so that an adapter that stops
 * following one fails here: the Graph version, the scopes each profile call needs, X's problem
 * bodies and field names, YouTube's upload authorization, privacy lock and daily insert quota.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<Platform, { clientId: string; clientSecret: string }>;

const adapterFor = <P extends Platform>(platform: P) =>
  createAdapter(platform, {
    app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
    hosts: hostsFor(platform, sandbox),
  });

const control = (path: string, body: unknown = {}, method = 'POST') =>
  fetch(`${sandbox}/control${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(body) });

/** Connects through the consent page as the first demo identity; `scope` overrides what the adapter asks for. */
async function connect<P extends Platform>(platform: P, scope?: (asked: string) => string) {
  const adapter = adapterFor(platform);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL(adapter.authorizeUrl({ state: `state-${platform}`, codeChallenge: adapter.usesPkce ? challenge : undefined }));
  if (scope) url.searchParams.set('scope', scope(url.searchParams.get('scope') ?? ''));
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  const tokens = await adapter.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: adapter.usesPkce ? verifier : undefined });
  return { adapter, tokens, who };
}

beforeEach(async () => {
  await control('/reset');
});

describe('the Graph API version', () => {
  it.each(['facebook', 'instagram'] as const)('is the only one %s serves; any other version prefix gets Graph\'s "Unknown path components"', async (platform) => {
    // Prepare
    const { tokens } = await connect(platform);
    const other = GRAPH_VERSION === 'v21.0' ? 'v22.0' : 'v21.0';

    // Act
    const right = await fetch(`${sandbox}/${platform}/graph/${GRAPH_VERSION}/me?fields=id`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const wrong = await fetch(`${sandbox}/${platform}/graph/${other}/me?fields=id`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });

    // Assess
    expect(right.status).toBe(200);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { type: 'OAuthException', code: 2500, message: `Unknown path components: /${other}/me` } });
  });
});

/** What each profile call needs (the platforms' references), and a grant that lacks it. */
const PROFILE_SCOPE_CASES = [
  { platform: 'x', needs: 'users.read and tweet.read', without: (asked: string) => asked.split(' ').filter((s) => s !== 'tweet.read').join(' '), status: 403 },
  { platform: 'facebook', needs: 'pages_show_list', without: (asked: string) => asked.split(',').filter((s) => s !== 'pages_show_list').join(','), status: 403 },
  { platform: 'instagram', needs: 'instagram_business_basic', without: (asked: string) => asked.split(',').filter((s) => s !== 'instagram_business_basic').join(','), status: 403 },
  {
    platform: 'youtube',
    needs: 'youtube.readonly (or youtube / youtube.force-ssl)',
    without: (asked: string) => asked.split(' ').filter((s) => !s.endsWith('/youtube.readonly')).join(' '),
    status: 403,
  },
] as const;

describe('profile calls and the scopes granted', () => {
  it.each(PROFILE_SCOPE_CASES)("$platform: the adapter asks for what its profile call needs ($needs), so reading the account works", async ({ platform }) => {
    // Prepare
    const { adapter, tokens, who } = await connect(platform);

    // Act
    const accounts = await adapter.accounts(tokens);

    // Assess
    expect(accounts.length).toBeGreaterThan(0);
    if (platform !== 'facebook') expect(accounts[0]!.accountId).toBe(who.id);
  });

  it.each(PROFILE_SCOPE_CASES)('$platform: the sandbox refuses the profile call when $needs was not granted, as the platform does', async ({ platform, without, status }) => {
    // Prepare
    const { adapter, tokens } = await connect(platform, without);

    // Act
    const failure = await adapter.accounts(tokens).catch((e: unknown) => e);

    // Assess
    expect(failure).toBeInstanceOf(PlatformError);
    expect((failure as PlatformError).details.status).toBe(status);
  });
});

describe('X', () => {
  const aPost = (accountId: string, caption: string) => ({
    request: { accountId, accountName: '@sbx', caption, settings: {}, media: [] },
    checkpoint: null,
    saveCheckpoint: async () => undefined,
  });

  it('answers errors as application/problem+json, and the adapter still tells a duplicate from other refusals', async () => {
    // Prepare
    const { adapter, tokens, who } = await connect('x');
    const caption = `Fresh sourdough ${randomBytes(4).toString('hex')}`;
    await adapter.publishStep({ tokens, ...aPost(who.id, caption) });

    // Act
    const raw = await fetch(`${sandbox}/x/api/2/tweets`, { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: caption }) });
    const again = await adapter.publishStep({ tokens, ...aPost(who.id, caption) }).catch((e: unknown) => e);
    const unauthorized = await adapter.accounts({ ...tokens, accessToken: 'not-a-token' }).catch((e: unknown) => e);

    // Assess
    expect(raw.status).toBe(403);
    expect(raw.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await raw.json()).toMatchObject({ title: 'Forbidden', status: 403, detail: expect.stringMatching(/duplicate content/) });
    expect(again).toBeInstanceOf(PlatformError);
    expect((again as PlatformError).message).toMatch(/duplicate of a recent post/);
    expect((unauthorized as PlatformError).category).toBe('reauth');
  });

  it('serves the timeline fields asked for as post.fields (current OpenAPI) or tweet.fields (older clients)', async () => {
    // Prepare
    const { adapter, tokens, who } = await connect('x');
    await adapter.publishStep({ tokens, ...aPost(who.id, `Timeline check ${randomBytes(4).toString('hex')}`) });
    const timeline = (param: string) =>
      fetch(`${sandbox}/x/api/2/users/${who.id}/tweets?${param}=created_at`, { headers: { authorization: `Bearer ${tokens.accessToken}` } }).then((r) => r.json() as Promise<{ data: { created_at?: string }[] }>);

    // Act
    const current = await timeline('post.fields');
    const older = await timeline('tweet.fields');

    // Assess
    expect(current.data[0]!.created_at).toEqual(expect.any(String));
    expect(older.data[0]!.created_at).toEqual(expect.any(String));
  });
});
