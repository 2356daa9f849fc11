import { expect } from 'vitest';
import type { Fetch, OAuthApp, PlatformError } from '../../../functions/platforms/types';

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
