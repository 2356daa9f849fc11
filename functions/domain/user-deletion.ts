import { WORKSPACE_MSG } from '@shared/workspaces';
import type Stripe from 'stripe';
import {
  deleteCheckoutPointer,
  deleteCustomerPointer,
  deleteDeletionMark,
  deleteLogin,
  deleteOAuthStatePointer,
  deleteObjectsUnder,
  deleteUserItems,
  markDeleting,
  markedCheckouts,
  openPostIds,
  pendingOAuthStates,
} from '../data/user-deletion';
import { avatarPrefix, mediaObjectPrefix } from '../data/keys';
import { getCustomerLink } from '../data/billing';
import { getSessionGate, markUserClosed } from '../data/users';
import { deleteWorkspaceItems, listMembers, listMemberships, releaseSeat, removeMember, removeMembersButOwner, workspaceOwner } from '../data/workspaces';
import { readSubscriptionState } from '../data/subscriptions';
import { ConflictError, DependencyError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stripe } from '../lib/stripe';
import { removeSchedule } from '../publishing/wiring';
import { apiTimeoutSeconds } from '../capabilities';
import { endRealtimeSessions } from './sessions';

/**
 * DELETE /api/account (docs/product-rules.md#account-deletion, docs/operations.md#account-deletion): removes every item, object,
 * schedule and pointer of the user, cancels the Stripe subscription at once, and finally the
 * Cognito user.
 *
 * Resumable: every step is idempotent and finds its work from what is still stored, and what a
 * later step needs to find its work is deleted only by that step or after it (the posts that name
 * the schedules, the subscription row that names the customer, the markers that name the OAuth
 * pointers all live under USER#<id>, which goes second to last; the login goes last, so the user can
 * still sign in and ask again). A run that fails half-way is completed by running it again.
 *
 * A Stripe failure blocks (502) rather than being skipped: once the subscription row is gone nothing
 * would know which subscription to stop, and the person would go on being billed for a deleted
 * account. The steps before it are already done; the retry picks up from there.
 */
export interface SubscriptionCanceller {
  subscriptions: Pick<Stripe.SubscriptionsResource, 'retrieve' | 'update' | 'cancel'>;
}

export interface UserDeletionDeps {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** The Stripe client (the same one billing uses; typed here with the calls deletion makes). */
  stripe: () => Promise<SubscriptionCanceller>;
  removeSchedule: (postId: string) => Promise<void>;
}

export const defaultUserDeletionDeps: UserDeletionDeps = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  stripe: async () => (await stripe()) as unknown as SubscriptionCanceller,
  removeSchedule,
};

/** Stripe statuses after which nothing is billed any more. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
const SCHEDULE_CONCURRENCY = 10;
const ACCOUNT_DELETION_STRIPE_MSG = "We couldn't cancel your subscription, so your account is not fully deleted yet. Please try again.";
const WORKSPACE_DELETION_STRIPE_MSG = "We couldn't cancel the workspace's subscription, so the workspace is not fully deleted yet. Please try again.";

/**
 * How long a request admitted just before the tombstone can still be writing: the API functions'
 * timeout, after which Lambda stops them. The last sweep runs no earlier than this after the
 * tombstone, so nothing such a request wrote survives (DELETE /api/account has a longer timeout).
 */
export const inFlightGraceMs = (): number => apiTimeoutSeconds() * 1000;

type Step = (userId: string, deps: UserDeletionDeps) => Promise<void>;

/** The deletion steps, in order. Exported so tests can see the order; `deleteAccount` runs them. */
export const DELETION_STEPS: readonly (readonly [name: string, run: Step])[] = [
  // First: from here on every request with the user's tokens is refused, OAuth callbacks of their
  // pending connects are refused and the publisher stops; it lives outside USER#<id> and outlives it.
  // The realtime subscriptions the account's sessions hold are closed with it.
  ['close account', async (userId, deps) => endRealtimeSessions(userId, await markUserClosed(userId, deps.now()))],
  ['mark deleting', (userId, deps) => markDeleting(userId, deps.now())],
  // The workspaces the person owns go with them (docs/workspaces.md): each one's schedules, media
  // and subscription, then (step "workspaces") its items.
  ['schedules', eachOwned(deleteSchedules)],
  [
    'media objects',
    async (userId, deps) => {
      await eachOwned(deleteMediaObjects)(userId, deps);
      await deleteObjectsUnder(avatarPrefix(userId));
    },
  ],
  ['subscription and billing pointers', eachOwned((workspaceId, deps) => stopBilling(workspaceId, deps))],
  ['oauth state pointers', deleteOAuthPointers],
  ['workspaces', leaveWorkspaces],
  ['user items', deleteAllUserItems],
  ['login', (userId) => deleteLogin(userId)],
  ['late writes', sweepLateWrites],
];

export async function deleteUser(userId: string, deps: UserDeletionDeps = defaultUserDeletionDeps): Promise<void> {
  await assertNoSharedWorkspaceOwned(userId);
  for (const [name, run] of DELETION_STEPS) {
    try {
      await run(userId, deps);
    } catch (error) {
      logger.error('Account deletion stopped; running it again resumes here', { step: name, userId, error });
      throw error;
    }
  }
  logger.info('Account deleted', { userId });
}

/**
 * The workspaces whose data goes with this login: those the person owns by membership, and their
 * first workspace (its id is theirs) unless someone else owns it now. Memberships live under
 * USER#<id> until step "user items", so every earlier step finds the same list when resumed.
 */
async function ownedWorkspaces(userId: string): Promise<string[]> {
  const owned = new Set((await listMemberships(userId)).filter((m) => m.role === 'owner').map((m) => m.id));
  const firstOwner = await workspaceOwner(userId);
  if (firstOwner === null || firstOwner === userId) owned.add(userId);
  return [...owned];
}

/** A step run for each workspace the person owns. */
function eachOwned(step: (workspaceId: string, deps: UserDeletionDeps) => Promise<void>): Step {
  return async (userId, deps) => {
    for (const workspaceId of await ownedWorkspaces(userId)) await step(workspaceId, deps);
  };
}

/**
 * One Scheduler schedule per open post. `removeSchedule` treats "not found" as done and only logs
 * other failures: a schedule left behind fires once, finds no post and is deleted after it fires.
 */
async function deleteSchedules(workspaceId: string, deps: UserDeletionDeps): Promise<void> {
  const ids = await openPostIds(workspaceId);
  for (let i = 0; i < ids.length; i += SCHEDULE_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + SCHEDULE_CONCURRENCY).map((id) => deps.removeSchedule(id)));
  }
}

/** A workspace's post media under `{workspaceId}/` (docs/product-rules.md#writes-and-storage); the person's avatars go beside. */
async function deleteMediaObjects(workspaceId: string): Promise<void> {
  await deleteObjectsUnder(mediaObjectPrefix(workspaceId));
}

/**
 * The billing pointers go first, then the subscription is canceled at once: the webhooks that the
 * cancellation triggers then find no owner (no customer link, and the subscription's `userId`
 * metadata cleared) and cannot write a subscription row back into the deleted account.
 */
async function stopBilling(workspaceId: string, deps: UserDeletionDeps, failure = ACCOUNT_DELETION_STRIPE_MSG): Promise<void> {
  const { state } = await readSubscriptionState(workspaceId);
  for (const sessionId of await markedCheckouts(workspaceId)) await deleteCheckoutPointer(sessionId, workspaceId);
  if (!state) return;
  if (state.customer_id) {
    const link = await getCustomerLink(state.customer_id);
    // A public checkout's pointer is named only by the customer link: delete it before the link.
    if (link?.sessionId) await deleteCheckoutPointer(link.sessionId, workspaceId);
    if (link) await deleteCustomerPointer(state.customer_id, workspaceId);
  }
  if (ENDED.has(state.status)) return;
  await cancelSubscription(state.id, deps, failure);
}

/**
 * Deletes one workspace with everything in it, in the order account deletion uses for the
 * workspaces a person owns: schedules, media objects, billing (the Stripe subscription canceled at
 * once), then every item under WS#<id> with the memberships, invitation links and connect links
 * that point at it. Members other than the Owner go first, so their next request is refused while
 * the rest is deleted; the Owner's own member item goes last, so a run stopped half-way (Stripe
 * down) can be run again by the Owner and resumes.
 */
export async function deleteWorkspaceWithContents(workspaceId: string, deps: UserDeletionDeps = defaultUserDeletionDeps): Promise<void> {
  await removeMembersButOwner(workspaceId);
  await deleteSchedules(workspaceId, deps);
  await deleteMediaObjects(workspaceId);
  await stopBilling(workspaceId, deps, WORKSPACE_DELETION_STRIPE_MSG);
  await deleteWorkspaceItems(workspaceId);
}

async function cancelSubscription(subscriptionId: string, deps: UserDeletionDeps, failure: string): Promise<void> {
  try {
    const api = (await deps.stripe()).subscriptions;
    const sub = await api.retrieve(subscriptionId);
    if (ENDED.has(sub.status)) return;
    if (sub.metadata?.userId) await api.update(subscriptionId, { metadata: { userId: '' } });
    await api.cancel(subscriptionId);
  } catch (error) {
    if (isMissing(error)) {
      logger.warn('Subscription unknown to Stripe; nothing to cancel', { subscriptionId });
      return;
    }
    throw new DependencyError(failure, { cause: error });
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number } | undefined;
  return e?.code === 'resource_missing' || e?.statusCode === 404;
}

/**
 * An owner's login goes with the workspaces they own only when nobody else works in them: with other
 * members, the workspace (and its posts going out) would vanish under them. Ownership is transferred,
 * or the workspace deleted, first.
 */
async function assertNoSharedWorkspaceOwned(userId: string): Promise<void> {
  for (const workspace of await listMemberships(userId)) {
    if (workspace.role !== 'owner') continue;
    if ((await listMembers(workspace.id)).some((member) => member.userId !== userId)) {
      throw new ConflictError(WORKSPACE_MSG.ownsSharedWorkspace(workspace.name));
    }
  }
}

/**
 * The workspaces the person owns go with their login (what they own, with them); in the others
 * their membership ends and the workspace's data stays.
 */
async function leaveWorkspaces(userId: string): Promise<void> {
  for (const workspaceId of await ownedWorkspaces(userId)) await deleteWorkspaceItems(workspaceId);
  for (const workspace of await listMemberships(userId)) {
    if (workspace.role !== 'owner' && (await removeMember(workspace.id, userId))) await releaseSeat(workspace.id);
  }
}

async function deleteOAuthPointers(userId: string): Promise<void> {
  for (const state of await pendingOAuthStates(userId)) await deleteOAuthStatePointer(state, userId);
}

/**
 * A request admitted before the tombstone may still write under USER#<id> after the sweep above
 * (it passed the session check a moment before deletion began). Once every such request has
 * ended, one more sweep removes what it wrote.
 */
async function sweepLateWrites(userId: string, deps: UserDeletionDeps): Promise<void> {
  const { deletedAt } = await getSessionGate(userId);
  const since = deletedAt ? deps.now().getTime() - Date.parse(deletedAt) : 0;
  const grace = inFlightGraceMs();
  if (since < grace) await deps.sleep(grace - since);
  await leaveWorkspaces(userId);
  await deleteAllUserItems(userId);
}

async function deleteAllUserItems(userId: string): Promise<void> {
  await deleteUserItems(userId);
  await deleteDeletionMark(userId);
}
