import { expect } from 'vitest';
import type { Platform } from '@shared/platforms';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createAdapter } from '../../../functions/platforms/registry';
import type {
  Fetch,
  OAuthApp,
  PlatformAdapter,
  PlatformError,
  PublishCheckpoint,
  PublishContext,
  PublishMedia,
  PublishRequest,
  TokenSet,
} from '../../../functions/platforms/types';

/** A request the adapter made, as the platform would have seen it. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The body as form fields (empty unless form-encoded). */
  readonly form: Record<string, string>;
}

export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/**
 * Given: a platform that answers each request with the next scripted reply (or throws, like a dropped
 * connection), and records what it was asked.
 */
export function aFakePlatform(...replies: (Reply | 'network-error')[]) {
  const requests: RecordedRequest[] = [];
  const queue = [...replies];
  const fetch: Fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? init.body : '';
    const form = headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(body)) : {};
    requests.push({ method: init?.method ?? 'GET', url, headers, body, form });
    const next = queue.shift();
    if (next === undefined) throw new Error(`fake platform: no reply scripted for ${url.pathname}`);
    if (next === 'network-error') throw new TypeError('fetch failed');
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(text, { status: next.status ?? 200, headers: { 'content-type': 'application/json', ...next.headers } });
  };
  return { fetch, requests };
}

export const anApp: OAuthApp = { clientId: 'client-123', clientSecret: 'app-secret-456', redirectUri: 'https://app.example/api/oauth/x/callback' };

export const NOW = new Date('2026-11-22T05:00:00.000Z');
export const clock = () => NOW;
export const inSeconds = (s: number) => new Date(NOW.getTime() + s * 1000).toISOString();

/** Then: the call failed with a PlatformError of this category, whose message carries none of the secrets. */
export async function expectPlatformError(
  promise: Promise<unknown>,
  expected: { category: PlatformError['category']; retryAfterSeconds?: number; code?: string | number },
  secrets: readonly string[] = [],
): Promise<PlatformError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as PlatformError,
  );
  expect(error).toMatchObject({ name: 'PlatformError', category: expected.category });
  if ('retryAfterSeconds' in expected) expect(error.details.retryAfterSeconds).toBe(expected.retryAfterSeconds);
  if ('code' in expected) expect(error.details.code).toBe(expected.code);
  for (const secret of secrets) expect(error.message).not.toContain(secret);
  return error;
}

/**
 * Given: a publish context that records every checkpoint it saves, in one timeline with the platform's
 * requests. Saving takes a tick, so a checkpoint an adapter did not await shows up after the request.
 */
export function aPublishContext(
  platform: ReturnType<typeof aFakePlatform>,
  request: Partial<PublishRequest> & Pick<PublishRequest, 'accountId' | 'accountName'>,
  checkpoint: PublishCheckpoint | null = null,
  tokens: TokenSet = { accessToken: 'publish-token-c2VjcmV0LXRva2VuLXZhbHVl', expiresAt: null },
) {
  const timeline: string[] = [];
  const saved: PublishCheckpoint[] = [];
  const originalFetch = platform.fetch;
  const fetch: Fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    timeline.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return originalFetch(input, init);
  };
  const context: PublishContext = {
    tokens,
    request: { caption: 'Fresh sourdough at 7am #bakery', settings: {}, media: [], ...request },
    checkpoint,
    saveCheckpoint: async (cp) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      saved.push(cp);
      timeline.push(`checkpoint ${Object.keys(cp).sort().join(',')}`);
    },
    untilDue: async () => {
      timeline.push('due');
    },
  };
  return { context, saved, timeline, fetch };
}

/** Given: `platform`'s real adapter on a fake platform that answers with `replies`, its clock at NOW. */
export function anAdapter<P extends Platform>(platform: P, ...replies: Parameters<typeof aFakePlatform>) {
  const fake = aFakePlatform(...replies);
  return { ...fake, adapter: createAdapter(platform, { app: anApp, hosts: hostsFor(platform), fetch: fake.fetch, now: clock }) };
}

/**
 * Given: `platform`'s real adapter, talking to a fake platform that answers with `replies`, publishing `request` from
 * `checkpoint`. `step()` runs one publishStep; the clock is NOW unless `now` says otherwise.
 */
export function aPublisher<P extends Platform>(
  platform: P,
  request: Parameters<typeof aPublishContext>[1],
  checkpoint: PublishCheckpoint | null | undefined,
  replies: Parameters<typeof aFakePlatform>,
  now: () => Date = clock,
) {
  const fake = aFakePlatform(...replies);
  const publish = aPublishContext(fake, request, checkpoint);
  const adapter = createAdapter(platform, { app: anApp, hosts: hostsFor(platform), fetch: publish.fetch, now });
  return { ...publish, requests: fake.requests, step: () => adapter.publishStep(publish.context) };
}

/** Then: a checkpoint with `key` was saved before `request` ("POST /2/tweets") went out. */
export function expectCheckpointBefore(timeline: readonly string[], key: string, request: string): void {
  const saved = timeline.findIndex((e) => e.startsWith('checkpoint ') && e.slice(11).split(',').includes(key));
  const sent = timeline.indexOf(request);
  expect(saved, `no checkpoint with ${key} in ${timeline.join(' | ')}`).toBeGreaterThanOrEqual(0);
  expect(sent, `${request} never sent: ${timeline.join(' | ')}`).toBeGreaterThanOrEqual(0);
  expect(saved).toBeLessThan(sent);
}

/**
 * Then: the adapter waited for the due second once, after its checkpoint with `key` and right before
 * `request` (the call that makes the post public); what came earlier is invisible preparation.
 */
export function expectDueRightBefore(timeline: readonly string[], key: string, request: string): void {
  expect(
    timeline.filter((e) => e === 'due'),
    timeline.join(' | '),
  ).toHaveLength(1);
  const due = timeline.indexOf('due');
  expect(timeline[due + 1], timeline.join(' | ')).toBe(request);
  expectCheckpointBefore(timeline.slice(0, due + 2), key, request);
}

export const anImage = (n = 1): PublishMedia => ({ url: `https://media.example/u/${n}.jpg?X-Amz-Signature=abc`, mimeType: 'image/jpeg', sizeBytes: 1000 });
export const aVideo = (bytes = Buffer.alloc(1000, 1)): PublishMedia => ({
  url: 'https://media.example/u/v.mp4?X-Amz-Signature=abc',
  mimeType: 'video/mp4',
  sizeBytes: bytes.length,
  open: async () => bytes,
});

/** Where an adapter sends the user to sign in: whether it uses PKCE, the authorize endpoint and its query. */
export function signInRequest(adapter: PlatformAdapter, codeChallenge?: string) {
  const url = new URL(adapter.authorizeUrl({ state: 'st-1', codeChallenge }));
  return { pkce: adapter.usesPkce, endpoint: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) };
}
