import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { markNeedsReconnect } from '../../functions/data/connections';
import { saveTokens } from '../../functions/data/tokens';
import { sendDueExpiryNotices } from '../../functions/domain/connection-health';
import { handler as expiryNoticesHandler } from '../../functions/handlers/connections/expiry-notices';
import { JOB_HANDLERS } from '../../functions/jobs';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { aLambdaContext, weCallTheApi } from '../helpers/when';

/** Connection health ahead of time, through the API and the sweep against the local cloud. */
const DAY = 86_400_000;
const notesOf = async (token: string): Promise<string[]> =>
  ((await weCallTheApi('GET', '/api/notifications', { token })).body.items as { message: string }[]).map((n) => n.message);

describe('GET /api/accounts health', () => {
  it('says when each connection must be renewed, and never returns a token', async () => {
    // Prepare: Instagram (no refresh token, 60 days), TikTok (refresh token, 365 days), a Facebook Page (never)
    const user = await aConfirmedUser({ plan: 'pro' });
    const now = new Date();
    const instagram = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const tiktok = await aConnectedAccount(user.userId, 'tiktok', '@acme.tt');
    const facebook = await aConnectedAccount(user.userId, 'facebook', 'Acme Page');
    const igExpiry = new Date(now.getTime() + 60 * DAY).toISOString();
    const ttExpiry = new Date(now.getTime() + 365 * DAY).toISOString();
    await saveTokens(
      user.userId,
      instagram.id,
      { accessToken: 'ig-secret-token', expiresAt: igExpiry, scopes: ['instagram_business_basic', 'instagram_business_content_publish'] },
      now,
    );
    await saveTokens(
      user.userId,
      tiktok.id,
      { accessToken: 'tt-secret', refreshToken: 'tt-refresh-secret', expiresAt: inDays(0.1), refreshExpiresAt: ttExpiry, scopes: ['user.info.basic'] },
      now,
    );
    await saveTokens(user.userId, facebook.id, { accessToken: 'page-secret', expiresAt: null }, now);

    // Act
    const res = await weCallTheApi('GET', '/api/accounts', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    const health = Object.fromEntries((res.body.accounts as { id: string; health: unknown }[]).map((a) => [a.id, a.health]));
    expect(health).toEqual({
      [instagram.id]: { expires_at: igExpiry, missing_publish_permission: false },
      [tiktok.id]: { expires_at: ttExpiry, missing_publish_permission: true },
      [facebook.id]: { expires_at: null, missing_publish_permission: false },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|accessToken|refreshToken/);
  });
});

describe('the expiry notices sweep', () => {
  it('notifies 7 days and 1 day before a connection expires, exactly once each', async () => {
    // Prepare: an Instagram token saved yesterday, expiring in 6.5 days: its 7-day notice is due now
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const expiry = Date.now() + 6.5 * DAY;
    await saveTokens(user.userId, account.id, { accessToken: 'ig-token', expiresAt: new Date(expiry).toISOString() }, new Date(Date.now() - DAY));

    // Act: the scheduled function runs, twice
    await expiryNoticesHandler({}, aLambdaContext());
    await expiryNoticesHandler({}, aLambdaContext());

    // Assess
    expect(await notesOf(user.accessToken)).toEqual([
      "@acme's Instagram connection expires in 7 days. Reconnect on Platforms so your scheduled posts keep going out.",
    ]);

    // Act: 5.6 days later (under a day left), twice
    const later = { now: () => new Date(expiry - 0.9 * DAY), newId: () => ulid() };
    await sendDueExpiryNotices(later);
    await sendDueExpiryNotices(later);

    // Assess
    expect(await notesOf(user.accessToken)).toEqual([
      "@acme's Instagram connection expires within a day. Reconnect on Platforms so your scheduled posts keep going out.",
      "@acme's Instagram connection expires in 7 days. Reconnect on Platforms so your scheduled posts keep going out.",
    ]);
  });

  it('starts over for a reconnected account with a new expiry', async () => {
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram', '@acme');
    await saveTokens(
      user.userId,
      account.id,
      { accessToken: 'ig-token', expiresAt: new Date(Date.now() + 6.5 * DAY).toISOString() },
      new Date(Date.now() - DAY),
    );
    await sendDueExpiryNotices();
    expect(await notesOf(user.accessToken)).toHaveLength(1);
    // Reconnected: a fresh 60-day token; nothing is due now, and its own 7-day notice comes 53 days on
    const renewed = Date.now() + 60 * DAY;
    await saveTokens(user.userId, account.id, { accessToken: 'ig-token-2', expiresAt: new Date(renewed).toISOString() }, new Date());
    await sendDueExpiryNotices();
    expect(await notesOf(user.accessToken)).toHaveLength(1);
    await sendDueExpiryNotices({ now: () => new Date(renewed - 6.9 * DAY), newId: () => ulid() });
    expect(await notesOf(user.accessToken)).toHaveLength(2);
  });

  it('is one of the functions the stack and the local cloud schedule', () => {
    expect(JOB_HANDLERS.expiryNotices).toBe('connections/expiry-notices');
  });
});

describe('GET /api/posts flags posts whose account cannot publish at their time', () => {
  it('flags an expiring connection, a revoked one and a platform the plan no longer has; leaves healthy ones alone', async () => {
    // Prepare: a Free user (Instagram and Facebook only)
    const user = await aConfirmedUser();
    const now = new Date();
    const expiring = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const healthy = await aConnectedAccount(user.userId, 'instagram', '@bakery');
    const revoked = await aConnectedAccount(user.userId, 'facebook', 'Acme Page');
    const x = await aConnectedAccount(user.userId, 'x', '@acme_x');
    await saveTokens(user.userId, expiring.id, { accessToken: 't', expiresAt: inDays(3) }, now);
    await saveTokens(user.userId, healthy.id, { accessToken: 't', expiresAt: inDays(50) }, now);
    await markNeedsReconnect(user.userId, revoked.id, now);
    const late = await aStoredPost(user.userId, expiring, { status: 'scheduled', scheduled_at: inDays(5) });
    const soon = await aStoredPost(user.userId, expiring, { status: 'scheduled', scheduled_at: inDays(1) });
    const fine = await aStoredPost(user.userId, healthy, { status: 'scheduled', scheduled_at: inDays(5) });
    const page = await aStoredPost(user.userId, revoked, { status: 'scheduled', scheduled_at: inDays(2) });
    const onX = await aStoredPost(user.userId, x, { status: 'scheduled', scheduled_at: inDays(2) });

    // Act
    const res = await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    const issues = Object.fromEntries(
      (res.body.items as { id: string; connection_issues: { message: string }[] }[]).map((p) => [p.id, p.connection_issues.map((i) => i.message)]),
    );
    expect(issues).toEqual({
      [late.id]: ["@acme's Instagram connection expires before this post's time; reconnect on Platforms."],
      [soon.id]: [],
      [fine.id]: [],
      [page.id]: ["Acme Page's Facebook connection needs to be renewed; reconnect on Platforms."],
      [onX.id]: ['Your plan no longer includes X; upgrade on Subscription to publish to @acme_x.'],
    });
  });

  it('flags a post whose account was disconnected', async () => {
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram', '@gone');
    const post = await aStoredPost(user.userId, account, { status: 'scheduled', scheduled_at: inDays(2) });
    await weCallTheApi('DELETE', `/api/accounts/${account.id}`, { token: user.accessToken });

    const res = await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: user.accessToken });

    expect(res.body.items.find((p: { id: string }) => p.id === post.id).connection_issues).toEqual([
      { target_id: post.platforms[0]!.id, message: "@gone's Instagram account is no longer connected; connect it again on Platforms." },
    ]);
  });
});
