import { dayNamesByCode } from './weekdays';

/**
 * The queue's rules and messages, without its schemas (shared/queue.ts builds those with zod and
 * re-exports these): the Queue page paints with them and loads zod only with its first answer.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES = dayNamesByCode(WEEKDAYS);

/** More than one post an hour on one account is past what any network's feed rewards; it also bounds the item. */
export const MAX_SLOTS_PER_DAY = 24;
/** How far ahead "Add to queue" looks for a free slot, and the longest queue view. */
export const QUEUE_HORIZON_DAYS = 56;
export const QUEUE_DEFAULT_DAYS = 14;

export const QUEUE_MSG = {
  time: 'Times are written HH:MM, from 00:00 to 23:59',
  day: 'Days are mon, tue, wed, thu, fri, sat or sun',
  tooMany: (day: Weekday) => `${WEEKDAY_NAMES[day]} has more than ${MAX_SLOTS_PER_DAY} posting times; remove some`,
  duplicate: (day: Weekday, time: string) => `${WEEKDAY_NAMES[day]} ${time} is listed twice`,
  noSchedule: (account: string) => `${account} has no posting times yet. Add them on the Queue page.`,
  noCommonSlot: `The selected accounts have no free posting time in common in the next ${QUEUE_HORIZON_DAYS / 7} weeks. Add a shared time on the Queue page, or queue them one at a time.`,
  notASlot: 'That time is not a posting time of every account on this post',
  notQueued: 'Only a scheduled post can be moved in the queue',
  slotTaken: 'That slot holds a post that cannot move to this post’s time',
  moveRace: 'Another post was just moved into that slot. Reload the queue and choose again.',
  addRace: 'Other posts were just added to the next free slots. Add this post to the queue again.',
  past: 'That slot has already passed',
  unknownAccount: 'That account was not found in your connected accounts',
  unknownClient: 'That client was not found in your clients',
  agencyOnly: 'Client posting times are for agency mode. Switch to agency mode in Settings first.',
  noClientSlot: (client: string) =>
    `${client} has no free posting time in the next ${QUEUE_HORIZON_DAYS / 7} weeks. Add times to its schedule on the Queue page.`,
} as const;

/** One weekly posting time (QueueSlotSchema checks one). */
export interface QueueSlot {
  day: Weekday;
  time: string;
}

/** The first rule a weekly schedule breaks, or null (the same message on the form and from the API). */
export function weeklySlotsProblem(slots: readonly QueueSlot[]): string | null {
  const seen = new Set<string>();
  const perDay = new Map<Weekday, number>();
  for (const { day, time } of slots) {
    if (seen.has(`${day} ${time}`)) return QUEUE_MSG.duplicate(day, time);
    seen.add(`${day} ${time}`);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    if (perDay.get(day)! > MAX_SLOTS_PER_DAY) return QUEUE_MSG.tooMany(day);
  }
  return null;
}

/** Week order, then time order: how a schedule is stored and shown. */
export function sortSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  return [...slots].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time));
}
