import { z } from 'zod';
import { GraphApiVersionSchema } from '../shared/graph-api-version';

/**
 * The deployment settings, parsed once in bin/app.ts from CDK context (`-c key=value`, cdk.json)
 * and the environment. Context wins over the environment. A bad value stops `cdk synth` with a
 * message naming it, instead of deploying something half-configured.
 */
const GoogleSignInSchema = z.object({
  /** OAuth client id from the Google Cloud console. */
  clientId: z.string().min(1),
  /** Name (or ARN) of the Secrets Manager secret holding the Google client secret as plain text. */
  clientSecretName: z.string().min(1),
  /** Prefix of the Cognito managed-login domain: <prefix>.auth.<region>.amazoncognito.com. */
  domainPrefix: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'use lowercase letters, digits and inner hyphens (max 63)')
    .refine((p) => !/aws|amazon|cognito/.test(p), 'Cognito rejects prefixes containing aws, amazon or cognito'),
});
export type GoogleSignInConfig = z.infer<typeof GoogleSignInSchema>;

/** `no-reply@example.com` or `Schedule & Autopost <no-reply@example.com>` → the address. */
const addressOfFrom = (from: string): string => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/**
 * The app's own e-mails (docs/deployment.md#e-mail): the From, and the SES identity it sends as,
 * which the operator verified in the stack's region (a domain, or that one address). The identity
 * defaults to the From's domain.
 */
const MailSchema = z
  .object({
    from: z
      .string()
      .min(3)
      .refine(
        (from) => z.email().safeParse(addressOfFrom(from)).success,
        'must be an address, or a display name and <address>: Schedule & Autopost <no-reply@example.com>',
      ),
    identity: z.string().min(3).optional(),
  })
  .transform(({ from, identity }) => ({ from, identity: (identity ?? addressOfFrom(from).split('@')[1]!).toLowerCase() }))
  .refine(
    ({ from, identity }) => {
      const address = addressOfFrom(from).toLowerCase();
      // A domain identity covers its subdomains too (SES's inherited verification).
      return identity.includes('@') ? address === identity : address.endsWith(`@${identity}`) || address.endsWith(`.${identity}`);
    },
    { path: ['identity'], message: "the From address must be the identity (an address identity), or at the identity's domain or a subdomain of it" },
  );

const OriginSchema = z.url().refine((u) => new URL(u).origin === u, 'must be a bare origin such as https://app.example.com (no path or trailing slash)');

const AppConfigSchema = z
  .object({
    stage: z.enum(['dev', 'prod']).default('dev'),
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1'),
    google: GoogleSignInSchema.optional(),
    /** Origins allowed to upload media besides the CloudFront one (e.g. http://localhost:5173). */
    extraCorsOrigins: z.array(OriginSchema).default([]),
    /** The built SPA, relative to the repository root. */
    webDir: z.string().min(1).default('frontend/dist'),
    logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
    /** Secrets Manager secret (created by the operator) holding {platform: {clientId, clientSecret}}. */
    platformCredentialsSecretName: z.string().min(1).optional(),
    /** Pro is shown as "Coming Soon" and not sold (docs/product-rules.md#plans-and-limits) until this is turned off. */
    proComingSoon: z.boolean().default(true),
    /** The Meta Graph API version the Facebook and Instagram adapters call (shared/graph-api-version.ts). */
    graphApiVersion: GraphApiVersionSchema,
    /**
     * Where people connecting Bluesky sign in with an app password (docs/bluesky.md): Bluesky's own
     * entryway, or another PDS's URL. `off` leaves Bluesky out (shown as Coming Soon).
     */
    blueskyServiceUrl: z.union([z.literal('off'), z.string().url()]).default('https://bsky.social'),
    /**
     * LinkedIn organization pages (docs/platforms.md#linkedin): `on` asks for the page scopes and offers the
     * pages a member administers. LinkedIn refuses a sign-in naming scopes the app was not granted, and the
     * page scopes come only with the Community Management API product: turn on once LinkedIn has granted it.
     */
    linkedinPages: z.enum(['on', 'off'], "must be 'on' or 'off'").default('off'),
    /**
     * The Pinterest API the adapter calls (docs/platforms.md#pinterest): `sandbox` while the app has Trial
     * access (which may pin only on api-sandbox.pinterest.com, visible to the pinner alone), `production` once
     * Pinterest grants Standard access.
     */
    pinterestApiHost: z.enum(['production', 'sandbox'], "must be 'production' or 'sandbox'").default('production'),
    /**
     * The Google project is not yet verified (audited) for the YouTube API: YouTube locks every upload
     * private, and compose says so. Turn off once Google has verified the project.
     */
    youtubeUnverified: z.boolean().default(true),
    /**
     * The TikTok client has not passed TikTok's audit: TikTok takes SELF_ONLY (Only me) posts only, so
     * compose offers nothing else and the API refuses other privacy levels. Turn off once audited.
     */
    tiktokUnaudited: z.boolean().default(true),
    /**
     * TikTok photo posts (docs/tiktok.md#photo-posts): the PEM public key of the key pair that signs pull URLs,
     * and the Secrets Manager secret (created by the operator) holding its PEM private key. Both or neither.
     */
    mediaPull: z
      .object({
        publicKeyPem: z.string().regex(/-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/, 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)'),
        privateKeySecretName: z.string().min(1),
      })
      .optional(),
    /** The app's own e-mails (invitations): the From and its verified SES identity. Needed once a function declares 'mail:send'. */
    mail: MailSchema.optional(),
    /** Secrets Manager secret (created by the operator) holding the Stripe keys: {"secretKey", "webhookSecret"}. */
    stripeSecretName: z.string().min(1).optional(),
    /** The Stripe price id sold for each paid plan: {"<product id>": "price_…"}. */
    /**
     * How many publisher invocations each platform's queue may run at once. A busy minute's posts
     * each wait a few seconds in their invocation for the due second, so this bounds how many can go
     * out in the same second per platform. Lambda's SQS ceiling is 1,000.
     */
    publisherConcurrency: z.number().int().min(2).max(1000).default(50),
    stripePrices: z.record(z.string().min(1), z.string().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')).optional(),
    /** Who gets alarm notifications (SNS e-mail subscription, confirmed by a link SNS mails first). */
    alarmEmail: z.email('must be an e-mail address').optional(),
    /**
     * An SNS topic of the operator's (e.g. one that AWS Chatbot / Amazon Q Developer in chat
     * applications posts to Slack or Teams) that every alarm also notifies.
     */
    alarmTopicArn: z
      .string()
      .regex(
        /^arn:aws[a-z-]*:sns:[a-z]{2}(-[a-z]+)+-\d:\d{12}:[A-Za-z0-9_-]{1,256}$/,
        'must be the ARN of a standard SNS topic (arn:aws:sns:<region>:<account>:<name>)',
      )
      .optional(),
    /**
     * A WAF web ACL in front of CloudFront (managed rule groups and a per-IP rate rule). Undefined here
     * means "the stage's default": on in prod, off in dev.
     */
    waf: z.enum(['on', 'off']).optional(),
  })
  // Rest properties keep keys whose value is undefined; leave unset settings out, as zod does.
  .transform(({ waf, ...config }) => ({
    ...(Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as typeof config),
    waf: (waf ?? (config.stage === 'prod' ? 'on' : 'off')) === 'on',
  }))
  // A CLOUDFRONT-scoped web ACL can only be created in us-east-1, and CloudFormation cannot create a
  // resource in another region than its stack's.
  .refine((config) => !config.waf || config.region === 'us-east-1', {
    path: ['waf'],
    message: 'a WAF web ACL for CloudFront can only be created in us-east-1: deploy to us-east-1, or set waf=off (WAF=off)',
  })
  // An alarm topic without a subscriber tells nobody that posts stopped going out: production
  // must name where alarms go.
  .refine((config) => config.stage !== 'prod' || config.alarmEmail !== undefined || config.alarmTopicArn !== undefined, {
    path: ['alarmEmail'],
    message:
      'prod needs somewhere to send alarms: set alarmEmail (ALARM_EMAIL) to an address, or alarmTopicArn (ALARM_TOPIC_ARN) to an SNS topic such as the one your chat integration reads',
  });
export type AppConfig = z.infer<typeof AppConfigSchema>;
export type Stage = AppConfig['stage'];

/** "true"/"false" (env, `-c`) or a JSON boolean (cdk.json) → boolean; anything else is left for zod to refuse. */
function flag(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** JSON text (env, `-c`) or an object (cdk.json) → object; unreadable JSON is left for zod to refuse. */
function jsonObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Digits (env, `-c`) or a JSON number (cdk.json) → number; anything else is left for zod to refuse. */
function integer(value: unknown): unknown {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
}

type ContextReader = (key: string) => unknown;

/** Comma-separated string (env, `-c`) or JSON array (cdk.json) → list. */
function list(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseAppConfig(context: ContextReader, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const read = (key: string, envKey: string): unknown => context(key) ?? (env[envKey] || undefined);

  const googleRaw = {
    clientId: read('googleClientId', 'GOOGLE_CLIENT_ID'),
    clientSecretName: read('googleClientSecretName', 'GOOGLE_CLIENT_SECRET_NAME'),
    domainPrefix: read('authDomainPrefix', 'AUTH_DOMAIN_PREFIX'),
  };
  const googleGiven = Object.values(googleRaw).some((v) => v !== undefined);

  const mediaPullRaw = {
    publicKeyPem: read('mediaPullPublicKey', 'MEDIA_PULL_PUBLIC_KEY'),
    privateKeySecretName: read('mediaPullPrivateKeySecretName', 'MEDIA_PULL_PRIVATE_KEY_SECRET_NAME'),
  };
  const mailRaw = { from: read('mailFrom', 'MAIL_FROM'), identity: read('mailIdentity', 'MAIL_IDENTITY') };
  const parsed = AppConfigSchema.safeParse({
    // An identity without a From is a mistake, not a request to send nothing: the From is then missing.
    mail: Object.values(mailRaw).some((v) => v !== undefined) ? mailRaw : undefined,
    // All-or-nothing, like Google: one of the two alone is a mistake.
    mediaPull: Object.values(mediaPullRaw).some((v) => v !== undefined) ? mediaPullRaw : undefined,
    stage: read('stage', 'STAGE'),
    region: read('region', 'CDK_DEFAULT_REGION') ?? 'us-east-1',
    // Google is all-or-nothing: a partial set is a mistake, not a request to disable it.
    google: googleGiven ? googleRaw : undefined,
    extraCorsOrigins: list(read('extraCorsOrigins', 'EXTRA_CORS_ORIGINS')),
    webDir: read('webDir', 'WEB_DIR'),
    logLevel: read('logLevel', 'LOG_LEVEL'),
    platformCredentialsSecretName: read('platformCredentialsSecretName', 'PLATFORM_CREDENTIALS_SECRET_NAME'),
    proComingSoon: flag(read('proComingSoon', 'PRO_COMING_SOON')),
    graphApiVersion: read('graphApiVersion', 'GRAPH_API_VERSION'),
    blueskyServiceUrl: read('blueskyServiceUrl', 'BLUESKY_SERVICE_URL'),
    linkedinPages: read('linkedinPages', 'LINKEDIN_PAGES'),
    pinterestApiHost: read('pinterestApiHost', 'PINTEREST_API_HOST'),
    youtubeUnverified: flag(read('youtubeUnverified', 'YOUTUBE_UNVERIFIED')),
    tiktokUnaudited: flag(read('tiktokUnaudited', 'TIKTOK_UNAUDITED')),
    stripeSecretName: read('stripeSecretName', 'STRIPE_SECRET_NAME'),
    stripePrices: jsonObject(read('stripePrices', 'STRIPE_PRICES')),
    publisherConcurrency: integer(read('publisherConcurrency', 'PUBLISHER_CONCURRENCY')),
    alarmEmail: read('alarmEmail', 'ALARM_EMAIL'),
    alarmTopicArn: read('alarmTopicArn', 'ALARM_TOPIC_ARN'),
    waf: read('waf', 'WAF'),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`Invalid deployment configuration:\n${problems}`);
  }
  return parsed.data;
}
