import { AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfile } from '@shared/profile';
import { DEFAULT_SETTINGS, EMPTY_PROFILE, type Profile, type Settings, type UpdateSettings } from '@shared/settings';
import { cognitoClient } from '../lib/aws';
import { env } from '../lib/env';
import { PROFILE_SK, sessionsKey, SETTINGS_SK, userPk } from './keys';
import { conditional, db, putIf, tableName } from './table';

/**
 * Settings and profile of a user: pk = USER#<id>, sk = SETTINGS | PROFILE (access pattern 1).
 */

export interface StoredProfile extends Profile {
  email: string | null;
}

/** The settings row's key (read together with other items: data/table.ts getItems). */
export const settingsKey = (userId: string) => ({ pk: userPk(userId), sk: SETTINGS_SK });

export function toSettings(item: Record<string, unknown> | undefined): Settings {
  if (!item) return DEFAULT_SETTINGS;
  return {
    mode: item.mode === 'agency' ? 'agency' : 'creator',
    timezone: typeof item.timezone === 'string' ? item.timezone : null,
    push_opt_in: item.push_opt_in === true,
    onboarding_completed: item.onboarding_completed !== false,
    // On unless turned off: rows written before the setting existed keep the e-mails.
    email_approvals: item.email_approvals !== false,
  };
}

function toProfile(item: Record<string, unknown> | undefined): StoredProfile {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return item
    ? { username: text(item.username), bio: text(item.bio), website: text(item.website), avatar_url: text(item.avatar_url), email: text(item.email) }
    : { ...EMPTY_PROFILE, email: null };
}

export async function getSettings(userId: string): Promise<Settings> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: SETTINGS_SK } }));
  return toSettings(Item);
}

export async function getProfile(userId: string): Promise<StoredProfile> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: PROFILE_SK } }));
  return toProfile(Item);
}

/** Creates the settings row unless it exists. Returns false when it already existed. */
export async function createSettingsIfAbsent(userId: string, now: Date): Promise<boolean> {
  return putIf({
    Item: {
      pk: userPk(userId),
      sk: SETTINGS_SK,
      type: 'Settings',
      ...DEFAULT_SETTINGS,
      timezone: undefined,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

export async function createProfileIfAbsent(userId: string, email: string | null, now: Date): Promise<boolean> {
  return conditional(
    async () => {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { pk: userPk(userId), sk: PROFILE_SK, type: 'Profile', email: email ?? undefined, created_at: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    },
    () => false,
  );
}

/** Upserts the given settings fields (docs/product-rules.md#writes-and-storage). A missing row is created with the defaults. */
export async function updateSettings(userId: string, changes: UpdateSettings, now: Date): Promise<Settings> {
  const fields: Record<string, unknown> = { ...changes, updated_at: now.toISOString() };
  const defaults: Record<string, unknown> = { type: 'Settings', mode: DEFAULT_SETTINGS.mode, push_opt_in: false, onboarding_completed: true };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  for (const [field, value] of Object.entries(defaults)) {
    if (`#${field}` in names) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = if_not_exists(#${field}, :${field})`);
  }
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: SETTINGS_SK },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toSettings(Attributes);
}

/**
 * Saves the browser's timezone only while none is stored, so two tabs loading at once, or a user
 * who already chose a zone, never have it overwritten. Returns the settings as stored afterwards.
 */
export async function setTimezoneIfUnset(userId: string, timezone: string, now: Date): Promise<Settings> {
  return conditional(
    async () => {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: userPk(userId), sk: SETTINGS_SK },
          UpdateExpression:
            'SET #tz = :tz, #updated_at = :now, #type = if_not_exists(#type, :type), #mode = if_not_exists(#mode, :mode), #push = if_not_exists(#push, :push), #onboarding = if_not_exists(#onboarding, :onboarding)',
          ConditionExpression: 'attribute_not_exists(#tz)',
          ExpressionAttributeNames: {
            '#tz': 'timezone',
            '#updated_at': 'updated_at',
            '#type': 'type',
            '#mode': 'mode',
            '#push': 'push_opt_in',
            '#onboarding': 'onboarding_completed',
          },
          ExpressionAttributeValues: {
            ':tz': timezone,
            ':now': now.toISOString(),
            ':type': 'Settings',
            ':mode': DEFAULT_SETTINGS.mode,
            ':push': false,
            ':onboarding': true,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toSettings(Attributes);
    },
    () => getSettings(userId),
  );
}

/**
 * Sets the given profile fields (docs/product-rules.md#writes-and-storage: "profiles update"); null removes a field. The e-mail and
 * any field not given are kept; a missing row is created. Returns the row before and after, so the
 * caller can clean up a replaced avatar without a second read racing another write.
 */
export async function updateProfile(userId: string, changes: UpdateProfile, now: Date): Promise<{ before: StoredProfile; after: StoredProfile }> {
  const names: Record<string, string> = { '#type': 'type', '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = { ':type': 'Profile', ':now': now.toISOString() };
  const sets = ['#type = if_not_exists(#type, :type)', '#updated_at = :now'];
  const removes: string[] = [];
  for (const field of ['username', 'bio', 'website', 'avatar_url'] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) {
      removes.push(`#${field}`);
    } else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: PROFILE_SK },
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = toProfile(Attributes);
  const after: StoredProfile = { ...before };
  for (const field of ['username', 'bio', 'website', 'avatar_url'] as const) {
    const value = changes[field];
    if (value !== undefined) after[field] = value;
  }
  return { before, after };
}

/**
 * The session gate of a user (access pattern 17): pk = sk = SESSIONS#<id>, outside USER#<id> so
 * that account deletion's sweep of the partition leaves it standing.
 *  - `validAfter` (epoch seconds): tokens whose session began before it are refused (sign out
 *    everywhere, password change, deletion);
 *  - `deletedAt`: the account is closed (the tombstone): every token is refused, the publisher
 *    stops, OAuth callbacks are refused.
 * It expires (TTL) SESSION_GATE_TTL_SECONDS after its last write: by then every token issued before
 * it has expired (Cognito access and ID tokens live at most one day), so it has nothing left to stop.
 */
export const SESSION_GATE_TTL_SECONDS = 2 * 24 * 60 * 60;

export interface SessionGate {
  /** Epoch seconds; tokens with an earlier auth_time are refused. */
  validAfter: number | null;
  /** ISO time the account's deletion began; null while the account is open. */
  deletedAt: string | null;
  /**
   * The password is the one a paid public checkout's payer chose, and the address's owner has not
   * replaced it: no session is admitted until they do (set at verification, or a reset).
   */
  payerPassword: boolean;
}

export async function getSessionGate(userId: string): Promise<SessionGate> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: sessionsKey(userId), ConsistentRead: true }));
  return toSessionGate(Item);
}

/** The gate as its item says (none: open, no sessions ended). */
export function toSessionGate(Item: Record<string, unknown> | undefined): SessionGate {
  return {
    validAfter: typeof Item?.validAfter === 'number' ? Item.validAfter : null,
    deletedAt: typeof Item?.deletedAt === 'string' ? Item.deletedAt : null,
    payerPassword: Item?.payerPassword === true,
  };
}

/**
 * Marks a checkout-made account's password as the payer's (see SessionGate.payerPassword). The item
 * loses its TTL: the mark must outlive any token, for as long as the account stays unproven.
 */
export async function markPayerPassword(userId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sessionsKey(userId),
      UpdateExpression: 'SET #type = :type, payerPassword = :yes REMOVE expiresAt',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'SessionGate', ':yes': true },
    }),
  );
}

/**
 * The address's owner set the password (at verification, or by a reset): every session that began
 * before `now` ends, and the payer's mark goes, in one write.
 */
export async function endSessionsAndPayerPassword(userId: string, now: Date): Promise<number> {
  return closeGate(userId, now, false, true);
}

/**
 * Token times have one-second precision, so the gate opens at the next whole second: a token issued
 * in the same second as the revocation may predate it and is refused too.
 */
const nextSecond = (now: Date) => Math.floor(now.getTime() / 1000) + 1;

/** Ends every session that began at or before `now`; returns the gate's new `validAfter`. */
export async function endSessionsBefore(userId: string, now: Date): Promise<number> {
  return closeGate(userId, now, false);
}

/**
 * The tombstone: written before anything of the account is deleted, so no request admitted after it
 * reads or writes. The first deletion attempt's time is kept; the TTL moves with each attempt.
 */
export async function markUserClosed(userId: string, now: Date): Promise<number> {
  return closeGate(userId, now, true);
}

/** Moves the session gate to `now` (and with `deleting`, marks the account closed from its first attempt). */
async function closeGate(userId: string, now: Date, deleting: boolean, clearPayerPassword = false): Promise<number> {
  const seconds = nextSecond(now);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sessionsKey(userId),
      UpdateExpression: `SET #type = :type, ${deleting ? 'deletedAt = if_not_exists(deletedAt, :now), ' : ''}validAfter = :at, expiresAt = :ttl${clearPayerPassword ? ' REMOVE payerPassword' : ''}`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'SessionGate',
        ':at': seconds,
        ':ttl': seconds + SESSION_GATE_TTL_SECONDS,
        ...(deleting ? { ':now': now.toISOString() } : {}),
      },
    }),
  );
  return seconds;
}

/** Cognito's global sign-out: every refresh token of the user stops working (its username is its `sub`). */
export async function signOutEverywhere(userId: string): Promise<void> {
  const poolId = env().USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not set for this function');
  await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: userId }));
}
