/**
 * The single-table design, imported by infra/ (to create the table) and functions/data (to use it).
 * The key text below is what keys.ts builds (the builder's name in brackets where it is not the
 * obvious one); that module is the only code that spells a key.
 *
 * Access patterns (pattern → index → key condition):
 *  1. A user's settings / profile / subscription  → table → pk = USER#<id> [userPk], sk = SETTINGS | PROFILE | SUBSCRIPTION [SETTINGS_SK, …]
 *  2. All of a user's items (account deletion)    → table → pk = USER#<id>
 *  3. A user's clients, newest first              → table → pk = USER#<id>, sk begins_with CLIENT#  (ULIDs sort by time)
 *  4. A user's latest notifications               → table → pk = USER#<id>, sk begins_with NOTE#, descending, limit 20
 *  5. A user's unread notifications (mark all)    → gsi1  → gsi1pk = UNREAD#<id> [unreadPk]  (sparse: removed when read)
 *  6. A user's posts in one Posts tab, one page   → gsi1  → gsi1pk = POSTTAB#<id>#<tab> [postTabPk], gsi1sk = the tab's order key [postTabSk]:
 *       scheduled: <scheduled_at>#<postId> ascending (soonest first) · approval (waiting for approval): the same, ascending
 *       · posted: <published_at>#<postId> descending
 *       drafts: <created_at>#<postId> descending · failed: <updated_at>#<postId> descending
 *     (times are UTC ISO strings with milliseconds, so they sort as text; the cursor is the opaque
 *      LastEvaluatedKey, checked on the way back in to belong to the caller and the tab)
 *  6a. A user's calendar period [from, to)         → gsi1  → gsi1pk = POSTTAB#<id>#scheduled (and #approval, #posted), gsi1sk BETWEEN <from> AND <to>
 *       (`<to>#<postId>` sorts after `<to>`, so a post due exactly at `to` is left out, as [from, to) says)
 *  6c. A user's posts by account in a time window (platform limits) → gsi1 → the scheduled tab
 *       BETWEEN <from> AND <to> (by scheduled_at) and the posted tab BETWEEN <from> AND <to> (by published_at);
 *       the targets embedded in each post say which account they go to
 *  6b. Dashboard: next 5 upcoming / 3 newest posted → gsi1 → the scheduled tab ascending, Limit 5; the posted tab descending, Limit 3
 *  7. Open posts by due time (watchdog)           → gsi2  → gsi2pk = OPEN, gsi2sk = <scheduled_at>#<userId>#<postId> [OPEN_POSTS_PK, openPostSk],
 *       between <from> and <to> (sparse: only scheduled / queued / publishing posts carry it)
 *  7d. Every user's open posts due in [from, to) (YouTube's per-project upload forecast) → gsi2 → gsi2pk = OPEN,
 *       gsi2sk BETWEEN <from> AND <to>
 *  7e. Tokens whose expiry notice is due (connection health sweep) → gsi2 → gsi2pk = TOKENNOTICE,
 *       gsi2sk <= <now>: sparse, gsi2sk = <notice time>#<userId>#<accountId>; moved to the next notice
 *       (7 days, then 1 day before expiry) by a conditional update, removed after the last
 *  8. Lookups from outside (OAuth state, Stripe customer, checkout session) → table → pk = sk = <KIND>#<id>
 *     [oauthStateKey, stripeCustomerKey, checkoutKey, stripeEventKey]
 *     (OAuth state: pk = sk = OAUTHSTATE#<state>, consumed by a conditional delete; TTL expiresAt)
 *  9. A user's pending OAuth states (account deletion) → table → pk = USER#<id>, sk begins_with OAUTHSTATE#  (TTL expiresAt)
 * 10. A user's connected accounts, newest first → table → pk = USER#<id>, sk begins_with ACCOUNT# [CONNECTION_PREFIX, connectionSk], descending
 * 11. A user's account for a platform account id (reconnect updates in place) → table → pk = USER#<id>, sk = PLATFORMACCOUNT#<platform>#<account_id> [platformAccountSk]
 * 12. An account's encrypted tokens             → table → pk = USER#<id>, sk = TOKEN#<accountId>
 * 13. A user's media file (unattached until a post takes it) → table → pk = USER#<id>, sk = MEDIA#<id> (id derived from the object key)
 * 14a. A post's activity history, oldest first   → table → pk = USER#<id>, sk begins_with POSTACTIVITY#<postId># [postActivityPrefix]
 * 14. One post (read, edit, delete)              → table → pk = USER#<id>, sk = POST#<ulid>; targets and media are
 *       embedded in the item (docs/data-model.md#posts); edits are conditional on the version read
 * 15. A user's tab counts                        → gsi3  → gsi3pk = POSTTAB#<id>#<tab> with Select COUNT (same
 *       values as gsi1; KEYS_ONLY, so counting reads only keys, never post bodies)
 * 16. A user's scheduled-post usage this month   → table → pk = USER#<id>, sk = USAGE#<yyyy-mm>, ADD count with the
 *       condition count < plan limit (the plan limit holds under concurrent creates)
 * 17. A user's session gate (every authenticated request, the publisher, OAuth callbacks) → table →
 *       pk = sk = SESSIONS#<id> [sessionsKey]: `validAfter` (sign out everywhere) and `deletedAt` (the deletion tombstone);
 *       outside USER#<id> so account deletion's sweep keeps it; TTL expiresAt two days after the last write
 * 18. A platform quota our whole app spends per day (YouTube videos.insert) → table → pk = QUOTA#<bucket>,
 *       sk = DAY#<yyyy-mm-dd in the platform's reset zone> [platformQuotaKey], ADD count with the condition count < limit; TTL expiresAt
 * 19. A route's request counter per user or client IP (functions/routes.ts `limit`) → table →
 *       pk = RATE#<hash of route and subject>, sk = WINDOW#<window start> [rateWindowKey], ADD count with the condition
 *       count < max; outside USER#<id>; TTL expiresAt = window end
 * 20. Analytics trackers due for a reading (analytics sweep, docs/analytics.md) → gsi2 → gsi2pk = METRICSDUE,
 *       gsi2sk <= <now>: sparse, gsi2sk = <nextAt>#<userId>#<postId>#<platform> [metricsDueSk]; moved ahead when claimed
 *       (conditional on the value read), moved to the next offset after a reading, removed when collection ends
 * 20a. A post's trackers and snapshots (deleting the post) → table → pk = USER#<id>, sk begins_with
 *       METRICS#<postId># and METRICSNAP#<postId>#
 * 20b. A rollup (collector's read-modify-write) → table → pk = USER#<id>, sk = ROLLUP#<day>#<platform> or
 *       CROLLUP#<clientId>#<day>#<platform>, written conditional on its `rev`
 * 21. An account's weekly queue slots (docs/queue.md) → table → pk = USER#<id>, sk = QUEUESLOTS#<accountId>;
 *       all of a user's with begins_with QUEUESLOTS#; a client's week (agency mode) is sk =
 *       QUEUESLOTS#client#<clientId>, all of them with begins_with QUEUESLOTS#client#
 * 21a. The posts filling a user's queue window → gsi1 → the scheduled tab BETWEEN <from> AND <to> (as 6a)
 * 21b. A 30 s lease on one slot while add-to-queue or a move writes its post → table → pk = USER#<id>,
 *       sk = QUEUELEASE#<accountId>#<slot ISO> [queueLeaseSk], put if absent, expired or held by the post (or its swap
 *       partner); TTL expiresAt
 * 22. Recurring series whose window needs extending (recurrence sweep, docs/recurring-posts.md) → gsi2 →
 *       gsi2pk = SERIESDUE, gsi2sk <= <now>: sparse, gsi2sk = <dueAt>#<userId>#<seriesId> [seriesDueSk], only while active or paused
 * 22a. One series (read, edit under its lease) → table → pk = USER#<id>, sk = SERIES#<ulid>
 * 23. A request's Idempotency-Key (docs/idempotency.md) → table → pk = USER#<id>, sk = IDEMPOTENCY#<key>:
 *       put if absent or expired to claim it, GetItem (consistent) to replay it; TTL expiresAt (24 h).
 *       Sent with an API key: pk = WS#<id>, sk = IDEMPOTENCY#APIKEY#<keyId>#<key> [apiKeyIdempotencySk]
 * 24. A workspace's API keys (docs/public-api.md) → table → pk = WS#<id>, sk = APIKEY#<ulid>; all with
 *       begins_with APIKEY#. A /v1 request's key → GetItem (consistent) of its pointer pk = sk =
 *       APIKEYTOKEN#<sha256 of the key>, then BatchGetItem (consistent) of the key item and its maker's MEMBER#
 * 25. A pending atproto OAuth authorization (Bluesky connect, docs/bluesky.md#connecting) → table → pk = sk =
 *       ATPROTOSTATE#<the OAuth client's state key> [atprotoStateKey]; the value envelope-encrypted (it holds the
 *       DPoP private key); TTL expiresAt (10 minutes, as our own OAuth state)
 * 25a. A refresh lease on one atproto session → table → pk = sk = ATPROTOLOCK#<name> [atprotoLockKey], put if
 *       absent or expired, deleted by its holder; TTL expiresAt
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    /** "What does this user have, in time order?" (unread notifications, a Posts tab in its order, the calendar) */
    byUserTime: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    /** "Which posts are open and due?" (watchdog) */
    openByDue: { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    /** "How many posts are in each tab?" Keys only: a COUNT query reads no post bodies. */
    postsByTabKeys: { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'KEYS_ONLY' },
  },
} as const;
