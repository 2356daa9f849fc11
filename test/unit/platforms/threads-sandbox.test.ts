import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS } from '@shared/platform-limits';
import { THREADS_VERSION, hostsFor } from '../../../functions/platforms/hosts';
import { createThreadsAdapter, type ThreadsAdapter } from '../../../functions/platforms/threads';
import { createThreadsMetricsReader } from '../../../functions/platforms/threads-metrics';
import { PlatformError, type PublishCheckpoint, type PublishMedia, type TokenSet } from '../../../functions/platforms/types';
import { DEMO_IDENTITIES, SANDBOX_APPS, createSandbox } from '../../../local/sandbox';

/**
 * The Threads stand-in refuses what Threads refuses (developers.facebook.com/documentation/threads):
 * each rule is driven through the real adapter, or straight at the endpoint where the adapter would
 * stop the request first, against the sandbox served in-process.
 */
let server: http.Server;
let origin: string;
let sandbox: ReturnType<typeof createSandbox>;
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c80' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The files Threads fetches from image_url live beside the sandbox, on the same test server.
      if (req.url?.startsWith('/media/')) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      void sandbox.handle(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = createSandbox({ publicUrl: origin });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  sandbox.state.publishing.posts.length = 0;
});

const sandboxUrl = () => `${origin}/_sandbox`;
const graph = () => `${sandboxUrl()}/threads/graph/${THREADS_VERSION}`;
const who = DEMO_IDENTITIES.threads[0]!;

function adapter(): ThreadsAdapter {
  return createThreadsAdapter({
    app: { ...SANDBOX_APPS.threads, redirectUri: `${origin}/api/oauth/threads/callback` },
    hosts: hostsFor('threads', sandboxUrl()),
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(sandbox.state.now()),
  });
}

/** Signs in through the consent page and the token exchanges, as the connect flow does. */
async function connect(scope?: string): Promise<{ tokens: TokenSet; accountId: string; accountName: string }> {
  const threads = adapter();
  const url = new URL(threads.authorizeUrl({ state: 's' }));
  if (scope) url.searchParams.set('scope', scope);
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision: 'allow', identity: who.id }), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const [account] = await threads.profiles(await threads.exchangeCode({ code }));
  return account!;
}

const anImage = (n: number): PublishMedia => ({ url: `${origin}/media/${n}.jpg`, mimeType: 'image/jpeg', sizeBytes: 1000 });

/** Runs publishStep to the end, moving the sandbox clock through each wait. */
async function publish(c: Awaited<ReturnType<typeof connect>>, caption: string, media: PublishMedia[] = [], settings = {}) {
  const threads = adapter();
  let checkpoint: PublishCheckpoint | null = null;
  for (let i = 0; i < 30; i++) {
    try {
      const result = await threads.publishStep({
        tokens: c.tokens,
        request: { accountId: c.accountId, accountName: c.accountName, caption, settings, media },
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = { ...cp };
        },
      });
      if (result.status === 'posted') return { result };
      sandbox.state.advance(result.retryAfterSeconds);
    } catch (error) {
      if (error instanceof PlatformError) return { error };
      throw error;
    }
  }
  throw new Error('never finished');
}

const form = (params: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(params) });
const threadsPosts = () => sandbox.state.publishing.posts.filter((p) => p.platform === 'threads');

describe('the Threads stand-in publishes what Threads takes', () => {
  it('publishes a text post, an image and a carousel, each at a link on the profile', async () => {
    const c = await connect();

    const text = await publish(c, 'Fresh sourdough at 7am');
    const image = await publish(c, 'Crumb shot', [anImage(1)]);
    const carousel = await publish(c, 'The whole bake', [anImage(1), anImage(2), anImage(3)]);

    for (const run of [text, image, carousel]) expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(threadsPosts().map((p) => [p.kind, p.mediaUrls.length])).toEqual([
      ['text', 0],
      ['image', 1],
      ['carousel', 3],
    ]);
    const page = await fetch(text.result!.postUrl);
    expect(await page.text()).toContain('Fresh sourdough at 7am');
  });

  it("sends each file's alt text on its container: a photo's is read back from it, a carousel's are on its items", async () => {
    const c = await connect();
    const described = (n: number, altText: string): PublishMedia => ({ ...anImage(n), altText });

    const single = await publish(c, 'Crumb shot', [described(1, 'An open crumb, close up')]);
    const carousel = await publish(c, 'The whole bake', [described(1, 'Loaves cooling'), anImage(2)]);

    expect(single.result, single.error?.message).toMatchObject({ status: 'posted' });
    expect(carousel.result, carousel.error?.message).toMatchObject({ status: 'posted' });
    const read = await fetch(`${graph()}/${single.result!.platformPostId}?fields=alt_text&access_token=${c.tokens.accessToken}`);
    expect(await read.json()).toMatchObject({ alt_text: 'An open crumb, close up' });
    expect(threadsPosts()[1]!.altTexts).toEqual(['Loaves cooling', '']);
  });

  it('posts the first comment as a reply to the post', async () => {
    const c = await connect();

    const run = await publish(c, 'New menu today', [], { first_comment: 'Link in bio' });

    expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted' } } });
    const [post, reply] = threadsPosts();
    expect(reply).toMatchObject({ text: 'Link in bio', inReplyTo: post!.id });
  });
});

describe('the Threads stand-in refuses what Threads refuses', () => {
  it('refuses text over 500 characters and keeps 500 exactly', async () => {
    const c = await connect();
    const at = (text: string) => fetch(`${graph()}/${c.accountId}/threads`, form({ media_type: 'TEXT', text, access_token: c.tokens.accessToken }));

    const over = await at('é'.repeat(501));
    const exactly = await at('é'.repeat(500));

    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: { code: 100, message: expect.stringMatching(/500 characters/) } });
    expect(exactly.status).toBe(200);
  });

  it('refuses a carousel of one item or of 21, and takes 2 and 20', async () => {
    const c = await connect();
    const token = c.tokens.accessToken;
    const items: string[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await fetch(
        `${graph()}/${c.accountId}/threads`,
        form({ media_type: 'IMAGE', image_url: anImage(i).url, is_carousel_item: 'true', access_token: token }),
      );
      items.push(((await res.json()) as { id: string }).id);
    }
    sandbox.state.advance(5);
    const carousel = (n: number) =>
      fetch(`${graph()}/${c.accountId}/threads`, form({ media_type: 'CAROUSEL', children: items.slice(0, n).join(','), text: 'Bake', access_token: token }));

    for (const n of [1, 21]) {
      const res = await carousel(n);
      expect(res.status, `${n} items`).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 100, message: expect.stringMatching(/between 2 and 20/) } });
    }
    for (const n of [2, 20]) expect((await carousel(n)).status, `${n} items`).toBe(200);
  });

  it('refuses to publish a container it never made', async () => {
    const c = await connect();
    const res = await fetch(`${graph()}/${c.accountId}/threads_publish`, form({ creation_id: '17999999999999999', access_token: c.tokens.accessToken }));

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    expect(threadsPosts()).toHaveLength(0);
  });

  it('refuses the 251st post in 24 hours, reports the quota the publish enforces, and frees a slot as the window moves', async () => {
    const c = await connect();
    const threads = adapter();
    // 250 posts already out in the last day, the oldest 23 hours ago.
    const now = sandbox.state.now();
    for (let i = 0; i < 250; i++) {
      sandbox.state.publishing.posts.push({
        id: `9${i}`,
        platform: 'threads',
        accountId: c.accountId,
        text: `Earlier ${i}`,
        kind: 'text',
        mediaUrls: [],
        createdAt: now - 23 * 3600_000 + i,
        url: 'x',
        visibility: 'public',
      });
    }

    expect(await threads.publishingLimit(c.tokens, c.accountId)).toEqual({ used: 250, total: 250, windowSeconds: 86400 });
    // The cap scheduling warns with when the live read fails is the one the stand-in enforces.
    expect(PLATFORM_LIMITS.threads!.cap).toBe(250);
    const refused = await publish(c, 'One too many');
    expect(refused.error).toMatchObject({ category: 'backoff' });
    expect(refused.error!.details.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.error!.details.retryAfterSeconds).toBeLessThanOrEqual(3600);

    sandbox.state.advance(3601);
    expect(await publish(c, 'One too many')).toMatchObject({ result: { status: 'posted' } });
  });

  it('refuses an expired token, and the adapter asks for a reconnect rather than refreshing it', async () => {
    const c = await connect();
    sandbox.state.advance(60 * 24 * 3600 + 60);

    const direct = await fetch(`${graph()}/${c.accountId}/threads`, form({ media_type: 'TEXT', text: 'Late', access_token: c.tokens.accessToken }));
    expect(await direct.json()).toMatchObject({ error: { code: 190, error_subcode: 463 } });
    const run = await publish(c, 'Late');
    expect(run.error).toMatchObject({ category: 'reauth' });
    await expect(adapter().refresh(c.tokens)).rejects.toMatchObject({ category: 'reauth' });
  });

  it('refreshes a token that is a day old for another 60 days, and not before', async () => {
    const c = await connect();
    const young = await fetch(`${sandboxUrl()}/threads/graph/refresh_access_token?grant_type=th_refresh_token&access_token=${c.tokens.accessToken}`);
    expect(young.status).toBe(400);

    sandbox.state.advance(25 * 3600);
    const fresh = await adapter().refresh(c.tokens);

    expect(fresh.accessToken).not.toBe(c.tokens.accessToken);
    expect(Date.parse(fresh.expiresAt!) - sandbox.state.now()).toBeGreaterThan(59 * 24 * 3600_000);
  });

  it('refuses to publish without threads_content_publish', async () => {
    const c = await connect('threads_basic');

    const run = await publish(c, 'No permission');

    expect(run.error).toMatchObject({ category: 'reauth', details: { code: 10 } });
    expect(threadsPosts()).toHaveLength(0);
  });
});

describe('Threads post insights', () => {
  const reader = () =>
    createThreadsMetricsReader({
      app: { ...SANDBOX_APPS.threads, redirectUri: `${origin}/api/oauth/threads/callback` },
      hosts: hostsFor('threads', sandboxUrl()),
      fetch: (input, init) => fetch(input, init),
      now: () => new Date(sandbox.state.now()),
    });

  it('reads views, likes, replies and shares that grow with time, and says gone for a post that is not there', async () => {
    const c = await connect();
    const { result } = await publish(c, 'Counted');
    const id = result!.platformPostId;

    const early = await reader().readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id, '17000000000000000'] });
    sandbox.state.advance(48 * 3600);
    const [later] = await reader().readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [id] });

    expect(early[1]).toEqual({ platformPostId: '17000000000000000', status: 'gone' });
    expect(early[0]).toMatchObject({ status: 'ok', metrics: { reach: null, saves: null } });
    const views = (r: typeof later) => (r && r.status === 'ok' ? r.metrics.views : null);
    expect(views(later)).toBeGreaterThan(views(early[0]) ?? 0);
  });

  it('asks to reconnect for analytics when the grant lacks threads_manage_insights', async () => {
    const c = await connect('threads_basic,threads_content_publish');
    const { result } = await publish(c, 'Counted');

    await expect(reader().readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [result!.platformPostId] })).rejects.toMatchObject({
      category: 'fix-input',
    });
  });
});

describe('faults the Threads stand-in can be told to show', () => {
  const fault = (body: Record<string, unknown>) =>
    fetch(`${sandboxUrl()}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('fails an image Threads could not download as ERROR, which the adapter reports as a file to replace', async () => {
    const c = await connect();
    expect((await fault({ platform: 'threads', error: 'media_unreachable' })).status).toBe(201);

    const run = await publish(c, 'Unreachable', [anImage(1)]);

    expect(run.error).toMatchObject({ category: 'fix-input', message: expect.stringContaining('FAILED_DOWNLOADING_IMAGE') });
    expect(threadsPosts()).toHaveLength(0);
  });

  it('refuses alt_text on a text post and on the carousel container, which Threads takes only on images and videos', async () => {
    const c = await connect();
    const url = `${graph()}/${c.accountId}/threads?access_token=${c.tokens.accessToken}`;

    const text = await fetch(url, form({ media_type: 'TEXT', text: 'Hello', alt_text: 'A description' }));
    const item = await (await fetch(url, form({ media_type: 'IMAGE', image_url: anImage(1).url, is_carousel_item: 'true', alt_text: 'A loaf' }))).json();
    const other = await (await fetch(url, form({ media_type: 'IMAGE', image_url: anImage(2).url, is_carousel_item: 'true' }))).json();
    const carousel = await fetch(url, form({ media_type: 'CAROUSEL', children: `${item.id},${other.id}`, text: 'Bake', alt_text: 'Both' }));

    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: { code: 100, message: expect.stringContaining('alt_text') } });
    expect(item.id).toEqual(expect.any(String));
    expect(carousel.status).toBe(400);
    expect(await carousel.json()).toMatchObject({ error: { code: 100, message: expect.stringContaining('alt_text') } });
  });

  it('refuses to fake errors Threads does not document (duplicate, upload limit)', async () => {
    for (const error of ['duplicate', 'upload_limit']) expect((await fault({ platform: 'threads', error })).status, error).toBe(400);
  });
});
