import type { Platform } from '@shared/platforms';
import { env } from '../lib/env';
import type { AtprotoStores } from './bluesky-oauth';
import { configuredApp } from './configured-apps';
import { hostsFor } from './hosts';
import { createAdapter } from './registry';
import type { PlatformAdapter } from './types';

/**
 * A platform's adapter as this deployment is configured. Apart from configured-apps.ts because it
 * reaches every platform's client: code that only asks whether a platform is offered, or for its
 * redirect URI, imports that file and keeps them out of its bundle.
 */

export { configuredApp, redirectUriFor, resetPlatformConfigForTests } from './configured-apps';

/** The adapter for a platform, or undefined when we have no app registered there. */
export async function configuredAdapter(platform: Platform, now?: () => Date, atproto?: AtprotoStores): Promise<PlatformAdapter | undefined> {
  const app = await configuredApp(platform);
  if (!app) return undefined;
  return createAdapter(platform, {
    app,
    hosts: hostsFor(platform, env().PLATFORM_SANDBOX_URL),
    ...(now ? { now } : {}),
    ...(atproto ? { atproto } : {}),
  });
}
