import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportRow } from '@shared/import';
import { planLimitMessage, upgradeToConnectMessage } from '@shared/plans';
import { MISSING_ATTACHMENTS_MESSAGE } from '../../functions/data/media';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aMediaFile, aPaidPlan, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** POST /api/posts/import re-checks every row, writes only valid ones, each with its schedule. */
const scheduler = () =>
  new SchedulerClient({ region: 'us-east-1', endpoint: cloud().env.SCHEDULER_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

async function scheduleExists(postId: string): Promise<boolean> {
  try {
    await scheduler().send(new GetScheduleCommand({ Name: `post-${postId}`, GroupName: cloud().env.SCHEDULE_GROUP }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return false;
    throw error;
  }
}
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));
const usedThisMonth = async (token: string) => (await weCallTheApi('GET', '/api/usage', { token })).body.used as number;
/** A row due `days` from now, at a whole minute, in UTC (the timezone the requests say). */
const aRow = (row: number, fields: Record<string, string> = {}, days = 2): ImportRow => {
  const at = inDays(days, row);
  return { row, fields: { date: at.slice(0, 10), time: at.slice(11, 16), platforms: 'facebook', caption: `Row ${row}`, ...fields } };
};
const weImport = (token: string, rows: ImportRow[], timezone = 'UTC') => weCallTheApi('POST', '/api/posts/import', { token, body: { timezone, rows } });

describe('importing rows', () => {
  it('writes the valid rows as scheduled posts with their schedules, refuses the others with a reason, and writes nothing for them', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const rows = [aRow(1), aRow(2, { time: '25:00' }), aRow(3, { platforms: 'instagram' }), aRow(4, { caption_facebook: 'Just for Facebook' })];

    // Act
    const res = await weImport(user.accessToken, rows);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      { row: 1, status: 'scheduled', post_id: expect.any(String), reason: null },
      { row: 2, status: 'failed', post_id: null, reason: IMPORT_MSG.badTime },
      { row: 3, status: 'failed', post_id: null, reason: IMPORT_MSG.noAccountFor('instagram') },
      { row: 4, status: 'scheduled', post_id: expect.any(String), reason: null },
    ]);
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => p.id).sort()).toEqual([res.body.results[0].post_id, res.body.results[3].post_id].sort());
    const fourth = posts.find((p) => p.id === res.body.results[3].post_id)!;
    expect(fourth).toMatchObject({ status: 'scheduled', scheduled_at: `${rows[3]!.fields.date}T${rows[3]!.fields.time}:00.000Z`, gsi2pk: 'OPEN' });
    expect((fourth.platforms as { caption: string }[])[0]!.caption).toBe('Just for Facebook');
    for (const p of posts) expect(await scheduleExists(String(p.id))).toBe(true);
    expect(await usedThisMonth(user.accessToken)).toBe(2);
    // The imported posts are ordinary posts: the Scheduled tab lists them.
    const listed = await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: user.accessToken });
    expect(listed.body.items).toHaveLength(2);
  });

  it('reads the date and time in the saved timezone, and refuses a preview made in another one', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook');
    await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: 'Asia/Tokyo' } });
    const row: ImportRow = { row: 1, fields: { date: inDays(3).slice(0, 10), time: '09:00', platforms: 'facebook', caption: 'Tokyo morning' } };

    // Act
    const stale = await weImport(user.accessToken, [row], 'UTC');
    const res = await weImport(user.accessToken, [row], 'Asia/Tokyo');

    // Assess
    expect(stale).toMatchObject({ status: 409, body: { error: { message: IMPORT_MSG.timezoneChanged } } });
    expect(res.body.results[0].status).toBe('scheduled');
    const [post] = await postsOf(user.userId);
    expect(post!.scheduled_at).toBe(`${row.fields.date}T00:00:00.000Z`);
  });

  it('writes only as many rows as the plan has left this month; the rest fail with the plan limit', async () => {
    // Prepare: Free allows 5 a month.
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook');
    expect((await weImport(user.accessToken, [aRow(1), aRow(2)])).body.results.map((r: { status: string }) => r.status)).toEqual(['scheduled', 'scheduled']);

    // Act
    const res = await weImport(user.accessToken, [aRow(3), aRow(4), aRow(5), aRow(6), aRow(7)]);

    // Assess
    expect(res.body.results.map((r: { status: string; reason: string | null }) => r.reason ?? r.status)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      planLimitMessage(5),
      planLimitMessage(5),
    ]);
    expect(await postsOf(user.userId)).toHaveLength(5);
    expect(await usedThisMonth(user.accessToken)).toBe(5);
  });

  it("refuses a platform the plan does not include, with the server's own message", async () => {
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'x', 'bakery_news');
    const res = await weImport(user.accessToken, [aRow(1, { platforms: 'x' })]);
    expect(res.body.results[0]).toMatchObject({ status: 'failed', reason: upgradeToConnectMessage('x') });
    expect(await postsOf(user.userId)).toEqual([]);
    expect(await usedThisMonth(user.accessToken)).toBe(0);
  });

  it("attaches the user's own uploaded media, and refuses another user's media id (nothing written, nothing claimed)", async () => {
    // Prepare
    const user = await aConfirmedUser();
    const other = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'instagram', 'bakery.gram');
    const mine = await aMediaFile(user.userId);
    const theirs = await aMediaFile(other.userId);

    // Act
    const res = await weImport(user.accessToken, [
      aRow(1, { platforms: 'instagram', media_ids: mine.id }),
      aRow(2, { platforms: 'instagram', media_ids: theirs.id }),
    ]);

    // Assess
    expect(res.body.results[0]).toMatchObject({ status: 'scheduled' });
    expect(res.body.results[1]).toEqual({ row: 2, status: 'failed', post_id: null, reason: MISSING_ATTACHMENTS_MESSAGE });
    const posts = await postsOf(user.userId);
    expect(posts).toHaveLength(1);
    expect((posts[0]!.media as { id: string }[]).map((m) => m.id)).toEqual([mine.id]);
    const media = (await itemsOfUser(user.userId)).find((i) => i.sk === `MEDIA#${mine.id}`);
    expect(media?.post_id).toBe(posts[0]!.id);
    expect((await itemsOfUser(other.userId)).find((i) => i.sk === `MEDIA#${theirs.id}`)?.post_id).toBeUndefined();
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });

  it('fails the second of two rows that use the same file, and gives its allowance back', async () => {
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'basic');
    await aConnectedAccount(user.userId, 'instagram');
    const file = await aMediaFile(user.userId);
    const res = await weImport(user.accessToken, [
      aRow(1, { platforms: 'instagram', media_ids: file.id }),
      aRow(2, { platforms: 'instagram', media_ids: file.id }),
    ]);
    expect(res.body.results.map((r: { status: string }) => r.status).sort()).toEqual(['failed', 'scheduled']);
    expect(await postsOf(user.userId)).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });

  it('refuses a malformed request whole: no rows, too many rows, no timezone, a row number twice', async () => {
    const user = await aConfirmedUser();
    for (const body of [
      { timezone: 'UTC', rows: [] },
      { timezone: 'UTC', rows: Array.from({ length: 501 }, (_, i) => aRow(i + 1)) },
      { rows: [aRow(1)] },
      { timezone: 'UTC', rows: [aRow(1), aRow(1)] },
    ]) {
      const res = await weCallTheApi('POST', '/api/posts/import', { token: user.accessToken, body });
      expect(res.status).toBe(400);
    }
    expect(await postsOf(user.userId)).toEqual([]);
  });

  it('leaves nothing behind when the account is deleted: the imported posts and their schedules go', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook');
    const res = await weImport(user.accessToken, [aRow(1), aRow(2)]);
    const ids = res.body.results.map((r: { post_id: string }) => r.post_id);
    for (const id of ids) expect(await scheduleExists(id)).toBe(true);

    // Act
    expect((await weCallTheApi('DELETE', '/api/account', { token: user.accessToken })).status).toBe(204);

    // Assess
    expect(await postsOf(user.userId)).toEqual([]);
    for (const id of ids) expect(await scheduleExists(id)).toBe(false);
  });
});
