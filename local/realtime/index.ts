import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { SignatureV4 } from '@smithy/signature-v4';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  END_SESSIONS_MUTATION_FIELD,
  EndUserSessionsSchema,
  PUBLISH_MUTATION_FIELD,
  SUBSCRIPTION_FIELD,
  UserEventSchema,
  type RealtimeResolverContext,
  type UserEvent,
} from '@shared/realtime';
import { NodeSha256 } from '../../functions/lib/realtime';
import { REALTIME_FUNCTIONS } from '../../functions/routes';
import { invokeLambda } from '../lambda-runtime';
import { requireService, type LocalModule } from '../modules';

/**
 * The local stand-in for the AppSync realtime API (docs/local-cloud.md#what-each-one-enforces-and-where-it-differs-from-aws), behind the front door:
 *
 *  - POST /_local/realtime/graphql: the `publishUserEvent` mutation. Like the real API's IAM mode,
 *    it accepts only requests SigV4-signed (service `appsync`) with the local credentials; missing
 *    auth is a 401, a wrong key or signature a 403, both with AppSync's `errors` body.
 *  - WebSocket /_local/realtime/graphql/realtime: the AppSync realtime protocol as Amplify v6 speaks
 *    it (subprotocol `graphql-ws`; the connection auth as a `header-<base64url JSON>` subprotocol, or
 *    the older `?header=<base64 JSON>&payload=e30=` query), `connection_init` → `connection_ack`,
 *    `ka` keep-alives, `start` → `start_ack` | `error`, `data`, `stop` → `complete`.
 *
 * Authorization is the deployed API's (infra/constructs/realtime.ts): the connection and every
 * subscription start go through the same Lambda authorizer (functions/handlers/auth/authorize-realtime.ts,
 * uncached, so a token of an ended session is refused), a subscription's `userId` must be the
 * authorizer's `sub`, and events reach only the subscriptions of the user they are for (the
 * enhanced filter on `userId`). The IAM-only `endUserSessions` mutation closes the subscriptions of
 * the user's sessions that began before its `validAfter` (the invalidation filter): each gets a
 * `complete` and receives nothing more.
 */
export const GRAPHQL_PATH = '/_local/realtime/graphql';
/** Where Amplify looks for it: it appends `/realtime` to a non-AppSync-domain GraphQL endpoint. */
export const REALTIME_PATH = `${GRAPHQL_PATH}/realtime`;

/** AppSync's value: the client drops the connection after this long without a `ka`. */
const CONNECTION_TIMEOUT_MS = 300_000;
/** The `ka` heartbeat every 25 s, well inside the 65 s after which Amplify flags a connection. */
const DEFAULT_KEEP_ALIVE_MS = 25_000;
/** SigV4's allowed clock skew. */
const MAX_SKEW_MS = 5 * 60_000;

/** AppSync's AWS_LAMBDA authorizer call: the token and the request, the authorizer's resolverContext back (null: refused). */
export type RealtimeAuthorizer = (
  token: string | undefined,
  request: { queryString: string; variables: Record<string, unknown> },
) => Promise<RealtimeResolverContext | null>;

export interface LocalRealtimeOptions {
  readonly authorize: RealtimeAuthorizer;
  readonly region: string;
  /** The only IAM identity the local cloud knows (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** @default 25000 */
  readonly keepAliveMs?: number;
}

export interface LocalRealtime {
  handleHttp(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stop(): Promise<void>;
}

interface AppSyncError {
  errorType: string;
  message: string;
  errorCode?: number;
}

interface Subscription {
  readonly userId: string;
  /** The authorizer's session start (epoch seconds): what the invalidation filter compares. */
  readonly sessionStart: number;
  readonly fields: readonly string[];
}

interface Connection {
  readonly socket: WebSocket;
  /** The user the connection's handshake authenticated, once `connection_init` checked it. */
  readonly handshakeToken: string | undefined;
  initialised: boolean;
  keepAlive?: NodeJS.Timeout;
  readonly subscriptions: Map<string, Subscription>;
}

const UNAUTHORIZED_CONNECTION: AppSyncError = { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorCode: 401 };

export function startRealtime(options: LocalRealtimeOptions): LocalRealtime {
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const connections = new Set<Connection>();
  // Browsers insist that the server picks one of the offered subprotocols: AppSync picks graphql-ws.
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false) });

  /** The endUserSessions resolver's invalidation: every subscription of the user's sessions that began before `validAfter`. */
  function endSessions(userId: string, validAfter: number): void {
    for (const connection of connections) {
      for (const [id, subscription] of connection.subscriptions) {
        if (subscription.userId !== userId || !(validAfter > subscription.sessionStart)) continue;
        connection.subscriptions.delete(id);
        send(connection.socket, { type: 'complete', id });
      }
    }
  }

  function publish(event: UserEvent, mutationFields: readonly string[]): void {
    const selected = Object.fromEntries(mutationFields.map((f) => [f, (event as Record<string, unknown>)[f] ?? null]));
    for (const connection of connections) {
      for (const [id, subscription] of connection.subscriptions) {
        // The enhanced subscription filter: userId = the subscriber's sub.
        if (subscription.userId !== event.userId) continue;
        // AppSync sends the subscription's selection, filled from what the mutation selected.
        const data = Object.fromEntries(subscription.fields.map((f) => [f, f === '__typename' ? 'UserEvent' : (selected[f] ?? null)]));
        send(connection.socket, { id, type: 'data', payload: { data: { [SUBSCRIPTION_FIELD]: data } } });
      }
    }
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (pathname !== GRAPHQL_PATH) return sendJson(res, 404, { errors: [{ errorType: 'NotFound', message: 'Not found' }] });
    if (req.method !== 'POST') return sendJson(res, 405, { errors: [{ errorType: 'MethodNotAllowed', message: 'Use POST' }] });
    const denied = await verifySignature(req, body, options);
    if (denied) return sendJson(res, denied.status, { errors: [denied.error] });

    let request: { query?: unknown; variables?: unknown };
    try {
      request = JSON.parse(body.toString('utf8')) as typeof request;
    } catch {
      return sendJson(res, 400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'Request body is not valid JSON' }] });
    }
    const query = typeof request.query === 'string' ? request.query : '';
    if (/^\s*mutation\b/.test(query) && new RegExp(`\\b${END_SESSIONS_MUTATION_FIELD}\\s*\\(`).test(query)) {
      const ending = EndUserSessionsSchema.safeParse(request.variables);
      if (!ending.success) return sendJson(res, 200, { data: null, errors: [{ errorType: 'ValidationError', message: 'Variables are invalid' }] });
      endSessions(ending.data.userId, ending.data.validAfter);
      const fields = selectionOf(query, END_SESSIONS_MUTATION_FIELD);
      const result = Object.fromEntries(fields.map((f) => [f, f === '__typename' ? 'SessionsEnded' : ((ending.data as Record<string, unknown>)[f] ?? null)]));
      return sendJson(res, 200, { data: { [END_SESSIONS_MUTATION_FIELD]: result } });
    }
    if (!/^\s*mutation\b/.test(query) || !new RegExp(`\\b${PUBLISH_MUTATION_FIELD}\\s*\\(`).test(query)) {
      // Only IAM-signed callers get here, and they may only publish and end sessions.
      return sendJson(res, 200, {
        data: null,
        errors: [{ errorType: 'Unauthorized', message: 'Only the publishUserEvent and endUserSessions mutations are served by the local realtime API' }],
      });
    }
    const parsed = UserEventSchema.safeParse(request.variables);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      return sendJson(res, 200, { data: null, errors: [{ errorType: 'ValidationError', message: `Variables are invalid: ${message}` }] });
    }
    const fields = selectionOf(query, PUBLISH_MUTATION_FIELD);
    // The resolver (NONE data source) returns its arguments; subscribers get them.
    publish(parsed.data, fields);
    const result = Object.fromEntries(fields.map((f) => [f, f === '__typename' ? 'UserEvent' : ((parsed.data as Record<string, unknown>)[f] ?? null)]));
    return sendJson(res, 200, { data: { [PUBLISH_MUTATION_FIELD]: result } });
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== REALTIME_PATH) {
      socket.destroy();
      return;
    }
    const handshakeToken = handshakeAuthorization(req, url);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { socket: ws, handshakeToken, initialised: false, subscriptions: new Map() };
      connections.add(connection);
      ws.on('message', (raw) => void onMessage(connection, raw));
      ws.on('close', () => {
        clearInterval(connection.keepAlive);
        connections.delete(connection);
      });
      ws.on('error', () => ws.terminate());
    });
  }

  async function onMessage(connection: Connection, raw: RawData): Promise<void> {
    let message: { type?: unknown; id?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw.toString()) as typeof message;
    } catch {
      return send(connection.socket, { type: 'error', payload: { errors: [{ errorType: 'MalformedMessage', message: 'Message is not valid JSON' }] } });
    }
    const id = typeof message.id === 'string' ? message.id : undefined;
    switch (message.type) {
      case 'connection_init':
        return initialise(connection);
      case 'start':
        if (!connection.initialised) return send(connection.socket, { type: 'connection_error', payload: { errors: [UNAUTHORIZED_CONNECTION] } });
        return start(connection, id, message.payload);
      case 'stop':
        if (id) connection.subscriptions.delete(id);
        return send(connection.socket, { type: 'complete', id });
      default:
        return send(connection.socket, {
          type: 'error',
          id,
          payload: { errors: [{ errorType: 'UnsupportedOperation', message: `Unknown message type ${String(message.type)}` }] },
        });
    }
  }

  async function initialise(connection: Connection): Promise<void> {
    // The handshake itself is authorized like any request: an unknown caller gets a non-retryable 401.
    if (!(await options.authorize(connection.handshakeToken, { queryString: '', variables: {} }))) {
      send(connection.socket, { type: 'connection_error', payload: { errors: [UNAUTHORIZED_CONNECTION] } });
      connection.socket.close(1000);
      return;
    }
    connection.initialised = true;
    send(connection.socket, { type: 'connection_ack', payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
    send(connection.socket, { type: 'ka' });
    clearInterval(connection.keepAlive);
    connection.keepAlive = setInterval(() => send(connection.socket, { type: 'ka' }), keepAliveMs);
    connection.keepAlive.unref();
  }

  async function start(connection: Connection, id: string | undefined, payload: unknown): Promise<void> {
    const fail = (error: AppSyncError) => send(connection.socket, { type: 'error', id, payload: { errors: [error] } });
    if (!id) return fail({ errorType: 'ValidationError', message: 'A start message needs an id' });
    if (connection.subscriptions.has(id)) return fail({ errorType: 'DuplicatedOperationError', message: 'Duplicated operation with id ' + id });
    const start = payload as { data?: unknown; extensions?: { authorization?: Record<string, unknown> } } | undefined;
    let operation: { query?: unknown; variables?: Record<string, unknown> | null };
    try {
      operation = JSON.parse(String(start?.data ?? '')) as typeof operation;
    } catch {
      return fail({ errorType: 'ValidationError', message: 'payload.data must be a JSON string of { query, variables }' });
    }
    const query = typeof operation.query === 'string' ? operation.query : '';
    const token = stringOf(start?.extensions?.authorization?.Authorization ?? start?.extensions?.authorization?.authorization);
    const identity = await options.authorize(token, { queryString: query, variables: operation.variables ?? {} });
    if (!identity) return fail({ errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.', errorCode: 401 });
    if (!/^\s*subscription\b/.test(query) || !new RegExp(`\\b${SUBSCRIPTION_FIELD}\\s*\\(`).test(query)) {
      return fail({ errorType: 'UnsupportedOperation', message: `Only the ${SUBSCRIPTION_FIELD} subscription is served` });
    }
    const userId = operation.variables?.userId;
    if (typeof userId !== 'string' || !userId) return fail({ errorType: 'ValidationError', message: "Variable 'userId' has an invalid value (null)" });
    // The subscription resolver: a user may only listen to their own events.
    if (userId !== identity.sub) return fail({ errorType: 'Unauthorized', message: `Not Authorized to access ${SUBSCRIPTION_FIELD} on type Subscription` });
    connection.subscriptions.set(id, { userId, sessionStart: Number(identity.sessionStart), fields: selectionOf(query, SUBSCRIPTION_FIELD) });
    send(connection.socket, { type: 'start_ack', id });
  }

  return {
    handleHttp,
    handleUpgrade,
    async stop() {
      for (const connection of connections) {
        clearInterval(connection.keepAlive);
        connection.socket.terminate();
      }
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** The Authorization of the handshake: Amplify v6's `header-<base64url>` subprotocol, or the documented `?header=` query. */
function handshakeAuthorization(req: IncomingMessage, url: URL): string | undefined {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const encoded = protocols.find((p) => p.startsWith('header-'))?.slice('header-'.length) ?? url.searchParams.get('header') ?? undefined;
  if (!encoded) return undefined;
  try {
    const header = JSON.parse(Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    return stringOf(header.Authorization ?? header.authorization);
  } catch {
    return undefined;
  }
}

/** The top-level fields selected under `field(...) { ... }` (enough for this flat schema). */
function selectionOf(query: string, field: string): string[] {
  const block = new RegExp(`\\b${field}\\s*\\([^)]*\\)\\s*\\{([^}]*)\\}`).exec(query)?.[1] ?? '';
  const fields = block.split(/[\s,]+/).filter((f) => /^[_A-Za-z]\w*$/.test(f));
  return fields.length ? fields : ['__typename'];
}

/**
 * Checks an IAM (SigV4) request as AppSync does: a parseable Authorization header (else 401), the
 * known access key, service `appsync`, our region, a fresh x-amz-date, a payload hash that matches
 * the body, and a signature equal to the one we compute over the headers the caller signed.
 */
async function verifySignature(req: IncomingMessage, body: Buffer, options: LocalRealtimeOptions): Promise<{ status: number; error: AppSyncError } | null> {
  const authorization = stringOf(req.headers.authorization);
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization ?? '',
  );
  if (!match) return { status: 401, error: { errorType: 'UnauthorizedException', message: 'Valid authorization header not provided.' } };
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== options.credentials.accessKeyId) {
    return { status: 403, error: { errorType: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' } };
  }
  const invalid = (message: string) => ({ status: 403, error: { errorType: 'InvalidSignatureException', message } });
  if (service !== 'appsync' || region !== options.region) return invalid(`Credential should be scoped to a valid region and the service 'appsync'.`);
  const amzDate = stringOf(req.headers['x-amz-date']) ?? '';
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || !amzDate.startsWith(day!)) return invalid('The x-amz-date header is missing or does not match the credential scope.');
  if (Math.abs(Date.now() - signedAt) > MAX_SKEW_MS) return invalid('Signature expired: the request was signed more than 5 minutes ago or in the future.');
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) return invalid('The host header must be signed.');
  const contentHash = stringOf(req.headers['x-amz-content-sha256']);
  if (contentHash && contentHash !== createHash('sha256').update(body).digest('hex'))
    return invalid('The provided x-amz-content-sha256 header does not match the body.');

  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = stringOf(req.headers[name]);
    if (value === undefined) return invalid(`Signed header ${name} is missing.`);
    headers[name] = value;
  }
  const url = new URL(req.url ?? '/', 'http://local');
  const signer = new SignatureV4({ service, region: region!, credentials: options.credentials, sha256: NodeSha256, applyChecksum: false });
  const expected = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: headers.host!.split(':')[0]!,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: body.toString('utf8'),
    },
    { signingDate: new Date(signedAt) },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})/.exec(stringOf(expected.headers.authorization) ?? '')?.[1] ?? '';
  const same = expectedSignature.length === signature!.length && timingSafeEqual(Buffer.from(expectedSignature), Buffer.from(signature!));
  return same ? null : invalid('The request signature we calculated does not match the signature you provided.');
}

/** AppSync's call of the Lambda authorizer, as an AWS_LAMBDA-mode API makes it. */
const invokeAuthorizer: RealtimeAuthorizer = async (token, request) => {
  const result = await invokeLambda<{ isAuthorized?: boolean; resolverContext?: RealtimeResolverContext }>(REALTIME_FUNCTIONS.authorizer.handler, {
    authorizationToken: token ?? '',
    requestContext: {
      apiId: 'local',
      accountId: '000000000000',
      requestId: randomUUID(),
      queryString: request.queryString,
      operationName: null,
      variables: request.variables,
    },
    requestHeaders: {},
  });
  return result?.isAuthorized === true && result.resolverContext ? result.resolverContext : null;
};

function stringOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' ? value : undefined;
}

function send(socket: WebSocket, message: Record<string, unknown>): void {
  if (socket.readyState === 1) socket.send(JSON.stringify(message));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * The realtime module of the local cloud. Its authorizer (a Lambda handler, run by the local runtime)
 * verifies subscribers' tokens against the local user pool, so that module starts first.
 */
export function realtimeModule(region: string): LocalModule {
  return {
    name: 'AppSync realtime (GraphQL + WebSocket)',
    async start({ publicUrl, env, services }) {
      requireService(services, 'cognito', 'The realtime emulator');
      const realtime = startRealtime({
        authorize: invokeAuthorizer,
        region,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'local', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'local' },
      });
      return {
        env: { REALTIME_GRAPHQL_URL: `${publicUrl}${GRAPHQL_PATH}` },
        // Same-origin paths: the SPA resolves them against the page, so localhost and 127.0.0.1 both work.
        config: { graphqlUrl: GRAPHQL_PATH, realtimeUrl: REALTIME_PATH },
        routes: [{ prefix: GRAPHQL_PATH, handle: (req, res, body) => realtime.handleHttp(req, res, body) }],
        upgrades: [{ prefix: REALTIME_PATH, handle: (req, socket, head) => realtime.handleUpgrade(req, socket, head) }],
        stop: () => realtime.stop(),
      };
    },
  };
}
