import * as z from 'zod';
import { text } from './text';

/**
 * Outgoing webhooks (docs/webhooks.md): a workspace's endpoints, each subscribed to some events,
 * signed per the Standard Webhooks spec (https://www.standardwebhooks.com/) and retried with
 * backoff for more than a day. Admins manage them in Settings → Webhooks.
 */

/** The events an endpoint can subscribe to; `webhook.test` is only ever sent by "Send test event". */
export const WEBHOOK_EVENTS = [
  'post.scheduled',
  'post.published',
  'post.failed',
  'post.partially_failed',
  'account.needs_reconnect',
  'approval.requested',
  'approval.decided',
  'analytics.collected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const WEBHOOK_EVENT_LABELS: Readonly<Record<(typeof WEBHOOK_EVENTS)[number], string>> = {
  'post.scheduled': 'A post is scheduled',
  'post.published': 'A post is published on every network',
  'post.failed': 'A post failed on every network',
  'post.partially_failed': 'A post failed on some networks',
  'account.needs_reconnect': 'A connection needs reconnecting',
  'approval.requested': 'A post is submitted for approval',
  'approval.decided': 'A post is approved or sent back',
  'analytics.collected': 'New analytics were collected for a post',
};

/** Endpoints per workspace, at most: one per integration is far below it. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** One attempt waits this long for the receiver's answer (Standard Webhooks suggests a short timeout). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Deliveries shown in Settings, newest first. */
export const WEBHOOK_LOG_SIZE = 50;
/** A delivery's log item expires this long after its event. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Seconds to wait before attempt n+1 after attempt n failed (index n-1): 30 s, 2 min, 10 min, 30 min,
 * 1 h, 3 h, 6 h, 12 h, 12 h. Together 34 h 42 min 30 s, so a receiver that is down for a whole day
 * still gets every event; after the last attempt the delivery has failed for good.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 12 * 3600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** How long to wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function webhookRetryDelaySeconds(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1] ?? null;
}

/** Deliveries that failed for good in a row before the endpoint is switched off (and its Admins told). */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 5;

export const WEBHOOK_MSG = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https://',
  urlHttps: 'Webhook endpoints must use https://.',
  urlCredentials: 'Put credentials in your endpoint, not in its address: remove the user name and password.',
  urlPrivate: (host: string) => `${host} is not a public internet address, so webhooks cannot be sent to it.`,
  urlNoHost: (host: string) => `We couldn't find the server ${host}.`,
  eventsRequired: 'Choose at least one event to send.',
  tooMany: `A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  notFound: 'That webhook endpoint no longer exists.',
  descriptionTooLong: `A description is at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
} as const;

export const CreateWebhookBodySchema = z
  .object({
    url: text({ error: WEBHOOK_MSG.urlInvalid }).trim().min(1, { error: WEBHOOK_MSG.urlInvalid }).max(WEBHOOK_URL_MAX, { error: WEBHOOK_MSG.urlInvalid }),
    events: z.array(WebhookEventSchema, { error: WEBHOOK_MSG.eventsRequired }).min(1, { error: WEBHOOK_MSG.eventsRequired }).max(WEBHOOK_EVENTS.length),
    description: text().trim().max(WEBHOOK_DESCRIPTION_MAX, { error: WEBHOOK_MSG.descriptionTooLong }).optional(),
  })
  .strict();
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

export const WebhookIdParamsSchema = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/) }).strict();

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Why it was switched off, when it was. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  /** Final failures in a row since the last success. */
  consecutive_failures: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = z.object({ items: z.array(WebhookEndpointSchema) });

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const WebhookWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/) });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status, or null when there was no answer (timeout, refused, unreachable). */
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export const WebhookDeliverySchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  created_at: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(WebhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema) });

/** The JSON body of every delivery (docs/webhooks.md#events). */
export interface WebhookPayload {
  readonly type: WebhookEventType;
  readonly timestamp: string;
  readonly workspace_id: string;
  readonly data: Readonly<Record<string, unknown>>;
}
