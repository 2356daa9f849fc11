import { describe, expect, it } from 'vitest';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createPinterestAdapter } from '../../../functions/platforms/pinterest';
import { PlatformError, type PublishCheckpoint, type PublishContext, type TokenSet } from '../../../functions/platforms/types';

/**
 * The Pinterest adapter against scripted answers: how each documented error reads in our terms, the
 * HTTP Basic token exchange, and the checkpoint saved before the call that makes the pin public.
 */
const NOW = new Date('2026-11-29T12:00:00Z');
const tokens: TokenSet = { accessToken: 'pina_token_1', refreshToken: 'pinr_refresh_1', expiresAt: '2026-12-29T12:00:00Z' };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

function scripted(answers: Record<string, Answer | Answer[]>, hosts = hostsFor('pinterest')) {
  const calls: { method: string; url: string; init?: RequestInit }[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, ...(init ? { init } : {}) });
    const key = Object.keys(answers).find((k) => `${method} ${url}`.includes(k));
    if (!key) throw new Error(`unscripted ${method} ${url}`);
    const list = answers[key]!;
    const a = Array.isArray(list) ? (list.length > 1 ? list.shift()! : list[0]!) : list;
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  };
  const adapter = createPinterestAdapter({
    app: { clientId: 'app-id', clientSecret: 'app-secret', redirectUri: 'https://app.example/api/oauth/pinterest/callback' },
    hosts,
    fetch: fetchFn as typeof fetch,
    now: () => NOW,
  });
  return { adapter, calls };
}

function context(checkpoint: PublishCheckpoint | null = null, saved: PublishCheckpoint[] = []): PublishContext {
  return {
    tokens,
    request: {
      accountId: '109',
      accountName: '@cornercafe',
      caption: 'Autumn latte',
      settings: { pinterest_board_id: 'b1', pinterest_title: 'Latte' },
      media: [{ url: 'https://media.example/1.jpg', mimeType: 'image/jpeg', sizeBytes: 10 }],
    },
    checkpoint,
    saveCheckpoint: async (cp) => void saved.push(cp),
  };
}

const boardOk = { 'GET https://api.pinterest.com/v5/boards/b1': { status: 200, body: { id: 'b1', name: 'Coffee' } } };

async function failure(answer: Answer): Promise<PlatformError> {
  const { adapter } = scripted({ ...boardOk, 'POST https://api.pinterest.com/v5/pins': answer });
  const error = await adapter.publishStep(context()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('Pinterest errors in our terms', () => {
  it('401: the connection needs reconnecting', async () => {
    expect(await failure({ status: 401, body: { code: 2, message: 'Authentication failed.' } })).toMatchObject({ category: 'reauth' });
  });

  it('403 naming a scope: reconnect to grant it', async () => {
    expect(await failure({ status: 403, body: { code: 3, message: 'Not authorized: missing scope pins:write' } })).toMatchObject({ category: 'reauth' });
  });

  it('403 for the access tier: stop, with what Pinterest said', async () => {
    const e = await failure({ status: 403, body: { code: 29, message: 'Apps with Trial access may not create Pins in production' } });
    expect(e.category).toBe('stop');
    expect(e.message).toContain('Trial access');
  });

  it('400: fix the input, with what Pinterest said', async () => {
    const e = await failure({ status: 400, body: { code: 1, message: 'Sorry we could not fetch the image.' } });
    expect(e.category).toBe('fix-input');
    expect(e.message).toContain('could not fetch the image');
  });

  it('429: back off for as long as Retry-After says, else a minute', async () => {
    expect(await failure({ status: 429, body: { code: 8, message: 'Rate limit' }, headers: { 'retry-after': '120' } })).toMatchObject({
      category: 'backoff',
      details: { retryAfterSeconds: 120 },
    });
    expect(await failure({ status: 429, body: { code: 8, message: 'Rate limit' } })).toMatchObject({ category: 'backoff', details: { retryAfterSeconds: 60 } });
  });

  it('5xx: a temporary problem, tried again', async () => {
    expect(await failure({ status: 503, body: { code: 1, message: 'Unavailable' } })).toMatchObject({ category: 'retry' });
  });

  it('a refresh token Pinterest no longer takes: reconnect', async () => {
    const { adapter } = scripted({ 'POST https://api.pinterest.com/v5/oauth/token': { status: 400, body: { error: 'invalid_grant' } } });
    await expect(adapter.refresh(tokens)).rejects.toMatchObject({ category: 'reauth' });
  });
});

describe('Pinterest sign-in and pins', () => {
  it('exchanges the code with the app credentials as HTTP Basic, and keeps the refresh token’s expiry', async () => {
    const { adapter, calls } = scripted({
      'POST https://api.pinterest.com/v5/oauth/token': {
        status: 200,
        body: {
          access_token: 'a',
          refresh_token: 'r',
          expires_in: 2592000,
          refresh_token_expires_in: 5184000,
          scope: 'boards:read pins:write',
          token_type: 'bearer',
        },
      },
    });
    const t = await adapter.exchangeCode({ code: 'c1' });
    expect(calls[0]!.init!.headers).toMatchObject({ authorization: `Basic ${Buffer.from('app-id:app-secret').toString('base64')}` });
    expect(String(calls[0]!.init!.body)).not.toContain('app-secret');
    expect(t).toMatchObject({ accessToken: 'a', refreshToken: 'r', expiresAt: '2026-12-29T12:00:00.000Z', refreshExpiresAt: '2027-01-28T12:00:00.000Z' });
  });

  it('saves the attempt before POST /v5/pins, and takes it back when Pinterest refused', async () => {
    const saved: PublishCheckpoint[] = [];
    const { adapter } = scripted({ ...boardOk, 'POST https://api.pinterest.com/v5/pins': { status: 400, body: { code: 1, message: 'bad' } } });
    await adapter.publishStep(context(null, saved)).catch(() => undefined);
    expect(saved).toEqual([{ pinAttemptedAt: NOW.toISOString() }, {}]);
  });

  it('after a lost answer, finds the pin on the board (Pinterest’s zone-less UTC times) rather than pinning again', async () => {
    const { adapter, calls } = scripted({
      'GET https://api.pinterest.com/v5/boards/b1/pins': {
        status: 200,
        body: { items: [{ id: 'p9', title: 'Latte', description: 'Autumn latte', created_at: '2026-11-29T11:59:30' }], bookmark: null },
      },
    });
    const r = await adapter.publishStep(context({ pinAttemptedAt: '2026-11-29T11:59:29Z' }));
    expect(r).toEqual({ status: 'posted', platformPostId: 'p9', postUrl: 'https://www.pinterest.com/pin/p9/' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends several images as one carousel pin, each card with the pin’s link', async () => {
    const { adapter, calls } = scripted({ ...boardOk, 'POST https://api.pinterest.com/v5/pins': { status: 201, body: { id: 'p7' } } });
    const ctx = context();
    const images = [1, 2, 3].map((n) => ({ url: `https://media.example/${n}.jpg`, mimeType: 'image/jpeg', sizeBytes: 10 }));
    const r = await adapter.publishStep({
      ...ctx,
      request: { ...ctx.request, media: images, settings: { ...ctx.request.settings, pinterest_link: 'https://example.com/l' } },
    });
    expect(r).toMatchObject({ status: 'posted', platformPostId: 'p7' });
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      board_id: 'b1',
      title: 'Latte',
      link: 'https://example.com/l',
      media_source: { source_type: 'multiple_image_urls', items: images.map((i) => ({ url: i.url, link: 'https://example.com/l' })) },
    });
  });

  it('refuses more than five images, or a video beside several images, before calling Pinterest', async () => {
    const { adapter, calls } = scripted({});
    const ctx = context();
    const image = (n: number) => ({ url: `https://media.example/${n}.jpg`, mimeType: 'image/jpeg', sizeBytes: 10 });
    const video = { url: 'https://media.example/v.mp4', mimeType: 'video/mp4', sizeBytes: 10 };
    const six = await adapter.publishStep({ ...ctx, request: { ...ctx.request, media: [1, 2, 3, 4, 5, 6].map(image) } }).catch((x: unknown) => x);
    const mixed = await adapter.publishStep({ ...ctx, request: { ...ctx.request, media: [video, image(1), image(2)] } }).catch((x: unknown) => x);
    expect(six).toMatchObject({ category: 'fix-input', message: expect.stringMatching(/2 to 5 images \(this post has 6\)/) });
    expect(mixed).toMatchObject({ category: 'fix-input', message: expect.stringMatching(/a carousel takes images only/) });
    expect(calls).toHaveLength(0);
  });

  it('refuses to publish without a board, before calling Pinterest', async () => {
    const { adapter, calls } = scripted({});
    const ctx = context();
    const e = await adapter.publishStep({ ...ctx, request: { ...ctx.request, settings: {} } }).catch((x: unknown) => x);
    expect(e).toMatchObject({ category: 'fix-input', message: expect.stringMatching(/board/) });
    expect(calls).toHaveLength(0);
  });
});

describe('PINTEREST_API_HOST', () => {
  const tokenAnswer = { status: 200, body: { access_token: 'a', refresh_token: 'r', expires_in: 2592000, token_type: 'bearer' } };

  it('sandbox: signs in and exchanges the code on production, and reads boards and pins on the API sandbox', async () => {
    const hosts = hostsFor('pinterest', undefined, { PINTEREST_API_HOST: 'sandbox' });
    const { adapter, calls } = scripted(
      {
        'POST https://api.pinterest.com/v5/oauth/token': tokenAnswer,
        'GET https://api-sandbox.pinterest.com/v5/boards/b1': { status: 200, body: { id: 'b1', name: 'Coffee' } },
        'POST https://api-sandbox.pinterest.com/v5/pins': { status: 201, body: { id: 'p1' } },
      },
      hosts,
    );

    const window = new URL(adapter.authorizeUrl({ state: 's' }));
    await adapter.exchangeCode({ code: 'c1' });
    const r = await adapter.publishStep(context());

    expect(window.origin + window.pathname).toBe('https://www.pinterest.com/oauth/');
    expect(r).toEqual({ status: 'posted', platformPostId: 'p1', postUrl: 'https://www.pinterest.com/pin/p1/' });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).origin}`)).toEqual([
      'POST https://api.pinterest.com',
      'GET https://api-sandbox.pinterest.com',
      'POST https://api-sandbox.pinterest.com',
    ]);
  });

  it('production, and unset: pins on api.pinterest.com', () => {
    expect(hostsFor('pinterest', undefined, { PINTEREST_API_HOST: 'production' }).api).toBe('https://api.pinterest.com');
    expect(hostsFor('pinterest', undefined, {}).api).toBe('https://api.pinterest.com');
  });

  it('leaves the local stand-in serving every call, whatever the setting', () => {
    const local = hostsFor('pinterest', 'http://127.0.0.1:9/_sandbox', { PINTEREST_API_HOST: 'sandbox' });

    expect(Object.values(local).every((h) => h.startsWith('http://127.0.0.1:9/_sandbox/pinterest/'))).toBe(true);
  });

  it('refuses any other value, by name', () => {
    expect(() => hostsFor('pinterest', undefined, { PINTEREST_API_HOST: 'trial' })).toThrow(/PINTEREST_API_HOST must be production or sandbox \(got "trial"\)/);
  });
});
