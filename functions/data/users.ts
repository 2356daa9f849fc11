import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfile } from '@shared/profile';
import { DEFAULT_SETTINGS, EMPTY_PROFILE, type Profile, type Settings, type UpdateSettings } from '@shared/settings';
import { conditional, db, tableName, userPk } from './table';

/**
 * Settings and profile of a user: pk = USER#<id>, sk = SETTINGS | PROFILE (access pattern 1).
 */
const SETTINGS_SK = 'SETTINGS';
const PROFILE_SK = 'PROFILE';

export interface StoredProfile extends Profile {
  email: string | null;
}

function toSettings(item: Record<string, unknown> | undefined): Settings {
  if (!item) return DEFAULT_SETTINGS;
  return {
    mode: item.mode === 'agency' ? 'agency' : 'creator',
    timezone: typeof item.timezone === 'string' ? item.timezone : null,
    push_opt_in: item.push_opt_in === true,
    onboarding_completed: item.onboarding_completed !== false,
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
  return conditional(
    async () => {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { pk: userPk(userId), sk: SETTINGS_SK, type: 'Settings', ...DEFAULT_SETTINGS, timezone: undefined, created_at: now.toISOString(), updated_at: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    },
    () => false,
  );
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

/** Upserts the given settings fields (spec §7 writes). A missing row is created with the defaults. */
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
          ExpressionAttributeNames: { '#tz': 'timezone', '#updated_at': 'updated_at', '#type': 'type', '#mode': 'mode', '#push': 'push_opt_in', '#onboarding': 'onboarding_completed' },
          ExpressionAttributeValues: { ':tz': timezone, ':now': now.toISOString(), ':type': 'Settings', ':mode': DEFAULT_SETTINGS.mode, ':push': false, ':onboarding': true },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toSettings(Attributes);
    },
    () => getSettings(userId),
  );
}

/**
 * Sets the given profile fields (spec §7 "profiles update"); null removes a field. The e-mail and
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
