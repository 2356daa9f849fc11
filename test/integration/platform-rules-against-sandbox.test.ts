import { createHash, randomBytes } from 'node:crypto';
import type { SandboxPlatform } from '../../local/sandbox/apps';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { controlTheSandbox } from '../helpers/sandbox';

/**
 * Rules of the real platforms that the sandbox enforces, so that an adapter that stops
 * following one fails here: the Graph version, the scopes each profile call needs, X's problem
 * bodies and field names, YouTube's upload authorization, privacy lock and daily insert quota.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<SandboxPlatform, { clientId: string; clientSecret: string }>;

const adapterFor = <P extends SandboxPlatform>(platform: P) =>
  createAdapter(platform, {
    app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
    hosts: hostsFor(platform, sandbox),
  });

/** Connects through the consent page as the first demo identity; `scope` overrides what the adapter asks for. */
async function connect<P extends SandboxPlatform>(platform: P, scope?: (asked: string) => string) {
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
  await controlTheSandbox('POST', '/reset');
});

describe('the Graph API version', () => {
  it.each(['facebook', 'instagram'] as const)(
    'is the only one %s serves; any other version prefix gets Graph\'s "Unknown path components"',
    async (platform) => {
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
    },
  );
});

/** What each profile call needs (the platforms' references), and a grant that lacks it. */
const PROFILE_SCOPE_CASES = [
  {
    platform: 'x',
    needs: 'users.read and tweet.read',
    without: (asked: string) =>
      asked
        .split(' ')
        .filter((s) => s !== 'tweet.read')
        .join(' '),
    status: 403,
  },
  {
    platform: 'facebook',
    needs: 'pages_show_list',
    without: (asked: string) =>
      asked
        .split(',')
        .filter((s) => s !== 'pages_show_list')
        .join(','),
    status: 403,
  },
  {
    platform: 'instagram',
    needs: 'instagram_business_basic',
    without: (asked: string) =>
      asked
        .split(',')
        .filter((s) => s !== 'instagram_business_basic')
        .join(','),
    status: 403,
  },
  {
    platform: 'youtube',
    needs: 'youtube.readonly (or youtube / youtube.force-ssl)',
    without: (asked: string) =>
      asked
        .split(' ')
        // force-ssl (asked for first comments) covers channels.list too: leave out both.
        .filter((s) => !s.endsWith('/youtube.readonly') && !s.endsWith('/youtube.force-ssl'))
        .join(' '),
    status: 403,
  },
] as const;

describe('profile calls and the scopes granted', () => {
  it.each(PROFILE_SCOPE_CASES)('$platform: the adapter asks for what its profile call needs ($needs), so reading the account works', async ({ platform }) => {
    // Prepare
    const { adapter, tokens, who } = await connect(platform);

    // Act
    const accounts = await adapter.profiles(tokens);

    // Assess
    expect(accounts.length).toBeGreaterThan(0);
    if (platform !== 'facebook') expect(accounts[0]!.accountId).toBe(who.id);
  });

  it.each(PROFILE_SCOPE_CASES)(
    '$platform: the sandbox refuses the profile call when $needs was not granted, as the platform does',
    async ({ platform, without, status }) => {
      // Prepare
      const { adapter, tokens } = await connect(platform, without);

      // Act
      const failure = await adapter.profiles(tokens).catch((e: unknown) => e);

      // Assess
      expect(failure).toBeInstanceOf(PlatformError);
      expect((failure as PlatformError).details.status).toBe(status);
    },
  );
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
    const raw = await fetch(`${sandbox}/x/api/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: caption }),
    });
    const again = await adapter.publishStep({ tokens, ...aPost(who.id, caption) }).catch((e: unknown) => e);
    const unauthorized = await adapter.profiles({ ...tokens, accessToken: 'not-a-token' }).catch((e: unknown) => e);

    // Assess
    expect(raw.status).toBe(403);
    expect(raw.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await raw.json()).toMatchObject({ title: 'Forbidden', status: 403, detail: expect.stringMatching(/duplicate content/) });
    expect(again).toBeInstanceOf(PlatformError);
    expect((again as PlatformError).message).toMatch(/duplicate of a recent post/);
    expect((unauthorized as PlatformError).category).toBe('reauth');
  });

  it('answers only the OpenAPI generation we follow: post.fields served, tweet.fields refused as an unknown parameter', async () => {
    // Prepare
    const { adapter, tokens, who } = await connect('x');
    const caption = `Timeline check ${randomBytes(4).toString('hex')}`;
    await adapter.publishStep({ tokens, ...aPost(who.id, caption) });
    const get = (path: string) => fetch(`${sandbox}/x/api${path}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });

    // Act
    const current = await get(`/2/users/${who.id}/tweets?post.fields=created_at`);
    const older = await get(`/2/users/${who.id}/tweets?tweet.fields=created_at`);
    const id = ((await current.clone().json()) as { data: { id: string }[] }).data[0]!.id;
    const lookup = await get(`/2/tweets?ids=${id}&post.fields=public_metrics`);
    const olderLookup = await get(`/2/tweets?ids=${id}&tweet.fields=public_metrics`);

    // Assess
    expect(((await current.json()) as { data: { created_at?: string }[] }).data[0]!.created_at).toEqual(expect.any(String));
    expect(((await lookup.json()) as { data: { public_metrics: Record<string, number> }[] }).data[0]!.public_metrics).toEqual(
      expect.objectContaining({ repost_count: expect.any(Number), impression_count: expect.any(Number) }),
    );
    for (const refused of [older, olderLookup]) {
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        title: 'Invalid Request',
        errors: [
          { parameters: { 'tweet.fields': expect.any(Array) }, message: expect.stringMatching(/^The query parameter \[tweet\.fields\] is not one of \[/) },
        ],
      });
    }
  });
});

describe('YouTube', () => {
  const aVideoPost = (accountId: string, bytes = Buffer.alloc(300 * 1024, 7)) => ({
    request: {
      accountId,
      accountName: 'Sbx',
      caption: 'Fresh sourdough #bakery',
      title: `Morning bake ${randomBytes(3).toString('hex')} #shorts`,
      settings: {},
      media: [{ url: 'http://unused.invalid/video.mp4', mimeType: 'video/mp4', sizeBytes: bytes.length, open: async () => bytes }],
    },
    checkpoint: null,
    saveCheckpoint: async () => undefined,
  });
  const startSession = async (accessToken: string, total: number) => {
    const res = await fetch(`${sandbox}/youtube/api/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(total),
        'x-upload-content-type': 'video/mp4',
      },
      body: JSON.stringify({ snippet: { title: 'Direct #shorts', description: 'd' }, status: { privacyStatus: 'public' } }),
    });
    expect(res.status).toBe(200);
    return res.headers.get('location')!;
  };

  it('refuses every resumable-upload PUT without the Authorization header, the status query included', async () => {
    // Prepare
    const { tokens } = await connect('youtube');
    const session = await startSession(tokens.accessToken, 4);

    // Act
    const chunk = await fetch(session, { method: 'PUT', headers: { 'content-range': 'bytes 0-3/4' }, body: new Uint8Array([1, 2, 3, 4]) });
    const query = await fetch(session, { method: 'PUT', headers: { 'content-range': 'bytes */4' } });
    const authorized = await fetch(session, { method: 'PUT', headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-range': 'bytes */4' } });

    // Assess
    expect(chunk.status).toBe(401);
    expect(query.status).toBe(401);
    expect(await chunk.json()).toMatchObject({ error: { code: 401 } });
    expect(authorized.status).toBe(308);
  });

  it('uploads through the adapter (which authorizes every PUT), and an unverified project gets the video locked private', async () => {
    // Prepare
    const { adapter, tokens, who } = await connect('youtube');

    // Act
    const step = await adapter.publishStep({ tokens, ...aVideoPost(who.id) });

    // Assess
    expect(step.status).toBe('wait');
    const posts = (await controlTheSandbox('GET', '/posts?platform=youtube')) as { posts: { visibility: string }[] };
    expect(posts.posts.map((p) => p.visibility)).toEqual(['private']);
    expect((await (await fetch(`${frontDoor}/config.json`)).json()) as { youtubeUnverified: boolean }).toMatchObject({ youtubeUnverified: true });
  });

  it("stops at the project's 100 uploads a day on our own count, before YouTube has to refuse the 101st", async () => {
    // Prepare: a quota day of its own (far from today's, which other tests' publishing spends).
    const { claimDailyQuota } = await import('../../functions/domain/platform-quotas');
    const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000 + 12 * 3_600_000);
    const { adapter, tokens, who } = await connect('youtube');
    const publish = () =>
      adapter.publishStep({ tokens, ...aVideoPost(who.id, Buffer.alloc(1024, 1)), claimDailyQuota: (bucket) => claimDailyQuota(bucket, day) });

    // Act
    for (let i = 0; i < 100; i++) await publish();
    const refused = await publish().catch((e: unknown) => e);

    // Assess
    expect(refused).toBeInstanceOf(PlatformError);
    expect(refused).toMatchObject({ category: 'backoff', details: { code: 'dailyUploadQuota' } });
    expect((refused as PlatformError).message).toMatch(/upload limit for today \(100 videos\) is used up/);
    const posts = (await controlTheSandbox('GET', '/posts?platform=youtube')) as { posts: unknown[] };
    expect(posts.posts).toHaveLength(100);
  }, 60_000);

  it('refuses the 101st videos.insert of a Pacific day with 403 quotaExceeded, as YouTube does, so an adapter that stops counting fails', async () => {
    // Prepare
    const { tokens } = await connect('youtube');
    for (let i = 0; i < 100; i++) await startSession(tokens.accessToken, 4);

    // Act
    const res = await fetch(`${sandbox}/youtube/api/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-length': '4' },
      body: JSON.stringify({ snippet: { title: 'One too many #shorts', description: 'd' }, status: { privacyStatus: 'public' } }),
    });

    // Assess
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } });
  }, 60_000);
});
