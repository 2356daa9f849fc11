import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sortSlots, type ClientQueueSchedule, type QueueSchedule, type QueueSlot } from '@shared/queue';
import { CLIENT_QUEUE_SLOTS_PREFIX, clientSlotOwner, QUEUE_SLOTS_PREFIX, queueLeaseSk, queueSlotsSk, workspacePk } from './keys';
import { db, deleteIf, listWorkspaceItems, putIf, tableName, updateIf } from './table';

/**
 * Queue slots (docs/queue.md, docs/data-model.md#queue-slots):
 *  - an account's weekly schedule: pk = USER#<id>, sk = QUEUESLOTS#<accountId>, the slots as a list
 *    of { day, time } in the user's timezone (read one, or all with begins_with QUEUESLOTS#)
 *  - a short lease on one slot while "Add to queue" or a move writes its post: pk = USER#<id>,
 *    sk = QUEUELEASE#<accountId>#<slot UTC ISO>, TTL expiresAt, holder = the post. Two adds or moves
 *    at once cannot both take a slot, also in the moment before the post shows in gsi1 (index reads
 *    are eventually consistent).
 *  - a client's weekly schedule (agency mode): pk = USER#<id>, sk = QUEUESLOTS#client#<clientId>, the
 *    same list; its add-to-queue lease is QUEUELEASE#client#<clientId>#<slot UTC ISO>
 * All live under USER#<id>, so account deletion's sweep removes them.
 */
const slotsKey = (userId: string, owner: string) => ({ pk: workspacePk(userId), sk: queueSlotsSk(owner) });

/** Long enough for one add-to-queue request (API timeout 10 s) and the index to catch up; short enough never to block a later add. */
export const SLOT_LEASE_SECONDS = 30;

function toSchedule(item: Record<string, unknown>): QueueSchedule {
  return {
    social_account_id: String(item.account_id),
    slots: (item.slots as QueueSlot[] | undefined) ?? [],
    updated_at: typeof item.updated_at === 'string' ? item.updated_at : null,
  };
}

/** The accounts' schedules (the clients' share the prefix and are left out). */
export async function listQueueSchedules(userId: string): Promise<QueueSchedule[]> {
  return (await listWorkspaceItems(userId, QUEUE_SLOTS_PREFIX)).filter((item) => item.client_id === undefined).map(toSchedule);
}

function toClientSchedule(item: Record<string, unknown>): ClientQueueSchedule {
  const { slots, updated_at } = toSchedule(item);
  return { client_id: String(item.client_id), slots, updated_at };
}

/** Every client's schedule (pattern 21: begins_with QUEUESLOTS#client#). */
export async function listClientQueueSchedules(userId: string): Promise<ClientQueueSchedule[]> {
  return (await listWorkspaceItems(userId, CLIENT_QUEUE_SLOTS_PREFIX)).map(toClientSchedule);
}

/** One week item, an account's or a client's (`owner`), read consistently: an add right after a save sees it. */
async function readSlotsItem(userId: string, owner: string): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: slotsKey(userId, owner), ConsistentRead: true }));
  return Item ?? null;
}

async function writeSlotsItem(userId: string, owner: string, item: Record<string, unknown>): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...slotsKey(userId, owner), ...item } }));
}

export async function getClientQueueSchedule(userId: string, clientId: string): Promise<ClientQueueSchedule | null> {
  const item = await readSlotsItem(userId, clientSlotOwner(clientId));
  return item ? toClientSchedule(item) : null;
}

export async function putClientQueueSchedule(userId: string, clientId: string, slots: readonly QueueSlot[], now: Date): Promise<ClientQueueSchedule> {
  const schedule: ClientQueueSchedule = { client_id: clientId, slots: sortSlots(slots), updated_at: now.toISOString() };
  await writeSlotsItem(userId, clientSlotOwner(clientId), { type: 'ClientQueueSlots', ...schedule });
  return schedule;
}

/** Deleting a client removes its weekly schedule (its posts stay, unassigned: functions/domain/clients.ts). */
export async function deleteClientQueueSchedule(userId: string, clientId: string): Promise<void> {
  await deleteQueueSchedule(userId, clientSlotOwner(clientId));
}

export async function getQueueSchedule(userId: string, accountId: string): Promise<QueueSchedule | null> {
  const item = await readSlotsItem(userId, accountId);
  return item ? toSchedule(item) : null;
}

export async function putQueueSchedule(userId: string, accountId: string, slots: readonly QueueSlot[], now: Date): Promise<QueueSchedule> {
  const schedule: QueueSchedule = { social_account_id: accountId, slots: sortSlots(slots), updated_at: now.toISOString() };
  await writeSlotsItem(userId, accountId, { type: 'QueueSchedule', account_id: accountId, slots: schedule.slots, updated_at: schedule.updated_at });
  return schedule;
}

/** Disconnecting an account removes its weekly schedule (its posts stay: docs/queue.md#disconnecting). */
export async function deleteQueueSchedule(userId: string, accountId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: slotsKey(userId, accountId) }));
}

const leaseKey = (userId: string, owner: string, slotIso: string) => ({ pk: workspacePk(userId), sk: queueLeaseSk(owner, slotIso) });

/**
 * Takes the slot for SLOT_LEASE_SECONDS; false while another add or move holds it. The lease names the
 * post that holds it (`holder`), so a post may take a slot again that it holds itself, or that the post
 * it swaps with holds (`mayTakeFrom`): a move back, or a swap with a post just added, is not refused.
 */
export async function leaseSlot(
  userId: string,
  owner: string,
  slotIso: string,
  now: Date,
  holder?: { postId: string; mayTakeFrom?: readonly string[] },
): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const holders = holder ? [holder.postId, ...(holder.mayTakeFrom ?? [])] : [];
  const names = holders.map((_, i) => `:holder${i}`);
  return putIf({
    Item: { ...leaseKey(userId, owner, slotIso), type: 'QueueLease', expiresAt: nowSeconds + SLOT_LEASE_SECONDS, ...(holder ? { holder: holder.postId } : {}) },
    // TTL deletion is lazy (up to days on AWS), so an expired lease is overwritten here rather than waited for.
    ConditionExpression: `attribute_not_exists(pk) OR expiresAt < :now${names.length ? ` OR holder IN (${names.join(', ')})` : ''}`,
    ExpressionAttributeValues: { ':now': nowSeconds, ...Object.fromEntries(holders.map((id, i) => [names[i], id])) },
  });
}

/** Names the post an add's lease was taken for, once the post exists (an add learns the post's id only then). */
export async function nameSlotHolder(userId: string, owner: string, slotIso: string, postId: string): Promise<void> {
  await updateIf({
    Key: leaseKey(userId, owner, slotIso),
    UpdateExpression: 'SET holder = :post',
    // Only the lease this add took: never one that expired and was taken by another request meanwhile.
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(holder)',
    ExpressionAttributeValues: { ':post': postId },
  });
}

/** Gives a lease back (the add or move failed before its post was written). */
export async function releaseSlot(userId: string, owner: string, slotIso: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: leaseKey(userId, owner, slotIso) }));
}

/** Gives back a lease a post holds on the slot it has just left, so another post may move in at once. */
export async function releaseSlotHeldBy(userId: string, owner: string, slotIso: string, postId: string): Promise<void> {
  await deleteIf({ Key: leaseKey(userId, owner, slotIso), ConditionExpression: 'holder = :post', ExpressionAttributeValues: { ':post': postId } });
}
