import type { MeResponse, Settings, UpdateSettings } from '@shared/settings';
import { defaultDeps, type Deps } from '../lib/clock';
import { getProfile, getSettings, setTimezoneIfUnset, updateSettings } from '../data/users';
import { profileForDisplay } from './profile';

/** An uploaded profile picture is returned as a presigned GET URL; a picture link as given. */
export async function getMe(userId: string): Promise<MeResponse> {
  const [settings, { email, ...profile }] = await Promise.all([getSettings(userId), getProfile(userId)]);
  return { userId, email, settings, profile: await profileForDisplay(profile) };
}

export function saveSettings(userId: string, changes: UpdateSettings, deps: Pick<Deps, 'now'> = defaultDeps): Promise<Settings> {
  return updateSettings(userId, changes, deps.now());
}

/** docs/product-rules.md#writes-and-storage: on first load with no stored timezone, the browser's zone is saved. Never overwrites. */
export function saveInitialTimezone(userId: string, timezone: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<Settings> {
  return setTimezoneIfUnset(userId, timezone, deps.now());
}
