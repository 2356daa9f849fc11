import { CONNECT_LINK_DEFAULT_DAYS, CONNECT_LINK_MSG, type ConnectLink, type ConnectLinkPreview, type CreatedConnectLink } from '@shared/connect-links';
import { CLIENT_MSG } from '@shared/clients';
import { planAllows } from '@shared/plans';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { getClient } from '../data/clients';
import { deleteConnectLink, findConnectLinkByToken, listConnectLinks, putConnectLink, type StoredConnectLink } from '../data/connect-links';
import { listConnections } from '../data/connections';
import { getWorkspace } from '../data/workspaces';
import { appOrigin } from '../lib/app-origin';
import { defaultDeps, type Deps } from '../lib/clock';
import { AppError, NotFoundError, ValidationError } from '../lib/errors';
import { newBearerToken, sha256Hex } from '../lib/bearer-tokens';
import { configuredApp } from '../platforms/configured-apps';
import { assertPlanAllows, currentPlan } from './entitlements';

/**
 * Client connect links (docs/workspaces.md#client-connect-links). The token is the link's only key:
 * 32 random bytes in the URL, its SHA-256 in the table. Whoever holds it sees the workspace's name,
 * the client's name and how many accounts of each offered network the client has, and can start a
 * connect into that client; nothing else of the workspace is reachable from it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const view = (link: StoredConnectLink): ConnectLink => ({
  id: link.id,
  client_id: link.clientId,
  platforms: link.platforms,
  created_at: link.createdAt,
  expires_at: link.expiresAt,
});

async function clientOf(workspaceId: string, clientId: string) {
  const client = await getClient(workspaceId, clientId);
  if (!client) throw new NotFoundError(CLIENT_MSG.notFound);
  return client;
}

const isAvailable = async (platform: Platform) => (await configuredApp(platform)) !== undefined;

/**
 * POST /api/clients/{id}/connect-links: a link offering the chosen networks (each one the plan must
 * include; left out: every network this deployment offers and the plan includes), for 1–14 days.
 */
export async function createConnectLink(
  who: { workspaceId: string; userId: string },
  clientId: string,
  body: { platforms?: Platform[] | undefined; expires_in_days?: number | undefined },
  deps: Deps = defaultDeps,
): Promise<CreatedConnectLink> {
  const { workspaceId, userId } = who;
  const now = deps.now();
  await clientOf(workspaceId, clientId);
  const plan = await currentPlan(workspaceId, now);
  let platforms: Platform[];
  if (body.platforms) {
    for (const platform of body.platforms) assertPlanAllows(plan, platform);
    platforms = body.platforms;
  } else {
    const offered = await Promise.all(PLATFORMS.map(async (p) => planAllows(plan.id, p) && (await isAvailable(p))));
    platforms = PLATFORMS.filter((_, i) => offered[i]);
    if (platforms.length === 0) throw new ValidationError(CONNECT_LINK_MSG.platformsRequired);
  }
  const token = newBearerToken();
  const link: StoredConnectLink = {
    id: deps.newId(),
    workspaceId,
    clientId,
    platforms,
    createdBy: userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (body.expires_in_days ?? CONNECT_LINK_DEFAULT_DAYS) * DAY_MS).toISOString(),
  };
  await putConnectLink(link, sha256Hex(token));
  return { ...view(link), url: `${await appOrigin()}/connect?${new URLSearchParams({ token })}` };
}

/** GET /api/clients/{id}/connect-links: the client's links still working, newest first (never a token). */
export async function activeConnectLinks(workspaceId: string, clientId: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<ConnectLink[]> {
  await clientOf(workspaceId, clientId);
  const now = deps.now().getTime();
  return (await listConnectLinks(workspaceId, clientId)).filter((link) => Date.parse(link.expiresAt) > now).map(view);
}

/** DELETE /api/clients/{id}/connect-links/{linkId}: the link stops working at once, for a connect already under way too. */
export async function revokeConnectLink(workspaceId: string, clientId: string, linkId: string): Promise<void> {
  if (!(await deleteConnectLink(workspaceId, clientId, linkId))) throw new NotFoundError(CONNECT_LINK_MSG.alreadyRevoked);
}

/** A link's token, checked: the link and its client, or why it cannot be used (404 unknown or revoked, 410 expired). */
export async function usableLink(token: string, now: Date) {
  const link = await findConnectLinkByToken(sha256Hex(token));
  if (!link) throw new NotFoundError(CONNECT_LINK_MSG.notFound);
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new AppError('CONNECT_LINK_EXPIRED', 410, CONNECT_LINK_MSG.expired);
  const client = await getClient(link.workspaceId, link.clientId);
  if (!client) throw new NotFoundError(CONNECT_LINK_MSG.notFound);
  return { link, client };
}

/** GET /api/connect-links/preview: who asks, for which client, and which of the offered networks are connected already. */
export async function previewConnectLink(token: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<ConnectLinkPreview> {
  const now = deps.now();
  const { link, client } = await usableLink(token, now);
  const [workspace, accounts] = await Promise.all([getWorkspace(link.workspaceId), listConnections(link.workspaceId)]);
  if (!workspace) throw new NotFoundError(CONNECT_LINK_MSG.notFound);
  const platforms = await Promise.all(
    link.platforms.map(async (platform) => ({
      platform,
      available: await isAvailable(platform),
      connected_count: accounts.filter((a) => a.platform === platform && a.client_id === client.id).length,
    })),
  );
  return { workspace_name: workspace.name, client_name: client.name, platforms, expires_at: link.expiresAt };
}
