/**
 * The one route table. The CDK Api construct (infra/) and the local gateway (local/) are both built
 * from it, so a route exists in both places or in neither.
 *
 * `handler` names a module under functions/handlers/ (without extension) exporting `handler`.
 * `auth: 'user'` routes sit behind the Cognito JWT authorizer; `public` only where the spec makes a
 * route public (plans, public checkout, signup completion, OAuth callbacks, Stripe webhook).
 */
import { API_FUNCTION_TIMEOUT_SECONDS, type Capability, type FunctionDef, handlersOf } from './capabilities';
import { JOBS, MIGRATION_FUNCTIONS } from './jobs';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a signed-in route (docs/decisions/0013-workspaces.md). A role: the route acts in the
 * workspace the request names, and the caller must be its member with that role or a higher one
 * (roles are ranked, shared/workspaces.ts `ROLES`; the tables import nothing outside them, so it names them
 * here and domain/workspaces.ts fails to compile if the two lists part). `personal`: the route acts on the caller's own things
 * (profile, settings, notifications, sign-in) in no workspace.
 */
export type RouteAccess = 'owner' | 'admin' | 'editor' | 'contributor' | 'personal';

interface RouteBase extends FunctionDef {
  readonly method: HttpMethod;
  /** API Gateway v2 path syntax: `/api/notifications/{id}/read`. */
  readonly path: string;
  /**
   * Requests one user (`per: 'user'`) or one client IP (`per: 'ip'`, for public routes) may make in
   * a fixed window. Set where a request creates something (an item, a Stripe session, a Cognito
   * user, an OAuth state) so one caller cannot flood the table or a dependency. Chosen so that a
   * person using the app never meets them; enforced by the handler factory (functions/lib/http.ts)
   * after input parsing, so bad input is refused without counting.
   */
  readonly limit?: RouteLimit;
  /**
   * Takes an `Idempotency-Key` header: a repeat with the same key within 24 h gets the first answer
   * and writes nothing (docs/idempotency.md). Set where a repeated request would make something twice.
   */
  readonly idempotent?: boolean;
}

export type RouteDef =
  (RouteBase & { readonly auth: 'user'; readonly access: RouteAccess }) | (RouteBase & { readonly auth: 'public'; readonly access?: never });

export interface RouteLimit {
  readonly per: 'user' | 'ip';
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * The checkout handlers share functions/domain/billing.ts's checkout dependencies, so each reaches
 * Stripe; only signup completion adds the user directory (its sign-up dependencies).
 */
const BILLING = ['table:read', 'table:write', 'stripe'] as const satisfies readonly Capability[];

/**
 * Creating a post through createPost (Compose, Publish now, Add to queue): its media, the live Instagram
 * limit check with the account's tokens, and the schedule or the dispatch of a post due now, which
 * sends `post.scheduled` to the webhooks (publishing/wiring.ts scheduleDispatch).
 */
const CREATES_POST = [
  'table:read',
  'table:write',
  'media:read',
  'tokens',
  'platform-apps',
  'scheduling',
  'queues',
  'webhooks',
] as const satisfies readonly Capability[];

/**
 * A read the public API serves too (functions/public-routes.ts): the same function answers /v1, where
 * each request counts against its key's rate limit and marks the key used, so it writes.
 */
const SERVED_ON_V1_READ = ['table:read', 'table:write'] as const satisfies readonly Capability[];

const TEN_MINUTES = 600;
const ONE_HOUR = 3600;

export const ROUTES = [
  { method: 'GET', path: '/api/plans', handler: 'plans/list-plans', auth: 'public', needs: ['table:read'] },
  // The public API's OpenAPI document (functions/domain/openapi.ts): public like a reference page, no key needed.
  { method: 'GET', path: '/v1/openapi.json', handler: 'public-api/get-openapi', auth: 'public', needs: ['table:read'] },
  { method: 'GET', path: '/api/me', handler: 'me/get-me', auth: 'user', access: 'personal', needs: ['table:read', 'media:read'] },
  // Lists the person's workspaces for the switcher; makes their first one if they have none.
  { method: 'GET', path: '/api/workspaces', handler: 'workspaces/list-workspaces', auth: 'user', access: 'personal', needs: ['table:read', 'table:write'] },
  // A person makes a handful of workspaces, ever.
  {
    method: 'POST',
    path: '/api/workspaces',
    handler: 'workspaces/create-workspace',
    auth: 'user',
    access: 'personal',
    limit: { per: 'user', max: 10, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write'],
  },
  { method: 'PATCH', path: '/api/workspace', handler: 'workspaces/rename-workspace', auth: 'user', access: 'admin', needs: ['table:read', 'table:write'] },
  { method: 'GET', path: '/api/workspace/members', handler: 'workspaces/list-members', auth: 'user', access: 'admin', needs: ['table:read', 'table:write'] },
  // Each invitation sends an e-mail: bounded so a workspace cannot be used to send mail at volume.
  {
    method: 'POST',
    path: '/api/workspace/invites',
    handler: 'workspaces/invite-member',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 30, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'mail:send'],
  },
  {
    method: 'DELETE',
    path: '/api/workspace/invites/{id}',
    handler: 'workspaces/revoke-invite',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'PATCH',
    path: '/api/workspace/members/{userId}',
    handler: 'workspaces/change-role',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/api/workspace/members/{userId}',
    handler: 'workspaces/remove-member',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  // The Owner hands the workspace (and its billing) to another member and becomes an Admin; the new Owner's bell hears of it.
  {
    method: 'POST',
    path: '/api/workspace/transfer-ownership',
    handler: 'workspaces/transfer-ownership',
    auth: 'user',
    access: 'owner',
    needs: ['table:read', 'table:write', 'realtime'],
  },
  // Deletes the workspace with everything in it, as account deletion does for a workspace its person owns.
  {
    method: 'DELETE',
    path: '/api/workspace',
    handler: 'workspaces/delete-workspace',
    auth: 'user',
    access: 'owner',
    needs: ['table:read', 'table:write', 'media:delete', 'scheduling', 'stripe'],
    timeoutSeconds: 29,
  },
  // "Posts need approval" (docs/approvals.md): every member reads it (Compose says "Submit for approval"); Admins change it.
  { method: 'GET', path: '/api/workspace/settings', handler: 'workspaces/get-settings', auth: 'user', access: 'contributor', needs: ['table:read'] },
  {
    method: 'PATCH',
    path: '/api/workspace/settings',
    handler: 'workspaces/update-settings',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  // API keys (docs/public-api.md): Admins manage them; a key's role is at most its maker's.
  { method: 'GET', path: '/api/workspace/api-keys', handler: 'workspaces/list-api-keys', auth: 'user', access: 'admin', needs: ['table:read'] },
  {
    method: 'POST',
    path: '/api/workspace/api-keys',
    handler: 'workspaces/create-api-key',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 30, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/api/workspace/api-keys/{id}',
    handler: 'workspaces/revoke-api-key',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  // Outgoing webhooks (docs/webhooks.md): Admins manage the endpoints; secrets are encrypted with the token key.
  { method: 'GET', path: '/api/workspace/webhooks', handler: 'webhooks/list-webhooks', auth: 'user', access: 'admin', needs: ['table:read'] },
  {
    method: 'POST',
    path: '/api/workspace/webhooks',
    handler: 'webhooks/create-webhook',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 30, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'tokens'],
  },
  {
    method: 'DELETE',
    path: '/api/workspace/webhooks/{id}',
    handler: 'webhooks/delete-webhook',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/api/workspace/webhooks/{id}/enable',
    handler: 'webhooks/enable-webhook',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/api/workspace/webhooks/{id}/rotate-secret',
    handler: 'webhooks/rotate-webhook-secret',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 30, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'tokens'],
  },
  {
    method: 'POST',
    path: '/api/workspace/webhooks/{id}/test',
    handler: 'webhooks/test-webhook',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 60, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'webhooks'],
  },
  {
    method: 'GET',
    path: '/api/workspace/webhooks/{id}/deliveries',
    handler: 'webhooks/list-webhook-deliveries',
    auth: 'user',
    access: 'admin',
    needs: ['table:read'],
  },
  {
    method: 'POST',
    path: '/api/workspace/leave',
    handler: 'workspaces/leave-workspace',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write'],
  },
  // Public: the invitation page shows what it invites to before the invitee signs in. Tokens are guess-proof; the limit stops a scan.
  {
    method: 'GET',
    path: '/api/invites/preview',
    handler: 'workspaces/preview-invite',
    auth: 'public',
    limit: { per: 'ip', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/api/invites/accept',
    handler: 'workspaces/accept-invite',
    auth: 'user',
    access: 'personal',
    limit: { per: 'user', max: 20, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write'],
  },
  { method: 'PATCH', path: '/api/settings', handler: 'settings/update-settings', auth: 'user', access: 'personal', needs: ['table:read', 'table:write'] },
  {
    method: 'PUT',
    path: '/api/settings/initial-timezone',
    handler: 'settings/set-initial-timezone',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/api/notifications', handler: 'notifications/list-notifications', auth: 'user', access: 'personal', needs: ['table:read'] },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    handler: 'notifications/mark-all-read',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'POST',
    path: '/api/notifications/{id}/read',
    handler: 'notifications/mark-read',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/api/accounts', handler: 'connections/list-connections', auth: 'user', access: 'contributor', needs: SERVED_ON_V1_READ },
  { method: 'DELETE', path: '/api/accounts/{id}', handler: 'connections/disconnect', auth: 'user', access: 'admin', needs: ['table:read', 'table:write'] },
  {
    method: 'GET',
    path: '/api/accounts/{id}/page-info',
    handler: 'connections/get-page-info',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  {
    method: 'GET',
    path: '/api/accounts/{id}/tiktok-creator-info',
    handler: 'connections/get-tiktok-creator-info',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  {
    method: 'GET',
    path: '/api/accounts/{id}/pinterest-boards',
    handler: 'connections/get-pinterest-boards',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  // Each start stores a one-time state; a person connects a handful of accounts at a time.
  {
    method: 'POST',
    path: '/api/accounts/{platform}/oauth/initiate',
    handler: 'connections/initiate-oauth',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 20, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'platform-apps'],
  },
  { method: 'GET', path: '/api/platforms', handler: 'connections/list-platforms', auth: 'user', access: 'contributor', needs: ['table:read', 'platform-apps'] },
  { method: 'GET', path: '/api/usage', handler: 'posts/get-usage', auth: 'user', access: 'contributor', needs: ['table:read'] },
  { method: 'GET', path: '/api/analytics', handler: 'analytics/get-analytics', auth: 'user', access: 'contributor', needs: SERVED_ON_V1_READ },
  { method: 'GET', path: '/api/analytics/posts/{id}', handler: 'analytics/get-post-analytics', auth: 'user', access: 'contributor', needs: SERVED_ON_V1_READ },
  { method: 'GET', path: '/api/analytics/export', handler: 'analytics/export-analytics', auth: 'user', access: 'contributor', needs: ['table:read'] },
  // A few posts of up to 20 images each in ten minutes is a busy creator; 200 is far beyond.
  {
    method: 'POST',
    path: '/api/media/uploads',
    handler: 'media/presign-upload',
    auth: 'user',
    access: 'contributor',
    limit: { per: 'user', max: 200, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:write'],
  },
  {
    method: 'POST',
    path: '/api/media',
    handler: 'media/confirm-upload',
    auth: 'user',
    access: 'contributor',
    limit: { per: 'user', max: 200, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete'],
    timeoutSeconds: 29,
    memoryMB: 1536,
  },
  // Media from a link (docs/bulk-import.md#media-from-a-link): as many as uploads, one file each.
  {
    method: 'POST',
    path: '/api/media/from-url',
    handler: 'media/media-from-url',
    auth: 'user',
    access: 'contributor',
    limit: { per: 'user', max: 200, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete'],
    // 20 s of fetching, then confirm's work; API Gateway gives up at 29-30 s.
    timeoutSeconds: 29,
    // Confirm's 1536 MB plus the fetched file (≤ 100 MB) held while confirm reads it back.
    memoryMB: 1792,
  },
  {
    method: 'DELETE',
    path: '/api/media/{id}',
    handler: 'media/delete-media',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'media:delete'],
  },
  // Drafts cost no plan allowance, so this is what bounds them: one post every 6 s for ten minutes.
  {
    method: 'POST',
    path: '/api/posts',
    handler: 'posts/create-post',
    auth: 'user',
    access: 'contributor',
    idempotent: true,
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    // A repeating post's first occurrence gets its own copies of the files (docs/recurring-posts.md#media).
    // Realtime and mail: a post created waiting for approval tells the reviewers (docs/approvals.md#notices);
    // webhooks: it announces post.scheduled or approval.requested (docs/webhooks.md#events).
    needs: [...CREATES_POST, 'media:write', 'media:delete', 'realtime', 'mail:send'],
  },
  // Bulk import (docs/bulk-import.md): 10,000 rows are 40 chunks of 250; 100 chunks in ten minutes is two full files.
  {
    method: 'POST',
    path: '/api/posts/import',
    handler: 'posts/import-posts',
    auth: 'user',
    access: 'editor',
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    // Media: each row's own copy of the import's uploads (copy, delete on failure). Tokens and platform apps: TikTok's creator_info.
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete', 'tokens', 'platform-apps', 'scheduling', 'queues', 'webhooks'],
  },
  { method: 'GET', path: '/api/posts', handler: 'posts/list-posts', auth: 'user', access: 'contributor', needs: [...SERVED_ON_V1_READ, 'media:read'] },
  { method: 'GET', path: '/api/posts/counts', handler: 'posts/count-posts', auth: 'user', access: 'contributor', needs: ['table:read'] },
  { method: 'GET', path: '/api/posts/calendar', handler: 'posts/list-calendar', auth: 'user', access: 'contributor', needs: ['table:read', 'media:read'] },
  {
    method: 'POST',
    path: '/api/posts/limit-check',
    handler: 'posts/check-limits',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  { method: 'GET', path: '/api/posts/{id}', handler: 'posts/get-post', auth: 'user', access: 'contributor', needs: [...SERVED_ON_V1_READ, 'media:read'] },
  {
    method: 'PATCH',
    path: '/api/posts/{id}',
    handler: 'posts/update-post',
    auth: 'user',
    access: 'contributor',
    // Realtime and mail: a post sent for approval by an edit tells the workspace's reviewers (docs/approvals.md#notices).
    needs: ['table:read', 'table:write', 'media:read', 'media:delete', 'tokens', 'platform-apps', 'scheduling', 'queues', 'realtime', 'mail:send', 'webhooks'],
  },
  {
    method: 'DELETE',
    path: '/api/posts/{id}',
    handler: 'posts/delete-post',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'media:delete', 'scheduling'],
  },
  // Each retry publishes again (and may call the platforms); a person retries a handful of posts at a time.
  {
    method: 'POST',
    path: '/api/posts/{id}/retry',
    handler: 'posts/retry-post',
    auth: 'user',
    access: 'editor',
    limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'scheduling', 'queues', 'webhooks'],
  },
  // Queue slots (docs/queue.md): weekly posting times per account, the upcoming slots, add to queue, reorder.
  { method: 'GET', path: '/api/queue/schedules', handler: 'queue/get-schedules', auth: 'user', access: 'contributor', needs: ['table:read'] },
  { method: 'PUT', path: '/api/queue/schedules/{id}', handler: 'queue/put-schedule', auth: 'user', access: 'editor', needs: ['table:read', 'table:write'] },
  { method: 'GET', path: '/api/queue', handler: 'queue/get-queue', auth: 'user', access: 'contributor', needs: ['table:read'] },
  // Creates a post like POST /api/posts, so the same limit.
  {
    method: 'POST',
    path: '/api/queue/posts',
    handler: 'queue/add-to-queue',
    auth: 'user',
    access: 'editor',
    idempotent: true,
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    needs: CREATES_POST,
  },
  {
    method: 'PATCH',
    path: '/api/queue',
    handler: 'queue/move-in-queue',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write', 'media:read', 'media:delete', 'scheduling', 'queues', 'webhooks'],
  },
  // Each publishes straight away (the create's rules and limits; counted like a scheduled post).
  {
    method: 'POST',
    path: '/api/posts/publish-now',
    handler: 'posts/publish-now',
    auth: 'user',
    access: 'editor',
    idempotent: true,
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    needs: CREATES_POST,
  },
  {
    method: 'POST',
    path: '/api/posts/{id}/publish',
    handler: 'posts/publish-draft',
    auth: 'user',
    access: 'editor',
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'scheduling', 'queues', 'webhooks'],
  },
  // Approvals (docs/approvals.md). Submitting notifies every Editor of the workspace, so limited like a create.
  {
    method: 'POST',
    path: '/api/posts/{id}/submit',
    handler: 'posts/submit-post',
    auth: 'user',
    access: 'contributor',
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'realtime', 'mail:send', 'webhooks'],
  },
  // Approving schedules the post exactly as scheduling does (and dispatches one due within the minute).
  {
    method: 'POST',
    path: '/api/posts/{id}/approve',
    handler: 'posts/approve-post',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write', 'media:read', 'scheduling', 'queues', 'realtime', 'mail:send', 'webhooks'],
  },
  {
    method: 'POST',
    path: '/api/posts/{id}/request-changes',
    handler: 'posts/request-changes',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write', 'media:read', 'realtime', 'mail:send', 'webhooks'],
  },
  { method: 'GET', path: '/api/posts/{id}/activity', handler: 'posts/get-post-activity', auth: 'user', access: 'contributor', needs: ['table:read'] },
  // A new draft and copies of its files, so limited like a create.
  {
    method: 'POST',
    path: '/api/posts/{id}/duplicate',
    handler: 'posts/duplicate-post',
    auth: 'user',
    access: 'contributor',
    limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete'],
  },
  // Recurring posts (docs/recurring-posts.md): a series is created by POST /api/posts with `repeat`.
  { method: 'GET', path: '/api/series/{id}', handler: 'recurrence/get-series', auth: 'user', access: 'contributor', needs: ['table:read'] },
  {
    method: 'PATCH',
    path: '/api/series/{id}',
    handler: 'recurrence/edit-series',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete', 'scheduling', 'queues', 'realtime', 'webhooks'],
  },
  {
    method: 'DELETE',
    path: '/api/series/{id}',
    handler: 'recurrence/delete-series',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write', 'media:delete', 'scheduling', 'realtime'],
  },
  { method: 'GET', path: '/api/dashboard', handler: 'posts/get-dashboard', auth: 'user', access: 'contributor', needs: ['table:read', 'media:read'] },
  {
    method: 'PATCH',
    path: '/api/profile',
    handler: 'profile/update-profile',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write', 'media:read', 'media:delete'],
  },
  {
    method: 'POST',
    path: '/api/profile/avatar/uploads',
    handler: 'profile/presign-avatar',
    auth: 'user',
    access: 'personal',
    limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:write'],
  },
  {
    method: 'POST',
    path: '/api/profile/avatar',
    handler: 'profile/confirm-avatar',
    auth: 'user',
    access: 'personal',
    limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read', 'media:delete'],
  },
  { method: 'GET', path: '/api/clients', handler: 'clients/list-clients', auth: 'user', access: 'contributor', needs: SERVED_ON_V1_READ },
  // Besides this rate, a user has at most MAX_CLIENTS clients (functions/domain/clients.ts).
  {
    method: 'POST',
    path: '/api/clients',
    handler: 'clients/create-client',
    auth: 'user',
    access: 'editor',
    limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write'],
  },
  { method: 'PATCH', path: '/api/clients/{id}', handler: 'clients/update-client', auth: 'user', access: 'editor', needs: ['table:read', 'table:write'] },
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'clients/delete-client', auth: 'user', access: 'editor', needs: ['table:read', 'table:write'] },
  // Client connect links (docs/workspaces.md#client-connect-links): connecting accounts is an Admin's, so is sending a link to do it.
  {
    method: 'POST',
    path: '/api/clients/{id}/connect-links',
    handler: 'clients/create-connect-link',
    auth: 'user',
    access: 'admin',
    limit: { per: 'user', max: 60, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'platform-apps'],
  },
  { method: 'GET', path: '/api/clients/{id}/connect-links', handler: 'clients/list-connect-links', auth: 'user', access: 'admin', needs: ['table:read'] },
  {
    method: 'DELETE',
    path: '/api/clients/{id}/connect-links/{linkId}',
    handler: 'clients/revoke-connect-link',
    auth: 'user',
    access: 'admin',
    needs: ['table:read', 'table:write'],
  },
  // Client review links (docs/review-links.md): deciding on posts is an Editor's, so is asking a client to.
  {
    method: 'POST',
    path: '/api/clients/{id}/review-links',
    handler: 'review-links/create-review-link',
    auth: 'user',
    access: 'editor',
    limit: { per: 'user', max: 60, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write'],
  },
  { method: 'GET', path: '/api/clients/{id}/review-links', handler: 'review-links/list-review-links', auth: 'user', access: 'editor', needs: ['table:read'] },
  {
    method: 'DELETE',
    path: '/api/clients/{id}/review-links/{linkId}',
    handler: 'review-links/revoke-review-link',
    auth: 'user',
    access: 'editor',
    needs: ['table:read', 'table:write'],
  },
  {
    method: 'DELETE',
    path: '/api/account',
    handler: 'account/delete-account',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write', 'media:delete', 'scheduling', 'stripe', 'cognito:delete-user', 'realtime'],
    timeoutSeconds: 29,
  },
  // The only way to change a password: access tokens cannot call Cognito's ChangePassword (the
  // pre-token-generation trigger leaves their self-service scope out). Each call tries a password.
  {
    method: 'POST',
    path: '/api/account/password',
    handler: 'account/change-password',
    auth: 'user',
    access: 'personal',
    limit: { per: 'user', max: 10, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'cognito:check-password', 'cognito:set-password', 'cognito:sign-out', 'realtime'],
  },
  // "Sign out everywhere".
  {
    method: 'POST',
    path: '/api/account/sign-out-everywhere',
    handler: 'account/sign-out-everywhere',
    auth: 'user',
    access: 'personal',
    needs: ['table:read', 'table:write', 'cognito:sign-out', 'realtime'],
  },
  {
    method: 'GET',
    path: '/api/subscription',
    handler: 'billing/get-subscription',
    auth: 'user',
    access: 'contributor',
    needs: ['table:read', 'table:write', 'stripe'],
  },
  // Each creates a Stripe Checkout session.
  {
    method: 'POST',
    path: '/api/billing/checkout',
    handler: 'billing/checkout',
    auth: 'user',
    access: 'owner',
    limit: { per: 'user', max: 20, windowSeconds: ONE_HOUR },
    needs: BILLING,
  },
  { method: 'POST', path: '/api/billing/subscription', handler: 'billing/manage-subscription', auth: 'user', access: 'owner', needs: BILLING },
  { method: 'POST', path: '/api/billing/claim-checkout', handler: 'billing/claim-checkout', auth: 'user', access: 'owner', needs: BILLING },
  // Public by spec: a visitor pays before having an account; the paid session proves the signup.
  // Anonymous: limited per client IP. Each checkout is a Stripe session and a table item, each signup
  // a Cognito user. Generous for an IP many people share (an office, a mobile carrier's NAT).
  {
    method: 'POST',
    path: '/api/billing/public-checkout',
    handler: 'billing/public-checkout',
    auth: 'public',
    limit: { per: 'ip', max: 30, windowSeconds: ONE_HOUR },
    needs: BILLING,
  },
  {
    method: 'POST',
    path: '/api/billing/complete-signup',
    handler: 'billing/complete-signup',
    auth: 'public',
    limit: { per: 'ip', max: 30, windowSeconds: ONE_HOUR },
    needs: [...BILLING, 'cognito:sign-up'],
  },
  // The verification link of a checkout-made account: verifies the address and sets the owner's password.
  // Each call tries a code (Cognito limits attempts per user too).
  {
    method: 'POST',
    path: '/api/billing/confirm-signup',
    handler: 'billing/confirm-signup',
    auth: 'public',
    limit: { per: 'ip', max: 30, windowSeconds: ONE_HOUR },
    needs: ['table:read', 'table:write', 'cognito:sign-up', 'cognito:set-password'],
  },
  // Read only, but each call asks Stripe and answers whether a session id exists: limited per IP like the signup it precedes.
  // It looks the paid e-mail up (AdminGetUser), so an existing account is sent to sign in, not asked for a password.
  {
    method: 'GET',
    path: '/api/billing/checkout-status',
    handler: 'billing/checkout-status',
    auth: 'public',
    limit: { per: 'ip', max: 60, windowSeconds: ONE_HOUR },
    needs: [...BILLING, 'cognito:sign-up'],
  },
  // Public: Stripe calls it; the signature over the raw body authenticates it.
  { method: 'POST', path: '/api/stripe/webhook', handler: 'stripe/webhook', auth: 'public', needs: ['table:read', 'table:write', 'stripe'] },
  // Public: a client opens the agency's connect link without an account. Tokens are guess-proof; the limits stop a scan
  // and bound the OAuth states one address can make.
  {
    method: 'GET',
    path: '/api/connect-links/preview',
    handler: 'connect-links/preview-connect-link',
    auth: 'public',
    limit: { per: 'ip', max: 60, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'platform-apps'],
  },
  {
    method: 'POST',
    path: '/api/connect-links/start',
    handler: 'connect-links/start-connect-link',
    auth: 'public',
    limit: { per: 'ip', max: 30, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'platform-apps'],
  },
  // Public: a client opens the agency's review link without an account. Tokens are guess-proof; the per-IP limits stop
  // a scan, and decisions are also counted per link (domain/review-links.ts) so a leaked link cannot flood the bell.
  {
    method: 'GET',
    path: '/api/review-links/posts',
    handler: 'review-links/get-review-page',
    auth: 'public',
    limit: { per: 'ip', max: 60, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'media:read'],
  },
  {
    method: 'POST',
    path: '/api/review-links/decisions',
    handler: 'review-links/decide-on-post',
    auth: 'public',
    limit: { per: 'ip', max: 60, windowSeconds: TEN_MINUTES },
    // Webhooks: the client's decision is an approval.decided (docs/webhooks.md#events).
    needs: ['table:read', 'table:write', 'media:read', 'realtime', 'webhooks'],
  },
  // Public: the platform redirects the browser here; the one-time state identifies the user.
  {
    method: 'GET',
    path: '/api/oauth/{platform}/callback',
    handler: 'oauth/oauth-callback',
    auth: 'public',
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  // Public like the redirect above: the connect popup's account step (Bluesky's handle), on this path
  // because the browser-binding cookie is scoped to it. It resolves the handle and makes a pushed
  // authorization request at the account's server, so the per-IP limit bounds what one address can start.
  {
    method: 'POST',
    path: '/api/oauth/{platform}/callback',
    handler: 'oauth/start-authorization',
    auth: 'public',
    limit: { per: 'ip', max: 20, windowSeconds: TEN_MINUTES },
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps'],
  },
  // Public: Bluesky's authorization servers fetch our atproto OAuth client metadata (its URL is our
  // client_id) and, for a confidential client, the public key our token requests are signed with.
  {
    method: 'GET',
    path: '/api/oauth/bluesky/client-metadata.json',
    handler: 'oauth/bluesky-client-metadata',
    auth: 'public',
    needs: ['table:read', 'platform-apps'],
  },
  { method: 'GET', path: '/api/oauth/bluesky/jwks.json', handler: 'oauth/bluesky-jwks', auth: 'public', needs: ['table:read', 'platform-apps'] },
] as const satisfies readonly RouteDef[];

/** Cognito user-pool triggers, by trigger name. */
export const TRIGGER_FUNCTIONS = {
  /** Writes the new user's first items. */
  postConfirmation: { handler: 'auth/post-confirmation', needs: ['table:read', 'table:write'] },
  customMessage: { handler: 'auth/custom-message', needs: [] },
  /** Leaves the self-service scope out of access tokens (event version V2_0). */
  preTokenGeneration: { handler: 'auth/pre-token-generation', needs: [] },
} as const satisfies Readonly<Record<string, FunctionDef>>;

/** Trigger name → handler module. */
export const COGNITO_TRIGGERS = handlersOf(TRIGGER_FUNCTIONS);

/**
 * The realtime API's Lambda authorizer (AppSync AWS_LAMBDA mode; the local emulator invokes it too):
 * verifies a subscriber's token and reads the session gate. Its pool and app client ids come from
 * the Realtime construct.
 */
export const REALTIME_FUNCTIONS = {
  authorizer: { handler: 'auth/authorize-realtime', needs: ['table:read'], timeoutSeconds: 5 },
} as const satisfies Readonly<Record<string, FunctionDef>>;

/**
 * API handlers whose route sets a longer timeout, in seconds. Account deletion waits out every
 * request admitted before it began before its last sweep, so it needs the default plus its own work;
 * media confirm converts large images.
 */
export const LONG_RUNNING_HANDLERS: Readonly<Record<string, number>> = Object.fromEntries(
  ROUTES.flatMap((r: RouteDef) => (r.timeoutSeconds && r.timeoutSeconds > API_FUNCTION_TIMEOUT_SECONDS ? [[r.handler, r.timeoutSeconds]] : [])),
);

/**
 * Every function declaration: routes (one per handler module), triggers, the realtime authorizer,
 * the background jobs (functions/jobs.ts), the migrations.
 */
export function allFunctions(): FunctionDef[] {
  const byHandler = new Map<string, FunctionDef>();
  for (const fn of [
    ...ROUTES,
    ...Object.values(TRIGGER_FUNCTIONS),
    ...Object.values(REALTIME_FUNCTIONS),
    ...Object.values(JOBS),
    ...Object.values(MIGRATION_FUNCTIONS),
  ] as FunctionDef[]) {
    if (!byHandler.has(fn.handler)) byHandler.set(fn.handler, fn);
  }
  return [...byHandler.values()];
}

/** The declaration of `handlerModule`'s function; undefined for modules that are not functions (test fixtures). */
export function functionOf(handlerModule: string): FunctionDef | undefined {
  return allFunctions().find((fn) => fn.handler === handlerModule);
}

/** Every handler module that becomes a Lambda function. */
export function allHandlerModules(): string[] {
  return allFunctions().map((fn) => fn.handler);
}
