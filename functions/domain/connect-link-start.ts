import { CONNECT_LINK_MSG } from '@shared/connect-links';
import type { Platform } from '@shared/platforms';
import { defaultDeps, type Deps } from '../lib/clock';
import { ValidationError } from '../lib/errors';
import { usableLink } from './connect-links';
import { initiateLinkConnect } from './connections';
import { assertPlanAllows, currentPlan } from './entitlements';

/*
 * Starting a connect from a client connect link (docs/workspaces.md#client-connect-links). Apart
 * from connect-links.ts because it reaches every platform's client (connections.ts), which the
 * functions that make, list and revoke links would otherwise carry.
 */

/** POST /api/connect-links/start: a connect of one offered network into the link's client, bound to this browser. */
export async function startLinkConnect(token: string, platform: Platform, deps: Deps = defaultDeps): Promise<{ authUrl: string; cookie: string }> {
  const now = deps.now();
  const { link } = await usableLink(token, now);
  if (!link.platforms.includes(platform)) throw new ValidationError(CONNECT_LINK_MSG.platformNotOffered);
  // The plan may have changed since the link was made: it must include the network now.
  assertPlanAllows(await currentPlan(link.workspaceId, now), platform);
  return initiateLinkConnect(link, platform, deps);
}
