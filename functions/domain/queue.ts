import type * as z from 'zod';
import { formatInTimeZone, getTimezoneOffset } from 'date-fns-tz';
import type { SocialAccount } from '@shared/accounts';
import { MSG } from '@shared/messages';
import type { AddToQueueBodySchema } from '@shared/post-bodies';
import type { Post } from '@shared/posts';
import {
  QUEUE_HORIZON_DAYS,
  QUEUE_MSG,
  WEEKDAYS,
  type ClientQueueSchedule,
  type MoveInQueueBodySchema,
  type MoveInQueueResult,
  type PutQueueScheduleBodySchema,
  type QueueSchedule,
  type QueueClientView,
  type QueueSchedules,
  type QueueSlot,
  type QueueView,
  type QueuedPost,
} from '@shared/queue';
import { effectiveTimezone } from '@shared/timezones';
import { mondayFirstIndex } from '@shared/weekdays';
import { getClient, listClients } from '../data/clients';
import { listConnections } from '../data/connections';
import { getPost as getPostRecord, listScheduledBetween, type PostRecord } from '../data/posts';
import { clientSlotOwner } from '../data/keys';
import {
  getClientQueueSchedule,
  getQueueSchedule,
  leaseSlot,
  listClientQueueSchedules,
  nameSlotHolder,
  listQueueSchedules,
  putClientQueueSchedule,
  putQueueSchedule,
  releaseSlot,
  releaseSlotHeldBy,
} from '../data/queue';
import { getSettings } from '../data/users';
import { defaultDeps, type Deps } from '../lib/clock';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { createPost, updatePost } from './posts';

/**
 * Queue slots (docs/queue.md). A slot is a wall-clock time on a weekday in the user's
 * timezone; a slot is filled when a scheduled post for that account is due at exactly that instant.
 * Nothing marks a post as "queued": a queued post is an ordinary scheduled post (same engine, same
 * allowance), and giving it another time by hand takes it out of its slot by itself.
 */

const DAY_MS = 86_400_000;
/** A slot closer than this is not offered: the post must reach the Scheduler before its minute. */
const SLOT_MIN_LEAD_MS = 60_000;
/** Slots tried when another add holds a lease on the earliest one. */
const MAX_LEASE_TRIES = 5;

// ---------------------------------------------------------------------------------------------
// Slot math (pure)

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[mondayFirstIndex(new Date(`${date}T12:00:00Z`))];

/**
 * The instant `time` shows on the wall in `zone` on `date`, so 09:00 stays 09:00 across a DST change.
 * A time the spring change skips (01:30 in London, 02:30 in New York) is placed where the clock would
 * be had it not jumped (02:30 BST, 03:30 EDT); a time the autumn change shows twice is taken once, at
 * its first showing. Both follow from reading the wall time with the offset in force before the change.
 */
export function wallClockInstant(date: string, time: string, zone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const before = asUtc - getTimezoneOffset(zone, new Date(asUtc - DAY_MS));
  const after = asUtc - getTimezoneOffset(zone, new Date(asUtc + DAY_MS));
  const shows = (instant: number) => formatInTimeZone(new Date(instant), zone, 'yyyy-MM-dd HH:mm') === `${date} ${time}`;
  const matching = [before, after].filter(shows);
  return new Date(matching.length > 0 ? Math.min(...matching) : before);
}

/** Every slot instant in [from, to), soonest first. */
export function slotInstants(slots: readonly QueueSlot[], zone: string, from: Date, to: Date): Date[] {
  const instants = new Set<number>();
  const last = formatInTimeZone(to, zone, 'yyyy-MM-dd');
  for (let date = addDays(formatInTimeZone(from, zone, 'yyyy-MM-dd'), -1); date <= last; date = addDays(date, 1)) {
    const day = weekdayOf(date);
    for (const slot of slots) {
      if (slot.day !== day) continue;
      const at = wallClockInstant(date, slot.time, zone).getTime();
      if (at >= from.getTime() && at < to.getTime()) instants.add(at);
    }
  }
  return [...instants].sort((a, b) => a - b).map((at) => new Date(at));
}

/** Which account's slots each post fills: account id → due instant (ISO) → post. */
export function slotsTaken(posts: readonly PostRecord[]): Map<string, Map<string, PostRecord>> {
  const taken = new Map<string, Map<string, PostRecord>>();
  for (const post of posts) {
    if (!post.scheduled_at) continue;
    for (const target of post.platforms) {
      const byTime = taken.get(target.social_account_id) ?? new Map<string, PostRecord>();
      byTime.set(post.scheduled_at, post);
      taken.set(target.social_account_id, byTime);
    }
  }
  return taken;
}

/**
 * The slots, soonest first, that are in every account's schedule and free on all of them. One post
 * goes to all its accounts at one time (its media belong to one post, and it counts once against the
 * plan, as a scheduled post does), so the slot must be common to them (docs/queue.md#several-accounts).
 */
export function commonFreeSlots(schedules: ReadonlyMap<string, readonly Date[]>, taken: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] {
  const [first, ...rest] = [...schedules.entries()];
  if (!first) return [];
  const others = rest.map(([accountId, instants]) => ({ accountId, at: new Set(instants.map((d) => d.toISOString())) }));
  const free = (accountId: string, iso: string) => !taken.get(accountId)?.has(iso);
  return first[1].map((d) => d.toISOString()).filter((iso) => free(first[0], iso) && others.every((o) => o.at.has(iso) && free(o.accountId, iso)));
}

/** Which client's slots each post fills: client id → due instant (ISO) → post. */
export function clientSlotsTaken(posts: readonly PostRecord[]): Map<string, Map<string, PostRecord>> {
  const taken = new Map<string, Map<string, PostRecord>>();
  for (const post of posts) {
    if (!post.scheduled_at || !post.client_id) continue;
    taken.set(post.client_id, (taken.get(post.client_id) ?? new Map<string, PostRecord>()).set(post.scheduled_at, post));
  }
  return taken;
}

/**
 * A client's free slots, soonest first (docs/queue.md#client-schedules): no scheduled post of that
 * client is due then, nor any post on the accounts the new post goes to (an account never posts
 * twice at once). The accounts' own schedules play no part.
 */
export function freeClientSlots(
  instants: readonly Date[],
  clientTaken: ReadonlyMap<string, unknown> | undefined,
  accountIds: readonly string[],
  taken: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
): string[] {
  return instants.map((d) => d.toISOString()).filter((iso) => !clientTaken?.has(iso) && accountIds.every((id) => !taken.get(id)?.has(iso)));
}

/** A post as the queue lists it: its first caption stands for it. */
export function queuedPostOf(post: PostRecord): QueuedPost {
  return {
    id: post.id,
    status: post.status,
    caption: post.platforms[0]?.caption ?? '',
    title: post.title,
    media_count: post.media.length,
    platforms: post.platforms.map((t) => t.platform),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads and writes

/** The user's timezone, and whether clients have their own weeks (agency mode). */
async function queueSettingsOf(userId: string): Promise<{ zone: string; agency: boolean }> {
  const settings = await getSettings(userId);
  return { zone: effectiveTimezone(settings.timezone), agency: settings.mode === 'agency' };
}

/** The client's week when it applies to a post: agency mode, and the client has times. */
async function clientWeekOf(userId: string, clientId: string | null | undefined, agency: boolean): Promise<ClientQueueSchedule | null> {
  if (!clientId || !agency) return null;
  const schedule = await getClientQueueSchedule(userId, clientId);
  return schedule && schedule.slots.length > 0 ? schedule : null;
}

function connectionOf(accounts: readonly SocialAccount[], id: string): SocialAccount {
  const account = accounts.find((a) => a.id === id);
  if (!account) throw new NotFoundError(QUEUE_MSG.unknownAccount);
  return account;
}

/** The weekly schedules of the user's connected accounts (one left behind by a removed account is not shown). */
export async function getQueueSchedules(userId: string): Promise<QueueSchedules> {
  const [accounts, schedules, { zone: timezone, agency }] = await Promise.all([listConnections(userId), listQueueSchedules(userId), queueSettingsOf(userId)]);
  const ids = new Set(accounts.map((a) => a.id));
  const [clients, clientSchedules] = agency ? await Promise.all([listClients(userId), listClientQueueSchedules(userId)]) : [[], []];
  const clientIds = new Set(clients.map((c) => c.id));
  return { timezone, items: schedules.filter((s) => ids.has(s.social_account_id)), clients: clientSchedules.filter((s) => clientIds.has(s.client_id)) };
}

export async function setQueueSchedule(
  userId: string,
  accountId: string,
  body: z.output<typeof PutQueueScheduleBodySchema>,
  deps: Deps = defaultDeps,
): Promise<QueueSchedule | ClientQueueSchedule> {
  if (body.kind === 'client') {
    // The id is looked up under the caller's own USER#: another user's client is simply not found.
    if (!(await getClient(userId, accountId))) throw new NotFoundError(QUEUE_MSG.unknownClient);
    if (!(await queueSettingsOf(userId)).agency) throw new ValidationError(QUEUE_MSG.agencyOnly);
    return putClientQueueSchedule(userId, accountId, body.slots, deps.now());
  }
  connectionOf(await listConnections(userId), accountId);
  return putQueueSchedule(userId, accountId, body.slots, deps.now());
}

/** Agency mode: every client with its next slots, each filled by the client's post due then, or empty. */
async function clientViews(userId: string, zone: string, now: Date, to: Date, posts: readonly PostRecord[]): Promise<QueueClientView[]> {
  const [clients, schedules] = await Promise.all([listClients(userId), listClientQueueSchedules(userId)]);
  const taken = clientSlotsTaken(posts);
  return clients.map((client) => ({
    client_id: client.id,
    name: client.name,
    slots: slotInstants(schedules.find((s) => s.client_id === client.id)?.slots ?? [], zone, now, to).map((at) => {
      const post = taken.get(client.id)?.get(at.toISOString());
      return { at: at.toISOString(), post: post ? queuedPostOf(post) : null };
    }),
  }));
}

/** The next `days` days of every connected account's slots, filled (with the post) or empty. */
export async function getQueue(userId: string, days: number, deps: Deps = defaultDeps): Promise<QueueView> {
  const now = deps.now();
  const to = new Date(now.getTime() + days * DAY_MS);
  const [accounts, schedules, { zone: timezone, agency }, posts] = await Promise.all([
    listConnections(userId),
    listQueueSchedules(userId),
    queueSettingsOf(userId),
    listScheduledBetween(userId, now.toISOString(), to.toISOString()),
  ]);
  const taken = slotsTaken(posts);
  const clients = agency ? await clientViews(userId, timezone, now, to, posts) : [];
  return {
    clients,
    timezone,
    from: now.toISOString(),
    to: to.toISOString(),
    accounts: accounts.map((account) => {
      const slots = schedules.find((s) => s.social_account_id === account.id)?.slots ?? [];
      return {
        social_account_id: account.id,
        platform: account.platform,
        account_name: account.account_name,
        slots: slotInstants(slots, timezone, now, to).map((at) => {
          const post = taken.get(account.id)?.get(at.toISOString());
          return { at: at.toISOString(), post: post ? queuedPostOf(post) : null };
        }),
      };
    }),
  };
}

/**
 * "Add to queue": the Compose post, scheduled at the earliest slot free on all its accounts within
 * QUEUE_HORIZON_DAYS, through createPost (the same checks, allowance and schedule as any scheduled
 * post). A short lease per account and slot keeps two adds at once out of the same slot.
 */
export async function addToQueue(userId: string, body: z.output<typeof AddToQueueBodySchema>, deps: Deps = defaultDeps, author?: string): Promise<Post> {
  const now = deps.now();
  const accountIds = [...new Set(body.platforms.map((t) => t.social_account_id))];
  const [accounts, { zone: timezone, agency }] = await Promise.all([listConnections(userId), queueSettingsOf(userId)]);
  const from = new Date(now.getTime() + SLOT_MIN_LEAD_MS);
  const to = new Date(now.getTime() + QUEUE_HORIZON_DAYS * DAY_MS);
  const clientWeek = await clientWeekOf(userId, body.client_id, agency);
  const schedules = new Map<string, Date[]>();
  for (const id of accountIds) {
    const account = accounts.find((a) => a.id === id);
    if (!account) throw new ValidationError(MSG.connectAccounts);
    if (clientWeek) continue;
    const schedule = await getQueueSchedule(userId, id);
    if (!schedule || schedule.slots.length === 0) throw new ValidationError(QUEUE_MSG.noSchedule(account.account_name));
    schedules.set(id, slotInstants(schedule.slots, timezone, from, to));
  }
  const posts = await listScheduledBetween(userId, from.toISOString(), to.toISOString());
  const taken = slotsTaken(posts);
  // A client with its own week (agency mode) places the post in the client's next free slot; the lease
  // is on the client's slot as well as each account's (docs/queue.md#client-schedules).
  const candidates = clientWeek
    ? freeClientSlots(slotInstants(clientWeek.slots, timezone, from, to), clientSlotsTaken(posts).get(clientWeek.client_id), accountIds, taken)
    : commonFreeSlots(schedules, taken);
  if (candidates.length === 0) {
    const client = clientWeek && (await getClient(userId, clientWeek.client_id));
    throw new ValidationError(client ? QUEUE_MSG.noClientSlot(client.name) : QUEUE_MSG.noCommonSlot);
  }
  const owners = clientWeek ? [clientSlotOwner(clientWeek.client_id), ...accountIds] : accountIds;

  for (const slot of candidates.slice(0, MAX_LEASE_TRIES)) {
    const release = await leaseAll(userId, owners, slot, now);
    if (!release) continue;
    let post: Post;
    try {
      post = await createPost(userId, { ...body, scheduled_at: slot }, deps, { submittedBy: author });
    } catch (error) {
      await release();
      throw error;
    }
    await Promise.all(owners.map((owner) => nameSlotHolder(userId, owner, slot, post.id)));
    return post;
  }
  throw new ConflictError(QUEUE_MSG.addRace);
}

/**
 * Leases `slot` for every owner (accounts, a client's week), or none: on the first refusal the leases
 * taken are given back and the answer is null. Otherwise the function that gives them all back.
 */
async function leaseAll(
  userId: string,
  owners: readonly string[],
  slot: string,
  now: Date,
  holder?: { postId: string; mayTakeFrom?: readonly string[] },
): Promise<(() => Promise<void>) | null> {
  const leased: string[] = [];
  const release = async () => {
    await Promise.all(leased.map((owner) => releaseSlot(userId, owner, slot)));
  };
  for (const owner of owners) {
    if (!(await leaseSlot(userId, owner, slot, now, holder))) {
      await release();
      return null;
    }
    leased.push(owner);
  }
  return release;
}

/** Whose slots a post fills: its accounts, and its client when the client's week applies (agency mode). */
async function slotOwnersOf(userId: string, post: PostRecord, agency: boolean): Promise<string[]> {
  const accounts = [...new Set(post.platforms.map((t) => t.social_account_id))];
  const clientWeek = await clientWeekOf(userId, post.client_id, agency);
  return clientWeek ? [clientSlotOwner(clientWeek.client_id), ...accounts] : accounts;
}

/** Whether `iso` is a slot of every one of the post's accounts (of its client's week, when that applies). */
async function isSlotOfAll(userId: string, post: PostRecord, iso: string, zone: string, agency: boolean): Promise<boolean> {
  const at = new Date(iso);
  const clientWeek = await clientWeekOf(userId, post.client_id, agency);
  for (const target of clientWeek ? [null] : post.platforms) {
    const schedule = target ? await getQueueSchedule(userId, target.social_account_id) : clientWeek;
    const around = slotInstants(schedule?.slots ?? [], zone, new Date(at.getTime() - DAY_MS), new Date(at.getTime() + DAY_MS));
    if (!around.some((d) => d.getTime() === at.getTime())) return false;
  }
  return true;
}

/** Other scheduled posts due at `iso` on any of `post`'s accounts (or, agency mode, of its client). */
async function occupantsAt(userId: string, post: PostRecord, iso: string, except: readonly string[], agency: boolean): Promise<PostRecord[]> {
  const clientId = agency ? post.client_id : null;
  const accounts = new Set(post.platforms.map((t) => t.social_account_id));
  const next = new Date(Date.parse(iso) + 1).toISOString();
  return (await listScheduledBetween(userId, iso, next)).filter(
    (p) =>
      p.scheduled_at === iso &&
      !except.includes(p.id) &&
      ((clientId !== null && p.client_id === clientId) || p.platforms.some((t) => accounts.has(t.social_account_id))),
  );
}

/**
 * Reorder: moves a scheduled post to another slot of all its accounts. When one post already holds
 * that slot, the two swap (it takes the moved post's old time, which must then be a slot of all its
 * accounts and free); a slot held by more than one post, or by a post being published, is refused.
 * Each move is an ordinary time edit (updatePost): a new version and a moved schedule, so the old
 * schedule's dispatch is ignored and each post still goes out exactly once.
 */
export async function moveInQueue(userId: string, body: z.output<typeof MoveInQueueBodySchema>, deps: Deps = defaultDeps): Promise<MoveInQueueResult> {
  const now = deps.now();
  const post = await getPostRecord(userId, body.post_id);
  if (!post) throw new NotFoundError('Post not found');
  if (post.status !== 'scheduled' || !post.scheduled_at) throw new ConflictError(QUEUE_MSG.notQueued);
  const to = new Date(body.to).toISOString();
  if (Date.parse(to) <= now.getTime() + SLOT_MIN_LEAD_MS) throw new ValidationError(QUEUE_MSG.past);
  if (to === post.scheduled_at) return { moved: [] };
  const { zone, agency } = await queueSettingsOf(userId);
  if (!(await isSlotOfAll(userId, post, to, zone, agency))) throw new ValidationError(QUEUE_MSG.notASlot);

  const from = post.scheduled_at;
  const occupants = await occupantsAt(userId, post, to, [post.id], agency);
  const [other] = occupants;
  if (occupants.length > 1 || (other && other.status !== 'scheduled')) throw new ConflictError(QUEUE_MSG.slotTaken);
  if (other) {
    const fits = Date.parse(from) > now.getTime() + SLOT_MIN_LEAD_MS && (await isSlotOfAll(userId, other, from, zone, agency));
    if (!fits || (await occupantsAt(userId, other, from, [post.id, other.id], agency)).length > 0) throw new ConflictError(QUEUE_MSG.slotTaken);
  }
  // The same slot leases an add takes: the occupants were read from gsi1, which lags, so two moves into
  // one empty slot would both see it free. The lease names the moving post; the post it swaps with may
  // hold it already (from its own add or move), so a swap is not refused by its partner's lease.
  const leaseTo = await leaseAll(userId, await slotOwnersOf(userId, post, agency), to, now, { postId: post.id, mayTakeFrom: other ? [other.id] : [] });
  if (!leaseTo) throw new ConflictError(QUEUE_MSG.moveRace);
  const leaseFrom = other ? await leaseAll(userId, await slotOwnersOf(userId, other, agency), from, now, { postId: other.id, mayTakeFrom: [post.id] }) : null;
  if (other && !leaseFrom) {
    await leaseTo();
    throw new ConflictError(QUEUE_MSG.moveRace);
  }
  const releaseAll = () => Promise.all([leaseTo(), leaseFrom?.()]);
  let moved: Post;
  try {
    moved = await updatePost(userId, post.id, { scheduled_at: to, platforms: [] }, deps);
  } catch (error) {
    await releaseAll();
    throw error;
  }
  if (!other) {
    // The slot it left is free now: its own lease there (from its add or an earlier move) must not turn the next post away.
    await Promise.all(post.platforms.map((t) => releaseSlotHeldBy(userId, t.social_account_id, from, post.id)));
    if (post.client_id) await releaseSlotHeldBy(userId, clientSlotOwner(post.client_id), from, post.id);
    return { moved: [{ id: moved.id, scheduled_at: to }] };
  }
  try {
    await updatePost(userId, other.id, { scheduled_at: from, platforms: [] }, deps);
  } catch (error) {
    // The other post changed meanwhile: put the moved one back rather than leave two posts in one slot.
    await updatePost(userId, post.id, { scheduled_at: from, platforms: [] }, deps).catch(() => undefined);
    await releaseAll();
    throw error;
  }
  return {
    moved: [
      { id: post.id, scheduled_at: to },
      { id: other.id, scheduled_at: from },
    ],
  };
}
