import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createPinterestAdapter, type PinterestAdapter } from '../../../functions/platforms/pinterest';
import { createPinterestMetricsReader } from '../../../functions/platforms/pinterest-metrics';
import { PlatformError, type PublishCheckpoint, type PublishMedia, type TokenSet } from '../../../functions/platforms/types';
import { DEMO_IDENTITIES, SANDBOX_APPS, createSandbox } from '../../../local/sandbox';
import { SANDBOX_BOARDS } from '../../../local/sandbox/platforms/pinterest-publish';

/**
 * The Pinterest stand-in refuses what Pinterest refuses (developers.pinterest.com/docs/api/v5/): each
 * rule is driven through the real adapter, or straight at the endpoint where the adapter would stop
 * the request first, against the sandbox served in-process.
 */
let server: http.Server;
let origin: string;
let sandbox: ReturnType<typeof createSandbox>;
let jpeg: Buffer;
/** Enough of an MP4 for a sniffer: a box whose type is `ftyp`. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42isom'), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#e60' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The files Pinterest fetches from image_url live beside the sandbox, on the same test server.
      if (req.url?.startsWith('/media/') && req.url.endsWith('.jpg')) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      if (req.url?.startsWith('/media/') && req.url.endsWith('.txt')) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      if (req.url?.startsWith('/media/')) return void res.writeHead(404).end();
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

const api = () => `${origin}/_sandbox/pinterest/api/v5`;
const cafe = DEMO_IDENTITIES.pinterest[0]!;
const board = SANDBOX_BOARDS[cafe.id]![0]!;

function adapter(): PinterestAdapter {
  return createPinterestAdapter({
    app: { ...SANDBOX_APPS.pinterest, redirectUri: `${origin}/api/oauth/pinterest/callback` },
    hosts: hostsFor('pinterest', `${origin}/_sandbox`),
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(sandbox.state.now()),
  });
}

async function connect(scope?: string, who = cafe): Promise<{ tokens: TokenSet; accountId: string; accountName: string }> {
  const p = adapter();
  const url = new URL(p.authorizeUrl({ state: 's' }));
  if (scope) url.searchParams.set('scope', scope);
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision: 'allow', identity: who.id }), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const tokens = await p.exchangeCode({ code });
  if (scope && !scope.includes('user_accounts:read')) return { tokens, accountId: who.id, accountName: `@${who.username}` };
  const [account] = await p.profiles(tokens);
  return account!;
}

const anImage = (n: number): PublishMedia => ({ url: `${origin}/media/${n}.jpg`, mimeType: 'image/jpeg', sizeBytes: jpeg.length });
const aVideo = (bytes = mp4): PublishMedia => ({ url: `${origin}/media/v.mp4`, mimeType: 'video/mp4', sizeBytes: bytes.length, open: async () => bytes });

async function publish(c: Awaited<ReturnType<typeof connect>>, caption: string, media: PublishMedia[], settings: Record<string, string> = {}) {
  const p = adapter();
  let checkpoint: PublishCheckpoint | null = null;
  for (let i = 0; i < 30; i++) {
    try {
      const result = await p.publishStep({
        tokens: c.tokens,
        request: { accountId: c.accountId, accountName: c.accountName, caption, settings: { pinterest_board_id: board.id, ...settings }, media },
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = { ...cp };
        },
      });
      if (result.status === 'posted') return { result, checkpoint };
      sandbox.state.advance(result.retryAfterSeconds);
    } catch (error) {
      if (error instanceof PlatformError) return { error, checkpoint };
      throw error;
    }
  }
  throw new Error('never finished');
}

const pins = () => sandbox.state.publishing.posts.filter((p) => p.platform === 'pinterest');
const pinJson = (tokens: TokenSet, body: Record<string, unknown>) =>
  fetch(`${api()}/pins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ board_id: board.id, media_source: { source_type: 'image_url', url: `${origin}/media/1.jpg` }, ...body }),
  });

describe('the Pinterest stand-in pins what Pinterest takes', () => {
  it('connects with the scopes asked for and a refresh token, and names the account', async () => {
    const c = await connect();
    expect(c).toMatchObject({ accountId: cafe.id, accountName: '@cornercafe' });
    expect(c.tokens.refreshToken).toBeTruthy();
    expect(c.tokens.scopes).toEqual(['boards:read', 'pins:read', 'pins:write', 'user_accounts:read']);
  });

  it('lists every board, page after page', async () => {
    const c = await connect();
    const boards = await adapter().boards(c.tokens);
    expect(boards.map((b) => b.name)).toEqual(SANDBOX_BOARDS[cafe.id]!.map((b) => b.name));
    const firstPage = await fetch(`${api()}/boards?page_size=2`, { headers: { authorization: `Bearer ${c.tokens.accessToken}` } });
    const body = (await firstPage.json()) as { items: unknown[]; bookmark: string | null };
    expect(body.items).toHaveLength(2);
    const second = await fetch(`${api()}/boards?page_size=2&bookmark=${body.bookmark}`, { headers: { authorization: `Bearer ${c.tokens.accessToken}` } });
    expect(((await second.json()) as { items: { id: string }[] }).items.map((b) => b.id)).toEqual([SANDBOX_BOARDS[cafe.id]![2]!.id]);
  });

  it('pins an image with its title, link and alt text, at a link that shows it', async () => {
    const c = await connect();
    const run = await publish(c, 'Our autumn latte', [anImage(1)], {
      pinterest_title: 'Autumn latte',
      pinterest_link: 'https://example.com/latte',
      pinterest_alt_text: 'A latte',
    });
    expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(pins()).toMatchObject([{ kind: 'image', title: 'Autumn latte', text: 'Our autumn latte', ref: board.id }]);
    expect(await (await fetch(run.result!.postUrl)).text()).toContain('Our autumn latte');
  });

  it('pins a video once it has been uploaded and processed, with the image as its cover', async () => {
    const c = await connect();
    const run = await publish(c, 'Latte art in slow motion', [aVideo(), anImage(2)]);
    expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(pins()).toMatchObject([{ kind: 'video', mediaUrls: [anImage(2).url] }]);
  });

  it('pins a carousel of images, each fetched, with the pin’s link on every card', async () => {
    const c = await connect();
    const run = await publish(c, 'Three lattes', [anImage(1), anImage(2), anImage(3)], {
      pinterest_title: 'Latte trio',
      pinterest_link: 'https://example.com/lattes',
    });
    expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(pins()).toMatchObject([{ kind: 'carousel', title: 'Latte trio', mediaUrls: [anImage(1).url, anImage(2).url, anImage(3).url] }]);
  });

  it('finds a carousel pin after a lost answer instead of pinning it twice, and reads its numbers', async () => {
    const c = await connect();
    const media = [anImage(1), anImage(2)];
    sandbox.state.addFault({ platform: 'pinterest', endpoint: '/api/v5/pins', method: 'POST', error: 'timeout_after_acting', delayMs: 20 });
    const first = await publish(c, 'Carousel once', media);
    expect(first.error?.category).toBe('retry');

    const again = await adapter().publishStep({
      tokens: c.tokens,
      request: { accountId: c.accountId, accountName: c.accountName, caption: 'Carousel once', settings: { pinterest_board_id: board.id }, media },
      checkpoint: first.checkpoint,
      saveCheckpoint: async () => {},
    });
    expect(again).toMatchObject({ status: 'posted', platformPostId: pins()[0]!.id });
    expect(pins()).toHaveLength(1);

    sandbox.state.advance(3600);
    const reader = createPinterestMetricsReader({
      app: { ...SANDBOX_APPS.pinterest, redirectUri: 'x' },
      hosts: hostsFor('pinterest', `${origin}/_sandbox`),
      fetch: (i, init) => fetch(i, init),
      now: () => new Date(sandbox.state.now()),
    });
    const [read] = await reader.readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [pins()[0]!.id] });
    expect(read).toMatchObject({ status: 'ok', metrics: { views: 180 } });
  });

  it('finds the pin after a lost answer instead of pinning twice', async () => {
    const c = await connect();
    sandbox.state.addFault({ platform: 'pinterest', endpoint: '/api/v5/pins', method: 'POST', error: 'timeout_after_acting', delayMs: 20 });
    const first = await publish(c, 'Once only', [anImage(3)]);
    expect(first.error?.category).toBe('retry');
    expect(first.checkpoint).toMatchObject({ pinAttemptedAt: expect.any(String) });

    const p = adapter();
    const again = await p.publishStep({
      tokens: c.tokens,
      request: { accountId: c.accountId, accountName: c.accountName, caption: 'Once only', settings: { pinterest_board_id: board.id }, media: [anImage(3)] },
      checkpoint: first.checkpoint,
      saveCheckpoint: async () => {},
    });
    expect(again).toMatchObject({ status: 'posted', platformPostId: pins()[0]!.id });
    expect(pins()).toHaveLength(1);
  });

  it('finds the pin after a lost answer behind more than a page of newer pins on the board', async () => {
    const c = await connect();
    sandbox.state.addFault({ platform: 'pinterest', endpoint: '/api/v5/pins', method: 'POST', error: 'timeout_after_acting', delayMs: 20 });
    const first = await publish(c, 'Once only', [anImage(3)]);
    expect(first.error?.category).toBe('retry');
    // A busy board: more pins went on it before the retry than one page of the board's pins holds.
    for (let i = 0; i < 110; i++) expect((await publish(c, `Pin no. ${i}`, [anImage(5)])).result).toMatchObject({ status: 'posted' });

    const again = await adapter().publishStep({
      tokens: c.tokens,
      request: { accountId: c.accountId, accountName: c.accountName, caption: 'Once only', settings: { pinterest_board_id: board.id }, media: [anImage(3)] },
      checkpoint: first.checkpoint,
      saveCheckpoint: async () => {},
    });

    expect(again).toMatchObject({ status: 'posted' });
    expect(pins().filter((p) => p.text === 'Once only')).toHaveLength(1);
  });

  it('reads impressions and saves of a pin', async () => {
    const c = await connect();
    const run = await publish(c, 'Counted', [anImage(4)]);
    sandbox.state.advance(3600);
    const reader = createPinterestMetricsReader({
      app: { ...SANDBOX_APPS.pinterest, redirectUri: 'x' },
      hosts: hostsFor('pinterest', `${origin}/_sandbox`),
      fetch: (i, init) => fetch(i, init),
      now: () => new Date(sandbox.state.now()),
    });
    const [read] = await reader.readMetrics(c.tokens, { accountId: c.accountId, platformPostIds: [run.result!.platformPostId] });
    expect(read).toMatchObject({ status: 'ok', metrics: { views: 180, saves: 3, likes: null } });
  });
});

describe('the Pinterest stand-in refuses what Pinterest refuses', () => {
  it('refuses a call without a token, and with an expired one', async () => {
    const c = await connect();
    const none = await fetch(`${api()}/boards`);
    sandbox.state.expire(c.tokens.accessToken);
    const expired = await fetch(`${api()}/boards`, { headers: { authorization: `Bearer ${c.tokens.accessToken}` } });
    expect([none.status, expired.status]).toEqual([401, 401]);
    await expect(adapter().boards(c.tokens)).rejects.toMatchObject({ category: 'reauth' });
  });

  it('refuses pinning without pins:write', async () => {
    const c = await connect('boards:read,pins:read');
    const run = await publish(c, 'No scope', [anImage(1)]);
    expect(run.error).toMatchObject({ category: 'reauth', details: { status: 403 } });
    expect(pins()).toHaveLength(0);
  });

  it('refuses the token exchange without the app’s HTTP Basic credentials', async () => {
    const res = await fetch(`${origin}/_sandbox/pinterest/oauth/v5/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: SANDBOX_APPS.pinterest.clientId,
        client_secret: SANDBOX_APPS.pinterest.clientSecret,
      }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a refresh token once used: continuous refresh hands out a new one', async () => {
    const c = await connect();
    const fresh = await adapter().refresh(c.tokens);
    expect(fresh.refreshToken).not.toBe(c.tokens.refreshToken);
    await expect(adapter().refresh(c.tokens)).rejects.toMatchObject({ category: 'reauth' });
  });

  it('refuses a board the account does not have', async () => {
    const c = await connect();
    const direct = await pinJson(c.tokens, { board_id: '999' });
    expect(direct.status).toBe(404);
    const run = await publish(c, 'Wrong board', [anImage(1)], { pinterest_board_id: '999' });
    expect(run.error).toMatchObject({ category: 'fix-input', message: expect.stringMatching(/isn't one of this Pinterest account's boards/) });
    expect(pins()).toHaveLength(0);
  });

  it('refuses a title over 100 characters and keeps 100 exactly', async () => {
    const c = await connect();
    expect((await pinJson(c.tokens, { title: 'é'.repeat(101) })).status).toBe(400);
    expect((await pinJson(c.tokens, { title: 'é'.repeat(100) })).status).toBe(201);
  });

  it('refuses a description over 500 characters and keeps 500 exactly', async () => {
    const c = await connect();
    expect((await pinJson(c.tokens, { description: 'a'.repeat(501) })).status).toBe(400);
    expect((await pinJson(c.tokens, { description: 'a'.repeat(500) })).status).toBe(201);
  });

  it('refuses alt text over 500 characters and keeps 500 exactly', async () => {
    const c = await connect();
    expect((await pinJson(c.tokens, { alt_text: 'a'.repeat(501) })).status).toBe(400);
    expect((await pinJson(c.tokens, { alt_text: 'a'.repeat(500) })).status).toBe(201);
  });

  it('refuses a link that is not a web address', async () => {
    const c = await connect();
    expect((await pinJson(c.tokens, { link: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('refuses an image it cannot fetch, and a file that is not an image', async () => {
    const c = await connect();
    const gone = await pinJson(c.tokens, { media_source: { source_type: 'image_url', url: `${origin}/media/missing.png` } });
    const text = await pinJson(c.tokens, { media_source: { source_type: 'image_url', url: `${origin}/media/note.txt` } });
    expect([gone.status, text.status]).toEqual([400, 400]);
    expect(pins()).toHaveLength(0);
  });

  it('refuses a carousel of fewer than 2 or more than 5 images, and keeps 2 and 5', async () => {
    const c = await connect();
    const carousel = (n: number) => ({ source_type: 'multiple_image_urls', items: Array.from({ length: n }, (_, i) => ({ url: `${origin}/media/${i}.jpg` })) });
    const statuses = [];
    for (const n of [1, 2, 5, 6]) statuses.push((await pinJson(c.tokens, { media_source: carousel(n) })).status);
    expect(statuses).toEqual([400, 201, 201, 400]);
    expect(pins()).toHaveLength(2);
  });

  it('refuses a carousel item without a url, one it cannot fetch, and one that is not an image', async () => {
    const c = await connect();
    const ok = { url: `${origin}/media/1.jpg` };
    const withItem = (item: unknown) => pinJson(c.tokens, { media_source: { source_type: 'multiple_image_urls', items: [ok, item] } });
    const noUrl = await withItem({ title: 'No picture' });
    const gone = await withItem({ url: `${origin}/media/missing.png` });
    const text = await withItem({ url: `${origin}/media/note.txt` });
    expect([noUrl.status, gone.status, text.status]).toEqual([400, 400, 400]);
    expect(await text.json()).toMatchObject({ message: 'The image is not a supported image type.' });
    expect(pins()).toHaveLength(0);
  });

  it('refuses a video pin before the video has succeeded, and one without a cover', async () => {
    const c = await connect();
    const auth = { authorization: `Bearer ${c.tokens.accessToken}`, 'content-type': 'application/json' };
    const reg = (await (await fetch(`${api()}/media`, { method: 'POST', headers: auth, body: JSON.stringify({ media_type: 'video' }) })).json()) as {
      media_id: string;
    };
    const early = await pinJson(c.tokens, { media_source: { source_type: 'video_id', media_id: reg.media_id, cover_image_url: anImage(1).url } });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ message: expect.stringMatching(/registered/) });
  });

  it('fails a video that is not a video, rather than pinning it', async () => {
    const c = await connect();
    const run = await publish(c, 'Not a video', [aVideo(Buffer.from('plain text, not a movie')), anImage(1)]);
    expect(run.error).toMatchObject({ category: 'fix-input', message: expect.stringMatching(/couldn't process the video/) });
    expect(pins()).toHaveLength(0);
  });

  it('refuses an upload that does not carry the signature it was handed', async () => {
    const form = new FormData();
    form.append('key', 'uploads/123');
    form.append('x-amz-signature', 'forged');
    form.append('file', new Blob([mp4]), 'v.mp4');
    const res = await fetch(`${origin}/_sandbox/pinterest/upload/`, { method: 'POST', body: form });
    expect(res.status).toBe(403);
  });
});
