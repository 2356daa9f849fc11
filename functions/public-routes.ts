import type { Capability } from './capabilities';
import { ROUTES, type HttpMethod, type RouteAccess, type RouteDef, type RouteLimit } from './routes';

/**
 * The public API's route table (docs/public-api.md): the routes under /v1 that programs call with an
 * API key. Each one serves an app route (`serves`) through the same handler module, so the same Lambda
 * function, input schemas, domain rules, messages and declared `access` answer both; only who calls
 * differs (a key's workspace and role instead of a member's). The CDK API construct and the local
 * gateway add these routes beside functions/routes.ts's, with no authorizer: the handler factory
 * checks the key (functions/lib/http.ts), and refuses a Cognito token here as the JWT authorizer
 * refuses a key on /api.
 *
 * `schemas` names the zod schemas of shared/ the handler parses and answers with, as
 * `<module under shared/>#<export>`, so a generator (OpenAPI) can read method, path, input and output
 * from this table alone; test/unit/functions/public-routes.test.ts resolves every name.
 */
export interface PublicRouteSpec {
  readonly method: HttpMethod;
  /** API Gateway v2 path syntax, under /v1. */
  readonly path: `/v1/${string}`;
  /** The app route it serves, as API Gateway's routeKey (`POST /api/posts`). */
  readonly serves: string;
  /** One line for a reference page. */
  readonly summary: string;
  readonly schemas: {
    readonly params?: SchemaRef;
    readonly query?: SchemaRef;
    readonly body?: SchemaRef;
    /** What a success answers; absent: 204 with no body. */
    readonly response?: SchemaRef;
  };
  /** The success status. */
  readonly status: 200 | 201 | 204;
}

/** `<module under shared/>#<export>`. */
export type SchemaRef = `${string}#${string}Schema`;

/** A /v1 route as the infra, the local gateway and the handler factory read it. */
export interface PublicRouteDef extends PublicRouteSpec {
  readonly auth: 'key';
  readonly handler: string;
  /** The served route's: the key's role must be at least this. */
  readonly access: Exclude<RouteAccess, 'personal'>;
  /** The served route's, counted per key. */
  readonly limit?: RouteLimit;
  /** Every POST: a repeat with the same Idempotency-Key within 24 h gets the first answer (docs/idempotency.md). */
  readonly idempotent: boolean;
  readonly needs: readonly Capability[];
}

export const PUBLIC_ROUTE_SPECS = [
  {
    method: 'GET',
    path: '/v1/accounts',
    serves: 'GET /api/accounts',
    summary: "The workspace's connected social accounts, each with its health.",
    schemas: { response: 'connection-health#ListedConnectionsSchema' },
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/clients',
    serves: 'GET /api/clients',
    summary: "The workspace's clients (agency mode).",
    schemas: { response: 'clients#ClientListSchema' },
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/media/uploads',
    serves: 'POST /api/media/uploads',
    summary: 'A presigned form to upload one image or video to.',
    schemas: { body: 'media#PresignUploadBodySchema', response: 'media#PresignUploadResponseSchema' },
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/media',
    serves: 'POST /api/media',
    summary: 'Confirms an upload: the file is checked and becomes a media item.',
    schemas: { body: 'media#ConfirmUploadBodySchema', response: 'posts#MediaItemSchema' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/v1/media/from-url',
    serves: 'POST /api/media/from-url',
    summary: 'Fetches a public link into a media item.',
    schemas: { body: 'media-url#MediaFromUrlBodySchema', response: 'posts#MediaItemSchema' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/v1/posts',
    serves: 'POST /api/posts',
    summary: 'Creates a post: a draft, or scheduled when `scheduled_at` is given.',
    schemas: { body: 'post-bodies#CreatePostBodySchema', response: 'platform-limits#PostWithLimitWarningsSchema' },
    status: 201,
  },
  {
    method: 'GET',
    path: '/v1/posts',
    serves: 'GET /api/posts',
    summary: 'One page of a posts tab, in its order.',
    schemas: { query: 'posts#ListPostsQuerySchema', response: 'connection-health#PostPageWithIssuesSchema' },
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/posts/publish-now',
    serves: 'POST /api/posts/publish-now',
    summary: 'Creates a post and publishes it now.',
    schemas: { body: 'post-bodies#PublishNowBodySchema', response: 'platform-limits#PostWithLimitWarningsSchema' },
    status: 201,
  },
  {
    method: 'GET',
    path: '/v1/posts/{id}',
    serves: 'GET /api/posts/{id}',
    summary: 'One post.',
    schemas: { params: 'posts#IdParamsSchema', response: 'posts#PostSchema' },
    status: 200,
  },
  {
    method: 'PATCH',
    path: '/v1/posts/{id}',
    serves: 'PATCH /api/posts/{id}',
    summary: 'Changes a post that has not gone out: its content, accounts or time.',
    schemas: { params: 'posts#IdParamsSchema', body: 'post-bodies#UpdatePostBodySchema', response: 'platform-limits#PostWithLimitWarningsSchema' },
    status: 200,
  },
  {
    method: 'DELETE',
    path: '/v1/posts/{id}',
    serves: 'DELETE /api/posts/{id}',
    summary: 'Deletes a post and its media.',
    schemas: { params: 'posts#IdParamsSchema' },
    status: 204,
  },
  {
    method: 'POST',
    path: '/v1/posts/{id}/retry',
    serves: 'POST /api/posts/{id}/retry',
    summary: "Publishes a failed post's failed accounts again, now or later.",
    schemas: { params: 'posts#IdParamsSchema', body: 'posts#RetryPostBodySchema', response: 'posts#PostSchema' },
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/queue/posts',
    serves: 'POST /api/queue/posts',
    summary: 'Creates a post in the earliest queue slot free on all its accounts.',
    schemas: { body: 'post-bodies#AddToQueueBodySchema', response: 'platform-limits#PostWithLimitWarningsSchema' },
    status: 201,
  },
  {
    method: 'GET',
    path: '/v1/analytics',
    serves: 'GET /api/analytics',
    summary: "The workspace's analytics summary over a period.",
    schemas: { query: 'analytics#AnalyticsQuerySchema', response: 'analytics#AnalyticsResponseSchema' },
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/analytics/posts/{id}',
    serves: 'GET /api/analytics/posts/{id}',
    summary: "One post's metrics over time.",
    schemas: { params: 'posts#IdParamsSchema', response: 'analytics#PostAnalyticsResponseSchema' },
    status: 200,
  },
] as const satisfies readonly PublicRouteSpec[];

/** The /v1 routes with what they take from the routes they serve. */
export const PUBLIC_ROUTES: readonly PublicRouteDef[] = PUBLIC_ROUTE_SPECS.map((spec): PublicRouteDef => {
  const served = (ROUTES as readonly RouteDef[]).find((route) => `${route.method} ${route.path}` === spec.serves);
  if (!served || served.auth !== 'user' || served.access === 'personal')
    throw new Error(`${spec.method} ${spec.path} serves no workspace route: ${spec.serves}`);
  if (!served.needs.includes('table:write')) {
    // Each key request counts against its window and marks its key used: the function must write.
    throw new Error(`${served.handler} serves ${spec.path} but does not declare table:write (functions/routes.ts)`);
  }
  return {
    ...spec,
    auth: 'key',
    handler: served.handler,
    access: served.access,
    ...(served.limit && { limit: served.limit }),
    idempotent: spec.method === 'POST',
    needs: served.needs,
  };
});
