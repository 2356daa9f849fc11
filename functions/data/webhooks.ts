import type { WebhookEventType } from '@shared/webhooks';
import { WEBHOOK_SK_PREFIX, webhookDeliveryPrefix, webhookDeliverySk, webhookSk, workspacePk } from './keys';
import { deleteIf, getItems, listWorkspaceItems, putIf, queryAll, tableName, updateIf, type ItemKey } from './table';

/**
 * Outgoing webhooks (docs/webhooks.md), in the workspace's partition:
 *  - an endpoint: sk = WEBHOOK#<ulid>: its URL, events, on/off, its signing secret (envelope-encrypted,
 *    lib/secrets.ts: it must be read back to sign, so it cannot be hashed like an API key) and how many
 *    deliveries in a row failed for good;
 *  - a delivery: sk = WEBHOOKDELIVERY#<endpointId>#<eventId>: the exact body sent (every attempt sends
 *    the same bytes), its state and attempts, expiring WEBHOOK_LOG_DAYS after the event (TTL expiresAt).
 */

export interface StoredWebhook {
  readonly id: string;
  readonly workspaceId: string;
  readonly url: string;
  readonly description: string;
  readonly events: readonly string[];
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly createdAt: string;
  readonly createdBy: string;
  /** The whsec_ secret, encrypted. */
  readonly secretBlob: string;
  readonly consecutiveFailures: number;
}

export interface StoredAttempt {
  readonly at: string;
  readonly status: number | null;
  readonly durationMs: number;
  readonly error: string | null;
}

export interface StoredDelivery {
  readonly workspaceId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: WebhookEventType;
  readonly createdAt: string;
  readonly body: string;
  readonly state: 'pending' | 'succeeded' | 'failed';
  readonly attempts: readonly StoredAttempt[];
  readonly nextAttemptAt: string | null;
}

const endpointKey = (workspaceId: string, id: string): ItemKey => ({ pk: workspacePk(workspaceId), sk: webhookSk(id) });
const deliveryKey = (workspaceId: string, endpointId: string, eventId: string): ItemKey => ({
  pk: workspacePk(workspaceId),
  sk: webhookDeliverySk(endpointId, eventId),
});

const toWebhook = (workspaceId: string, item: Record<string, unknown>): StoredWebhook => ({
  id: String(item.id),
  workspaceId,
  url: String(item.url),
  description: typeof item.description === 'string' ? item.description : '',
  events: Array.isArray(item.events) ? item.events.map(String) : [],
  enabled: item.enabled === true,
  disabledReason: typeof item.disabledReason === 'string' ? item.disabledReason : null,
  createdAt: String(item.createdAt),
  createdBy: String(item.createdBy),
  secretBlob: String(item.secretBlob),
  consecutiveFailures: Number(item.consecutiveFailures ?? 0),
});

const toDelivery = (workspaceId: string, item: Record<string, unknown>): StoredDelivery => ({
  workspaceId,
  endpointId: String(item.endpointId),
  eventId: String(item.eventId),
  eventType: item.eventType as WebhookEventType,
  createdAt: String(item.createdAt),
  body: String(item.body),
  state: item.state as StoredDelivery['state'],
  attempts: Array.isArray(item.attempts) ? (item.attempts as StoredAttempt[]) : [],
  nextAttemptAt: typeof item.nextAttemptAt === 'string' ? item.nextAttemptAt : null,
});

export async function putWebhook(webhook: StoredWebhook): Promise<void> {
  const { workspaceId, ...rest } = webhook;
  await putIf({ Item: { ...endpointKey(workspaceId, webhook.id), type: 'Webhook', ...rest }, ConditionExpression: 'attribute_not_exists(pk)' });
}

/** The workspace's endpoints, newest first. */
export async function listWebhooks(workspaceId: string): Promise<StoredWebhook[]> {
  return (await listWorkspaceItems(workspaceId, WEBHOOK_SK_PREFIX)).map((item) => toWebhook(workspaceId, item));
}

export async function getWebhook(workspaceId: string, id: string): Promise<StoredWebhook | null> {
  const [item] = await getItems([endpointKey(workspaceId, id)]);
  return item ? toWebhook(workspaceId, item) : null;
}

/** Deletes the endpoint (its log expires by itself); false when there was none. */
export async function deleteWebhook(workspaceId: string, id: string): Promise<boolean> {
  return (await deleteIf({ Key: endpointKey(workspaceId, id), ConditionExpression: 'attribute_exists(pk)' })) !== null;
}

/** Replaces the secret; false when the endpoint is gone. */
export async function setWebhookSecret(workspaceId: string, id: string, secretBlob: string): Promise<boolean> {
  return (
    (await updateIf({
      Key: endpointKey(workspaceId, id),
      UpdateExpression: 'SET secretBlob = :blob',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':blob': secretBlob },
    })) !== null
  );
}

/** Switches the endpoint back on with a clean failure count; false when it is gone. */
export async function enableWebhook(workspaceId: string, id: string): Promise<boolean> {
  return (
    (await updateIf({
      Key: endpointKey(workspaceId, id),
      UpdateExpression: 'SET enabled = :on, consecutiveFailures = :zero REMOVE disabledReason',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':on': true, ':zero': 0 },
    })) !== null
  );
}

/** A delivery succeeded: the run of failures is over. */
export async function resetWebhookFailures(workspaceId: string, id: string): Promise<void> {
  await updateIf({
    Key: endpointKey(workspaceId, id),
    UpdateExpression: 'SET consecutiveFailures = :zero',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':zero': 0 },
  });
}

/** A delivery failed for good: the run of failures so far, or null when the endpoint is gone. */
export async function countWebhookFailure(workspaceId: string, id: string): Promise<number | null> {
  const item = await updateIf(
    {
      Key: endpointKey(workspaceId, id),
      UpdateExpression: 'ADD consecutiveFailures :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    },
    true,
  );
  return item ? Number(item.consecutiveFailures) : null;
}

/** Switches an enabled endpoint off; true only for the call that did (so one notice goes out). */
export async function disableWebhook(workspaceId: string, id: string, reason: string): Promise<boolean> {
  return (
    (await updateIf({
      Key: endpointKey(workspaceId, id),
      UpdateExpression: 'SET enabled = :off, disabledReason = :reason',
      ConditionExpression: 'enabled = :on',
      ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': reason },
    })) !== null
  );
}

/** Stores a new delivery; false when this event already has one for this endpoint (a repeated emit). */
export async function putDelivery(delivery: StoredDelivery, expiresAtEpochSeconds: number): Promise<boolean> {
  const { workspaceId, ...rest } = delivery;
  return putIf({
    Item: { ...deliveryKey(workspaceId, delivery.endpointId, delivery.eventId), type: 'WebhookDelivery', ...rest, expiresAt: expiresAtEpochSeconds },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

export async function getDelivery(workspaceId: string, endpointId: string, eventId: string): Promise<StoredDelivery | null> {
  const [item] = await getItems([deliveryKey(workspaceId, endpointId, eventId)]);
  return item ? toDelivery(workspaceId, item) : null;
}

/** The endpoint's latest deliveries, newest first. */
export async function listDeliveries(workspaceId: string, endpointId: string, limit: number): Promise<StoredDelivery[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(workspaceId), ':prefix': webhookDeliveryPrefix(endpointId) },
    ScanIndexForward: false,
    Limit: limit,
  });
  return items.slice(0, limit).map((item) => toDelivery(workspaceId, item));
}

/**
 * Claims attempt `attempt` (1-based) of a pending delivery before it is sent, so a message SQS hands
 * out twice sends once. A claim older than `staleBefore` (the sender crashed or timed out) may be taken
 * again. False: the attempt was made or is being made, or the delivery is over.
 */
export async function claimAttempt(
  workspaceId: string,
  endpointId: string,
  eventId: string,
  attempt: number,
  at: string,
  staleBefore: string,
): Promise<boolean> {
  return (
    (await updateIf({
      Key: deliveryKey(workspaceId, endpointId, eventId),
      UpdateExpression: 'SET claimedAttempt = :n, claimedAt = :at',
      ConditionExpression:
        '#state = :pending AND size(attempts) = :made AND (attribute_not_exists(claimedAttempt) OR claimedAttempt < :n OR claimedAt < :stale)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':pending': 'pending', ':made': attempt - 1, ':n': attempt, ':at': at, ':stale': staleBefore },
    })) !== null
  );
}

/** Appends the attempt and the delivery's new state. */
export async function recordAttempt(
  workspaceId: string,
  endpointId: string,
  eventId: string,
  attempt: StoredAttempt,
  next: { state: StoredDelivery['state']; nextAttemptAt: string | null },
): Promise<void> {
  await updateIf({
    Key: deliveryKey(workspaceId, endpointId, eventId),
    UpdateExpression: 'SET attempts = list_append(attempts, :attempt), #state = :state, nextAttemptAt = :next',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':attempt': [attempt], ':state': next.state, ':next': next.nextAttemptAt },
  });
}
