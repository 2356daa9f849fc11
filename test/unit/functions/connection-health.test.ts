import { connectionExpiry, expiryText, nextExpiryNotice, noticeAfter, publishProblemAt, type ListedConnection } from '@shared/connection-health';
import { describe, expect, it } from 'vitest';
import { aSocialAccount } from '../../helpers/accounts';
import { healthOf } from '../../../functions/domain/connection-health';

/** Connection health ahead of time. Pure rules with a fixed clock. */
const NOW = new Date('2026-11-25T12:00:00.000Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

function anAccount(overrides: Partial<ListedConnection> = {}): ListedConnection {
  return {
    ...aSocialAccount({ id: 'A1', platform: 'instagram', account_id: 'ig-1', account_name: '@acme', created_at: NOW.toISOString() }),
    health: { expires_at: inDays(30), missing_publish_permission: false },
    ...overrides,
  } as ListedConnection;
}

describe('when a connection ends', () => {
  it('is the access token expiry when there is no refresh token (Instagram 60 days)', () => {
    expect(connectionExpiry({ expiresAt: inDays(60), hasRefreshToken: false })).toBe(inDays(60));
  });

  it('is the refresh token expiry when there is one (TikTok 365 days), not the 2-hour access token', () => {
    expect(connectionExpiry({ expiresAt: inDays(0.1), refreshExpiresAt: inDays(365), hasRefreshToken: true })).toBe(inDays(365));
  });

  it('is unknown for a refresh token without an expiry (Google, X) and for a never-expiring Page token', () => {
    expect(connectionExpiry({ expiresAt: inDays(0.04), hasRefreshToken: true })).toBeNull();
    expect(connectionExpiry({ expiresAt: null, hasRefreshToken: false })).toBeNull();
  });

  it('falls back by platform for tokens stored before the expiry was kept', () => {
    const row = { connectionId: 'A1', connectionExpiresAt: undefined, expiresAt: inDays(0.1), refreshExpiresAt: inDays(200), scopes: undefined };
    expect(healthOf('tiktok', row).expires_at).toBe(inDays(200));
    expect(healthOf('instagram', { ...row, expiresAt: inDays(50), refreshExpiresAt: null }).expires_at).toBe(inDays(50));
  });

  it('flags a grant without the publish permission only when the platform reported its scopes', () => {
    const row = { connectionId: 'A1', connectionExpiresAt: null, expiresAt: null, refreshExpiresAt: null };
    expect(healthOf('tiktok', { ...row, scopes: ['user.info.basic'] }).missing_publish_permission).toBe(true);
    expect(healthOf('tiktok', { ...row, scopes: ['user.info.basic', 'video.publish'] }).missing_publish_permission).toBe(false);
    expect(healthOf('tiktok', { ...row, scopes: undefined }).missing_publish_permission).toBe(false);
  });
});

describe('the Platforms page line', () => {
  it('says how many days are left, rounded up', () => {
    expect(expiryText({ expires_at: inDays(8.2), missing_publish_permission: false }, NOW)).toBe('Reconnect within 9 days');
    expect(expiryText({ expires_at: inDays(0.5), missing_publish_permission: false }, NOW)).toBe('Reconnect within 1 day');
    expect(expiryText({ expires_at: inDays(-1), missing_publish_permission: false }, NOW)).toBe('Connection expired: reconnect');
    expect(expiryText({ expires_at: null, missing_publish_permission: false }, NOW)).toBeNull();
  });
});

describe('expiry notices, 7 days and 1 day before', () => {
  it('schedules the 7-day notice first, then the 1-day one, then none', () => {
    expect(nextExpiryNotice(inDays(60), NOW)).toEqual({ kind: '7d', at: inDays(53) });
    expect(nextExpiryNotice(inDays(5), NOW)).toEqual({ kind: '1d', at: inDays(4) });
    expect(nextExpiryNotice(inDays(0.5), NOW)).toBeNull();
    expect(nextExpiryNotice(null, NOW)).toBeNull();
    expect(noticeAfter('7d', inDays(60))).toEqual({ kind: '1d', at: inDays(59) });
    expect(noticeAfter('1d', inDays(60))).toBeNull();
  });

  it('re-saving the same expiry after the 7-day notice does not bring it back', () => {
    // Prepare: the 7-day notice went out at day 53; a refresh on day 54 saves the same expiry
    const expiry = inDays(60);
    const afterSevenDayNotice = new Date(NOW.getTime() + 54 * DAY);
    // Act / Assess
    expect(nextExpiryNotice(expiry, afterSevenDayNotice)).toEqual({ kind: '1d', at: inDays(59) });
  });
});

describe('whether an account can publish at a post time', () => {
  const ctx = (account: ListedConnection | undefined, planAllows = true) => ({ account, platform: 'instagram' as const, accountName: '@acme', planAllows });

  it('is fine while the connection outlives the post', () => {
    expect(publishProblemAt(ctx(anAccount()), inDays(10))).toBeNull();
  });

  it('flags a connection that expires before the post time', () => {
    expect(publishProblemAt(ctx(anAccount()), inDays(31))).toBe("@acme's Instagram connection expires before this post's time; reconnect on Platforms.");
  });

  it('flags a revoked connection, a missing permission, a plan without the platform and a disconnected account', () => {
    expect(publishProblemAt(ctx(anAccount({ needs_reconnect: true })), inDays(1))).toBe(
      "@acme's Instagram connection needs to be renewed; reconnect on Platforms.",
    );
    expect(publishProblemAt(ctx(anAccount({ health: { expires_at: null, missing_publish_permission: true } })), inDays(1))).toBe(
      "@acme's Instagram connection does not allow posting; reconnect on Platforms and allow it.",
    );
    expect(publishProblemAt(ctx(anAccount(), false), inDays(1))).toBe('Your plan no longer includes Instagram; upgrade on Subscription to publish to @acme.');
    expect(publishProblemAt(ctx(undefined), inDays(1))).toBe("@acme's Instagram account is no longer connected; connect it again on Platforms.");
  });
});
