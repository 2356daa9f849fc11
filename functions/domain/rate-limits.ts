import { takeFromWindow } from '../data/rate-limits';
import { TooManyRequestsError } from '../lib/errors';
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
