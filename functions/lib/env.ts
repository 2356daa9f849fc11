import * as z from 'zod';
import type { Capability } from '../capabilities';

/**
 * Every Lambda's environment, parsed once at module load. A missing value fails the cold start
 * loudly instead of surfacing later as an odd runtime error.
 *
 * The *_ENDPOINT values exist only on the local cloud: they point the AWS SDK clients at local
 * stand-ins. On AWS they are absent and the SDK uses the real service endpoints.
 */
const EnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
  /** For handlers that call Cognito's admin API. Triggers get the pool id in their event instead. */
  USER_POOL_ID: z.string().min(1).optional(),
  /** The SPA's app client: signup completion signs the paid account up through it, so Cognito verifies the e-mail. */
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** The SPA's origin, used in e-mail links. Set locally; on AWS read from APP_ORIGIN_PARAMETER. */
  APP_ORIGIN: z.url().optional(),
  /** SSM parameter holding the SPA origin (avoids a CloudFront ↔ user-pool dependency cycle). */
  APP_ORIGIN_PARAMETER: z.string().min(1).optional(),
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  SSM_ENDPOINT: z.url().optional(),
  /** Local only: the EventBridge Scheduler and SQS emulators. */
  SCHEDULER_ENDPOINT: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  /** Local only: the SES (API v2) stand-in, which delivers into the local inbox. */
  SES_ENDPOINT: z.url().optional(),
  /**
   * The From of the app's own e-mails (functions/lib/mail.ts): an address of the SES identity the
   * deployment verified, optionally with a display name (`Schedule & Autopost <no-reply@example.com>`).
   */
  MAIL_FROM: z.string().min(3).optional(),
  /** Scheduler group that holds one schedule per scheduled post. */
  SCHEDULE_GROUP: z.string().min(1).optional(),
  /**
   * Local only: the origin of the public-web stand-in (local/sandbox/public-web.ts), the one loopback
   * origin media links may be fetched from (functions/lib/public-fetch.ts localWebOrigin). The stack
   * never sets it, and it is ignored on Lambda (AWS_EXECUTION_ENV).
   */
  LOCAL_PUBLIC_WEB_ORIGIN: z.url().optional(),
  /** Set by Lambda itself (`AWS_Lambda_nodejs22.x`); absent on the local cloud. */
  AWS_EXECUTION_ENV: z.string().optional(),
  /** Local only: the sandbox platforms' base URL. Absent on AWS, where adapters call the real hosts. */
  PLATFORM_SANDBOX_URL: z.url().optional(),
  /** JSON `{ platform: { clientId, clientSecret } }` (local). On AWS the same JSON lives in a secret. */
  PLATFORM_CREDENTIALS: z.string().min(2).optional(),
  /** Secrets Manager secret (name or ARN) holding the PLATFORM_CREDENTIALS JSON, read lazily on AWS. */
  PLATFORM_CREDENTIALS_SECRET: z.string().min(1).optional(),
  /** KMS key that wraps the per-item data keys of stored platform tokens (AWS). */
  TOKEN_KMS_KEY_ID: z.string().min(1).optional(),
  /** Local stand-in for the KMS key: a key file under .local/, created on first use. */
  LOCAL_TOKEN_KEY_FILE: z.string().min(1).optional(),
  /** AppSync GraphQL endpoint the functions publish user events to (IAM-signed). Absent: not published. */
  REALTIME_GRAPHQL_URL: z.url().optional(),
  /** The publishing engine: the dispatcher the schedules invoke, and the role they use. */
  DISPATCHER_FUNCTION_ARN: z.string().min(1).optional(),
  SCHEDULER_ROLE_ARN: z.string().min(1).optional(),
  /** Where the Scheduler puts dispatches it could not deliver. */
  SCHEDULER_DLQ_ARN: z.string().min(1).optional(),
  /** JSON `{ platform: queueUrl }`: one publishing queue per platform. */
  PUBLISH_QUEUE_URLS: z.string().min(2).optional(),
  /** The analytics collection queue (docs/analytics.md). */
  ANALYTICS_QUEUE_URL: z.string().min(1).optional(),
  /** The webhook delivery queue (docs/webhooks.md#delivery-and-retries): functions with the `webhooks` capability send to it. */
  WEBHOOK_QUEUE_URL: z.string().min(1).optional(),
  /** Transient failures are retried for at most this long past the due time (15 minutes). */
  PUBLISH_RETRY_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Publish messages arrive this long before the due time so the publisher can prepare (seconds). */
  PUBLISH_LEAD_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /**
   * Outcomes of the due second are recorded over a random moment within this many seconds, so
   * publishers sharing one CPU (the local cloud) make their platform calls first. 0 on AWS.
   */
  PUBLISH_SETTLE_SPREAD_SECONDS: z.coerce.number().min(0).max(10).default(0),
  /** Pro is sold only when this is 'false' (docs/product-rules.md#plans-and-limits: Pro is "coming soon"); the local cloud turns it off. */
  PRO_COMING_SOON: z.enum(['true', 'false']).default('true'),
  /** Until TikTok audits our client it takes SELF_ONLY posts only; the API refuses others while 'true'. */
  TIKTOK_UNAUDITED: z.enum(['true', 'false']).default('true'),
  /** Seats (members plus pending invitations) per plan, JSON `{ "free": 1, "basic": 3, "pro": 10 }`; a plan left out keeps its default. */
  SEATS_PER_PLAN: z.string().min(2).optional(),
  /** TikTok photo posts (docs/tiktok.md#photo-posts): on where the deployment serves signed pull URLs. */
  TIKTOK_PHOTOS: z.enum(['true', 'false']).default('false'),
  /** The CloudFront public key id that signs pull URLs (media-pull capability). */
  MEDIA_PULL_KEY_PAIR_ID: z.string().min(1).optional(),
  /** AWS: the Secrets Manager secret holding the PEM private key of that key pair, read at cold start. */
  MEDIA_PULL_PRIVATE_KEY_SECRET: z.string().min(1).optional(),
  /** Local: the PEM file the local cloud generated at first start (under .local/). */
  MEDIA_PULL_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Where pull URLs point (`https://<pull distribution>`); the app origin when absent (the local cloud). */
  MEDIA_PULL_ORIGIN: z.url().optional(),
  /** Stripe keys, local: the secret API key and the webhook signing secret. On AWS they live in STRIPE_SECRET_NAME. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Secrets Manager secret holding `{"secretKey", "webhookSecret"}` (AWS), read once per container. */
  STRIPE_SECRET_NAME: z.string().min(1).optional(),
  /** Local only: where the Stripe emulator listens. Absent on AWS, where the library calls api.stripe.com. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** JSON `{ "<our product id>": "<Stripe price id>" }`: the monthly price sold for each paid plan. */
  STRIPE_PRICES: z.string().min(2).default('{}'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  /**
   * AWS: the secret whose value CloudFront sends in x-origin-verify (functions/lib/origin-gate.ts);
   * API functions refuse requests without it. Absent on the local cloud, which has no other door.
   */
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid Lambda environment: ${problems}`);
    }
    if (!parsed.data.APP_ORIGIN && !parsed.data.APP_ORIGIN_PARAMETER) {
      throw new Error('Invalid Lambda environment: set APP_ORIGIN or APP_ORIGIN_PARAMETER');
    }
    cached = parsed.data;
  }
  return cached;
}

/** Forgets the settings read: tests that change the environment between cases, and the local cloud after its start-time migrations. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * The settings each capability (functions/routes.ts) cannot work without, beyond the base every
 * function parses. A capability whose setting may be absent by design (realtime: not published;
 * Stripe and the platform apps: "not configured") has none here.
 */
const CAPABILITY_ENV: Partial<Record<Capability, z.ZodType<unknown>>> = {
  tokens: z
    .object({ TOKEN_KMS_KEY_ID: z.string().min(1).optional(), LOCAL_TOKEN_KEY_FILE: z.string().min(1).optional() })
    .refine((e) => e.TOKEN_KMS_KEY_ID || e.LOCAL_TOKEN_KEY_FILE, {
      message: 'set TOKEN_KMS_KEY_ID (AWS) or LOCAL_TOKEN_KEY_FILE (local)',
      path: ['TOKEN_KMS_KEY_ID'],
    }),
  scheduling: z.object({
    SCHEDULE_GROUP: z.string().min(1),
    DISPATCHER_FUNCTION_ARN: z.string().min(1),
    SCHEDULER_ROLE_ARN: z.string().min(1),
    SCHEDULER_DLQ_ARN: z.string().min(1),
  }),
  queues: z
    .object({ PUBLISH_QUEUE_URLS: z.string().min(2).optional(), ANALYTICS_QUEUE_URL: z.string().min(1).optional() })
    .refine((e) => e.PUBLISH_QUEUE_URLS || e.ANALYTICS_QUEUE_URL, { message: 'set PUBLISH_QUEUE_URLS or ANALYTICS_QUEUE_URL', path: ['PUBLISH_QUEUE_URLS'] }),
  webhooks: z.object({ WEBHOOK_QUEUE_URL: z.string().min(1) }),
  // Photo posts off: nothing to sign with, by design. On: the key id and where the private key lives.
  'media:pull': z
    .object({
      TIKTOK_PHOTOS: z.enum(['true', 'false']).default('false'),
      MEDIA_PULL_KEY_PAIR_ID: z.string().min(1).optional(),
      MEDIA_PULL_PRIVATE_KEY_SECRET: z.string().min(1).optional(),
      MEDIA_PULL_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    })
    .refine((e) => e.TIKTOK_PHOTOS === 'false' || (e.MEDIA_PULL_KEY_PAIR_ID && (e.MEDIA_PULL_PRIVATE_KEY_SECRET || e.MEDIA_PULL_PRIVATE_KEY_FILE)), {
      message: 'TIKTOK_PHOTOS=true needs MEDIA_PULL_KEY_PAIR_ID and MEDIA_PULL_PRIVATE_KEY_SECRET (AWS) or MEDIA_PULL_PRIVATE_KEY_FILE (local)',
      path: ['MEDIA_PULL_KEY_PAIR_ID'],
    }),
  'cognito:sign-up': z.object({ USER_POOL_ID: z.string().min(1), USER_POOL_CLIENT_ID: z.string().min(1) }),
  'cognito:sign-out': z.object({ USER_POOL_ID: z.string().min(1) }),
  'cognito:delete-user': z.object({ USER_POOL_ID: z.string().min(1) }),
  'mail:send': z.object({ MAIL_FROM: z.string().min(3) }),
};

/**
 * Parses the base environment and the settings of every capability in `needs`, throwing one error
 * that names each missing or bad setting. Runs at a function's cold start (functions/lib/cold-start.ts
 * on AWS, the local runtime's module load), so a deployment missing a setting fails its smoke test,
 * not a user's first request that needs it.
 */
export function assertEnvFor(needs: readonly Capability[], source: NodeJS.ProcessEnv = process.env): void {
  const problems: string[] = [];
  const base = EnvSchema.safeParse(source);
  if (!base.success) problems.push(...base.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  else if (!base.data.APP_ORIGIN && !base.data.APP_ORIGIN_PARAMETER) problems.push('set APP_ORIGIN or APP_ORIGIN_PARAMETER');
  for (const need of new Set(needs)) {
    const parsed = CAPABILITY_ENV[need]?.safeParse(source);
    if (parsed && !parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')} (${need}): ${i.message}`));
  }
  if (problems.length) throw new Error(`Invalid Lambda environment: ${problems.join('; ')}`);
}
