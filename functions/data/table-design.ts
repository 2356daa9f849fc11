/**
 * The single-table design, imported by infra/ (to create the table) and functions/data (to use it).
 *
 * Access patterns (pattern → index → key condition):
 *  1. A user's settings / profile / subscription  → table → pk = USER#<id>, sk = SETTINGS | PROFILE | SUBSCRIPTION
 *  2. All of a user's items (account deletion)    → table → pk = USER#<id>
 *  3. A user's clients, newest first              → table → pk = USER#<id>, sk begins_with CLIENT#  (ULIDs sort by time)
 *  4. A user's latest notifications               → table → pk = USER#<id>, sk begins_with NOTE#, descending, limit 20
 *  5. A user's unread notifications (mark all)    → gsi1  → gsi1pk = UNREAD#<id>   (sparse: removed when read)
 *  6. A user's posts by scheduled time (calendar) → gsi1  → gsi1pk = POSTS#<id>, gsi1sk = <iso time>#<postId>
 *  7. Open posts by due time (watchdog)           → gsi2  → gsi2pk = OPEN, gsi2sk between <from> and <to> (sparse)
 *  8. Lookups from outside (OAuth state, Stripe customer, checkout session) → table → pk = <KIND>#<id>, sk = <KIND>
 *     (OAuth state: pk = sk = OAUTHSTATE#<state>, consumed by a conditional delete; TTL expiresAt)
 *  9. A user's pending OAuth states (account deletion) → table → pk = USER#<id>, sk begins_with OAUTHSTATE#  (TTL expiresAt)
 * 10. A user's connected accounts, newest first → table → pk = USER#<id>, sk begins_with ACCOUNT#, descending
 * 11. A user's account for a platform account id (reconnect updates in place) → table → pk = USER#<id>, sk = PLATFORMACCOUNT#<platform>#<account_id>
 * 12. An account's encrypted tokens             → table → pk = USER#<id>, sk = TOKEN#<accountId>
 * 13. A user's media file (unattached until a post takes it) → table → pk = USER#<id>, sk = MEDIA#<id> (id derived from the object key)
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    /** "What does this user have, in time order?" (unread notifications, posts by scheduled time) */
    byUserTime: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** "Which posts are open and due?" (watchdog) */
    openByDue: { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  },
} as const;
