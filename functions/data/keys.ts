import { createHash } from 'node:crypto';
import type { Platform } from '@shared/platforms';
import type { PostTabId } from '@shared/statuses';
import { encodeTime } from 'ulid';

/**
 * Every key the app stores things under, in one place: the single table's partition and sort keys
 * (and the values of its sparse index keys), the media bucket's object keys, and EventBridge
 * Scheduler's schedule names. The repositories in functions/data build keys only through this
 * module, and lint refuses a key literal (`'POST#'`, `` `USER#${id}` ``) anywhere else, so moving
 * items from one partition to another (or renaming a prefix) is a change to this file and the
 * migration, not a hunt through the code. table-design.ts lists the access patterns that read them.
 *
 * Key text is stored data: changing what a builder returns orphans every item already written
 * under the old text. Only a migration may do that.
 */

// ---------------------------------------------------------------------------------------------
// A workspace's partition: pk = WS#<workspaceId> (docs/decisions/0013-workspaces.md).

export const workspacePk = (workspaceId: string) => `WS#${workspaceId}`;
/** The workspace id of a WS#<id> partition key. */
export const workspaceOfPk = (pk: string) => pk.slice(workspacePk('').length);
/** The workspace itself: its name, its owner. */
export const WORKSPACE_SK = 'WORKSPACE';
/** A member (the item admission reads): sk = MEMBER#<userId>. */
export const MEMBER_PREFIX = 'MEMBER#';
export const memberSk = (userId: string) => `${MEMBER_PREFIX}${userId}`;
/** A pending invitation: sk = INVITE#<ulid>. */
export const INVITE_PREFIX = 'INVITE#';
export const inviteSk = (inviteId: string) => `${INVITE_PREFIX}${inviteId}`;
/** An invitation link's pointer, found by the SHA-256 of its token alone: pk = sk = INVITETOKEN#<hash>. */
export const inviteTokenKey = (tokenHash: string) => ({ pk: `INVITETOKEN#${tokenHash}`, sk: `INVITETOKEN#${tokenHash}` });
/** A client connect link: sk = CONNECTLINK#<ulid>. */
export const CONNECT_LINK_PREFIX = 'CONNECTLINK#';
export const connectLinkSk = (linkId: string) => `${CONNECT_LINK_PREFIX}${linkId}`;
/** A connect link's pointer, found by the SHA-256 of its token alone: pk = sk = CONNECTLINKTOKEN#<hash>. */
export const connectLinkTokenKey = (tokenHash: string) => ({ pk: `CONNECTLINKTOKEN#${tokenHash}`, sk: `CONNECTLINKTOKEN#${tokenHash}` });
/** A client review link: sk = REVIEWLINK#<ulid>. */
export const REVIEW_LINK_PREFIX = 'REVIEWLINK#';
export const reviewLinkSk = (linkId: string) => `${REVIEW_LINK_PREFIX}${linkId}`;
/** A review link's pointer, found by the SHA-256 of its token alone: pk = sk = REVIEWLINKTOKEN#<hash>. */
export const reviewLinkTokenKey = (tokenHash: string) => ({ pk: `REVIEWLINKTOKEN#${tokenHash}`, sk: `REVIEWLINKTOKEN#${tokenHash}` });
/** A workspace API key (docs/public-api.md): sk = APIKEY#<ulid>. The key itself is never stored. */
export const APIKEY_SK_PREFIX = 'APIKEY#';
export const apiKeySk = (keyId: string) => `${APIKEY_SK_PREFIX}${keyId}`;
/** An API key's pointer, found by the SHA-256 of the key alone: pk = sk = APIKEYTOKEN#<hash>. */
export const apiKeyTokenKey = (keyHash: string) => ({ pk: `APIKEYTOKEN#${keyHash}`, sk: `APIKEYTOKEN#${keyHash}` });
/** An Idempotency-Key sent with an API key, kept in the key's workspace per key: sk = IDEMPOTENCY#APIKEY#<keyId>#<key>. */
export const apiKeyIdempotencySk = (keyId: string, key: string) => `IDEMPOTENCY#${APIKEY_SK_PREFIX}${keyId}#${key}`;
/** A webhook endpoint (docs/webhooks.md): sk = WEBHOOK#<ulid>. */
export const WEBHOOK_SK_PREFIX = 'WEBHOOK#';
export const webhookSk = (endpointId: string) => `${WEBHOOK_SK_PREFIX}${endpointId}`;
/**
 * One event's delivery to one endpoint, its attempts in it: sk = WEBHOOKDELIVERY#<endpointId>#<eventId>.
 * The event id is a ULID, so an endpoint's log reads newest first; one item per event and endpoint
 * makes the delivery idempotent (a conditional put).
 */
export const webhookDeliveryPrefix = (endpointId: string) => `WEBHOOKDELIVERY#${endpointId}#`;
export const webhookDeliverySk = (endpointId: string, eventId: string) => `${webhookDeliveryPrefix(endpointId)}${eventId}`;
/** Under the person's USER#<userId>: a workspace they belong to (the switcher lists these). */
export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#';
export const membershipSk = (workspaceId: string) => `${MEMBERSHIP_PREFIX}${workspaceId}`;

// ---------------------------------------------------------------------------------------------
// The user's partition: pk = USER#<userId>. Account deletion sweeps it whole.

export const userPk = (userId: string) => `USER#${userId}`;

/** Singletons under USER#<id> (access pattern 1, and account deletion's progress). */
export const SETTINGS_SK = 'SETTINGS';
export const PROFILE_SK = 'PROFILE';
export const SUBSCRIPTION_SK = 'SUBSCRIPTION';
export const DELETION_SK = 'DELETION';

/** Posts (patterns 6–7, 14, 15): sk = POST#<ulid>. */
export const POST_PREFIX = 'POST#';
export const postSk = (postId: string) => `${POST_PREFIX}${postId}`;
/** The post id of a POST#<ulid> sort key. */
export const postOfSk = (sk: string) => sk.slice(POST_PREFIX.length);

/**
 * A post's activity history (docs/approvals.md): sk = POSTACTIVITY#<postId>#<ulid>, beside the post
 * in its owner's partition, oldest first. Never begins with POST#, so post queries skip them.
 */
export const POST_ACTIVITY_PREFIX = 'POSTACTIVITY#';
export const postActivityPrefix = (postId: string) => `${POST_ACTIVITY_PREFIX}${postId}#`;
export const postActivitySk = (postId: string, activityId: string) => `${postActivityPrefix(postId)}${activityId}`;

/** Connections (social accounts, pattern 10): sk = ACCOUNT#<ulid>. */
export const CONNECTION_PREFIX = 'ACCOUNT#';
export const connectionSk = (connectionId: string) => `${CONNECTION_PREFIX}${connectionId}`;
/** A connection by the platform's own account id (pattern 11: a reconnect updates in place). */
export const platformAccountSk = (platform: Platform, platformAccountId: string) => `PLATFORMACCOUNT#${platform}#${platformAccountId}`;

/** A connection's encrypted tokens (pattern 12): sk = TOKEN#<connection id>. */
export const TOKEN_PREFIX = 'TOKEN#';
export const tokenSk = (connectionId: string) => `${TOKEN_PREFIX}${connectionId}`;

/** Media rows (pattern 13): sk = MEDIA#<id derived from the object key, mediaIdForKey>. */
export const MEDIA_PREFIX = 'MEDIA#';
export const mediaSk = (mediaId: string) => `${MEDIA_PREFIX}${mediaId}`;

/** Agency clients (pattern 3): sk = CLIENT#<ulid>. */
export const CLIENT_PREFIX = 'CLIENT#';
export const clientSk = (clientId: string) => `${CLIENT_PREFIX}${clientId}`;

/** Notifications (pattern 4): sk = NOTE#<ulid>. */
export const NOTE_PREFIX = 'NOTE#';
export const noteSk = (noteId: string) => `${NOTE_PREFIX}${noteId}`;

/** Recurring series (pattern 22a): sk = SERIES#<ulid>. */
export const SERIES_PREFIX = 'SERIES#';
export const seriesSk = (seriesId: string) => `${SERIES_PREFIX}${seriesId}`;

/**
 * Queue slots (pattern 21): sk = QUEUESLOTS#<owner>, the owner a connection id or a client's
 * clientSlotOwner; a slot's lease (pattern 21b): sk = QUEUELEASE#<owner>#<slot UTC ISO>.
 */
export const QUEUE_SLOTS_PREFIX = 'QUEUESLOTS#';
export const queueSlotsSk = (owner: string) => `${QUEUE_SLOTS_PREFIX}${owner}`;
/** A client's schedule and leases sit beside the connections' under this owner id (connection ids are ULIDs, never `client#…`). */
export const clientSlotOwner = (clientId: string) => `client#${clientId}`;
export const CLIENT_QUEUE_SLOTS_PREFIX = queueSlotsSk(clientSlotOwner(''));
export const queueLeaseSk = (owner: string, slotIso: string) => `QUEUELEASE#${owner}#${slotIso}`;

/** The monthly scheduled-post counter (pattern 16): sk = USAGE#<yyyy-mm>. */
export const usageSk = (month: string) => `USAGE#${month}`;

/** An Idempotency-Key (pattern 23): sk = IDEMPOTENCY#<key>. */
export const idempotencySk = (key: string) => `IDEMPOTENCY#${key}`;

/** A pending OAuth state's marker (pattern 9): sk = OAUTHSTATE#<state>, the same text as its pointer's pk. */
export const OAUTH_STATE_PREFIX = 'OAUTHSTATE#';
export const oauthStateId = (state: string) => `${OAUTH_STATE_PREFIX}${state}`;

/** A signed-in checkout's marker: sk = CHECKOUT#<session id>, the same text as its pointer's pk. */
export const CHECKOUT_PREFIX = 'CHECKOUT#';
export const checkoutId = (sessionId: string) => `${CHECKOUT_PREFIX}${sessionId}`;

// ---------------------------------------------------------------------------------------------
// Analytics items, all under USER#<id> (docs/analytics.md, patterns 20a and 20b).

/** A tracker: one per published target; what to collect and when. */
export const trackerSk = (postId: string, platform: Platform) => `${trackerPrefix(postId)}${platform}`;
/** Every tracker of the user; of one post. */
export const TRACKER_PREFIX = 'METRICS#';
export const trackerPrefix = (postId: string) => `${TRACKER_PREFIX}${postId}#`;
/** The day whose rollup counted the target as failed, so a Retry that publishes it takes that count back. */
export const failurePrefix = (postId: string) => `METRICSFAIL#${postId}#`;
export const failureSk = (postId: string, platform: Platform) => `${failurePrefix(postId)}${platform}`;
/** One reading. */
export const snapshotPrefix = (postId: string) => `METRICSNAP#${postId}#`;
export const snapshotSk = (postId: string, platform: Platform, collectedAt: string) => `${snapshotPrefix(postId)}${platform}#${collectedAt}`;
/** Per day of publication (the user's timezone at publishing) and platform, so any period is one query. */
export const ROLLUP_PREFIX = 'ROLLUP#';
export const rollupSk = (day: string, platform: Platform) => `${ROLLUP_PREFIX}${day}#${platform}`;
/** A client's rollup (agency mode). */
export const clientRollupSk = (clientId: string, day: string, platform: Platform) => `CROLLUP#${clientId}#${day}#${platform}`;

// ---------------------------------------------------------------------------------------------
// Which items a workspace owns (docs/decisions/0013-workspaces.md). They lived under USER#<id>
// before workspaces; the migration (data/workspace-migration.ts) moves the items whose sort key
// starts with one of these to WS#<id>. Everything else under USER#<id> is the person's.

export const WORKSPACE_OWNED_SK_PREFIXES: readonly string[] = [
  POST_PREFIX,
  CONNECTION_PREFIX,
  'PLATFORMACCOUNT#',
  TOKEN_PREFIX,
  MEDIA_PREFIX,
  CLIENT_PREFIX,
  SERIES_PREFIX,
  QUEUE_SLOTS_PREFIX,
  'QUEUELEASE#',
  'USAGE#',
  TRACKER_PREFIX,
  'METRICSFAIL#',
  'METRICSNAP#',
  ROLLUP_PREFIX,
  'CROLLUP#',
  CHECKOUT_PREFIX,
  SUBSCRIPTION_SK,
  POST_ACTIVITY_PREFIX,
];

// ---------------------------------------------------------------------------------------------
// Index keys (the index attribute names are in table-design.ts).

/** gsi1 / gsi3: a user's Posts tab (patterns 6, 15); the order key is the tab's time then the post id. */
export const postTabPk = (userId: string, tab: PostTabId) => `POSTTAB#${userId}#${tab}`;
export const postTabSk = (time: string, postId: string) => `${time}#${postId}`;
/** gsi1: a user's unread notifications (pattern 5), sorted by the note's sk. */
export const unreadPk = (userId: string) => `UNREAD#${userId}`;

/** gsi2 partitions: each a sparse queue sorted by a due time, then who and what is due. */
export const OPEN_POSTS_PK = 'OPEN';
export const openPostSk = (dueAt: string, userId: string, postId: string) => `${dueAt}#${userId}#${postId}`;
export const TOKEN_NOTICE_PK = 'TOKENNOTICE';
export const tokenNoticeSk = (at: string, userId: string, connectionId: string) => `${at}#${userId}#${connectionId}`;
export const METRICS_DUE_PK = 'METRICSDUE';
export const metricsDueSk = (nextAt: string, userId: string, postId: string, platform: Platform) => `${nextAt}#${userId}#${postId}#${platform}`;
export const SERIES_DUE_PK = 'SERIESDUE';
export const seriesDueSk = (dueAt: string, userId: string, seriesId: string) => `${dueAt}#${userId}#${seriesId}`;

// ---------------------------------------------------------------------------------------------
// Items outside USER#<id>: found from outside a signed-in request, or kept past account deletion.

/** pk = sk = <KIND>#<id> (pattern 8). */
const pointer = (id: string) => ({ pk: id, sk: id });

/** The session gate (pattern 17): outside USER#<id> so account deletion's sweep keeps the tombstone. */
export const sessionsKey = (userId: string) => pointer(`SESSIONS#${userId}`);
/** A one-time OAuth state, found by the state alone on the platform's redirect. */
export const oauthStateKey = (state: string) => pointer(oauthStateId(state));
/** Who a Stripe checkout session is for. */
export const checkoutKey = (sessionId: string) => pointer(checkoutId(sessionId));
/** The user a Stripe customer belongs to. */
export const stripeCustomerKey = (customerId: string) => pointer(`STRIPECUSTOMER#${customerId}`);
/** A processed Stripe webhook event (dedupe). */
export const stripeEventKey = (eventId: string) => pointer(`STRIPEEVENT#${eventId}`);
/** A platform quota our whole app spends per day (pattern 18). */
export const platformQuotaKey = (bucket: string, day: string) => ({ pk: `QUOTA#${bucket}`, sk: `DAY#${day}` });
/** A pending atproto OAuth authorization (pattern 25), by the OAuth client's own state key. */
export const atprotoStateKey = (key: string) => pointer(`ATPROTOSTATE#${key}`);
/** A short lease that serialises an atproto session's refresh across functions (pattern 25a). */
export const atprotoLockKey = (name: string) => pointer(`ATPROTOLOCK#${name}`);
/** A route's request counter (pattern 19); the subject arrives hashed, so no key shows an IP address. */
export const rateWindowKey = (hashedSubject: string, windowStart: number) => ({ pk: `RATE#${hashedSubject}`, sk: `WINDOW#${windowStart}` });

// ---------------------------------------------------------------------------------------------
// The media bucket (docs/product-rules.md#writes-and-storage). Everything of a user sits under
// one of their two prefixes, so account deletion removes it by listing them.

/** Every post media object of the user (uploads and their Instagram copies). */
export const mediaObjectPrefix = (userId: string) => `${userId}/`;

/**
 * `{userId}/{timestamp}-{random}.{ext}`: a multi-file drop presigns several files in parallel, and
 * two in the same millisecond would otherwise overwrite each other.
 */
export function newObjectKey(userId: string, ext: string, now: Date, random: string): string {
  return `${mediaObjectPrefix(userId)}${now.getTime()}-${random}.${ext}`;
}

/** The file name after the user's prefix: its time, its random part, its extension. */
const OBJECT_NAME = /^(\d{13})-([0-9a-z]{8})\.([0-9a-z]{1,10})$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The media row id (its sk, mediaSk) of an object key of this user, or null when the key is not one
 * of theirs: a ULID whose time part is the key's timestamp and whose random part is a hash of the
 * key, so confirming the same upload twice lands on the same row.
 */
export function mediaIdForKey(userId: string, key: string): string | null {
  const prefix = mediaObjectPrefix(userId);
  if (!key.startsWith(prefix)) return null;
  const match = OBJECT_NAME.exec(key.slice(prefix.length));
  if (!match) return null;
  const hash = createHash('sha256').update(key).digest();
  const random = Array.from(hash.subarray(0, 16), (byte) => CROCKFORD[byte & 31]).join('');
  return `${encodeTime(Number(match[1]), 10)}${random}`;
}

/**
 * Where the Instagram JPEG copy of an upload lives: beside it, under the user's prefix (so account
 * deletion takes it with everything else), with a name no upload form hands out (two dots), so it
 * can never be confirmed as a media row of its own.
 */
export function instagramCopyKey(key: string): string {
  return `${key.replace(/\.[0-9a-z]{1,10}$/, '')}.ig.jpg`;
}

/** Every profile picture of the user. */
export const avatarPrefix = (userId: string) => `avatars/${userId}-`;

/** `avatars/{userId}-{timestamp}.{ext}` (a new upload in the same ms overwrites). */
export function newAvatarKey(userId: string, ext: string, now: Date): string {
  return `${avatarPrefix(userId)}${now.getTime()}.${ext}`;
}

/** True when `key` is an avatar key handed out to this user (never another user's object). */
export function isOwnAvatarKey(userId: string, key: string): boolean {
  const prefix = avatarPrefix(userId);
  return key.startsWith(prefix) && /^\d{13}\.[0-9a-z]{1,10}$/.test(key.slice(prefix.length));
}

// ---------------------------------------------------------------------------------------------
// EventBridge Scheduler (docs/publishing.md): each scheduled post owns the one-shot schedule
// `post-<postId>` in the posts group; infra grants the publishing functions `post-*` only.

export const POST_SCHEDULE_PREFIX = 'post-';
export const scheduleName = (postId: string) => `${POST_SCHEDULE_PREFIX}${postId}`;
