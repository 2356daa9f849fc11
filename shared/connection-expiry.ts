import type { ConnectionHealth, ListedConnection } from './connection-health';
import { PLATFORM_NAMES, type Platform } from './platforms';

/**
 * When a connection runs out and what the user is told about it (see shared/connection-health.ts),
 * apart from that module (which re-exports these) because it builds zod schemas when it loads and the
 * Platforms page paints with these.
 */

const DAY = 86_400_000;

/** The user hears about an expiry this long before it: 7 days, then 1 day (each exactly once). */
export const EXPIRY_NOTICES = [
  { kind: '7d', beforeMs: 7 * DAY },
  { kind: '1d', beforeMs: 1 * DAY },
] as const;
export type ExpiryNoticeKind = (typeof EXPIRY_NOTICES)[number]['kind'];

/** What the stored credentials say about the connection's end (see the header). */
export function connectionExpiry(tokens: { expiresAt: string | null; refreshExpiresAt?: string | null; hasRefreshToken: boolean }): string | null {
  if (tokens.hasRefreshToken) return tokens.refreshExpiresAt ?? null;
  return tokens.expiresAt;
}

/**
 * The next notice still ahead of `now` for this expiry, or none. Re-saving the same expiry gives the
 * same answer as the sweep moving on, so a token refresh never repeats a notice already sent.
 */
export function nextExpiryNotice(expiresAt: string | null, now: Date): { kind: ExpiryNoticeKind; at: string } | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  for (const notice of EXPIRY_NOTICES) {
    if (end - notice.beforeMs > now.getTime()) return { kind: notice.kind, at: new Date(end - notice.beforeMs).toISOString() };
  }
  return null;
}

/** The notice after `kind` for the same expiry (the 1-day one after the 7-day one), or none. */
export function noticeAfter(kind: ExpiryNoticeKind, expiresAt: string): { kind: ExpiryNoticeKind; at: string } | null {
  const index = EXPIRY_NOTICES.findIndex((n) => n.kind === kind);
  const next = EXPIRY_NOTICES[index + 1];
  return next ? { kind: next.kind, at: new Date(Date.parse(expiresAt) - next.beforeMs).toISOString() } : null;
}

/** Whole days left, rounded up ("within 9 days" while 8 days and a bit remain). */
export const daysLeft = (expiresAt: string, now: Date) => Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY);

/** The Platforms page line: "Reconnect within 9 days", or null when nothing is due. */
export function expiryText(health: ConnectionHealth, now: Date): string | null {
  if (!health.expires_at) return null;
  const days = daysLeft(health.expires_at, now);
  if (days <= 0) return 'Connection expired: reconnect';
  return days === 1 ? 'Reconnect within 1 day' : `Reconnect within ${days} days`;
}

/** The activity-log notice 7 days / 1 day before. */
export function expiryNoticeMessage(platform: Platform, accountName: string, kind: ExpiryNoticeKind): string {
  const when = kind === '7d' ? 'in 7 days' : 'within a day';
  return `${accountName}'s ${PLATFORM_NAMES[platform]} connection expires ${when}. Reconnect on Platforms so your scheduled posts keep going out.`;
}

export interface PublishContext {
  /** The account as listed now, or undefined when it is no longer connected (disconnected). */
  readonly account: ListedConnection | undefined;
  readonly platform: Platform;
  readonly accountName: string;
  /** Whether the user's plan includes the platform now. */
  readonly planAllows: boolean;
}

/**
 * Why this account cannot publish at `dueAt`, in the words the Posts card and compose show; null
 * when nothing is known to stop it. Computed when asked (accounts are one query), never stored.
 */
export function publishProblemAt(ctx: PublishContext, dueAt: string): string | null {
  const name = PLATFORM_NAMES[ctx.platform];
  const { account } = ctx;
  if (!account || !account.is_connected) return `${ctx.accountName}'s ${name} account is no longer connected; connect it again on Platforms.`;
  if (!ctx.planAllows) return `Your plan no longer includes ${name}; upgrade on Subscription to publish to ${ctx.accountName}.`;
  if (account.needs_reconnect) return `${ctx.accountName}'s ${name} connection needs to be renewed; reconnect on Platforms.`;
  if (account.health.missing_publish_permission) return `${ctx.accountName}'s ${name} connection does not allow posting; reconnect on Platforms and allow it.`;
  if (account.health.expires_at && Date.parse(account.health.expires_at) <= Date.parse(dueAt)) {
    return `${ctx.accountName}'s ${name} connection expires before this post's time; reconnect on Platforms.`;
  }
  return null;
}
