import type { AtprotoStores } from './bluesky-oauth';
import * as z from 'zod';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { PlatformHosts } from './hosts';
import { PlatformError, type ErrorCategory, type Fetch, type OAuthApp, type TokenSet } from './types';

/** What every adapter is built from: our app's credentials, the hosts to call (real or sandbox), fetch and the clock. */
export interface AdapterDeps<P extends Platform> {
  readonly app: OAuthApp;
  readonly hosts: PlatformHosts<P>;
  readonly fetch: Fetch;
  readonly now: () => Date;
  /** Bluesky's OAuth client stores (the table's, handed in by the domain); absent where no Bluesky call is made. */
  readonly atproto?: AtprotoStores | undefined;
}

/** A non-success answer, as the platform's classifier sees it. */
export interface FailedResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or the raw text when the body was not JSON. */
  readonly body: unknown;
  readonly now: Date;
}

/** How a platform's error reads in our terms; the message is built here so no adapter can leak a token. */
export interface Classification {
  readonly category: ErrorCategory;
  /** Plain-language reason, e.g. "the connection was revoked". */
  readonly reason: string;
  readonly code?: string | number;
  readonly retryAfterSeconds?: number;
  /** The platform's own human text (shown for fix-input/stop); scrubbed of anything token-like. */
  readonly platformMessage?: string;
  /** A complete plain-language message for the user (publishing), used instead of "X refused to …". */
  readonly message?: string;
}

export type Classifier = (res: FailedResponse) => Classification;

export interface CallContext {
  readonly platform: Platform;
  readonly fetch: Fetch;
  readonly now: () => Date;
  readonly classify: Classifier;
}

export interface CallInput<S extends z.ZodType> {
  /** What we were trying to do, in words: "exchange the sign-in code". */
  readonly what: string;
  readonly url: string;
  readonly init?: RequestInit;
  readonly schema: S;
  /** Secrets sent with this request; removed from any message. */
  readonly secrets?: readonly (string | undefined)[];
  /** Platforms that answer 200 with an error inside the body (TikTok) say so here. */
  readonly isErrorBody?: (body: unknown) => boolean;
}

/**
 * One platform call: fetch, parse, classify. A thrown fetch (DNS, reset, timeout) is always `retry`:
 * a network blip must never send the user off to reconnect.
 */
export async function callPlatform<S extends z.ZodType>(ctx: CallContext, input: CallInput<S>): Promise<z.infer<S>> {
  const { res, body, secrets } = await send(ctx, input);
  if (!res.ok || input.isErrorBody?.(body)) {
    const c = ctx.classify({ status: res.status, headers: res.headers, body, now: ctx.now() });
    throw toPlatformError(ctx.platform, input.what, res.status, c, secrets);
  }
  const parsed = input.schema.safeParse(body);
  if (!parsed.success) {
    throw new PlatformError(ctx.platform, 'stop', `${PLATFORM_NAMES[ctx.platform]} answered in an unexpected format when we tried to ${input.what}.`, {
      status: res.status,
    });
  }
  return parsed.data;
}

/** Sends the request and reads its body. A thrown fetch (DNS, reset, timeout) becomes `retry`. */
async function send(ctx: CallContext, input: Pick<CallInput<z.ZodType>, 'url' | 'init' | 'what' | 'secrets'>) {
  const secrets = (input.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 4);
  let res: Response;
  try {
    res = await ctx.fetch(input.url, input.init);
  } catch {
    const name = PLATFORM_NAMES[ctx.platform];
    throw new PlatformError(ctx.platform, 'retry', `Couldn't reach ${name} to ${input.what} (network problem). It will be retried.`);
  }
  const body = parseJson(await res.text().catch(() => ''));
  return { res, body, secrets };
}

function toPlatformError(platform: Platform, what: string, status: number, c: Classification, secrets: readonly string[]): PlatformError {
  const name = PLATFORM_NAMES[platform];
  const said = c.platformMessage && (c.category === 'fix-input' || c.category === 'stop') ? scrub(c.platformMessage, secrets) : '';
  const message = c.message ? scrub(c.message, secrets) : `${name} refused to ${what}: ${c.reason}.${said ? ` ${name} said: "${said}"` : ''}`;
  const details: { status: number; code?: string | number; retryAfterSeconds?: number } = { status };
  if (c.code !== undefined) details.code = c.code;
  if (c.retryAfterSeconds !== undefined) details.retryAfterSeconds = c.retryAfterSeconds;
  return new PlatformError(platform, c.category, message, details);
}

/** Drops the secrets we sent and anything else that looks like a token (long opaque runs). */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[hidden]');
  out = out.replace(/[A-Za-z0-9._~+/|=-]{32,}/g, '[hidden]');
  return out.length > 240 ? `${out.slice(0, 237)}...` : out;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/**
 * A call whose success is not just 2xx+JSON (YouTube's 308 Resume Incomplete, a Location header):
 * statuses in `accept` come back as they are; anything else is classified like callPlatform does.
 */
export async function callPlatformRaw(
  ctx: CallContext,
  input: Omit<CallInput<z.ZodType>, 'schema'> & { readonly accept: readonly number[] },
): Promise<RawAnswer> {
  const { res, body, secrets } = await send(ctx, input);
  if (!input.accept.includes(res.status)) {
    throw toPlatformError(ctx.platform, input.what, res.status, ctx.classify({ status: res.status, headers: res.headers, body, now: ctx.now() }), secrets);
  }
  return { status: res.status, headers: res.headers, body };
}

/** `expires_in` seconds from the injected clock, as an ISO time. */
export function expiresAtFrom(now: Date, expiresInSeconds: number): string {
  return new Date(now.getTime() + expiresInSeconds * 1000).toISOString();
}

/**
 * An OAuth 2 token answer (`access_token`, `expires_in`, maybe `refresh_token` and `scope`) as a TokenSet issued `at`.
 * A refresh token or scopes the answer leaves out keep the values in `kept` (the token set being refreshed).
 */
export function oauthTokenSet(
  r: { readonly access_token: string; readonly expires_in: number; readonly refresh_token?: string; readonly scope?: string },
  at: Date,
  kept: Pick<TokenSet, 'refreshToken' | 'scopes'> = {},
): TokenSet {
  const refreshToken = r.refresh_token ?? kept.refreshToken;
  const scopes = splitScopes(r.scope) ?? kept.scopes;
  return {
    accessToken: r.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    issuedAt: at.toISOString(),
    expiresAt: expiresAtFrom(at, r.expires_in),
    ...(scopes ? { scopes } : {}),
  };
}

export function withQuery(base: string, params: Record<string, string>): string {
  return `${base}?${new URLSearchParams(params).toString()}`;
}

export function formPost(params: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(params).toString(),
  };
}

export function bearerGet(accessToken: string): RequestInit {
  return { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } };
}

export const jsonGet: RequestInit = { method: 'GET', headers: { accept: 'application/json' } };

/** Standard `Retry-After` (seconds or HTTP date). */
export function retryAfterHeader(headers: Headers, now: Date): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, Math.ceil(secs));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export const isServerError = (status: number) => status >= 500;

/** `{error, error_description}`: the RFC 6749 token-endpoint error shape (X, TikTok, Google). */
export const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** A scope string ("a b" or "a,b") as a list. */
export function splitScopes(scope: string | undefined): string[] | undefined {
  if (!scope) return undefined;
  return scope.split(/[ ,]+/).filter(Boolean);
}

export function reauthMissingRefreshToken(platform: Platform): PlatformError {
  return new PlatformError(platform, 'reauth', `${PLATFORM_NAMES[platform]} has no refresh token for this connection; please reconnect the account.`);
}

/** Meta Graph error shape (docs/platform-apis.md#instagram-errors, #facebook-errors), plus the IG Login token endpoint's flat `{error_type, code, error_message}`. */
const GraphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    error_user_msg: z.string().optional(),
  }),
});
const IgFlatErrorSchema = z.object({ error_type: z.string(), code: z.number().optional(), error_message: z.string().optional() });
const BucUsageSchema = z.record(z.string(), z.array(z.object({ estimated_time_to_regain_access: z.number().optional() })));

const GRAPH_RATE_LIMIT = new Set([4, 17, 32, 341, 613]);
const GRAPH_TRANSIENT = new Set([-2, -1, 1, 2]);
const GRAPH_FIX_INPUT = new Set([100, 324, 352, 382, 389, 9004, 36000, 36001, 36003, 36004, 1609005]);
// Subcodes whose action (docs/platform-apis.md#instagram-errors) differs from their code's.
const IG_SUBCODE_RETRY = new Set([2207003, 2207001, 2207032, 2207008, 2207082]);
const IG_SUBCODE_STOP = new Set([2207051, 2207050, 2207020, 2207053, 2207006]);

/** Facebook's and Instagram's Graph calls on the account's token: a form POST answered by `created`, and a GET read by `schema`. */
export function graphCalls<C extends z.ZodType>(ctx: CallContext, graph: string, created: C) {
  const post = (tokens: TokenSet, what: string, path: string, params: Record<string, string>) =>
    callPlatform(ctx, {
      what,
      url: `${graph}${path}`,
      init: formPost({ ...params, access_token: tokens.accessToken }),
      schema: created,
      secrets: [tokens.accessToken],
    });
  const get = <S extends z.ZodType>(tokens: TokenSet, what: string, path: string, params: Record<string, string>, schema: S) =>
    callPlatform(ctx, {
      what,
      url: withQuery(`${graph}${path}`, { ...params, access_token: tokens.accessToken }),
      init: jsonGet,
      schema,
      secrets: [tokens.accessToken],
    });
  return { post, get };
}

/**
 * Facebook and Instagram share Graph's error codes. Every Graph error is HTTP 400 with type
 * "OAuthException" (even "image too large"), so the code, not the type or status, decides.
 */
export function classifyGraphError(res: FailedResponse, product: 'Facebook' | 'Instagram' | 'Threads'): Classification {
  const flat = IgFlatErrorSchema.safeParse(res.body);
  if (flat.success) {
    // api.instagram.com/oauth/access_token: a used, expired or foreign code; the user has to sign in again.
    const base = { code: flat.data.code ?? flat.data.error_type, platformMessage: flat.data.error_message };
    if (isServerError(res.status)) return { ...base, category: 'retry', reason: `${product} had a temporary problem` };
    if (res.status === 429) return { ...base, category: 'backoff', reason: 'too many requests', retryAfterSeconds: retryAfterHeader(res.headers, res.now) };
    if (/client secret|platform app|application id/i.test(flat.data.error_message ?? ''))
      return { ...base, category: 'stop', reason: `our ${product} app credentials weren't accepted` };
    if (flat.data.error_type === 'OAuthException')
      return { ...base, category: 'reauth', reason: `the sign-in was not accepted; please connect ${product} again` };
    return { ...base, category: 'stop', reason: `${product} answered with status ${res.status}` };
  }
  const parsed = GraphErrorSchema.safeParse(res.body);
  if (!parsed.success) {
    if (res.status === 429) return { category: 'backoff', reason: 'too many requests', retryAfterSeconds: retryAfterHeader(res.headers, res.now) };
    if (isServerError(res.status)) return { category: 'retry', reason: `${product} had a temporary problem` };
    if (res.status === 401) return { category: 'reauth', reason: `the connection expired or was revoked; please reconnect ${product}` };
    return { category: 'stop', reason: `${product} answered with status ${res.status}` };
  }
  const e = parsed.data.error;
  const code = e.code;
  const sub = e.error_subcode;
  const base = { code: sub ? `${code}/${sub}` : code, platformMessage: e.error_user_msg ?? e.message };
  const reauth = { ...base, category: 'reauth' as const, reason: `the connection expired or was revoked; please reconnect ${product}` };

  // Graph reports a bad client secret as code 1 (otherwise "unknown, transient") and a bad app id as 101.
  if (code === 101 || /client secret|invalid application id/i.test(e.message ?? '')) {
    return { ...base, category: 'stop', reason: `our ${product} app credentials weren't accepted` };
  }
  if (code === 190 || code === 102) return reauth;
  // A used (36009) or expired (36007) sign-in code: the user has to go through the dialog again.
  if (code === 100 && (sub === 36007 || sub === 36009))
    return { ...reauth, reason: `the sign-in took too long or was already used; please connect ${product} again` };
  if (sub !== undefined && IG_SUBCODE_STOP.has(sub)) return { ...base, category: 'stop', reason: `${product} blocked this` };
  if (sub !== undefined && IG_SUBCODE_RETRY.has(sub)) return { ...base, category: 'retry', reason: `${product} had a temporary problem` };
  if (code === 9 && sub === 2207042)
    return { ...base, category: 'backoff', reason: 'the daily publishing limit was reached', retryAfterSeconds: graphRetryAfter(res) ?? 24 * 3600 };
  if (code !== undefined && GRAPH_RATE_LIMIT.has(code)) {
    return { ...base, category: 'backoff', reason: 'too many requests, waiting for the rate limit to reset', retryAfterSeconds: graphRetryAfter(res) };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return { ...reauth, reason: `a permission is missing; please reconnect ${product} and grant every permission asked for` };
  }
  if ((code !== undefined && GRAPH_TRANSIENT.has(code)) || e.is_transient || isServerError(res.status)) {
    return { ...base, category: 'retry', reason: `${product} had a temporary problem` };
  }
  if (code === 9007) return { ...base, category: 'retry', reason: 'the media is not ready yet' };
  if (code !== undefined && GRAPH_FIX_INPUT.has(code)) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  if (res.status === 401) return reauth;
  if (res.status === 429) return { ...base, category: 'backoff', reason: 'too many requests', retryAfterSeconds: graphRetryAfter(res) };
  return {
    ...base,
    category: 'stop',
    reason: code === 506 ? 'this is a duplicate post' : code === 368 ? 'the account is temporarily blocked' : `${product} rejected the request`,
  };
}

/** BUC header's `estimated_time_to_regain_access` is minutes (docs/platform-apis.md#facebook-limits); else Retry-After. */
function graphRetryAfter(res: FailedResponse): number | undefined {
  const raw = res.headers.get('x-business-use-case-usage');
  if (raw) {
    try {
      const usage = BucUsageSchema.safeParse(JSON.parse(raw));
      if (usage.success) {
        const minutes = Math.max(
          0,
          ...Object.values(usage.data)
            .flat()
            .map((u) => u.estimated_time_to_regain_access ?? 0),
        );
        if (minutes > 0) return minutes * 60;
      }
    } catch {
      // an unreadable usage header is no reason to fail the classification
    }
  }
  return retryAfterHeader(res.headers, res.now);
}
