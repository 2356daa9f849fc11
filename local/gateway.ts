import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { MSG } from '@shared/messages';
import { VIEWER_IP_HEADER } from '../functions/lib/edge-headers';
import { PUBLIC_API_PREFIX } from '@shared/api-keys';
import { PUBLIC_ROUTES } from '../functions/public-routes';
import { ROUTES } from '../functions/routes';
import { invokeLambda } from './lambda-runtime';
import { requireService, type LocalModule } from './modules';
import { routeMatcher } from './route-matching';

/**
 * Most specific route first, as API Gateway picks (route-matching.ts), over the app's routes and the
 * public API's /v1 routes (functions/public-routes.ts), which are routes of the same HTTP API.
 */
const matchRoute = routeMatcher([...ROUTES, ...PUBLIC_ROUTES]);

/** A path parameter that is not valid percent-encoded UTF-8 (`%zz`, `%E0%A4`, an encoded lone surrogate). */
export const MALFORMED_PATH_MESSAGE = 'The address has a malformed %-escape';

/**
 * The local API gateway: built from the same route table as the CDK HTTP API. It verifies the
 * bearer token against the local user pool the way the JWT authorizer does (signature, issuer,
 * expiry, audience or client_id), builds an API Gateway v2 event, and invokes the handler. The /v1
 * routes have no authorizer, as on AWS: their API key goes to the handler factory, which checks it.
 */
export function createGateway(options: { issuer: string; audience: string; jwks: { keys: Record<string, unknown>[] } }) {
  const keySet = createLocalJWKSet(options.jwks as never);

  async function verify(authorization: string | undefined): Promise<JWTPayload | null> {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer: options.issuer });
      const audiences = [payload.aud ?? []].flat();
      if (payload.client_id !== options.audience && !audiences.includes(options.audience)) return null;
      return payload;
    } catch {
      return null;
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, url.pathname);
    if (!match) return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    if (!match.params) return send(res, 400, { error: { code: 'BAD_REQUEST', message: MALFORMED_PATH_MESSAGE } });
    const params = match.params;

    let claims: Record<string, string> | undefined;
    if (match.route.auth === 'user') {
      const payload = await verify(req.headers.authorization);
      if (!payload) return send(res, 401, { error: { code: 'NOT_AUTHENTICATED', message: MSG.notAuthenticated } });
      // API Gateway hands claims to the Lambda as strings.
      claims = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
    }

    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]));
    // The local front door is CloudFront too: like the viewer-request function on /api/* (infra/
    // constructs/web.ts), it hands the API the client's address, overwriting any value sent.
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    headers[VIEWER_IP_HEADER] = sourceIp;
    // Payload v2 moves the request's cookies into a `cookies` array (one entry per name=value).
    const cookies = (headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean);
    delete headers.cookie;
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: `${match.route.method} ${match.route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      ...(cookies.length ? { cookies } : {}),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: `${match.route.method} ${match.route.path}`,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        authorizer: claims ? { jwt: { claims, scopes: null } } : undefined,
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    try {
      const result = await invokeLambda<{ statusCode?: number; headers?: Record<string, string>; cookies?: string[]; body?: string }>(
        match.route.handler,
        event,
      );
      // Each entry of the result's `cookies` becomes its own Set-Cookie header, as API Gateway does.
      const responseHeaders: Record<string, string | string[]> = { ...(result?.headers ?? { 'content-type': 'application/json' }) };
      if (result?.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
      res.writeHead(result?.statusCode ?? 200, responseHeaders).end(result?.body ?? '');
    } catch (error) {
      // Like API Gateway when a Lambda crashes: a 500 without the internals.
      console.error(`[gateway] ${match.route.handler} crashed:`, error);
      send(res, 500, { error: { code: 'INTERNAL', message: 'Internal Server Error' } });
    }
  };
}

/**
 * API Gateway's payload quota (10 MB, not adjustable) is checked at its front door, before any
 * route, authorizer or Lambda: the request is answered 413 with a plain-text line, not the API's
 * JSON error shape (what a deployed API answers, as seen through CloudFront).
 */
export const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const PAYLOAD_TOO_LARGE_TEXT = `HTTP content length exceeded ${API_GATEWAY_MAX_BODY_BYTES} bytes.`;
function refuseTooLarge(res: ServerResponse) {
  res.writeHead(413, { 'content-type': 'text; charset=utf-8' }).end(PAYLOAD_TOO_LARGE_TEXT);
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** The API gateway as a module of the local cloud: it verifies tokens against the local Cognito. */
export const apiModule: LocalModule = {
  name: 'API gateway',
  async start({ services }) {
    const cognito = requireService(services, 'cognito', 'The API gateway');
    const gateway = createGateway({ issuer: cognito.issuer, audience: cognito.clientId, jwks: cognito.jwks });
    return {
      // CloudFront sends both /api/* and /v1/* to the HTTP API (infra/constructs/web.ts).
      routes: ['/api/', `${PUBLIC_API_PREFIX}/`].map((prefix) => ({
        prefix,
        handle: gateway,
        bodyLimit: { bytes: API_GATEWAY_MAX_BODY_BYTES, refuse: refuseTooLarge },
      })),
      stop: async () => undefined,
    };
  },
};
