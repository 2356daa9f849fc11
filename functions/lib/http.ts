import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { AppError, TooManyRequestsError, UnauthorizedError, ValidationError } from './errors';
import { logger } from './logger';
import { assertThroughCloudFront, clientIp } from './origin-gate';

/**
 * The handler factory: logger → authentication (user id from the verified JWT claims) → zod input
 * parsing with the schemas from shared/ → the handler → one error mapper. Handlers stay 10–25 lines.
 */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface HttpResponse {
  readonly statusCode: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway payload v2 turns each into one `set-cookie` header). */
  readonly cookies?: readonly string[];
}

export const ok = (body: unknown): HttpResponse => ({ statusCode: 200, body });
export const noContent = (): HttpResponse => ({ statusCode: 204 });

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

interface Options<B, P, Q> {
  /** 'user' (default): the request must carry verified claims. 'public': no user. */
  readonly auth?: 'user' | 'public';
  /**
   * Admit a user whose account deletion has begun, with a token from after it began (only DELETE
   * /api/account, so an interrupted deletion can be finished by signing in and asking again).
   */
  readonly duringDeletion?: boolean;
  readonly body?: B;
  readonly params?: P;
  readonly query?: Q;
}

export interface HttpInput<B, P, Q, A> {
  readonly userId: A extends 'public' ? undefined : string;
  readonly body: Out<B>;
  readonly params: Out<P>;
  readonly query: Out<Q>;
  readonly event: HttpEvent;
}

interface RawInput {
  userId: string | undefined;
  body: unknown;
  params: unknown;
  query: unknown;
  event: HttpEvent;
}
type ParsedContext = Context & { input?: RawInput };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The checks that need the table: session revocation and route limits. Injected (the table's are
 * bound in functions/domain/http-api.ts, which the handlers use) so this layer needs no table, and the
 * factory's own behaviour (claims, parsing, error mapping) is unit-testable without a database
 * (docs/architecture.md#conventions: inject time, ids and dependencies).
 */
export interface HttpGuards {
  /** Throws (SessionEndedError) unless the user's session that began at `startedAt` (epoch seconds) is still open. */
  assertSessionOpen(userId: string, startedAt: number, options: { duringDeletion?: boolean }): Promise<void>;
  /** Throws TooManyRequestsError when the caller used up the route's limit (API Gateway's routeKey). */
  enforceRouteLimit(routeKey: string | undefined, caller: { readonly userId?: string; readonly ip: string }, now: Date): Promise<void>;
}

/** The handler factory with `guards` bound. */
export function httpHandlerWith(guards: HttpGuards) {
  return function httpHandler<
    B extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    A extends 'user' | 'public' = 'user',
  >(options: Options<B, P, Q> & { auth?: A }, fn: (input: HttpInput<B, P, Q, A>) => Promise<HttpResponse>) {
    return middy<HttpEvent, HttpResult, Error, ParsedContext>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(errorMapper())
      .use(originGate())
      .use(parseInput(options, guards))
      .use(rateLimit(guards))
      .handler(async (_event, context) => toResult(await fn(context.input as unknown as HttpInput<B, P, Q, A>)));
  };
}

function parseInput(
  options: Options<Schema | undefined, Schema | undefined, Schema | undefined>,
  guards: HttpGuards,
): middy.MiddlewareObj<HttpEvent, HttpResult, Error, ParsedContext> {
  return {
    before: async (request) => {
      const { event } = request;
      const userId = options.auth === 'public' ? undefined : userIdFromClaims(event);
      // The authorizer checked signature and expiry, not revocation: a deleted account, or a session
      // ended by "sign out everywhere" or a password change, is refused here before any work.
      if (userId !== undefined) {
        await guards.assertSessionOpen(userId, sessionStart(event.requestContext.authorizer.jwt.claims), { duringDeletion: options.duringDeletion === true });
      }
      request.context.input = {
        userId,
        body: options.body ? parse(options.body, readJsonBody(event)) : undefined,
        params: options.params ? parse(options.params, event.pathParameters ?? {}) : undefined,
        query: options.query ? parse(options.query, event.queryStringParameters ?? {}) : undefined,
        event,
      };
    },
  };
}

/** Before anything else: only CloudFront's requests are served (functions/lib/origin-gate.ts). */
function originGate(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, ParsedContext> {
  return { before: (request) => assertThroughCloudFront(request.event.headers) };
}

/**
 * After parsing, so bad input is refused without counting: the route's per-user or per-IP limit
 * (functions/routes.ts). A refused request gets 429 and does nothing else.
 */
function rateLimit(guards: HttpGuards): middy.MiddlewareObj<HttpEvent, HttpResult, Error, ParsedContext> {
  return {
    before: async (request) => {
      const { event } = request;
      const ip = clientIp(event.headers, event.requestContext?.http?.sourceIp);
      await guards.enforceRouteLimit(event.routeKey, { userId: request.context.input?.userId, ip }, new Date());
    },
  };
}

/**
 * When the token's session began, in epoch seconds. Cognito keeps `auth_time` at the original sign-in
 * through every refresh (`iat` moves), so a refreshed token of an ended session is still refused.
 */
export function sessionStart(claims: Record<string, unknown>): number {
  for (const name of ['auth_time', 'iat']) {
    const value = Number(claims[name]);
    if (Number.isFinite(value) && value > 0) return value;
  }
  return 0;
}

function userIdFromClaims(event: HttpEvent): string {
  const sub = event.requestContext?.authorizer?.jwt?.claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) throw new UnauthorizedError();
  return sub;
}

function readJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('Request body must be valid JSON');
  }
}

function parse<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid request', issues);
}

function toResult(response: HttpResponse): HttpResult {
  return {
    statusCode: response.statusCode,
    headers: { ...JSON_HEADERS, ...response.headers },
    ...(response.cookies?.length ? { cookies: [...response.cookies] } : {}),
    // A text body under a content type of its own (a CSV download) goes as is; anything else is JSON.
    body:
      response.body === undefined
        ? ''
        : typeof response.body === 'string' && response.headers?.['content-type']
          ? response.body
          : JSON.stringify(response.body),
  };
}

/** The one place errors become responses. Unknown errors are logged with their stack and hidden. */
export function errorMapper(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, ParsedContext> {
  return {
    onError: (request) => {
      const error = request.error;
      if (error instanceof AppError) {
        if (error.statusCode >= 500) logger.error('Dependency failure', { error });
        request.response = toResult({
          statusCode: error.statusCode,
          body: { error: { code: error.code, message: error.message, details: error.details } },
          ...(error instanceof TooManyRequestsError && { headers: { 'retry-after': String(error.retryAfterSeconds) } }),
        });
        return;
      }
      logger.error('Unhandled error', { error });
      request.response = toResult({
        statusCode: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
      });
    },
  };
}
