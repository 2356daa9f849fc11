import { API_KEY_RATE_LIMIT } from '@shared/api-keys';
import { countIntoWindow, takeFromWindow } from '../data/rate-limits';
import { TooManyRequestsError } from '../lib/errors';
import type { RateLimitState } from '../lib/http';
import { PUBLIC_ROUTES } from '../public-routes';
import { ROUTES, type RouteLimit } from '../routes';

/**
 * Per-route rate limits (the `limit` of functions/routes.ts): fixed windows aligned to the epoch,
 * one counter per route, subject and window. A full window answers 429 with the seconds until the
 * next one; the request does nothing else.
 */
const LIMITS: ReadonlyMap<string, RouteLimit> = new Map(
  ROUTES.flatMap((route) => ('limit' in route && route.limit ? [[`${route.method} ${route.path}`, route.limit] as const] : [])),
);

/** The limit on a route (by API Gateway's routeKey, e.g. `POST /api/clients`), if it has one. */
export function routeLimit(routeKey: string | undefined): RouteLimit | undefined {
  return routeKey ? LIMITS.get(routeKey) : undefined;
}

export interface Caller {
  readonly userId?: string;
  readonly ip: string;
}

export async function enforceRouteLimit(routeKey: string | undefined, caller: Caller, now: Date): Promise<void> {
  const limit = routeLimit(routeKey);
  if (!limit) return;
  // A 'user' limit on a route without a user (never configured so) falls back to the IP.
  const subject = limit.per === 'user' && caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const admitted = await takeFromWindow({ bucket: routeKey!, subject, windowStart, windowSeconds: limit.windowSeconds, max: limit.max });
  if (!admitted) throw new TooManyRequestsError(windowStart + limit.windowSeconds - nowSeconds);
}

/** The app's own limits of the routes /v1 serves, by the /v1 routeKey: counted per key there. */
const KEY_ROUTE_LIMITS: ReadonlyMap<string, RouteLimit> = new Map(
  PUBLIC_ROUTES.flatMap((route) => (route.limit ? [[`${route.method} ${route.path}`, route.limit] as const] : [])),
);

/** The bucket of every key's window over all /v1 routes. */
const KEY_BUCKET = 'v1';

/**
 * A /v1 request by an API key: one count in the key's window over all of /v1 (API_KEY_RATE_LIMIT),
 * then, on a route that creates something, one in the served route's own limit, counted per key so
 * an integration meets the same bound a person does. A full window answers 429 with Retry-After.
 * Where the key stands in its window, for the X-RateLimit-* headers.
 */
export async function enforceKeyLimit(routeKey: string, apiKeyId: string, now: Date): Promise<RateLimitState> {
  const subject = `key:${apiKeyId}`;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { max, windowSeconds } = API_KEY_RATE_LIMIT;
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const resetSeconds = windowStart + windowSeconds - nowSeconds;
  const count = await countIntoWindow({ bucket: KEY_BUCKET, subject, windowStart, windowSeconds, max });
  const state: RateLimitState = { limit: max, remaining: count === null ? 0 : max - count, resetSeconds };
  if (count === null) throw new TooManyRequestsError(resetSeconds, state);
  const own = KEY_ROUTE_LIMITS.get(routeKey);
  if (own) {
    const ownStart = nowSeconds - (nowSeconds % own.windowSeconds);
    const admitted = await takeFromWindow({ bucket: routeKey, subject, windowStart: ownStart, windowSeconds: own.windowSeconds, max: own.max });
    if (!admitted) throw new TooManyRequestsError(ownStart + own.windowSeconds - nowSeconds, state);
  }
  return state;
}
