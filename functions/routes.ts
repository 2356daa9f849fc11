/**
 * The one route table. The CDK Api construct (infra/) and the local gateway (local/) are both built
 * from it, so a route exists in both places or in neither.
 *
 * `handler` names a module under functions/handlers/ (without extension) exporting `handler`.
 * `auth: 'user'` routes sit behind the Cognito JWT authorizer; `public` only where the spec makes a
 * route public (plans, public checkout, signup completion, OAuth callbacks, Stripe webhook).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway v2 path syntax: `/api/notifications/{id}/read`. */
  readonly path: string;
  readonly handler: string;
  readonly auth: 'user' | 'public';
  /**
   * Requests one user (`per: 'user'`) or one client IP (`per: 'ip'`, for public routes) may make in
   * a fixed window. Set where a request creates something (an item, a Stripe session, a Cognito
   * user, an OAuth state) so one caller cannot flood the table or a dependency. Chosen so that a
   * person using the app never meets them; enforced by the handler factory (functions/lib/http.ts)
   * after input parsing, so bad input is refused without counting.
   */
  readonly limit?: RouteLimit;
}

export interface RouteLimit {
  readonly per: 'user' | 'ip';
  readonly max: number;
  readonly windowSeconds: number;
}

const TEN_MINUTES = 600;
const ONE_HOUR = 3600;

export const ROUTES = [
  { method: 'GET', path: '/api/plans', handler: 'plans/list-plans', auth: 'public' },
  { method: 'GET', path: '/api/me', handler: 'me/get-me', auth: 'user' },
  { method: 'PATCH', path: '/api/settings', handler: 'settings/update-settings', auth: 'user' },
  { method: 'PUT', path: '/api/settings/initial-timezone', handler: 'settings/set-initial-timezone', auth: 'user' },
  { method: 'GET', path: '/api/notifications', handler: 'notifications/list-notifications', auth: 'user' },
  { method: 'POST', path: '/api/notifications/read-all', handler: 'notifications/mark-all-read', auth: 'user' },
  { method: 'POST', path: '/api/notifications/{id}/read', handler: 'notifications/mark-read', auth: 'user' },
  { method: 'GET', path: '/api/accounts', handler: 'accounts/list-accounts', auth: 'user' },
  { method: 'DELETE', path: '/api/accounts/{id}', handler: 'accounts/delete-account', auth: 'user' },
  { method: 'GET', path: '/api/accounts/{id}/page-info', handler: 'accounts/get-page-info', auth: 'user' },
  { method: 'GET', path: '/api/accounts/{id}/tiktok-creator-info', handler: 'accounts/get-tiktok-creator-info', auth: 'user' },
  // Each start stores a one-time state; a person connects a handful of accounts at a time.
  { method: 'POST', path: '/api/accounts/{platform}/oauth/initiate', handler: 'accounts/initiate-oauth', auth: 'user', limit: { per: 'user', max: 20, windowSeconds: TEN_MINUTES } },
  { method: 'GET', path: '/api/platforms', handler: 'accounts/list-platforms', auth: 'user' },
  { method: 'GET', path: '/api/usage', handler: 'posts/get-usage', auth: 'user' },
  // A few posts of up to 20 images each in ten minutes is a busy creator; 200 is far beyond.
  { method: 'POST', path: '/api/media/uploads', handler: 'media/presign-upload', auth: 'user', limit: { per: 'user', max: 200, windowSeconds: TEN_MINUTES } },
  { method: 'POST', path: '/api/media', handler: 'media/confirm-upload', auth: 'user', limit: { per: 'user', max: 200, windowSeconds: TEN_MINUTES } },
  { method: 'DELETE', path: '/api/media/{id}', handler: 'media/delete-media', auth: 'user' },
  // Drafts cost no plan allowance, so this is what bounds them: one post every 6 s for ten minutes.
  { method: 'POST', path: '/api/posts', handler: 'posts/create-post', auth: 'user', limit: { per: 'user', max: 100, windowSeconds: TEN_MINUTES } },
  { method: 'GET', path: '/api/posts', handler: 'posts/list-posts', auth: 'user' },
  { method: 'GET', path: '/api/posts/counts', handler: 'posts/count-posts', auth: 'user' },
  { method: 'GET', path: '/api/posts/calendar', handler: 'posts/list-calendar', auth: 'user' },
  { method: 'POST', path: '/api/posts/limit-check', handler: 'posts/check-limits', auth: 'user' },
  { method: 'GET', path: '/api/posts/{id}', handler: 'posts/get-post', auth: 'user' },
  { method: 'PATCH', path: '/api/posts/{id}', handler: 'posts/update-post', auth: 'user' },
  { method: 'DELETE', path: '/api/posts/{id}', handler: 'posts/delete-post', auth: 'user' },
  // Each retry publishes again (and may call the platforms); a person retries a handful of posts at a time.
  { method: 'POST', path: '/api/posts/{id}/retry', handler: 'posts/retry-post', auth: 'user', limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES } },
  { method: 'GET', path: '/api/dashboard', handler: 'posts/get-dashboard', auth: 'user' },
  { method: 'PATCH', path: '/api/profile', handler: 'profile/update-profile', auth: 'user' },
  { method: 'POST', path: '/api/profile/avatar/uploads', handler: 'profile/presign-avatar', auth: 'user', limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES } },
  { method: 'POST', path: '/api/profile/avatar', handler: 'profile/confirm-avatar', auth: 'user', limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES } },
  { method: 'GET', path: '/api/clients', handler: 'clients/list-clients', auth: 'user' },
  // Besides this rate, a user has at most MAX_CLIENTS clients (functions/domain/clients.ts).
  { method: 'POST', path: '/api/clients', handler: 'clients/create-client', auth: 'user', limit: { per: 'user', max: 30, windowSeconds: TEN_MINUTES } },
  { method: 'PATCH', path: '/api/clients/{id}', handler: 'clients/update-client', auth: 'user' },
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'clients/delete-client', auth: 'user' },
  { method: 'DELETE', path: '/api/account', handler: 'account/delete-account', auth: 'user' },
  // After a password change (Amplify changes it in the browser) and for "sign out everywhere".
  { method: 'POST', path: '/api/account/sign-out-everywhere', handler: 'account/sign-out-everywhere', auth: 'user' },
  { method: 'GET', path: '/api/subscription', handler: 'billing/get-subscription', auth: 'user' },
  // Each creates a Stripe Checkout session.
  { method: 'POST', path: '/api/billing/checkout', handler: 'billing/checkout', auth: 'user', limit: { per: 'user', max: 20, windowSeconds: ONE_HOUR } },
  { method: 'POST', path: '/api/billing/subscription', handler: 'billing/manage-subscription', auth: 'user' },
  { method: 'POST', path: '/api/billing/claim-checkout', handler: 'billing/claim-checkout', auth: 'user' },
  // Public by spec: a visitor pays before having an account; the paid session proves the signup.
  // Anonymous: limited per client IP. Each checkout is a Stripe session and a table item, each signup
  // a Cognito user. Generous for an IP many people share (an office, a mobile carrier's NAT).
  { method: 'POST', path: '/api/billing/public-checkout', handler: 'billing/public-checkout', auth: 'public', limit: { per: 'ip', max: 30, windowSeconds: ONE_HOUR } },
  { method: 'POST', path: '/api/billing/complete-signup', handler: 'billing/complete-signup', auth: 'public', limit: { per: 'ip', max: 30, windowSeconds: ONE_HOUR } },
  // Read only, but each call asks Stripe and answers whether a session id exists: limited per IP like the signup it precedes.
  { method: 'GET', path: '/api/billing/checkout-status', handler: 'billing/checkout-status', auth: 'public', limit: { per: 'ip', max: 60, windowSeconds: ONE_HOUR } },
  // Public: Stripe calls it; the signature over the raw body authenticates it.
  { method: 'POST', path: '/api/stripe/webhook', handler: 'stripe/webhook', auth: 'public' },
  // Public: the platform redirects the browser here; the one-time state identifies the user.
  { method: 'GET', path: '/api/oauth/{platform}/callback', handler: 'oauth/oauth-callback', auth: 'public' },
] as const satisfies readonly RouteDef[];

/** Cognito user-pool triggers, by trigger name → handler module. */
export const COGNITO_TRIGGERS = {
  postConfirmation: 'auth/post-confirmation',
  customMessage: 'auth/custom-message',
} as const;

/** The publishing engine's functions (DESIGN §6), invoked by Scheduler, SQS and a rate schedule. */
export const PUBLISHING_HANDLERS = {
  dispatcher: 'publishing/dispatch-post',
  publisher: 'publishing/publish-target',
  watchdog: 'publishing/watchdog',
  deadLetters: 'publishing/dead-letter',
  /** Hourly: connection expiry notices 7 days and 1 day ahead (issue 12). */
  expiryNotices: 'accounts/expiry-notices',
} as const;

/**
 * API handlers that need longer than the API default (API_FUNCTION_TIMEOUT_SECONDS), in seconds; API
 * Gateway waits at most 30 s. Account deletion waits out every request admitted before it began
 * before its last sweep, so it needs the default plus its own work.
 */
export const API_FUNCTION_TIMEOUT_SECONDS = 10;
export const LONG_RUNNING_HANDLERS: Readonly<Record<string, number>> = { 'account/delete-account': 29 };

/** Every handler module that becomes a Lambda function. */
export function allHandlerModules(): string[] {
  return [...new Set([...ROUTES.map((r) => r.handler), ...Object.values(COGNITO_TRIGGERS), ...Object.values(PUBLISHING_HANDLERS)])];
}
