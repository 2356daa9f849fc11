import { defaultDeps, type Deps } from '../lib/clock';
import { ensureDefaultClient } from '../data/clients';
import { createProfileIfAbsent, createSettingsIfAbsent } from '../data/users';
import { ensureFirstWorkspace } from './workspaces';

/**
 * Sets up a newly confirmed user: their first workspace (docs/decisions/0013-workspaces.md), settings (mode creator, onboarding completed), profile, and the
 * default client "My Account". Every step is idempotent because Cognito may call the trigger twice.
 */
export async function onboardUser(userId: string, email: string | null, deps: Deps = defaultDeps): Promise<void> {
  const now = deps.now();
  await ensureFirstWorkspace(userId, email, deps);
  await createSettingsIfAbsent(userId, now);
  await createProfileIfAbsent(userId, email, now);
  await ensureDefaultClient(userId, deps.newId(), now);
}
