import { MSG } from '@shared/messages';
import type { Post } from '@shared/posts';
import { REPEAT_MESSAGES, type SeriesView } from '@shared/recurrence';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { claimUsage } from '../../functions/data/usage';
import { monthOf } from '../../functions/domain/posts';
import { handler as sweepHandler } from '../../functions/handlers/recurrence/sweep';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aPostDueIn } from '../helpers/due';
import { aConnectedAccount } from '../helpers/posts';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { itemsOfUser, scheduleExists, theSettledPost } from '../helpers/then';
import { aLambdaContext, weCallTheApi } from '../helpers/when';

/**
 * Recurring posts end to end against the local cloud: a series' occurrences are
 * real scheduled posts with their own Scheduler schedules and outcomes, the sweep extends the
 * series as they go out, edits and deletes take "this one" or "all following", the plan allowance
 * is counted per occurrence's month and a used-up month pauses the series visibly, and account
 * deletion takes the rules.
 */
const TZ = 'Europe/Berlin';
const DAY = 86_400_000;
/** `days` days from now at `time` on Berlin's wall clock, in UTC. */
const berlinAt = (days: number, time: string) => fromZonedTime(`${formatInTimeZone(new Date(Date.now() + days * DAY), TZ, 'yyyy-MM-dd')}T${time}:00`, TZ);
const berlinWall = (iso: string) => formatInTimeZone(new Date(iso), TZ, 'HH:mm');

async function aUserInBerlin(plan: 'free' | 'basic' = 'basic') {
  const user = await aConfirmedUser({ plan });
  await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: TZ } });
  const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
  return { ...user, account };
}

type User = Awaited<ReturnType<typeof aUserInBerlin>>;
const bodyFor = (user: User, caption: string, scheduledAt: Date, repeat: unknown) => ({
  scheduled_at: scheduledAt.toISOString(),
  platforms: [{ platform: 'facebook', social_account_id: user.account.id, caption, settings: {} }],
  media_ids: [],
  repeat,
});
const seriesOf = async (user: User, id: string) => (await weCallTheApi('GET', `/api/series/${id}`, { token: user.accessToken })).body as SeriesView;
const postsOf = async (userId: string) =>
  (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#')).sort((a, b) => String(a.scheduled_at).localeCompare(String(b.scheduled_at)));
const usageOf = async (userId: string) =>
  Object.fromEntries((await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('USAGE#')).map((i) => [i.month, i.count]));

const notificationsOf = async (user: User) =>
  ((await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body as { items: { message: string; read: boolean }[] }).items;

async function aSeries(user: User, caption: string, scheduledAt: Date, repeat: unknown): Promise<Post> {
  const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: bodyFor(user, caption, scheduledAt, repeat) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

describe('creating a recurring post', () => {
  it('schedules a week of daily occurrences at 09:00 Berlin, each a post with its own schedule, counted in the month it is made', async () => {
    // Prepare
    const user = await aUserInBerlin();
    const start = berlinAt(1, '09:00');

    // Act
    const first = await aSeries(user, `Daily bread ${ulid()}`, start, { frequency: 'daily', end: { type: 'after', count: 30 } });

    // Assess
    expect(first.series).toEqual({ id: expect.any(String), index: 0, detached: false });
    const series = await seriesOf(user, first.series!.id);
    expect(series.status).toBe('active');
    expect(series.summary).toBe('Every day at 09:00, 30 times');
    // The window: every occurrence due within the next 7 days.
    const inWindow = Array.from({ length: 9 }, (_, i) => i).filter((i) => berlinAt(1 + i, '09:00').getTime() <= Date.now() + 7 * DAY);
    expect(series.upcoming.map((o) => o.index)).toEqual(inWindow);
    const posts = await postsOf(user.userId);
    expect(posts).toHaveLength(inWindow.length);
    expect(posts.map((p) => [p.status, berlinWall(String(p.scheduled_at))])).toEqual(inWindow.map(() => ['scheduled', '09:00']));
    for (const post of posts) expect(await scheduleExists(String(post.id))).toBe(true);
    // Each counts in the month it was made, as any post does, whatever month it goes out in.
    expect(await usageOf(user.userId)).toEqual({ [monthOf(new Date())]: posts.length });
    expect(series.next_at).toBe(berlinAt(1 + inWindow.length, '09:00').toISOString());
  });

  it.each([
    ['no time', { scheduled_at: null }, REPEAT_MESSAGES.needsTime],
    ['an end before the start', { repeat: { frequency: 'daily', end: { type: 'on', date: '2020-01-01' } } }, REPEAT_MESSAGES.untilAfterStart],
    ['an hourly rule', { repeat: { frequency: 'hourly' } }, 'Repeat daily, weekly or monthly.'],
    ['more than 365 times', { repeat: { frequency: 'daily', end: { type: 'after', count: 500 } } }, REPEAT_MESSAGES.count],
    ['an end date that does not exist', { repeat: { frequency: 'daily', end: { type: 'on', date: '2027-02-30' } } }, REPEAT_MESSAGES.untilFormat],
    ['an end date in month 13', { repeat: { frequency: 'daily', end: { type: 'on', date: '2027-13-01' } } }, REPEAT_MESSAGES.untilFormat],
  ])('refuses %s with a clear message and writes nothing', async (_, override, message) => {
    const user = await aUserInBerlin();
    const body = { ...bodyFor(user, 'x', berlinAt(1, '09:00'), { frequency: 'daily' }), ...override };

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(POST|SERIES|USAGE)#/.test(String(i.sk)))).toEqual([]);
  });
});

describe('an occurrence going out', () => {
  it('publishes through the engine with its own outcome, and the sweep then schedules the next one', { timeout: 90_000 }, async () => {
    // Prepare: weekly, the first in a few seconds; the second is a week away, beyond the window.
    const user = await aUserInBerlin();
    await connect('facebook', user.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as {
      id: string;
      platform: string;
      account_name: string;
    }[];
    user.account = { ...user.account, id: accounts.find((a) => a.platform === 'facebook' && a.id !== user.account.id)!.id };
    const caption = `Weekly special ${ulid()}`;
    const first = await aPostDueIn(3, user.accessToken, (at) => bodyFor(user, caption, new Date(at), { frequency: 'weekly', interval: 1 }));
    expect((await seriesOf(user, first.series!.id)).upcoming).toHaveLength(1);

    // Act
    const posted = await theSettledPost(user.accessToken, first.id);
    const swept = await sweepHandler({ time: new Date().toISOString() }, aLambdaContext());

    // Assess
    expect(posted.status).toBe('posted');
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    expect(swept.extended).toBeGreaterThanOrEqual(1);
    const series = await seriesOf(user, first.series!.id);
    expect(series.upcoming.map((o) => o.index)).toEqual([1]);
    expect(Date.parse(series.upcoming[0]!.scheduled_at) - Date.parse(first.scheduled_at!)).toBeGreaterThanOrEqual(7 * DAY - 3_600_000);
    const next = (await weCallTheApi('GET', `/api/posts/${series.upcoming[0]!.post_id}`, { token: user.accessToken })).body as Post;
    expect([next.status, next.platforms[0]!.caption, next.series?.index]).toEqual(['scheduled', caption, 1]);
    expect(await scheduleExists(next.id)).toBe(true);
    // The sweep again finds nothing new to do for this series.
    await sweepHandler({ time: new Date().toISOString() }, aLambdaContext());
    expect((await seriesOf(user, first.series!.id)).upcoming.map((o) => o.index)).toEqual([1]);
  });
});

describe('editing and deleting with a scope', () => {
  it('"this one" edits only that occurrence, which leaves the rule but keeps its link', async () => {
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Tip of the day', berlinAt(1, '09:00'), { frequency: 'daily', end: { type: 'after', count: 5 } });
    const series = await seriesOf(user, first.series!.id);
    const second = series.upcoming[1]!;

    const res = await weCallTheApi('PATCH', `/api/series/${series.id}`, {
      token: user.accessToken,
      body: { scope: 'this', post_id: second.post_id, post: bodyFor(user, 'A special tip', new Date(second.scheduled_at), undefined) },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.series).toEqual({ id: series.id, index: 1, detached: true });
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => (p.platforms as Post['platforms'])[0]!.caption)).toEqual([
      'Tip of the day',
      'A special tip',
      'Tip of the day',
      'Tip of the day',
      'Tip of the day',
    ]);
  });

  it('"all following" changes the caption and time from that occurrence on, and the earlier ones stay', async () => {
    // Prepare
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Morning post', berlinAt(1, '09:00'), { frequency: 'daily', end: { type: 'after', count: 5 } });
    const series = await seriesOf(user, first.series!.id);
    const third = series.upcoming[2]!;
    const at = new Date(Date.parse(third.scheduled_at) + 60 * 60_000); // 10:00

    // Act
    const res = await weCallTheApi('PATCH', `/api/series/${series.id}`, {
      token: user.accessToken,
      body: { scope: 'following', post_id: third.post_id, post: bodyFor(user, 'Later post', at, undefined) },
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const posts = await postsOf(user.userId);
    expect(
      posts.map((p) => [(p.platforms as Post['platforms'])[0]!.caption, berlinWall(String(p.scheduled_at)), (p.series as { index: number }).index]),
    ).toEqual([
      ['Morning post', '09:00', 0],
      ['Morning post', '09:00', 1],
      ['Later post', '10:00', 2],
      ['Later post', '10:00', 3],
      ['Later post', '10:00', 4],
    ]);
    for (const post of posts) expect(await scheduleExists(String(post.id))).toBe(true);
    const after = await seriesOf(user, series.id);
    expect(after.summary).toBe('Every day at 10:00, 3 times');
    // The removed occurrences gave their month's allowance back: five posts, five counted.
    expect(Object.values(await usageOf(user.userId)).reduce((a, b) => Number(a) + Number(b), 0)).toBe(5);
  });

  it('an occurrence edited on its own stays the only post for its time after an "all following" edit of an earlier one', async () => {
    // Prepare: occurrence 2 edited on its own, keeping its time.
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Tip of the day', berlinAt(1, '09:00'), { frequency: 'daily', end: { type: 'after', count: 5 } });
    const series = await seriesOf(user, first.series!.id);
    const second = series.upcoming[1]!;
    const own = await weCallTheApi('PATCH', `/api/series/${series.id}`, {
      token: user.accessToken,
      body: { scope: 'this', post_id: second.post_id, post: bodyFor(user, 'A special tip', new Date(second.scheduled_at), undefined) },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);

    // Act: occurrence 1, "this and all following", a new caption at the same time.
    const res = await weCallTheApi('PATCH', `/api/series/${series.id}`, {
      token: user.accessToken,
      body: { scope: 'following', post_id: first.id, post: bodyFor(user, 'New tip', new Date(first.scheduled_at!), undefined) },
    });

    // Assess: one post per time, the edited one kept; five in all, five counted.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => [(p.platforms as Post['platforms'])[0]!.caption, p.scheduled_at])).toEqual([
      ['New tip', first.scheduled_at],
      ['A special tip', second.scheduled_at],
      ['New tip', series.upcoming[2]!.scheduled_at],
      ['New tip', series.upcoming[3]!.scheduled_at],
      ['New tip', series.upcoming[4]!.scheduled_at],
    ]);
    expect(Object.values(await usageOf(user.userId)).reduce((a, b) => Number(a) + Number(b), 0)).toBe(5);
  });

  it('deletes one occurrence, then it and all following (the series ends)', async () => {
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Deletable', berlinAt(1, '09:00'), { frequency: 'daily', end: { type: 'after', count: 6 } });
    const series = await seriesOf(user, first.series!.id);
    const [, second, , fourth] = series.upcoming;

    const one = await weCallTheApi('DELETE', `/api/series/${series.id}?scope=this&post_id=${second!.post_id}`, { token: user.accessToken });
    const rest = await weCallTheApi('DELETE', `/api/series/${series.id}?scope=following&post_id=${fourth!.post_id}`, { token: user.accessToken });

    expect([one.status, rest.status]).toEqual([204, 204]);
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => (p.series as { index: number }).index)).toEqual([0, 2]);
    expect(await scheduleExists(second!.post_id)).toBe(false);
    expect(await scheduleExists(fourth!.post_id)).toBe(false);
    const after = await seriesOf(user, series.id);
    expect([after.status, after.next_at]).toEqual(['ended', null]);
    // An ended series is never extended again.
    await sweepHandler({ time: new Date(Date.now() + 3 * DAY).toISOString() }, aLambdaContext());
    expect(await postsOf(user.userId)).toHaveLength(2);
  });

  it('refuses a scope edit of a post from another series', async () => {
    const user = await aUserInBerlin();
    const a = await aSeries(user, 'A', berlinAt(1, '09:00'), { frequency: 'daily', end: { type: 'after', count: 2 } });
    const b = await aSeries(user, 'B', berlinAt(1, '10:00'), { frequency: 'daily', end: { type: 'after', count: 2 } });

    const res = await weCallTheApi('DELETE', `/api/series/${a.series!.id}?scope=this&post_id=${b.id}`, { token: user.accessToken });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(REPEAT_MESSAGES.notInSeries);
    expect(await postsOf(user.userId)).toHaveLength(4);
  });
});

describe('the plan allowance', () => {
  it('refuses the series when the first occurrence has no allowance left in its month, writing nothing', async () => {
    const user = await aUserInBerlin('free');
    const start = berlinAt(1, '09:00');
    for (let i = 0; i < 5; i++) await claimUsage(user.userId, monthOf(new Date()), 5);

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: bodyFor(user, 'No room', start, { frequency: 'daily' }) });

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PLAN_LIMIT_REACHED');
    expect((await itemsOfUser(user.userId)).filter((i) => /^(POST|SERIES)#/.test(String(i.sk)))).toEqual([]);
  });

  it('pauses the series with the reason when a month is used up, never going over the limit', async () => {
    // Prepare: the free plan (5 a month) with 4 already used this month.
    const user = await aUserInBerlin('free');
    const start = berlinAt(1, '09:00');
    for (let i = 0; i < 4; i++) await claimUsage(user.userId, monthOf(new Date()), 5);

    // Act
    const first = await aSeries(user, 'Busy month', start, { frequency: 'daily' });

    // Assess
    const series = await seriesOf(user, first.series!.id);
    expect(series.status).toBe('paused');
    expect(series.notice).toMatch(/^You've reached your plan's limit of 5 scheduled posts in \w+ \d{4}\. Upgrade to/);
    // The first occurrence took the month's last post; the second found none left.
    expect(series.upcoming).toHaveLength(1);
    expect(await usageOf(user.userId)).toEqual({ [monthOf(new Date())]: 5 });
    // The bell says so, once.
    const notes = await notificationsOf(user);
    expect(notes.filter((n) => n.message.includes('paused'))).toEqual([
      expect.objectContaining({ message: `Repeating post "Busy month" is paused: ${series.notice}`, read: false }),
    ]);
    // The card shows it: the occurrences carry their series link.
    expect((await postsOf(user.userId)).every((p) => (p.series as { id: string }).id === series.id)).toBe(true);
  });
});

describe('the month a post counts in', () => {
  it('counts a series starting in 2100 in the month it is made, as a post scheduled by hand for then', async () => {
    const user = await aUserInBerlin();
    const in2100 = new Date('2100-01-04T08:00:00Z');

    const series = await aSeries(user, 'Far ahead', in2100, { frequency: 'weekly' });
    const plain = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: bodyFor(user, 'Also far', in2100, undefined) });

    expect(series.scheduled_at).toBe(in2100.toISOString());
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(await usageOf(user.userId)).toEqual({ [monthOf(new Date())]: 2 });
  });
});

describe('account deletion', () => {
  it('removes the recurrence rules with the posts and their schedules; the sweep makes nothing afterwards', async () => {
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Goes away', berlinAt(1, '09:00'), { frequency: 'daily' });
    const postIds = (await postsOf(user.userId)).map((p) => String(p.id));

    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });
    await sweepHandler({ time: new Date(Date.now() + 30 * DAY).toISOString() }, aLambdaContext());

    expect(res.status).toBe(204);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(POST|SERIES)#/.test(String(i.sk)))).toEqual([]);
    for (const id of postIds) expect(await scheduleExists(id)).toBe(false);
    expect(first.series).not.toBeNull();
  });
});

describe('an account used by a series is disconnected', () => {
  it('pauses the series with the reason at its next occurrence; an "all following" edit to another account resumes it', async () => {
    // Prepare: weekly, the second occurrence beyond the window; then the account is disconnected.
    const user = await aUserInBerlin();
    const first = await aSeries(user, 'Weekly news', berlinAt(1, '09:00'), { frequency: 'weekly' });
    expect((await weCallTheApi('DELETE', `/api/accounts/${user.account.id}`, { token: user.accessToken })).status).toBe(204);

    // Act: the sweep when the second occurrence enters the window
    await sweepHandler({ time: new Date(Date.now() + 2 * DAY).toISOString() }, aLambdaContext());

    // Assess: paused, with the reason, nothing made for the gone account
    const paused = await seriesOf(user, first.series!.id);
    expect([paused.status, paused.notice]).toEqual(['paused', MSG.connectAccounts]);
    expect(paused.next_at).toBe(new Date(Date.parse(first.scheduled_at!) + 7 * DAY).toISOString());
    expect(await postsOf(user.userId)).toHaveLength(1);
    // Another hourly sweep while still paused does not say it again.
    await sweepHandler({ time: new Date(Date.now() + 2 * DAY + 3_600_000).toISOString() }, aLambdaContext());
    expect((await notificationsOf(user)).filter((n) => n.message.includes('paused')).map((n) => n.message)).toEqual([
      `Repeating post "Weekly news" is paused: ${MSG.connectAccounts}`,
    ]);

    // Act: the user moves the series to the reconnected Page
    const again = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const res = await weCallTheApi('PATCH', `/api/series/${first.series!.id}`, {
      token: user.accessToken,
      body: {
        scope: 'following',
        post_id: first.id,
        post: { ...bodyFor({ ...user, account: again }, 'Weekly news', new Date(first.scheduled_at!), undefined), repeat: undefined },
      },
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const resumed = await seriesOf(user, first.series!.id);
    expect([resumed.status, resumed.notice]).toEqual(['active', null]);
    expect((await postsOf(user.userId)).every((p) => (p.platforms as Post['platforms'])[0]!.social_account_id === again.id)).toBe(true);
  });
});
