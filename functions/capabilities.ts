/**
 * The capability vocabulary (docs/decisions/0008-declared-capabilities.md) and the settings every
 * function declaration carries. A leaf like the route and job tables that use it: it imports nothing.
 */

/**
 * What a function may reach beyond its own logs and the app-origin parameter. infra/ grants exactly
 * this (and sets the settings each one needs, functions/lib/env.ts); test/unit/infra/capabilities.test.ts
 * bundles every handler and fails when it reaches a capability it does not declare.
 */
export type Capability =
  /** GetItem, Query, BatchGetItem on the table and its indexes. */
  | 'table:read'
  /** PutItem, UpdateItem, DeleteItem, BatchWriteItem (and ConditionCheckItem). A route with a `limit` writes its counter. */
  | 'table:write'
  /** Scan. No handler scans today; declare it only with a reason. */
  | 'table:scan'
  /** GetObject (and presigned GETs) on the media bucket. */
  | 'media:read'
  /** PutObject (presigned upload POSTs are signed with it). */
  | 'media:write'
  /** DeleteObject, and ListBucket so a missing key answers 404. */
  | 'media:delete'
  /** The token key (KMS Encrypt/Decrypt): reads or writes stored platform tokens. */
  | 'tokens'
  /** The platforms' app credentials (secret) and Graph API version: talks to a platform's API or OAuth. */
  | 'platform-apps'
  /** Creates, moves or deletes post schedules (Scheduler) and may dispatch a post due within the minute. */
  | 'scheduling'
  /** Sends to the platforms' publishing queues. */
  | 'queues'
  /** Sends workspace events to the webhook delivery queue (docs/webhooks.md#delivery-and-retries). */
  | 'webhooks'
  /** Pushes user events to the realtime API (AppSync). */
  | 'realtime'
  /** Calls Stripe with the keys from Secrets Manager. */
  | 'stripe'
  /** Signs CloudFront URLs TikTok pulls photo posts from (the private key in Secrets Manager; docs/tiktok.md#photo-posts). */
  | 'media:pull'
  /** Signs a paid checkout's buyer up through the app client (Cognito SignUp, AdminGetUser). */
  | 'cognito:sign-up'
  /** Ends a user's sessions (Cognito AdminUserGlobalSignOut). */
  | 'cognito:sign-out'
  /** Deletes a user's login (Cognito AdminDeleteUser). */
  | 'cognito:delete-user'
  /** Checks a user's password through the app client (Cognito AdminInitiateAuth, ADMIN_USER_PASSWORD_AUTH). */
  | 'cognito:check-password'
  /** Sets a user's password (Cognito AdminSetUserPassword). */
  | 'cognito:set-password'
  /** Sends the app's own e-mails (SES SendEmail from the verified sending identity; functions/lib/mail.ts). */
  | 'mail:send';

/** A Lambda function: its handler module, what it may reach, and its settings. */
export interface FunctionDef {
  readonly handler: string;
  readonly needs: readonly Capability[];
  /** Seconds. @default API_FUNCTION_TIMEOUT_SECONDS */
  readonly timeoutSeconds?: number;
  /** MB. @default DEFAULT_MEMORY_MB */
  readonly memoryMB?: number;
}

/** API Gateway waits at most 30 s; API functions get this unless their route says otherwise. */
export const API_FUNCTION_TIMEOUT_SECONDS = 10;

/**
 * The API functions' timeout where this code runs: API_FUNCTION_TIMEOUT_SECONDS as deployed (nothing sets
 * LOCAL_API_TIMEOUT_SECONDS on AWS). The local cloud's test runs set a shorter one (local/cloud.ts
 * `apiTimeoutSeconds`), which the local runtime applies to API functions and account deletion's in-flight
 * grace waits out: the two read the same setting, so the grace always outlasts an admitted request.
 */
export function apiTimeoutSeconds(): number {
  const local = Number(process.env.LOCAL_API_TIMEOUT_SECONDS);
  return Number.isFinite(local) && local > 0 && local < API_FUNCTION_TIMEOUT_SECONDS ? local : API_FUNCTION_TIMEOUT_SECONDS;
}
export const DEFAULT_MEMORY_MB = 256;

/** A function's timeout in seconds, as deployed and as the local runtime applies it. */
export function timeoutSecondsOf(fn: FunctionDef | undefined): number {
  return fn?.timeoutSeconds ?? API_FUNCTION_TIMEOUT_SECONDS;
}

/** A function's memory in MB. */
export function memoryMBOf(fn: FunctionDef | undefined): number {
  return fn?.memoryMB ?? DEFAULT_MEMORY_MB;
}

/** Name → handler module, for a record of declarations. */
export function handlersOf<T extends Readonly<Record<string, FunctionDef>>>(functions: T): { readonly [K in keyof T]: T[K]['handler'] } {
  return Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, fn.handler])) as { readonly [K in keyof T]: T[K]['handler'] };
}
