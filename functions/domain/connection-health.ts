import {
  connectionExpiry,
  expiryNoticeMessage,
  noticeAfter,
  publishProblemAt,
  type ConnectionHealth,
  type ListedConnection,
  type TargetIssue,
} from '@shared/connection-health';
import type { ConnectionView } from '@shared/accounts';
import { firstCommentReadiness } from '@shared/follow-ups';
import { planAllows } from '@shared/plans';
import type { Platform } from '@shared/platforms';
import { UPCOMING_STATUSES } from '@shared/statuses';
import { getConnection, listConnections } from '../data/connections';
import { SERVER_NETWORKS, serverNetworkOf } from '../platforms/networks';
import { profileUrl } from '../platforms/profile-urls';
import type { PostRecord } from '../data/posts';
import { claimExpiryNotice, listDueExpiryNotices, listTokenHealth, restoreExpiryNotice, type TokenHealthRow } from '../data/tokens';
import { defaultDeps, type Deps } from '../lib/clock';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { analyticsReadiness } from './analytics';
import { currentPlan } from './entitlements';
import { notifyWorkspace } from './notifications';
import { emitWorkspaceEvent } from './webhooks';

/**
 * Connection health ahead of time: when each connection stops working, whether a
 * scheduled post's account can publish at its due time, and the 7-day / 1-day expiry notices.
 */

/** Any one of these granted scopes lets the adapter publish (each network's server module, docs/platform-apis.md). */
export const PUBLISH_PERMISSIONS: Record<Platform, readonly string[]> = Object.fromEntries(
  Object.values(SERVER_NETWORKS).map((n): [Platform, readonly string[]] => [n.id, n.publishPermissions]),
) as Record<Platform, readonly string[]>;

export function healthOf(platform: Platform, row: TokenHealthRow | undefined): ConnectionHealth {
  if (!row) return { expires_at: null, missing_publish_permission: false };
  const expires =
    row.connectionExpiresAt !== undefined
      ? row.connectionExpiresAt
      : connectionExpiry({ expiresAt: row.expiresAt, refreshExpiresAt: row.refreshExpiresAt, hasRefreshToken: serverNetworkOf(platform).refreshable });
  // Platforms that report no scopes say nothing about them: only a reported grant can lack one.
  const missing = row.scopes !== undefined && !PUBLISH_PERMISSIONS[platform].some((scope) => row.scopes!.includes(scope));
  return { expires_at: expires ? new Date(expires).toISOString() : null, missing_publish_permission: missing };
}

/** Whether the grant covers first comments; nothing for platforms without them. */
function withFirstComment(platform: Platform, scopes: readonly string[] | undefined): { first_comment?: 'ready' | 'reconnect' } {
  const readiness = firstCommentReadiness(platform, scopes);
  return readiness ? { first_comment: readiness } : {};
}

/** The user's accounts, each with its profile page on the network this deployment talks to. */
async function listConnectionViews(userId: string): Promise<ConnectionView[]> {
  return (await listConnections(userId)).map((account) => ({ ...account, profile_url: profileUrl(account) }));
}

/** The user's accounts, newest first, with their health: two queries (accounts, projected token times). */
export async function listConnectionsWithHealth(userId: string): Promise<ListedConnection[]> {
  const [accounts, tokens] = await Promise.all([listConnectionViews(userId), listTokenHealth(userId)]);
  const byAccount = new Map(tokens.map((row) => [row.connectionId, row]));
  return accounts.map((account) => ({
    ...account,
    analytics: analyticsReadiness(account.platform, byAccount.get(account.id)?.scopes),
    ...withFirstComment(account.platform, byAccount.get(account.id)?.scopes),
    health: healthOf(account.platform, byAccount.get(account.id)),
  }));
}

/** What the issue check reads of a post (a stored post or one presented to the browser). */
interface OpenPostLike {
  readonly id: string;
  readonly status: PostRecord['status'];
  readonly scheduled_at: string | null;
  readonly platforms: readonly Pick<PostRecord['platforms'][number], 'id' | 'platform' | 'social_account_id' | 'account_name' | 'status'>[];
}

/**
 * For each open post (scheduled or queued), the targets that cannot publish at the post's due time.
 * Cheap enough to compute on every list: the accounts, their token times and the plan, once.
 */
export async function connectionIssuesFor(
  userId: string,
  posts: readonly OpenPostLike[],
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<Map<string, TargetIssue[]>> {
  const issues = new Map<string, TargetIssue[]>();
  const open = posts.filter((p) => UPCOMING_STATUSES.includes(p.status) && p.scheduled_at);
  if (open.length === 0) return issues;
  const [accounts, plan] = await Promise.all([listConnectionsWithHealth(userId), currentPlan(userId, deps.now())]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  for (const post of open) {
    const found: TargetIssue[] = [];
    for (const target of post.platforms) {
      if (target.status !== 'pending' && target.status !== 'queued') continue;
      const message = publishProblemAt(
        {
          account: byId.get(target.social_account_id),
          platform: target.platform,
          accountName: target.account_name,
          planAllows: planAllows(plan.id, target.platform),
        },
        post.scheduled_at!,
      );
      if (message) found.push({ target_id: target.id, message });
    }
    if (found.length > 0) issues.set(post.id, found);
  }
  return issues;
}

/** A page of posts with each post's connection issues (the Posts page flags them on the card). */
export async function withConnectionIssues<P extends OpenPostLike>(
  userId: string,
  posts: readonly P[],
  deps: Pick<Deps, 'now'> = defaultDeps,
): Promise<(P & { connection_issues: TargetIssue[] })[]> {
  const issues = await connectionIssuesFor(userId, posts, deps);
  return posts.map((post) => ({ ...post, connection_issues: issues.get(post.id) ?? [] }));
}

/**
 * The hourly sweep: every expiry notice whose time has come is sent once. The index entry is moved
 * on (claimed) before the notification is written, so two sweeps never both send it; if writing the
 * notification fails, the entry is put back for the next sweep, so no notice is lost.
 */
export async function sendDueExpiryNotices(deps: Deps = defaultDeps): Promise<{ sent: number }> {
  const due = await listDueExpiryNotices(deps.now());
  let sent = 0;
  for (const notice of due) {
    // A sweep that ran late says what is true now: past the 1-day mark it sends that one; past the expiry, nothing.
    const left = Date.parse(notice.connectionExpiresAt) - deps.now().getTime();
    const kind = notice.kind === '7d' && left <= 86_400_000 ? '1d' : notice.kind;
    const next = left <= 0 ? null : noticeAfter(kind, notice.connectionExpiresAt);
    if (!(await claimExpiryNotice(notice, next))) continue;
    if (left <= 0) continue;
    try {
      const account = await getConnection(notice.userId, notice.connectionId);
      await notifyWorkspace(notice.userId, { kind: 'connection_expiring', message: expiryNoticeMessage(account.platform, account.account_name, kind) }, deps);
      sent++;
      // After the notice is written, so a notice put back for the next sweep is announced once, by that sweep.
      await emitWorkspaceEvent(notice.userId, 'account.needs_reconnect', {
        account_id: account.id,
        platform: account.platform,
        account_name: account.account_name,
        reason: 'expiring',
        expires_at: notice.connectionExpiresAt,
      });
    } catch (error) {
      if (error instanceof NotFoundError) continue;
      logger.error('Could not send an expiry notice; it stays due', { userId: notice.userId, accountId: notice.connectionId, error });
      await restoreExpiryNotice(notice, next);
    }
  }
  return { sent };
}
