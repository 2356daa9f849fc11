import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { PUBLIC_API_PREFIX, RATE_LIMIT_HEADERS } from '@shared/api-keys';
import { WORKSPACE_HEADER, WorkspaceIdSchema, type Role } from '@shared/workspaces';
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
  /**
   * The workspace the request acts in (docs/decisions/0013-workspaces.md): it owns what the handler
   * reads and writes. Reading it on a personal route (functions/routes.ts `access: 'personal'`) or a
   * public one throws: such a route acts in no workspace.
   */
  readonly workspaceId: A extends 'public' ? undefined : string;
  /** The caller's role in that workspace (the route's declared role or higher). */
  readonly role: A extends 'public' ? undefined : Role;
  readonly body: Out<B>;
  readonly params: Out<P>;
  readonly query: Out<Q>;
  readonly event: HttpEvent;
}

interface RawInput {
  userId: string | undefined;
  /** On the public prefix: the API key that admitted the request (its id, never the key). */
  apiKeyId: string | undefined;
  workspaceId: string | undefined;
  role: Role | undefined;
  body: unknown;
  params: unknown;
  query: unknown;
  event: HttpEvent;
}
type ParsedContext = Context & { input?: RawInput; rateLimit?: RateLimitState };

/** Where an API key stands in its rate-limit window, told on every authenticated answer of the public prefix. */
export interface RateLimitState {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The checks that need the table: session revocation and route limits. Injected (the table's are
 * bound in functions/domain/http-api.ts, which the handlers use) so this layer needs no table, and the
 * factory's own behaviour (claims, parsing, error mapping) is unit-testable without a database
 * (docs/architecture.md#conventions: inject time, ids and dependencies).
 */
export interface HttpGuards {
  /**
   * Throws (SessionEndedError) unless the user's session that began at `startedAt` (epoch seconds) is
   * still open; then, on a route that acts in a workspace, throws (ForbiddenError) unless the caller
   * is a member of the workspace asked for (`workspaceId`; absent: their first) with at least the
   * route's declared role. The workspace and role, or null on a personal route.
   */
  admit(caller: Caller): Promise<Admission | null>;
  /** Throws TooManyRequestsError when the caller used up the route's limit (API Gateway's routeKey). */
  enforceRouteLimit(routeKey: string | undefined, caller: { readonly userId?: string; readonly ip: string }, now: Date): Promise<void>;
  /**
   * On the public prefix (docs/public-api.md): admits the request by the API key in its
   * Authorization header, or throws (UnauthorizedError, ForbiddenError ROLE_TOO_LOW). The workspace
   * and role of the key, and the member it acts as. None: the public prefix is refused.
   */
  admitKey?(request: { readonly routeKey: string; readonly authorization: string | undefined }): Promise<KeyAdmission>;
  /**
   * Counts a key's request against its window and the route's own limit, or throws
   * TooManyRequestsError (with where the key stands). Where the key stands after this request.
   */
  enforceKeyLimit?(routeKey: string, apiKeyId: string, now: Date): Promise<RateLimitState>;
  /** Where idempotency keys are kept, for the routes that take one (docs/idempotency.md). None: no route takes one. */
  readonly idempotency?: IdempotencyGuard;
}

/** Who calls, as the factory knows before the handler runs. */
export interface Caller {
  readonly userId: string;
  readonly startedAt: number;
  /** API Gateway's routeKey (`GET /api/posts`): which route, so which declared access. */
  readonly routeKey: string | undefined;
  /** The X-Workspace-Id header, checked to be an id; undefined when absent. */
  readonly workspaceId: string | undefined;
  readonly duringDeletion: boolean;
}

export interface Admission {
  readonly workspaceId: string;
  readonly role: Role;
}

/** A request admitted by an API key: its workspace and role, the key, and the member who made it (the request acts as them). */
export interface KeyAdmission extends Admission {
  readonly apiKeyId: string;
  readonly userId: string;
}

/** Who an Idempotency-Key belongs to: the signed-in person, or the API key that sent it. */
export type IdempotencyHolder = { readonly userId: string } | { readonly workspaceId: string; readonly apiKeyId: string };

/** What a repeat of a request finds under its key. */
export type IdempotencyClaim =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'replay'; readonly answer: HttpResult & { statusCode: number; headers: Record<string, string>; body: string } }
  | { readonly kind: 'in-progress' }
  | { readonly kind: 'other-request' };

export interface IdempotencyGuard {
  /** Whether the route (API Gateway's routeKey) takes an Idempotency-Key (`idempotent` in functions/routes.ts). */
  appliesTo(routeKey: string | undefined): boolean;
  /** Claims the holder's key for this request, or says what holds it. */
  claim(holder: IdempotencyHolder, key: string, request: { readonly route: string; readonly fingerprint: string }, now: Date): Promise<IdempotencyClaim>;
  /** Keeps the claimed key's answer, for repeats. */
  save(holder: IdempotencyHolder, key: string, answer: { statusCode: number; headers: Record<string, string>; body: string }): Promise<void>;
}

/** The request header that carries the key, as API Gateway v2 passes it (header names lower-cased). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the stored first answer, so a caller can tell a replay from new work. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_MSG = {
  badKey: 'An Idempotency-Key is 1 to 255 visible ASCII characters, such as a UUID.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Wait for its answer, then repeat the request to receive it.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
} as const;

/** A repeat that arrives while the first request with its key is still running (Stripe answers the same 409). */
export class IdempotencyInProgressError extends AppError {
  constructor() {
    super('IDEMPOTENCY_IN_PROGRESS', 409, IDEMPOTENCY_MSG.inProgress);
  }
}

/** A key reused with another route or other input: refused rather than answered with another request's result (Stripe: 400). */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super('IDEMPOTENCY_KEY_REUSED', 400, IDEMPOTENCY_MSG.otherRequest);
  }
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
      .handler(async (_event, context) => {
        const input = handlerInput(context.input!) as unknown as HttpInput<B, P, Q, A>;
        const run = async () => toResult(await fn(input));
        return withRateLimitHeaders(await (guards.idempotency ? withIdempotency(guards.idempotency, context.input!, run) : run()), context.rateLimit);
      });
  };
}

/** A personal route's input: reading its workspace is a mistake in the handler, so it throws. */
function handlerInput(raw: RawInput): RawInput {
  if (raw.userId === undefined || raw.workspaceId !== undefined) return raw;
  const personal = () => {
    throw new Error('A personal route acts in no workspace (functions/routes.ts `access`).');
  };
  return Object.defineProperties({ ...raw }, { workspaceId: { get: personal }, role: { get: personal } });
}

/**
 * Runs the handler at most once per key (docs/idempotency.md), the Stripe model: on a route that takes
 * one, a request with an `Idempotency-Key` claims it before any work; a repeat within 24 h gets the
 * first answer (success or error, status and body) and writes nothing; a repeat while the first is
 * running gets a 409, and the same key with another request a 400. It runs after input parsing, the
 * session gate and the rate limit, so a refused request never claims its key (as Stripe keeps no
 * result for a request that failed validation) and can be sent again with it once corrected.
 */
async function withIdempotency(guard: IdempotencyGuard, input: RawInput, run: () => Promise<HttpResult>): Promise<HttpResult> {
  const { event, userId, apiKeyId, workspaceId } = input;
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined || userId === undefined || !guard.appliesTo(event.routeKey)) return run();
  // A key's repeats are its own: two integrations of one workspace never answer each other's requests.
  const holder: IdempotencyHolder = apiKeyId !== undefined && workspaceId !== undefined ? { workspaceId, apiKeyId } : { userId };
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new ValidationError(IDEMPOTENCY_MSG.badKey);
  const route = event.routeKey ?? '';
  const claim = await guard.claim(holder, key, { route, fingerprint: fingerprintOf(route, event) }, new Date());
  if (claim.kind === 'replay') return { ...claim.answer, headers: { ...claim.answer.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
  if (claim.kind === 'in-progress') throw new IdempotencyInProgressError();
  if (claim.kind === 'other-request') throw new IdempotencyKeyReusedError();
  // The first answer is kept whatever it is: an error after work began may still have written
  // something (a post kept as a draft when its schedule failed), so running it again is not safe.
  let answer: HttpResult;
  try {
    answer = await run();
  } catch (error) {
    answer = errorResult(error);
  }
  try {
    await guard.save(holder, key, { statusCode: answer.statusCode ?? 200, headers: stringHeaders(answer.headers), body: answer.body ?? '' });
  } catch (error) {
    // The work is done and its answer goes back; a repeat of this key finds it "in progress" until the key expires.
    logger.error('Could not keep the answer of an idempotent request', { route, error });
  }
  return answer;
}

/** What makes two requests "the same": the route, its path and query, and the JSON body (key order ignored). */
function fingerprintOf(route: string, event: HttpEvent): string {
  const request = { route, params: event.pathParameters ?? {}, query: event.queryStringParameters ?? {}, body: readJsonBody(event) };
  return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const stringHeaders = (headers: HttpResult['headers']): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, String(value)]));

function parseInput(
  options: Options<Schema | undefined, Schema | undefined, Schema | undefined>,
  guards: HttpGuards,
): middy.MiddlewareObj<HttpEvent, HttpResult, Error, ParsedContext> {
  return {
    before: async (request) => {
      const { event } = request;
      // A public route under the prefix (the OpenAPI document) takes no key, as a public /api route takes no token.
      if (isPublicApiRoute(event.routeKey) && options.auth !== 'public') {
        request.context.input = await keyInput(options, guards, event);
        return;
      }
      const userId = options.auth === 'public' ? undefined : userIdFromClaims(event);
      // The authorizer checked signature and expiry, not revocation: a deleted account, or a session
      // ended by "sign out everywhere" or a password change, is refused here before any work, and so
      // is a caller who is not a member of the workspace asked for, or whose role is below the route's.
      const admission =
        userId === undefined
          ? null
          : await guards.admit({
              userId,
              startedAt: sessionStart(event.requestContext.authorizer.jwt.claims),
              routeKey: event.routeKey,
              workspaceId: workspaceHeader(event),
              duringDeletion: options.duringDeletion === true,
            });
      request.context.input = {
        userId,
        apiKeyId: undefined,
        workspaceId: admission?.workspaceId,
        role: admission?.role,
        body: options.body ? parse(options.body, readJsonBody(event)) : undefined,
        params: options.params ? parse(options.params, event.pathParameters ?? {}) : undefined,
        query: options.query ? parse(options.query, event.queryStringParameters ?? {}) : undefined,
        event,
      };
    },
  };
}

/** Whether the route (API Gateway's routeKey, `GET /v1/posts`) is on the public prefix, where API keys authenticate and Cognito tokens do not. */
export function isPublicApiRoute(routeKey: string | undefined): boolean {
  return routeKey?.split(' ')[1]?.startsWith(`${PUBLIC_API_PREFIX}/`) === true;
}

/**
 * A public-prefix request: no authorizer stands in front of these routes, so the key in the
 * Authorization header is checked here, on every request (a revoked key is refused on its next
 * request). The key itself goes no further than this: never into the input, a log or an error.
 */
async function keyInput(options: Options<Schema | undefined, Schema | undefined, Schema | undefined>, guards: HttpGuards, event: HttpEvent): Promise<RawInput> {
  if (!guards.admitKey || options.auth === 'public') throw new UnauthorizedError();
  const admission = await guards.admitKey({ routeKey: event.routeKey, authorization: event.headers?.authorization });
  return {
    userId: admission.userId,
    apiKeyId: admission.apiKeyId,
    workspaceId: admission.workspaceId,
    role: admission.role,
    body: options.body ? parse(options.body, readJsonBody(event)) : undefined,
    params: options.params ? parse(options.params, event.pathParameters ?? {}) : undefined,
    query: options.query ? parse(options.query, event.queryStringParameters ?? {}) : undefined,
    event,
  };
}

/** The X-RateLimit-* headers of a key's answer (none before a key was admitted). */
function withRateLimitHeaders(result: HttpResult, state: RateLimitState | undefined): HttpResult {
  if (!state) return result;
  return {
    ...result,
    headers: {
      ...result.headers,
      [RATE_LIMIT_HEADERS.limit]: String(state.limit),
      [RATE_LIMIT_HEADERS.remaining]: String(state.remaining),
      [RATE_LIMIT_HEADERS.reset]: String(state.resetSeconds),
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
      const apiKeyId = request.context.input?.apiKeyId;
      if (apiKeyId !== undefined) {
        if (!guards.enforceKeyLimit) throw new UnauthorizedError();
        try {
          request.context.rateLimit = await guards.enforceKeyLimit(event.routeKey, apiKeyId, new Date());
        } catch (error) {
          if (error instanceof TooManyRequestsError && error.rateLimit) request.context.rateLimit = error.rateLimit;
          throw error;
        }
        return;
      }
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

function workspaceHeader(event: HttpEvent): string | undefined {
  const value = event.headers?.[WORKSPACE_HEADER];
  return value === undefined || value === '' ? undefined : parse(WorkspaceIdSchema, value);
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
      request.response = withRateLimitHeaders(errorResult(request.error), request.context.rateLimit);
    },
  };
}

/** An error as the caller sees it (the error mapper's one rule, also what an idempotent request keeps). */
function errorResult(error: unknown): HttpResult {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) logger.error('Dependency failure', { error });
    return toResult({
      statusCode: error.statusCode,
      body: { error: { code: error.code, message: error.message, details: error.details } },
      ...(error instanceof TooManyRequestsError && { headers: { 'retry-after': String(error.retryAfterSeconds) } }),
    });
  }
  logger.error('Unhandled error', { error });
  return toResult({
    statusCode: 500,
    body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
  });
}
