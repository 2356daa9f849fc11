import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsResponse, PostAnalyticsResponse } from '@shared/analytics';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../functions/data/clients';
import { saveTokens } from '../../functions/data/tokens';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import { documentClient } from '../../functions/lib/aws';
import { aRollup, aRollupItem, aSnapshot, aTracker, metrics, someRollups } from '../helpers/analytics';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aStoredPost } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** The read side: the Analytics page's numbers, plan gating on the server, the CSV export, one post's history. */

/** Today in `timeZone`, by the platform's own Intl (not the code under test's date-fns-tz). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const shift = (day: string, delta: number) => new Date(Date.parse(`${day}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

const analytics = async (token: string, query: string) => {
  const res = await weCallTheApi('GET', `/api/analytics?${query}`, { token });
  return { status: res.status, body: res.body as AnalyticsResponse & { error?: { code: string; message: string; details?: Record<string, unknown> } } };
};

async function aUserIn(timeZone: string, plan: 'free' | 'basic' | 'pro') {
  const user = await aConfirmedUser({ plan });
  const res = await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { timezone: timeZone } });
  expect(res.status).toBe(200);
  return user;
}

const topEntry = (postId: string, views: number, engagements: number, day: string) => ({
  postId,
  caption: `Post ${postId}`,
  publishedAt: `${day}T09:00:00.000Z`,
  postUrl: `https://example.com/${postId}`,
  views,
  engagements,
});

describe('the analytics of a period', () => {
  it('sums the period per platform, by day, its top posts and best times, and the previous period for Pro', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'pro');
    await aConnectedAccount(user.userId, 'facebook');
    await aConnectedAccount(user.userId, 'instagram');
    await aConnectedAccount(user.userId, 'youtube');
    const today = todayIn('UTC');
    const [d1, d2, previousDay, older] = [shift(today, -1), shift(today, -29), shift(today, -30), shift(today, -60)];
    await someRollups(user.userId, [
      aRollupItem(d1, 'facebook', {
        published: 2,
        failed: 1,
        views: 300,
        engagements: 30,
        likes: 20,
        comments: 10,
        hours: { '0:9': { posts: 2, engagements: 30 } },
        top: Array.from({ length: 7 }, (_, i) => topEntry(`fb${i}`, 100 - i * 10, i, d1)),
      }),
      aRollupItem(d2, 'facebook', {
        published: 1,
        views: 50,
        engagements: 5,
        hours: { '0:9': { posts: 1, engagements: 0 }, '4:18': { posts: 1, engagements: 5 } },
      }),
      aRollupItem(d1, 'instagram', {
        published: 1,
        views: 1000,
        engagements: 100,
        hours: { '2:7': { posts: 1, engagements: 100 } },
        top: [topEntry('ig0', 1000, 100, d1), topEntry('ig1', 95, 1, d1), topEntry('ig2', 65, 7, d1), topEntry('ig3', 65, 9, d1), topEntry('ig4', 1, 0, d1)],
      }),
      aRollupItem(d1, 'x', { published: 1, views: 10, engagements: 1 }),
      aRollupItem(previousDay, 'facebook', { published: 4, failed: 2, views: 40, engagements: 4 }),
      aRollupItem(older, 'facebook', { published: 9, views: 9999, engagements: 999 }),
    ]);

    // Act
    const { status, body } = await analytics(user.accessToken, 'days=30');

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject({ plan: 'pro', days: 30, max_days: 365, from: d2, to: today, timezone: 'UTC', client_id: null, locked: [] });
    expect(body.totals).toEqual([
      { platform: 'instagram', published: 1, failed: 0, views: 1000, engagements: 100 },
      { platform: 'facebook', published: 3, failed: 1, views: 350, engagements: 35 },
      { platform: 'x', published: 1, failed: 0, views: 10, engagements: 1 },
      { platform: 'youtube', published: 0, failed: 0, views: 0, engagements: 0 },
    ]);
    expect(body.daily).toEqual([
      { date: d2, platform: 'facebook', views: 50, engagements: 5 },
      { date: d1, platform: 'instagram', views: 1000, engagements: 100 },
      { date: d1, platform: 'facebook', views: 300, engagements: 30 },
      { date: d1, platform: 'x', views: 10, engagements: 1 },
    ]);
    expect(body.top_posts!.map((p) => `${p.post_id}:${p.views}`)).toEqual([
      'ig0:1000',
      'fb0:100',
      'ig1:95',
      'fb1:90',
      'fb2:80',
      'fb3:70',
      'ig3:65',
      'ig2:65',
      'fb4:60',
      'fb5:50',
    ]);
    expect(body.top_posts![0]).toEqual({
      post_id: 'ig0',
      platform: 'instagram',
      caption: 'Post ig0',
      published_at: `${d1}T09:00:00.000Z`,
      post_url: 'https://example.com/ig0',
      views: 1000,
      engagements: 100,
    });
    // Six posts on two days: too few to rank (BEST_TIMES_MIN_POSTS; the ranking's own test is in unit).
    expect(body.best_times).toEqual([]);
    expect(body.previous).toEqual([
      { platform: 'instagram', published: 0, failed: 0, views: 0, engagements: 0 },
      { platform: 'facebook', published: 4, failed: 2, views: 40, engagements: 4 },
      { platform: 'youtube', published: 0, failed: 0, views: 0, engagements: 0 },
    ]);
  });

  it('ranks posts tied on views at the tenth place by engagements', async () => {
    // Prepare: twelve posts with the same views over two days, the most engaging listed last
    const user = await aUserIn('UTC', 'basic');
    const [d1, d2] = [shift(todayIn('UTC'), -2), shift(todayIn('UTC'), -1)];
    await someRollups(user.userId, [
      aRollupItem(d1, 'facebook', { top: Array.from({ length: 6 }, (_, i) => topEntry(`a${i}`, 5, i, d1)) }),
      aRollupItem(d2, 'facebook', { top: Array.from({ length: 6 }, (_, i) => topEntry(`b${i}`, 5, 6 + i, d2)) }),
    ]);

    // Act
    const { body } = await analytics(user.accessToken, 'days=30');

    // Assess
    expect(body.top_posts!.map((p) => p.engagements)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('cuts the period at midnight in the user’s timezone, not UTC’s', async () => {
    // Prepare: a timezone whose date differs from UTC's right now (ahead late in the UTC day, behind early in it)
    const utcToday = todayIn('UTC');
    const ahead = new Date().getUTCHours() >= 12;
    const timeZone = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const today = todayIn(timeZone);
    expect(today).not.toBe(utcToday);
    const user = await aUserIn(timeZone, 'basic');
    await aConnectedAccount(user.userId, 'facebook');
    const first = shift(today, -29);
    await someRollups(user.userId, [
      aRollupItem(today, 'facebook', { views: 1 }),
      aRollupItem(first, 'facebook', { views: 10 }),
      aRollupItem(shift(first, -1), 'facebook', { views: 100 }),
      aRollupItem(shift(today, 1), 'facebook', { views: 1000 }),
    ]);

    // Act
    const { status, body } = await analytics(user.accessToken, 'days=30');

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: first, to: today, timezone: timeZone });
    expect(body.totals).toEqual([{ platform: 'facebook', published: 0, failed: 0, views: 11, engagements: 0 }]);
    expect(body.daily!.map((d) => d.date)).toEqual([first, today]);
  });

  it('answers an account with nothing yet with zeros and empty lists', async () => {
    // Prepare
    const user = await aUserIn('Europe/Paris', 'pro');

    // Act
    const { status, body } = await analytics(user.accessToken, 'days=365');

    // Assess
    expect(status).toBe(200);
    expect(body).toMatchObject({ totals: [], daily: [], top_posts: [], previous: [], best_times: [], needs_reconnect: [], locked: [] });
  });
});

describe('plan gating on the server', () => {
  it('gives Free 30 days of totals, the other views null and locked, and refuses 90 days, history and export', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'free');
    await aConnectedAccount(user.userId, 'facebook');
    await aRollup(user.userId, aRollupItem(todayIn('UTC'), 'facebook', { published: 1, views: 7, engagements: 2, top: [topEntry('p', 7, 2, todayIn('UTC'))] }));
    const post = await aStoredPost(user.userId, await aConnectedAccount(user.userId, 'instagram'));

    // Act
    const month = await analytics(user.accessToken, 'days=30');
    const quarter = await analytics(user.accessToken, 'days=90');
    const history = await weCallTheApi('GET', `/api/analytics/posts/${post.id}`, { token: user.accessToken });
    const csv = await weCallTheApi('GET', '/api/analytics/export?days=30', { token: user.accessToken });

    // Assess
    expect(month.status).toBe(200);
    expect(month.body.totals).toEqual([
      { platform: 'instagram', published: 0, failed: 0, views: 0, engagements: 0 },
      { platform: 'facebook', published: 1, failed: 0, views: 7, engagements: 2 },
    ]);
    expect(month.body).toMatchObject({ plan: 'free', max_days: 30, daily: null, top_posts: null, previous: null, best_times: null });
    expect(month.body.locked).toEqual(['daily', 'top_posts', 'post_history', 'export', 'comparison', 'best_times', 'client_reports']);
    expect(quarter.status).toBe(403);
    expect(quarter.body.error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Upgrade to Basic to see 90 days of analytics.',
      details: { requiredPlan: 'basic' },
    });
    expect(history.status).toBe(403);
    expect(history.body.error).toMatchObject({ code: 'PLAN_REQUIRED', details: { requiredPlan: 'basic' } });
    expect(csv.status).toBe(403);
    expect(csv.body.error).toMatchObject({ code: 'PLAN_REQUIRED', details: { requiredPlan: 'basic' } });
  });

  it('gives Basic 90 days with the chart and top posts, and refuses 365 days and client reports', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'basic');
    const client = await createClient(user.userId, { id: ulid(), name: 'Bakery', logo_url: null, created_at: new Date().toISOString() });

    // Act
    const quarter = await analytics(user.accessToken, 'days=90');
    const year = await analytics(user.accessToken, 'days=365');
    const forClient = await analytics(user.accessToken, `days=30&client=${client.id}`);

    // Assess
    expect(quarter.status).toBe(200);
    expect(quarter.body).toMatchObject({ plan: 'basic', max_days: 90, daily: [], top_posts: [], previous: null, best_times: null });
    expect(quarter.body.locked).toEqual(['comparison', 'best_times', 'client_reports']);
    expect(year.status).toBe(403);
    expect(year.body.error).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Upgrade to Pro to see 365 days of analytics.', details: { requiredPlan: 'pro' } });
    expect(forClient.status).toBe(403);
    expect(forClient.body.error).toMatchObject({ code: 'PLAN_REQUIRED', details: { requiredPlan: 'pro' } });
  });

  it('gives Pro one client’s report from that client’s rollups, and no other user’s client', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'pro');
    const other = await aConfirmedUser({ plan: 'pro' });
    const now = new Date().toISOString();
    const client = await createClient(user.userId, { id: ulid(), name: 'Bakery', logo_url: null, created_at: now });
    const othersClient = await createClient(other.userId, { id: ulid(), name: 'Gym', logo_url: null, created_at: now });
    const today = todayIn('UTC');
    await aRollup(user.userId, aRollupItem(today, 'facebook', { published: 5, views: 500 }));
    await aRollup(user.userId, aRollupItem(today, 'facebook', { published: 2, views: 200 }), client.id);
    await aRollup(other.userId, aRollupItem(today, 'facebook', { published: 9, views: 900 }), othersClient.id);

    // Act
    const report = await analytics(user.accessToken, `days=365&client=${client.id}`);
    const stolen = await analytics(user.accessToken, `days=30&client=${othersClient.id}`);

    // Assess
    expect(report.status).toBe(200);
    expect(report.body.client_id).toBe(client.id);
    expect(report.body.totals).toEqual([{ platform: 'facebook', published: 2, failed: 0, views: 200, engagements: 0 }]);
    expect(report.body.daily).toEqual([{ date: today, platform: 'facebook', views: 200, engagements: 0 }]);
    expect(stolen.status).toBe(404);
  });

  it('refuses a period other than 30, 90 or 365 days', async () => {
    const user = await aUserIn('UTC', 'pro');
    expect((await analytics(user.accessToken, 'days=31')).status).toBe(400);
  });
});

describe('the CSV export', () => {
  it('downloads one row per day and platform of the period as an attachment', async () => {
    // Prepare
    const user = await aUserIn('Asia/Tokyo', 'basic');
    const today = todayIn('Asia/Tokyo');
    const yesterday = shift(today, -1);
    await someRollups(user.userId, [
      aRollupItem(today, 'facebook', { published: 1, views: 10, engagements: 6, likes: 3, comments: 1, shares: 1, saves: 1 }),
      aRollupItem(yesterday, 'x', { published: 2, failed: 1, views: 20, engagements: 2, likes: 2 }),
      aRollupItem(yesterday, 'facebook', { published: 1, views: 5, engagements: 1, comments: 1 }),
      aRollupItem(shift(today, -90), 'facebook', { published: 1, views: 999 }),
    ]);

    // Act
    const res = await fetch(`${cloud().url}/api/analytics/export?days=90`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    const text = await res.text();

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="analytics-${shift(today, -89)}-to-${today}.csv"`);
    expect(text).toBe(
      [
        'date,platform,published,failed,views,engagements,likes,comments,shares,saves',
        `${yesterday},facebook,1,0,5,1,0,1,0,0`,
        `${yesterday},x,2,1,20,2,2,0,0,0`,
        `${today},facebook,1,0,10,6,3,1,1,1`,
        '',
      ].join('\r\n'),
    );
  });
});

describe('one post’s metrics over time', () => {
  it('lists each platform’s readings oldest first with the latest, and hides another user’s post', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'basic');
    const stranger = await aConfirmedUser({ plan: 'pro' });
    const post = await aStoredPost(user.userId, await aConnectedAccount(user.userId, 'facebook'), { status: 'posted' });
    const latest = metrics({ views: 40, likes: 4, comments: 1 });
    await aTracker(user.userId, {
      postId: post.id,
      platform: 'facebook',
      status: 'collecting',
      latest,
      nextAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await aSnapshot(user.userId, { postId: post.id, platform: 'facebook', collectedAt: '2026-01-02T10:00:00.000Z', ...latest });
    await aSnapshot(user.userId, { postId: post.id, platform: 'facebook', collectedAt: '2026-01-01T10:00:00.000Z', ...metrics({ views: 10, likes: 1 }) });
    await aSnapshot(user.userId, { postId: post.id, platform: 'x', collectedAt: '2026-01-01T11:00:00.000Z', ...metrics({ views: 3 }) });

    // Act
    const own = await weCallTheApi('GET', `/api/analytics/posts/${post.id}`, { token: user.accessToken });
    const foreign = await weCallTheApi('GET', `/api/analytics/posts/${post.id}`, { token: stranger.accessToken });
    const unknown = await weCallTheApi('GET', `/api/analytics/posts/${ulid()}`, { token: user.accessToken });

    // Assess
    expect(own.status).toBe(200);
    expect(own.body as PostAnalyticsResponse).toEqual({
      post_id: post.id,
      platforms: [
        {
          platform: 'facebook',
          status: 'collecting',
          latest,
          snapshots: [
            { ...metrics({ views: 10, likes: 1 }), at: '2026-01-01T10:00:00.000Z' },
            { ...latest, at: '2026-01-02T10:00:00.000Z' },
          ],
        },
        { platform: 'x', status: 'done', latest: metrics({ views: 3 }), snapshots: [{ ...metrics({ views: 3 }), at: '2026-01-01T11:00:00.000Z' }] },
      ],
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('40');
    expect(unknown.status).toBe(404);
  });
});

describe('connections that cannot read analytics', () => {
  it('are marked "reconnect" in the account list and listed in the analytics answer; unknown grants count as ready', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'basic');
    const old = await aConnectedAccount(user.userId, 'facebook', 'Old grant');
    const fresh = await aConnectedAccount(user.userId, 'instagram', 'New grant');
    const unknown = await aConnectedAccount(user.userId, 'x', 'No scope list');
    const halfX = await aConnectedAccount(user.userId, 'x', 'Half X');
    const now = new Date();
    await saveTokens(user.userId, old.id, { accessToken: 'a', expiresAt: null, scopes: ['pages_manage_posts', 'pages_show_list'] }, now);
    await saveTokens(
      user.userId,
      fresh.id,
      { accessToken: 'b', expiresAt: null, scopes: ['instagram_business_content_publish', 'instagram_business_manage_insights'] },
      now,
    );
    await saveTokens(user.userId, unknown.id, { accessToken: 'c', expiresAt: null }, now);
    await saveTokens(user.userId, halfX.id, { accessToken: 'd', expiresAt: null, scopes: ['tweet.read', 'tweet.write'] }, now);

    // Act
    const accounts = await weCallTheApi('GET', '/api/accounts', { token: user.accessToken });
    const { body } = await analytics(user.accessToken, 'days=30');

    // Assess
    const readiness = Object.fromEntries((accounts.body.accounts as { account_name: string; analytics: string }[]).map((a) => [a.account_name, a.analytics]));
    expect(readiness).toEqual({ 'Old grant': 'reconnect', 'New grant': 'ready', 'No scope list': 'ready', 'Half X': 'reconnect' });
    expect(body.needs_reconnect).toHaveLength(2);
    expect(body.needs_reconnect).toEqual(
      expect.arrayContaining([
        { account_id: old.id, platform: 'facebook', account_name: 'Old grant' },
        { account_id: halfX.id, platform: 'x', account_name: 'Half X' },
      ]),
    );
  });
});

describe('deleting an account', () => {
  it('removes every tracker, snapshot, rollup and client rollup, and the tracker’s due entry', async () => {
    // Prepare
    const user = await aUserIn('UTC', 'pro');
    const postId = ulid();
    const nextAt = new Date(Date.now() + 3_600_000).toISOString();
    await aTracker(user.userId, { postId, platform: 'facebook', nextAt });
    await aSnapshot(user.userId, { postId, platform: 'facebook', collectedAt: new Date().toISOString(), ...metrics({ views: 1 }) });
    await aRollup(user.userId, aRollupItem(todayIn('UTC'), 'facebook', { views: 1 }));
    await aRollup(user.userId, aRollupItem(todayIn('UTC'), 'facebook', { views: 1 }), ulid());
    const analyticsItems = async () => (await itemsOfUser(user.userId)).filter((i) => /^(METRICS|METRICSNAP|ROLLUP|CROLLUP)#/.test(String(i.sk)));
    const due = TABLE_DESIGN.indexes.openByDue;
    const dueEntries = async () =>
      (
        await documentClient().send(
          new QueryCommand({
            TableName: process.env.TABLE_NAME,
            IndexName: due.indexName,
            KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :at)',
            ExpressionAttributeNames: { '#pk': due.partitionKey, '#sk': due.sortKey },
            ExpressionAttributeValues: { ':pk': 'METRICSDUE', ':at': `${nextAt}#${user.userId}#` },
          }),
        )
      ).Items ?? [];
    expect(await analyticsItems()).toHaveLength(4);
    expect(await dueEntries()).toHaveLength(1);

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect(await analyticsItems()).toEqual([]);
    expect(await dueEntries()).toEqual([]);
  });
});
