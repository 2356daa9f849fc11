import { claimIdempotencyKey, saveIdempotentAnswer } from '../data/idempotency';
import { httpHandlerWith, type HttpResponse, type IdempotencyGuard } from '../lib/http';
import { PUBLIC_ROUTES } from '../public-routes';
import { ROUTES, type RouteAccess } from '../routes';
import { admitKey } from './api-keys';
import { enforceKeyLimit, enforceRouteLimit } from './rate-limits';
import { admitCaller } from './workspaces';

export { noContent, ok } from '../lib/http';

/** A file to download (the CSV export): the text as is, never JSON-encoded, with its name. */
export const attachment = (fileName: string, contentType: string, text: string): HttpResponse => ({
  statusCode: 200,
  body: text,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` },
});

/** The routes declared `idempotent` in functions/routes.ts and functions/public-routes.ts, by API Gateway's routeKey (`POST /api/posts`). */
const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set(
  [...ROUTES, ...PUBLIC_ROUTES].filter((route) => 'idempotent' in route && route.idempotent).map((r) => `${r.method} ${r.path}`),
);

/** Idempotency keys kept in the table (functions/data/idempotency.ts, docs/idempotency.md). */
export const tableIdempotency: IdempotencyGuard = {
  appliesTo: (routeKey) => routeKey !== undefined && IDEMPOTENT_ROUTES.has(routeKey),
  async claim(holder, key, request, now) {
    const held = await claimIdempotencyKey(holder, key, request, now);
    if (!held) return { kind: 'claimed' };
    if (held.route !== request.route || held.fingerprint !== request.fingerprint) return { kind: 'other-request' };
    return held.state === 'done' && held.answer ? { kind: 'replay', answer: held.answer } : { kind: 'in-progress' };
  },
  save: saveIdempotentAnswer,
};

/** Each signed-in route's declared access (functions/routes.ts), by API Gateway's routeKey. */
const ACCESS: ReadonlyMap<string, RouteAccess> = new Map(ROUTES.flatMap((r) => (r.auth === 'user' ? [[`${r.method} ${r.path}`, r.access] as const] : [])));

/** Each /v1 route's access: the access of the app route it serves (functions/public-routes.ts). */
const KEY_ACCESS: ReadonlyMap<string, RouteAccess> = new Map(PUBLIC_ROUTES.map((r) => [`${r.method} ${r.path}`, r.access] as const));

/**
 * The handler factory (functions/lib/http.ts) as the API's handlers use it, with the guards that
 * need the table: admission (the session gate, then the caller's membership and role in the
 * workspace; on /v1, the API key), the route limits (on /v1, per key) and the idempotency keys of
 * the routes that take one.
 */
export const httpHandler = httpHandlerWith({
  admit: (caller) => {
    const access = caller.routeKey === undefined ? undefined : ACCESS.get(caller.routeKey);
    // A route missing from the table cannot be reached through the gateway; refusing is the safe answer.
    if (access === undefined) throw new Error(`No declared access for ${caller.routeKey ?? 'a request without a route'}`);
    return admitCaller(caller, access);
  },
  enforceRouteLimit,
  admitKey: async ({ routeKey, authorization }) => {
    const access = KEY_ACCESS.get(routeKey);
    if (access === undefined) throw new Error(`No declared access for ${routeKey}`);
    const caller = await admitKey(authorization, access);
    return { workspaceId: caller.workspaceId, role: caller.role, userId: caller.userId, apiKeyId: caller.keyId };
  },
  enforceKeyLimit,
  idempotency: tableIdempotency,
});
