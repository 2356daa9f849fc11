import { createHash, randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { createTikTokMetricsReader } from '../../functions/platforms/tiktok-metrics';
import { PlatformError, type MetricsReader, type MetricsResult, type TokenSet } from '../../functions/platforms/types';
import { createXMetricsReader } from '../../functions/platforms/x-metrics';
import { createYouTubeMetricsReader } from '../../functions/platforms/youtube-metrics';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import type { PublishedPost } from '../../local/sandbox/publish-store';
import { controlTheSandbox as control } from '../helpers/sandbox';

/**
 * The metrics readers of X, YouTube and TikTok against the sandbox platforms: posts made
 * through each platform's own create calls gain views and engagements as the sandbox clock moves, and
 * each reader meets the platform's refusals the way the collector needs them: an expired token
 * (reauth), a grant without the analytics scope (fix-input), a rate limit (backoff with the wait) and
 * a deleted post (gone, while the others still read).
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<Platform3, { clientId: string; clientSecret: string }>;
type Platform3 = 'x' | 'youtube' | 'tiktok';
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

const deps = <P extends Platform3>(platform: P) => ({
  app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
  hosts: hostsFor(platform, sandbox),
  fetch: globalThis.fetch,
  now,
});
const readers: Record<Platform3, () => MetricsReader> = {
  x: () => createXMetricsReader(deps('x')),
  youtube: () => createYouTubeMetricsReader(deps('youtube')),
  tiktok: () => createTikTokMetricsReader(deps('tiktok')),
};

const advance = async (seconds: number) => {
  await control('POST', '/clock/advance', { seconds });
  clockOffsetMs += seconds * 1000;
};

/** Consent as the first demo identity, granting `scopes` when given (a user who unticks some), code → tokens. */
async function connect(platform: Platform3, scopes?: string): Promise<TokenSet> {
  return (await connection(platform, scopes)).tokens;
}

/** A connection whose tokens are refreshed as the collector does once the clock moved past their expiry. */
async function connection(platform: Platform3, scopes?: string) {
  const adapter = createAdapter(platform, deps(platform));
  const conn = { tokens: await consent(platform, scopes), refresh: async () => (conn.tokens = await adapter.refresh(conn.tokens)) };
  return conn;
}

async function consent(platform: Platform3, scopes?: string): Promise<TokenSet> {
  const adapter = createAdapter(platform, deps(platform));
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(adapter.authorizeUrl({ state: 's', codeChallenge: adapter.usesPkce ? challenge : undefined }));
  if (scopes) authorize.searchParams.set('scope', scopes);
  const form = new URLSearchParams({ decision: 'allow', identity: DEMO_IDENTITIES[platform][0]!.id });
  const res = await fetch(authorize, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  return adapter.exchangeCode({ code, codeVerifier: adapter.usesPkce ? verifier : undefined });
}

const bearer = (tokens: TokenSet, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${tokens.accessToken}`, ...extra });
async function ok(res: Response): Promise<Response> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}

/** A post made straight through the platform's create calls; its platform id. */
const create: Record<Platform3, (tokens: TokenSet, text: string) => Promise<string>> = {
  x: async (tokens, text) => {
    const res = await ok(
      await fetch(`${sandbox}/x/api/2/tweets`, {
        method: 'POST',
        headers: bearer(tokens, { 'content-type': 'application/json' }),
        body: JSON.stringify({ text }),
      }),
    );
    return ((await res.json()) as { data: { id: string } }).data.id;
  },
  youtube: async (tokens, text) => {
    const bytes = randomBytes(2048);
    const started = await ok(
      await fetch(`${sandbox}/youtube/api/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
        method: 'POST',
        headers: bearer(tokens, { 'content-type': 'application/json', 'x-upload-content-length': String(bytes.length) }),
        body: JSON.stringify({ snippet: { title: text, description: text }, status: { privacyStatus: 'public' } }),
      }),
    );
    const done = await ok(await fetch(started.headers.get('location')!, { method: 'PUT', headers: bearer(tokens), body: bytes }));
    return ((await done.json()) as { id: string }).id;
  },
  tiktok: async (tokens, text) => {
    const bytes = randomBytes(4096);
    const init = await ok(
      await fetch(`${sandbox}/tiktok/api/v2/post/publish/video/init/`, {
        method: 'POST',
        headers: bearer(tokens, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          post_info: { title: text, privacy_level: 'PUBLIC_TO_EVERYONE', disable_stitch: true },
          source_info: { source: 'FILE_UPLOAD', video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 },
        }),
      }),
    );
    const { publish_id, upload_url } = ((await init.json()) as { data: { publish_id: string; upload_url: string } }).data;
    await ok(
      await fetch(upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
        body: bytes,
      }),
    );
    // Processing takes seconds of the sandbox clock; the post exists once they passed.
    await advance(10);
    const { posts } = (await control('GET', '/posts?platform=tiktok')) as { posts: PublishedPost[] };
    const post = posts.find((p) => p.ref === publish_id);
    expect(post, `no TikTok post for ${publish_id}`).toBeDefined();
    return post!.id;
  },
};

/** The scopes of a grant that can post but not read metrics. */
const withoutAnalytics: Record<Platform3, string> = {
  x: 'tweet.write offline.access',
  youtube: 'https://www.googleapis.com/auth/youtube.upload',
  tiktok: 'user.info.basic,user.info.profile,video.publish,video.upload',
};
/** The metrics call's path after /_sandbox/<platform>, for faults. */
const metricsEndpoint: Record<Platform3, { endpoint: string; method: string }> = {
  x: { endpoint: '/api/2/tweets', method: 'GET' },
  youtube: { endpoint: '/api/youtube/v3/videos', method: 'GET' },
  tiktok: { endpoint: '/api/v2/video/query', method: 'POST' },
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the read to fail');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(PlatformError);
      return e as PlatformError;
    },
  );
const metricsOf = (results: MetricsResult[], id: string) => {
  const r = results.find((x) => x.platformPostId === id);
  expect(r?.status, `result for ${id}: ${JSON.stringify(results)}`).toBe('ok');
  return (r as Extract<MetricsResult, { status: 'ok' }>).metrics;
};

beforeEach(async () => {
  clockOffsetMs = 0;
  await control('POST', '/reset');
});

describe.each(['x', 'youtube', 'tiktok'] as const)('%s metrics against the sandbox', (platform) => {
  const read = (tokens: TokenSet, ids: string[]) =>
    readers[platform]().readMetrics(tokens, { accountId: DEMO_IDENTITIES[platform][0]!.id, platformPostIds: ids });

  it('reads numbers that grow as the sandbox clock moves, and level off', async () => {
    const conn = await connection(platform);
    const id = await create[platform](conn.tokens, `Metrics ${platform} ${randomBytes(4).toString('hex')}`);
    const readAfter = async (seconds: number) => {
      await advance(seconds);
      return metricsOf(await read(await conn.refresh(), [id]), id);
    };

    const hour = await readAfter(3600);
    const day = await readAfter(23 * 3600);
    const month = await readAfter(29 * 86400);
    const twoMonths = await readAfter(30 * 86400);

    expect(hour.views).toBeGreaterThan(0);
    expect(day.views!).toBeGreaterThan(hour.views!);
    // A fast post (τ from 2 h, local/sandbox/metrics-growth.ts) may have levelled off by its first day.
    expect(month.views!).toBeGreaterThanOrEqual(day.views!);
    // Leveling off: the second month adds far less than the first day did.
    expect(twoMonths.views! - month.views!).toBeLessThan(day.views! - hour.views!);
    expect(month.likes!).toBeGreaterThanOrEqual(day.likes!);
    expect(month.likes!).toBeGreaterThan(0);
    // The same post at the same age reads the same (deterministic).
    expect(metricsOf(await read(conn.tokens, [id]), id)).toEqual(twoMonths);
  });

  it('reports a post deleted on the platform as gone, and still reads the others', async () => {
    const tokens = await connect(platform);
    const kept = await create[platform](tokens, `Kept ${randomBytes(4).toString('hex')}`);
    const deleted = await create[platform](tokens, `Deleted ${randomBytes(4).toString('hex')}`);
    await advance(600);
    await control('POST', '/posts/delete', { platform, id: deleted });

    const results = await read(tokens, [kept, deleted]);

    expect(results).toContainEqual({ platformPostId: deleted, status: 'gone' });
    expect(metricsOf(results, kept).views).toBeGreaterThan(0);
  });

  it('asks to reconnect once the token expired', async () => {
    const tokens = await connect(platform);
    const id = await create[platform](tokens, `Expiring ${randomBytes(4).toString('hex')}`);
    await control('POST', '/tokens/expire', { token: tokens.accessToken });

    expect((await failure(read(tokens, [id]))).category).toBe('reauth');
  });

  it('says "reconnect to see analytics" (fix-input) for a grant without the analytics scope', async () => {
    const tokens = await connect(platform, withoutAnalytics[platform]);
    expect(tokens.scopes ?? []).not.toEqual(expect.arrayContaining([...readers[platform]().analyticsScopes]));

    expect((await failure(read(tokens, ['1234567890123456789']))).category).toBe('fix-input');
  });

  it('backs off for as long as the rate limit says', async () => {
    const tokens = await connect(platform);
    await control('POST', '/faults', { platform, ...metricsEndpoint[platform], error: 'rate_limit', resetSeconds: 120 });

    const error = await failure(read(tokens, ['1234567890123456789']));

    expect(error.category).toBe('backoff');
    expect(error.details.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('refuses more ids than the platform takes in one request (so the reader batches) and unknown fields', async () => {
    const tokens = await connect(platform);
    const reader = readers[platform]();
    const ids = Array.from({ length: reader.metricsBatchSize + 1 }, (_, i) => String(1_000_000_000_000_000_000n + BigInt(i)));
    const ask = (list: string[], field: string) =>
      platform === 'x'
        ? fetch(`${sandbox}/x/api/2/tweets?ids=${list.join(',')}&post.fields=${field}`, { headers: bearer(tokens) })
        : platform === 'youtube'
          ? fetch(`${sandbox}/youtube/api/youtube/v3/videos?part=${field}&id=${list.join(',')}`, { headers: bearer(tokens) })
          : fetch(`${sandbox}/tiktok/api/v2/video/query/?fields=id,${field}`, {
              method: 'POST',
              headers: bearer(tokens, { 'content-type': 'application/json' }),
              body: JSON.stringify({ filters: { video_ids: list } }),
            });
    const metricsField = { x: 'public_metrics', youtube: 'statistics', tiktok: 'view_count' }[platform];

    expect((await ask(ids, metricsField)).status).toBe(400);
    expect((await ask(ids.slice(1), metricsField)).status).toBe(200);
    // A field (YouTube: a part) the platform does not have is refused too.
    expect((await ask(ids.slice(1), 'impressions_total')).status).toBe(400);
    const results = await reader.readMetrics(tokens, { accountId: 'a', platformPostIds: ids });
    expect(results).toHaveLength(ids.length);
    expect(results.every((r) => r.status === 'gone')).toBe(true);
  });
});

/**
 * TikTok reports numbers only for public videos: the video query lists only the user's public videos,
 * and a post gets its public id only once moderation of a post made for an audience is over (Get Post
 * Status); an Only me post never gets one. A post we stored under its publish_id is looked up again.
 */
describe('TikTok posts without a public id', () => {
  const read = (tokens: TokenSet, ids: string[]) => readers.tiktok().readMetrics(tokens, { accountId: DEMO_IDENTITIES.tiktok[0]!.id, platformPostIds: ids });

  /** A video sent through the init and upload calls; its publish_id once processing is over. */
  async function send(tokens: TokenSet, init: { path: string; body: Record<string, unknown> }): Promise<string> {
    const bytes = randomBytes(4096);
    const source_info = { source: 'FILE_UPLOAD', video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 };
    const res = await ok(
      await fetch(`${sandbox}/tiktok/api${init.path}`, {
        method: 'POST',
        headers: bearer(tokens, { 'content-type': 'application/json' }),
        body: JSON.stringify({ ...init.body, source_info }),
      }),
    );
    const { publish_id, upload_url } = ((await res.json()) as { data: { publish_id: string; upload_url: string } }).data;
    await ok(
      await fetch(upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
        body: bytes,
      }),
    );
    await advance(10);
    return publish_id;
  }
  const direct = (tokens: TokenSet, privacy: string) =>
    send(tokens, { path: '/v2/post/publish/video/init/', body: { post_info: { title: `Video ${privacy}`, privacy_level: privacy, disable_stitch: true } } });
  const status = async (tokens: TokenSet, publishId: string) => {
    const res = await ok(
      await fetch(`${sandbox}/tiktok/api/v2/post/publish/status/fetch/`, {
        method: 'POST',
        headers: bearer(tokens, { 'content-type': 'application/json' }),
        body: JSON.stringify({ publish_id: publishId }),
      }),
    );
    return ((await res.json()) as { data: { status: string; publicaly_available_post_id: unknown[] } }).data;
  };
  const sandboxPostOf = async (publishId: string) =>
    ((await control('GET', '/posts?platform=tiktok')) as { posts: PublishedPost[] }).posts.find((p) => p.ref === publishId)!;

  it('leaves an Only me post out of the video query and gives it no public id', async () => {
    const tokens = await connect('tiktok');
    const publishId = await direct(tokens, 'SELF_ONLY');
    const onTikTok = await sandboxPostOf(publishId);
    await advance(3600);

    expect(await status(tokens, publishId)).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] });
    // Even its real id, were it known, reads as nothing: the query lists public videos only.
    expect(await read(tokens, [onTikTok.id])).toEqual([{ platformPostId: onTikTok.id, status: 'gone' }]);
  });

  it('says an inbox draft has no numbers rather than that it is gone', async () => {
    const tokens = await connect('tiktok');
    const publishId = await send(tokens, { path: '/v2/post/publish/inbox/video/init/', body: {} });
    await advance(3600);

    expect(await read(tokens, [publishId])).toEqual([{ platformPostId: publishId, status: 'private' }]);
  });

  it('reads a public post stored under its publish_id once moderation gives its id, and says which id that is', async () => {
    await control('POST', '/tiktok/app', { moderationSeconds: 1800 });
    const tokens = await connect('tiktok');
    const publishId = await direct(tokens, 'PUBLIC_TO_EVERYONE');
    const videoId = (await sandboxPostOf(publishId)).id;

    // Still in moderation: no id yet, so no reading either way (the collector asks again later).
    expect((await status(tokens, publishId)).publicaly_available_post_id).toEqual([]);
    expect(await read(tokens, [publishId])).toEqual([]);

    await advance(1800);
    const [result] = await read(tokens, [publishId]);
    expect(result).toMatchObject({ platformPostId: publishId, status: 'ok', postId: videoId });
    expect(metricsOf([result!], publishId).views).toBeGreaterThan(0);
  });
});
