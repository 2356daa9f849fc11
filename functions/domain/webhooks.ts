import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_MSG,
  WEBHOOK_TIMEOUT_SECONDS,
  webhookRetryDelaySeconds,
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookWithSecret,
} from '@shared/webhooks';
import type { Role } from '@shared/workspaces';
import { Webhook } from 'standardwebhooks';
import * as z from 'zod';
import {
  claimAttempt,
  countWebhookFailure,
  deleteWebhook,
  disableWebhook,
  enableWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  putDelivery,
  putWebhook,
  recordAttempt,
  resetWebhookFailures,
  setWebhookSecret,
  type StoredDelivery,
  type StoredWebhook,
} from '../data/webhooks';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { checkPublicUrl, localWebOrigin, postPublicJson, type GuardMessages, type GuardOptions } from '../lib/public-fetch';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { sqsWebhookQueue, SQS_MAX_DELAY_SECONDS } from '../lib/webhook-queue';
import { notifyWorkspace } from './notifications';

/**
 * Outgoing webhooks (docs/webhooks.md). Something happens in a workspace → `emitWorkspaceEvent`
 * stores one delivery per enabled endpoint subscribed to it (one event id, shared) and queues one
 * message per delivery; the delivery job (`deliverWebhook`) signs and POSTs it, and on a failure
 * queues the next attempt after the backoff (shared/webhooks.ts WEBHOOK_RETRY_DELAYS_SECONDS).
 * An endpoint whose deliveries keep failing for good is switched off and its Admins are told.
 */

export interface WebhookManager {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
}

/** One attempt of one delivery, as queued. */
export const DeliveryMessageSchema = z.object({
  workspaceId: z.string().min(1),
  endpointId: z.string().min(1),
  eventId: z.string().min(1),
  attempt: z.number().int().min(1),
  /** Not before this time (ISO): a wait longer than SQS's 15-minute delay is covered in hops. */
  notBefore: z.string().optional(),
});
export type DeliveryMessage = z.infer<typeof DeliveryMessageSchema>;

export interface WebhookQueue {
  send(message: DeliveryMessage, delaySeconds?: number): Promise<void>;
}

export type WebhookPost = (url: string, body: string, headers: Readonly<Record<string, string>>) => Promise<{ status: number }>;

export interface WebhookDeps extends Deps {
  readonly queue: WebhookQueue;
  /** Sends one attempt; throws a ValidationError saying why when there was no answer. */
  readonly post: WebhookPost;
  /** Refuses an endpoint URL the sender would refuse (ValidationError). */
  readonly checkUrl: (url: URL) => Promise<void>;
}

const GUARD_MESSAGES: GuardMessages = {
  https: WEBHOOK_MSG.urlHttps,
  credentials: WEBHOOK_MSG.urlCredentials,
  noHost: WEBHOOK_MSG.urlNoHost,
  privateHost: WEBHOOK_MSG.urlPrivate,
  timeout: (host) => `The server at ${host} did not answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds.`,
};

/** The SSRF guard of media links, with the local cloud's public-web stand-in as its only exemption. */
const guardOptions = (): GuardOptions => ({ exemptOrigin: localWebOrigin(env().LOCAL_PUBLIC_WEB_ORIGIN, env().AWS_EXECUTION_ENV), messages: GUARD_MESSAGES });

/** The SSRF guard alone: what adding an endpoint needs (it sends nothing). */
const checkEndpointUrl = (url: URL) => checkPublicUrl(url, { ...guardOptions(), timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000 });

export const defaultWebhookDeps: WebhookDeps = {
  ...defaultDeps,
  queue: sqsWebhookQueue,
  post: (url, body, headers) =>
    postPublicJson(url, body, headers, { ...guardOptions(), timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000, userAgent: 'ScheduleAndAutopost-Webhooks/1.0' }),
  checkUrl: checkEndpointUrl,
};

const view = (webhook: StoredWebhook): WebhookEndpoint => ({
  id: webhook.id,
  url: webhook.url,
  description: webhook.description,
  events: webhook.events as WebhookEndpoint['events'],
  enabled: webhook.enabled,
  disabled_reason: webhook.disabledReason,
  created_at: webhook.createdAt,
  consecutive_failures: webhook.consecutiveFailures,
});

const deliveryView = (delivery: StoredDelivery): WebhookDelivery => ({
  event_id: delivery.eventId,
  event_type: delivery.eventType,
  created_at: delivery.createdAt,
  state: delivery.state,
  attempts: delivery.attempts.map((a) => ({ at: a.at, status: a.status, duration_ms: a.durationMs, error: a.error })),
  next_attempt_at: delivery.nextAttemptAt,
});

/** 32 random bytes, as the Standard Webhooks libraries expect a secret: `whsec_` and base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function parseEndpointUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(WEBHOOK_MSG.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ValidationError(WEBHOOK_MSG.urlInvalid);
  return url;
}

export async function listWorkspaceWebhooks(actor: WebhookManager): Promise<WebhookEndpoint[]> {
  return (await listWebhooks(actor.workspaceId)).map(view);
}

/** A new endpoint, with its secret shown this once. The URL is refused now if sending to it would be. */
export async function createWebhook(
  actor: WebhookManager,
  body: CreateWebhookBody,
  deps: Deps & Pick<WebhookDeps, 'checkUrl'> = { ...defaultDeps, checkUrl: checkEndpointUrl },
): Promise<WebhookWithSecret> {
  const url = parseEndpointUrl(body.url);
  await deps.checkUrl(url);
  if ((await listWebhooks(actor.workspaceId)).length >= MAX_WEBHOOK_ENDPOINTS) throw new ValidationError(WEBHOOK_MSG.tooMany);
  const secret = newSecret();
  const webhook: StoredWebhook = {
    id: deps.newId(),
    workspaceId: actor.workspaceId,
    url: url.toString(),
    description: body.description ?? '',
    events: [...new Set(body.events)],
    enabled: true,
    disabledReason: null,
    createdAt: deps.now().toISOString(),
    createdBy: actor.userId,
    secretBlob: await encryptSecret(secret),
    consecutiveFailures: 0,
  };
  await putWebhook(webhook);
  return { ...view(webhook), secret };
}

async function existing(actor: WebhookManager, id: string): Promise<StoredWebhook> {
  const webhook = await getWebhook(actor.workspaceId, id);
  if (!webhook) throw new NotFoundError(WEBHOOK_MSG.notFound);
  return webhook;
}

export async function removeWebhook(actor: WebhookManager, id: string): Promise<void> {
  if (!(await deleteWebhook(actor.workspaceId, id))) throw new NotFoundError(WEBHOOK_MSG.notFound);
}

/** A new secret, shown this once; the old one stops signing with this write. */
export async function rotateWebhookSecret(actor: WebhookManager, id: string): Promise<WebhookWithSecret> {
  const webhook = await existing(actor, id);
  const secret = newSecret();
  if (!(await setWebhookSecret(actor.workspaceId, id, await encryptSecret(secret)))) throw new NotFoundError(WEBHOOK_MSG.notFound);
  return { ...view(webhook), secret };
}

export async function reenableWebhook(actor: WebhookManager, id: string): Promise<WebhookEndpoint> {
  const webhook = await existing(actor, id);
  if (!(await enableWebhook(actor.workspaceId, id))) throw new NotFoundError(WEBHOOK_MSG.notFound);
  return view({ ...webhook, enabled: true, disabledReason: null, consecutiveFailures: 0 });
}

export async function listWebhookDeliveries(actor: WebhookManager, id: string): Promise<WebhookDelivery[]> {
  await existing(actor, id);
  return (await listDeliveries(actor.workspaceId, id, WEBHOOK_LOG_SIZE)).map(deliveryView);
}

/** "Send test event": a `webhook.test` event to this endpoint alone, whatever it subscribes to. */
export async function sendTestEvent(actor: WebhookManager, id: string, deps: WebhookDeps = defaultWebhookDeps): Promise<{ event_id: string }> {
  const webhook = await existing(actor, id);
  const eventId = deps.newId();
  await enqueueDelivery(webhook, eventId, payloadOf(actor.workspaceId, 'webhook.test', { message: 'A test event from Settings → Webhooks.' }, deps), deps);
  return { event_id: eventId };
}

function payloadOf(workspaceId: string, type: WebhookEventType, data: Record<string, unknown>, deps: Deps): WebhookPayload {
  return { type, timestamp: deps.now().toISOString(), workspace_id: workspaceId, data };
}

/** Stores the delivery (once per event and endpoint) and queues its first attempt. */
async function enqueueDelivery(webhook: StoredWebhook, eventId: string, payload: WebhookPayload, deps: WebhookDeps): Promise<void> {
  const created = deps.now();
  const stored = await putDelivery(
    {
      workspaceId: webhook.workspaceId,
      endpointId: webhook.id,
      eventId,
      eventType: payload.type,
      createdAt: created.toISOString(),
      body: JSON.stringify(payload),
      state: 'pending',
      attempts: [],
      nextAttemptAt: created.toISOString(),
    },
    Math.floor(created.getTime() / 1000) + WEBHOOK_LOG_DAYS * 86_400,
  );
  if (stored) await deps.queue.send({ workspaceId: webhook.workspaceId, endpointId: webhook.id, eventId, attempt: 1 });
}

/**
 * Something happened in the workspace: one delivery per enabled endpoint subscribed to `type`, all
 * with one event id (`eventId` lets a step that may run twice emit the same event twice, which
 * delivers once). Never throws and never waits on a receiver: the step that emitted has happened
 * whatever webhooks make of it, so a failure here is logged, not passed on.
 */
export async function emitWorkspaceEvent(
  workspaceId: string,
  type: Exclude<WebhookEventType, 'webhook.test'>,
  data: Record<string, unknown>,
  options: { eventId?: string } = {},
  deps: WebhookDeps = defaultWebhookDeps,
): Promise<void> {
  try {
    const endpoints = (await listWebhooks(workspaceId)).filter((w) => w.enabled && w.events.includes(type));
    if (endpoints.length === 0) return;
    const eventId = options.eventId ?? deps.newId();
    const payload = payloadOf(workspaceId, type, data, deps);
    const sent = await Promise.allSettled(endpoints.map((webhook) => enqueueDelivery(webhook, eventId, payload, deps)));
    for (const outcome of sent)
      if (outcome.status === 'rejected') logger.error('Could not queue a webhook delivery', { workspaceId, type, eventId, error: outcome.reason });
  } catch (error) {
    logger.error('Could not emit a webhook event', { workspaceId, type, error });
  }
}

/** What a post's webhook events carry (docs/webhooks.md#events): enough to fetch the rest over /v1. */
export function postEventData(post: {
  readonly id: string;
  readonly status: string;
  readonly scheduled_at?: string | null;
  readonly platforms: readonly { readonly platform: string }[];
}): Record<string, unknown> {
  return { post_id: post.id, status: post.status, scheduled_at: post.scheduled_at ?? null, platforms: post.platforms.map((t) => t.platform) };
}

/** A post's schedule as it was before a write: null for a post that did not exist. */
export type ScheduleBefore = { readonly status: string; readonly scheduled_at: string | null } | null;

/**
 * `post.scheduled` for a post whose schedule was just set: sent when the post became scheduled or
 * its time moved, not when a scheduled post was saved at the same time (a caption edit), so an
 * integration mirroring the calendar hears of every time the post now has, once.
 */
export async function announceScheduled(
  workspaceId: string,
  post: Parameters<typeof postEventData>[0],
  before: ScheduleBefore,
  deps: Deps = defaultDeps,
): Promise<void> {
  if (post.status !== 'scheduled') return;
  if (before?.status === 'scheduled' && before.scheduled_at === (post.scheduled_at ?? null)) return;
  await emitWorkspaceEvent(workspaceId, 'post.scheduled', postEventData(post), {}, { ...defaultWebhookDeps, now: deps.now, newId: deps.newId });
}

/** The Standard Webhooks headers for one attempt: the event id, the attempt's time, the signature. */
export function signedHeaders(secret: string, eventId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/**
 * One queued attempt: waits out the rest of a long backoff (re-queued in hops of at most 15
 * minutes), claims the attempt so a message SQS hands out twice sends once, signs and POSTs, and
 * records the answer. 2xx succeeds; anything else queues the next attempt, or ends the delivery as
 * failed after the last one, which may switch the endpoint off.
 */
export async function deliverWebhook(message: DeliveryMessage, deps: WebhookDeps = defaultWebhookDeps): Promise<void> {
  const now = deps.now();
  if (message.notBefore && Date.parse(message.notBefore) > now.getTime()) {
    await deps.queue.send(message, Math.min(SQS_MAX_DELAY_SECONDS, (Date.parse(message.notBefore) - now.getTime()) / 1000));
    return;
  }
  const { workspaceId, endpointId, eventId, attempt } = message;
  const [webhook, delivery] = await Promise.all([getWebhook(workspaceId, endpointId), getDelivery(workspaceId, endpointId, eventId)]);
  // The endpoint was deleted (its log expires by itself), or the delivery is over or gone.
  if (!webhook || !delivery || delivery.state !== 'pending') return;
  if (!webhook.enabled && delivery.eventType !== 'webhook.test') {
    await recordAttempt(
      workspaceId,
      endpointId,
      eventId,
      { at: now.toISOString(), status: null, durationMs: 0, error: 'Not sent: the endpoint is disabled.' },
      { state: 'failed', nextAttemptAt: null },
    );
    return;
  }
  if (delivery.attempts.length >= attempt) {
    // This attempt was made and recorded, but queueing the next one failed: queue it again (its claim
    // makes a copy harmless).
    if (delivery.attempts.length === attempt && delivery.nextAttemptAt)
      await deps.queue.send(
        { ...message, attempt: attempt + 1, notBefore: delivery.nextAttemptAt },
        Math.min(SQS_MAX_DELAY_SECONDS, (Date.parse(delivery.nextAttemptAt) - now.getTime()) / 1000),
      );
    return;
  }
  const staleBefore = new Date(now.getTime() - 2 * WEBHOOK_TIMEOUT_SECONDS * 1000).toISOString();
  if (!(await claimAttempt(workspaceId, endpointId, eventId, attempt, now.toISOString(), staleBefore))) return;

  const headers = signedHeaders(await decryptSecret(webhook.secretBlob), eventId, now, delivery.body);
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = (await deps.post(webhook.url, delivery.body, headers)).status;
    if (status < 200 || status > 299) error = `The endpoint answered ${status}.`;
  } catch (failure) {
    if (!(failure instanceof ValidationError)) throw failure;
    error = failure.message;
  }
  const record = { at: now.toISOString(), status, durationMs: Math.round(performance.now() - started), error };

  if (error === null) {
    await recordAttempt(workspaceId, endpointId, eventId, record, { state: 'succeeded', nextAttemptAt: null });
    await resetWebhookFailures(workspaceId, endpointId);
    return;
  }
  const delay = webhookRetryDelaySeconds(attempt);
  if (delay !== null) {
    const nextAt = new Date(now.getTime() + delay * 1000).toISOString();
    await recordAttempt(workspaceId, endpointId, eventId, record, { state: 'pending', nextAttemptAt: nextAt });
    await deps.queue.send({ workspaceId, endpointId, eventId, attempt: attempt + 1, notBefore: nextAt }, Math.min(delay, SQS_MAX_DELAY_SECONDS));
    return;
  }
  await recordAttempt(workspaceId, endpointId, eventId, record, { state: 'failed', nextAttemptAt: null });
  // A test event says something about the endpoint, but the user is watching it: it does not count.
  if (delivery.eventType === 'webhook.test') return;
  const failures = await countWebhookFailure(workspaceId, endpointId);
  if (failures === null || failures < WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES) return;
  const reason = `Switched off after ${failures} deliveries in a row failed every attempt.`;
  if (!(await disableWebhook(workspaceId, endpointId, reason))) return;
  await notifyWorkspace(
    workspaceId,
    {
      kind: 'webhook_disabled',
      message: `The webhook endpoint ${webhook.url} was switched off: its last ${failures} deliveries failed. Fix it and turn it back on in Settings → Webhooks.`,
      actorId: null,
    },
    deps,
  );
}
