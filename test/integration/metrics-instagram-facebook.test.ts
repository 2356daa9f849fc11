import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { engagementsOf, type PostMetrics } from '@shared/analytics';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/lib/aws';
import { createFacebookAdapter } from '../../functions/platforms/facebook';
import { createFacebookMetricsReader } from '../../functions/platforms/facebook-metrics';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createInstagramAdapter } from '../../functions/platforms/instagram';
import { createInstagramMetricsReader } from '../../functions/platforms/instagram-metrics';
import { PlatformError, type MetricsReader, type PlatformAdapter, type PublishMedia, type TokenSet } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aMediaKey, anImageOf, anObjectStoredDirectly } from '../helpers/media';
import { controlTheSandbox as control } from '../helpers/sandbox';

/**
 * The real Instagram and Facebook metrics readers against the sandbox platforms. A post is
 * published through the real adapter, the sandbox clock moves on, and the numbers the reader gets grow
 * and level off; an expired token, a grant without the analytics scope, a rate limit and a deleted post
 * come back as Graph gives them and read as reauth, fix-input, backoff and gone.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<'instagram' | 'facebook', { clientId: string; clientSecret: string }>;

type Meta = 'instagram' | 'facebook';
const deps = <P extends Meta>(platform: P) => ({
  app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
  hosts: hostsFor(platform, sandbox),
  now: () => new Date(),
  fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init),
});
const adapterFor = (platform: Meta): PlatformAdapter =>
  platform === 'instagram' ? createInstagramAdapter(deps('instagram')) : createFacebookAdapter(deps('facebook'));
const readerFor = (platform: Meta): MetricsReader =>
  platform === 'instagram' ? createInstagramMetricsReader(deps('instagram')) : createFacebookMetricsReader(deps('facebook'));
const ANALYTICS_SCOPE = { instagram: 'instagram_business_manage_insights', facebook: 'read_insights' } as const;

interface Connection {
  readonly tokens: TokenSet;
  readonly accountId: string;
  readonly accountName: string;
}

/** Through the consent page as the first demo identity (all its Pages); `without` drops a scope from what the app asks. */
async function connect(platform: Meta, without?: string): Promise<Connection> {
  const adapter = adapterFor(platform);
  const url = new URL(adapter.authorizeUrl({ state: 's' }));
  if (without)
    url.searchParams.set(
      'scope',
      url.searchParams
        .get('scope')!
        .split(',')
        .filter((s) => s !== without)
        .join(','),
    );
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const [account] = await adapter.profiles(await adapter.exchangeCode({ code }));
  return { tokens: account!.tokens, accountId: account!.accountId, accountName: account!.accountName };
}

async function aStoredJpeg(): Promise<PublishMedia> {
  const bytes = await anImageOf(1080, 1080);
  const key = aMediaKey('ig-metrics', 'jpg');
  await anObjectStoredDirectly(key, bytes, 'image/jpeg');
  const url = await getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key }), { expiresIn: 3600 });
  return { url, mimeType: 'image/jpeg', sizeBytes: bytes.length };
}

/** Publishes through the real adapter (a photo on Instagram, a text post on Facebook), moving the sandbox clock through waits. */
async function publish(platform: Meta, c: Connection): Promise<string> {
  const adapter = adapterFor(platform);
  const media = platform === 'instagram' ? [await aStoredJpeg()] : [];
  let checkpoint: Record<string, string | number | boolean | null> | null = null;
  for (let i = 0; i < 20; i++) {
    const result = await adapter.publishStep({
      tokens: c.tokens,
      request: { accountId: c.accountId, accountName: c.accountName, caption: `Metrics ${Math.random().toString(36).slice(2, 8)}`, settings: {}, media },
      checkpoint,
      saveCheckpoint: async (cp) => {
        checkpoint = { ...cp };
      },
    });
    if (result.status === 'posted') return result.platformPostId;
    await control('POST', '/clock/advance', { seconds: result.retryAfterSeconds });
  }
  throw new Error('never posted');
}

async function readOne(platform: Meta, c: Connection, id: string): Promise<PostMetrics> {
  const [result] = await readerFor(platform).readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] });
  expect(result).toMatchObject({ platformPostId: id, status: 'ok' });
  return (result as { metrics: PostMetrics }).metrics;
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => new Error('expected the read to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

beforeEach(async () => {
  await control('POST', '/reset');
});

describe.each(['instagram', 'facebook'] as const)('%s metrics against the sandbox', (platform) => {
  it('reads numbers that grow with the sandbox clock and level off', async () => {
    const c = await connect(platform);
    const id = await publish(platform, c);

    const readings: PostMetrics[] = [];
    for (const seconds of [3600, 5 * 3600, 18 * 3600, 2 * 86400, 4 * 86400, 23 * 86400]) {
      await control('POST', '/clock/advance', { seconds });
      readings.push(await readOne(platform, c, id));
    }

    const views = readings.map((m) => m.views!);
    const engagements = readings.map(engagementsOf);
    expect(views[0]).toBeGreaterThan(0);
    for (let i = 1; i < readings.length; i++) {
      expect(views[i]).toBeGreaterThanOrEqual(views[i - 1]!);
      expect(engagements[i]).toBeGreaterThanOrEqual(engagements[i - 1]!);
    }
    expect(views[5]).toBeGreaterThan(views[0]!);
    expect(engagements[5]).toBeGreaterThan(0);
    // Levelling off: the last 23 days add less than the first day did.
    expect(views[5]! - views[4]!).toBeLessThan(views[2]!);
    for (const m of readings) expect(m.reach!).toBeLessThanOrEqual(m.views!);
    // The same post at the same age reads the same.
    expect(await readOne(platform, c, id)).toEqual(readings[5]);
    if (platform === 'facebook') expect(readings[5]!.saves).toBeNull();
    else expect(readings[5]!.saves).toBeGreaterThanOrEqual(0);
  });

  it('asks to reconnect when the token has expired (190)', async () => {
    const c = await connect(platform);
    const id = await publish(platform, c);
    await control('POST', '/tokens/expire', { token: c.tokens.accessToken });

    const error = await failure(readerFor(platform).readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] }));

    expect(error).toMatchObject({ category: 'reauth', details: { code: '190/463' } });
    expect(error.message).not.toContain(c.tokens.accessToken);
  });

  it('reads fix-input (reconnect to see analytics) when the grant lacks the analytics scope', async () => {
    const c = await connect(platform, ANALYTICS_SCOPE[platform]);
    const id = await publish(platform, c);

    const error = await failure(readerFor(platform).readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] }));

    expect(error).toMatchObject({ category: 'fix-input', details: { code: 10 } });
    expect(error.message).toMatch(/see analytics/);
  });

  it('backs off for a rate limit as long as the usage header says', async () => {
    const c = await connect(platform);
    const id = await publish(platform, c);
    await control('POST', '/faults', { platform, error: 'rate_limit', resetSeconds: 1200, code: 17 });

    const error = await failure(readerFor(platform).readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] }));

    expect(error).toMatchObject({ category: 'backoff', details: { code: 17, retryAfterSeconds: 1200 } });
    // The limit passed, the next read works.
    await readOne(platform, c, id);
  });

  it('answers gone for a post its owner deleted (100 / 33)', async () => {
    const c = await connect(platform);
    const id = await publish(platform, c);
    await control('POST', '/posts/delete', { platform, id });

    expect(await readerFor(platform).readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] })).toEqual([
      { platformPostId: id, status: 'gone' },
    ]);
  });
});

describe('the sandbox refuses what Graph refuses', () => {
  const graphGet = async (platform: Meta, path: string, params: Record<string, string>) => {
    const res = await fetch(`${sandbox}/${platform}/graph/${GRAPH_VERSION}${path}?${new URLSearchParams(params)}`);
    return { status: res.status, body: (await res.json()) as { error?: { code: number; error_subcode?: number; message: string } } };
  };

  it('Instagram: the metrics retired in 2025 (impressions, plays) are unknown (100)', async () => {
    const c = await connect('instagram');
    const id = await publish('instagram', c);

    for (const metric of ['impressions', 'plays', 'video_views']) {
      const res = await graphGet('instagram', `/${id}/insights`, { metric: `views,${metric}`, access_token: c.tokens.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 100, message: expect.stringContaining('metric[1] must be one of') });
    }
    // A Reels-only metric on a photo is refused too.
    const reels = await graphGet('instagram', `/${id}/insights`, { metric: 'ig_reels_avg_watch_time', access_token: c.tokens.accessToken });
    expect(reels.body.error).toMatchObject({ code: 100 });
  });

  it('Facebook: post_impressions is no longer a valid metric, a metric is required, unknown post fields are refused', async () => {
    const c = await connect('facebook');
    const id = await publish('facebook', c);

    const retired = await graphGet('facebook', `/${id}/insights`, { metric: 'post_impressions,post_impressions_unique', access_token: c.tokens.accessToken });
    expect(retired.body.error).toMatchObject({ code: 100, message: '(#100) The value must be a valid insights metric' });
    const none = await graphGet('facebook', `/${id}/insights`, { access_token: c.tokens.accessToken });
    expect(none.body.error).toMatchObject({ code: 3001, error_subcode: 1504028 });
    const field = await graphGet('facebook', `/${id}`, { fields: 'shares,impressions', access_token: c.tokens.accessToken });
    expect(field.body.error).toMatchObject({ code: 100, message: expect.stringContaining('nonexisting field (impressions)') });
  });
});
