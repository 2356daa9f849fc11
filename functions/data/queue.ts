import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sortSlots, type QueueSchedule, type QueueSlot } from '@shared/queue';
import { db, listUserItems, putIf, tableName, userPk } from './table';

/**
 * Queue slots (docs/queue.md, docs/data-model.md#queue-slots):
 *  - an account's weekly schedule: pk = USER#<id>, sk = QUEUESLOTS#<accountId>, the slots as a list
 *    of { day, time } in the user's timezone (read one, or all with begins_with QUEUESLOTS#)
 *  - a short lease on one slot while "Add to queue" writes its post: pk = USER#<id>,
 *    sk = QUEUELEASE#<accountId>#<slot UTC ISO>, TTL expiresAt. Two adds at once cannot both take a
 *    slot, also in the moment before the new post shows in gsi1 (index reads are eventually consistent).
 * Both live under USER#<id>, so account deletion's sweep removes them.
 */
const SLOTS_PREFIX = 'QUEUESLOTS#';
const LEASE_PREFIX = 'QUEUELEASE#';
const slotsKey = (userId: string, accountId: string) => ({ pk: userPk(userId), sk: `${SLOTS_PREFIX}${accountId}` });

/** Long enough for one add-to-queue request (API timeout 10 s) and the index to catch up; short enough never to block a later add. */
export const SLOT_LEASE_SECONDS = 30;

function toSchedule(item: Record<string, unknown>): QueueSchedule {
  return {
    social_account_id: String(item.account_id),
    slots: (item.slots as QueueSlot[] | undefined) ?? [],
    updated_at: typeof item.updated_at === 'string' ? item.updated_at : null,
  };
}

export async function listQueueSchedules(userId: string): Promise<QueueSchedule[]> {
  return (await listUserItems(userId, SLOTS_PREFIX)).map(toSchedule);
}

export async function getQueueSchedule(userId: string, accountId: string): Promise<QueueSchedule | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: slotsKey(userId, accountId), ConsistentRead: true }));
  return Item ? toSchedule(Item) : null;
}

export async function putQueueSchedule(userId: string, accountId: string, slots: readonly QueueSlot[], now: Date): Promise<QueueSchedule> {
  const schedule: QueueSchedule = { social_account_id: accountId, slots: sortSlots(slots), updated_at: now.toISOString() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...slotsKey(userId, accountId), type: 'QueueSchedule', account_id: accountId, slots: schedule.slots, updated_at: schedule.updated_at },
    }),
  );
  return schedule;
}

/** Disconnecting an account removes its weekly schedule (its posts stay: docs/queue.md#disconnecting). */
export async function deleteQueueSchedule(userId: string, accountId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: slotsKey(userId, accountId) }));
}

/** Takes the slot for SLOT_LEASE_SECONDS; false while another add holds it. */
export async function leaseSlot(userId: string, accountId: string, slotIso: string, now: Date): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return putIf({
    Item: { pk: userPk(userId), sk: `${LEASE_PREFIX}${accountId}#${slotIso}`, type: 'QueueLease', expiresAt: nowSeconds + SLOT_LEASE_SECONDS },
    // TTL deletion is lazy (up to days on AWS), so an expired lease is overwritten here rather than waited for.
    ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
    ExpressionAttributeValues: { ':now': nowSeconds },
  });
}

/** Gives a lease back (the add failed before its post was written). */
export async function releaseSlot(userId: string, accountId: string, slotIso: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: `${LEASE_PREFIX}${accountId}#${slotIso}` } }));
}
