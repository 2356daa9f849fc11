import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Post } from '@shared/posts';
import type { SeriesView } from '@shared/recurrence';
import { X_TEXT_ONLY_MESSAGE, YOUTUBE_NEEDS_VIDEO_MESSAGE } from '@shared/media-rules';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { getMediaRow } from '../../functions/data/media';
import { claimUsage } from '../../functions/data/usage';
import { monthOf } from '../../functions/domain/posts';
import { handler as sweepHandler } from '../../functions/handlers/recurrence/sweep';
import { s3Client } from '../../functions/lib/aws';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf, anUploadedImage, objectExists, A_TINY_JPEG } from '../helpers/media';
import { aConnectedAccount } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { aLambdaContext, weCallTheApi } from '../helpers/when';

/**
 * A recurring series carries media. The files the user uploaded belong to
 * the series (its template); each occurrence gets its own copies in the media bucket, so deleting or
 * editing one occurrence never touches another's files, and ending the series leaves no file of it.
 */
const TZ = 'Europe/Berlin';
const DAY = 86_400_000;
const berlinAt = (days: number, time: string) => fromZonedTime(`${formatInTimeZone(new Date(Date.now() + days * DAY), TZ, 'yyyy-MM-dd')}T${time}:00`, TZ);

async function anInstagramUser() {
  const user = await aConfirmedUser({ plan: 'basic' });
  await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: TZ } });
  const account = await aConnectedAccount(user.userId, 'instagram', '@bakery');
  return { ...user, account };
}
type User = Awaited<ReturnType<typeof anInstagramUser>>;

const aJpeg = { name: 'loaf.jpg', type: 'image/jpeg', bytes: A_TINY_JPEG };

async function aSeriesWithMedia(user: User, mediaIds: string[], repeat: unknown, scheduledAt = berlinAt(1, '09:00')): Promise<Post> {
  const res = await weCallTheApi('POST', '/api/posts', {
    token: user.accessToken,
    body: {
      scheduled_at: scheduledAt.toISOString(),
      platforms: [{ platform: 'instagram', social_account_id: user.account.id, caption: 'Fresh from the oven', settings: {} }],
      media_ids: mediaIds,
      repeat,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

const seriesOf = async (user: User, id: string) => (await weCallTheApi('GET', `/api/series/${id}`, { token: user.accessToken })).body as SeriesView;
const postOf = async (user: User, id: string) => (await weCallTheApi('GET', `/api/posts/${id}`, { token: user.accessToken })).body as Post;
const occurrencesOf = async (user: User, seriesId: string) => Promise.all((await seriesOf(user, seriesId)).upcoming.map((o) => postOf(user, o.post_id)));

/** Every object in the media bucket under the user's prefix. */
async function objectsOf(userId: string): Promise<string[]> {
  const out = await s3Client().send(new ListObjectsV2Command({ Bucket: process.env.MEDIA_BUCKET, Prefix: `${userId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}
const mediaRowsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('MEDIA#'));

describe('an Instagram weekly series with an image', () => {
  it('gives each occurrence its own object; deleting one leaves the others; deleting the series leaves no object of it', async () => {
    // Prepare
    const user = await anInstagramUser();
    const image = await anUploadedImage(user.accessToken, aJpeg);

    // Act: weekly on Monday, Wednesday and Friday, three times (all three within the week ahead)
    const first = await aSeriesWithMedia(user, [image.id], { frequency: 'weekly', weekdays: ['MO', 'WE', 'FR'], end: { type: 'after', count: 3 } });

    // Assess: three occurrences, each with its own object, none the upload itself
    const seriesId = first.series!.id;
    const occurrences = await occurrencesOf(user, seriesId);
    expect(occurrences).toHaveLength(3);
    const keys = occurrences.map((p) => p.media.map((m) => m.file_path));
    expect(keys.every((k) => k.length === 1)).toBe(true);
    expect(new Set(keys.flat()).size).toBe(3);
    expect(keys.flat()).not.toContain(image.file_path);
    for (const post of occurrences) {
      expect(await objectExists(post.media[0]!.file_path)).toBe(true);
      expect(await getMediaRow(user.userId, post.media[0]!.id)).toMatchObject({ post_id: post.id });
      expect([post.media[0]!.file_type, post.media[0]!.file_size]).toEqual([image.file_type, image.file_size]);
    }
    // The series' three occurrences are made: nothing more needs the upload, so the series no longer keeps it.
    expect((await seriesOf(user, seriesId)).status).toBe('ended');
    expect(await objectExists(image.file_path)).toBe(false);
    expect(await objectsOf(user.userId)).toEqual(keys.flat().sort());

    // Act: delete the second occurrence only
    const [one, two, three] = occurrences;
    const res = await weCallTheApi('DELETE', `/api/series/${seriesId}?scope=this&post_id=${two!.id}`, { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect(await objectExists(two!.media[0]!.file_path)).toBe(false);
    expect(await objectExists(one!.media[0]!.file_path)).toBe(true);
    expect(await objectExists(three!.media[0]!.file_path)).toBe(true);
    expect((await postOf(user, three!.id)).media.map((m) => m.file_path)).toEqual(three!.media.map((m) => m.file_path));

    // Act: delete the series from its first occurrence on
    const all = await weCallTheApi('DELETE', `/api/series/${seriesId}?scope=following&post_id=${one!.id}`, { token: user.accessToken });

    // Assess: no object and no media row of the series is left
    expect(all.status).toBe(204);
    expect(await objectsOf(user.userId)).toEqual([]);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });

  it('keeps the uploaded files as the template while the series goes on (the sweep copies them again), and deletes them with the series', async () => {
    const user = await anInstagramUser();
    const image = await anUploadedImage(user.accessToken, aJpeg);

    const first = await aSeriesWithMedia(user, [image.id], { frequency: 'weekly' });

    // The upload belongs to the series: attached to it (no post can take it), its object kept.
    const row = await getMediaRow(user.userId, image.id);
    expect(row?.post_id).toBe(`SERIES#${first.series!.id}`);
    expect(await objectExists(image.file_path)).toBe(true);
    expect(first.media[0]!.file_path).not.toBe(image.file_path);
    const taken = await weCallTheApi('DELETE', `/api/media/${image.id}`, { token: user.accessToken });
    expect(taken.status).toBe(409);

    // The sweep, once the second occurrence enters the window, makes it with a copy of its own.
    const swept = await sweepHandler({ time: new Date(Date.parse(first.scheduled_at!) + 60_000).toISOString() }, aLambdaContext());
    expect(swept.extended).toBeGreaterThanOrEqual(1);
    const next = (await seriesOf(user, first.series!.id)).upcoming.find((o) => o.index === 1)!;
    const second = await postOf(user, next.post_id);
    expect(second.media).toHaveLength(1);
    expect([image.file_path, first.media[0]!.file_path]).not.toContain(second.media[0]!.file_path);
    expect(await objectExists(second.media[0]!.file_path)).toBe(true);
    expect(await objectsOf(user.userId)).toEqual([image.file_path, first.media[0]!.file_path, second.media[0]!.file_path].sort());

    const res = await weCallTheApi('DELETE', `/api/series/${first.series!.id}?scope=following&post_id=${first.id}`, { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectsOf(user.userId)).toEqual([]);
    expect(await mediaRowsOf(user.userId)).toEqual([]);
  });
});

describe('editing a series with media', () => {
  it('"all following" with a new image replaces the template: the later occurrences are re-made with copies of it, the earlier keeps its own', async () => {
    // Prepare: daily, four times, with a small square JPEG
    const user = await anInstagramUser();
    const image = await anUploadedImage(user.accessToken, aJpeg);
    const first = await aSeriesWithMedia(user, [image.id], { frequency: 'daily', end: { type: 'after', count: 6 } });
    const seriesId = first.series!.id;
    const before = await occurrencesOf(user, seriesId);
    const bigger = await anUploadedImage(user.accessToken, { name: 'baguette.jpg', type: 'image/jpeg', bytes: await anImageOf(1080, 1350) });
    const second = before[1]!;

    // Act: from the second occurrence on, the new image instead
    const res = await weCallTheApi('PATCH', `/api/series/${seriesId}`, {
      token: user.accessToken,
      body: {
        scope: 'following',
        post_id: second.id,
        post: {
          scheduled_at: second.scheduled_at,
          platforms: [{ platform: 'instagram', social_account_id: user.account.id, caption: 'Baguettes now', settings: {} }],
          media_ids: [bigger.id],
        },
      },
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await occurrencesOf(user, seriesId);
    expect(after.map((p) => [p.series!.index, p.media.map((m) => [m.width, m.height])])).toEqual([
      [0, [[4, 4]]],
      [1, [[1080, 1350]]],
      [2, [[1080, 1350]]],
      [3, [[1080, 1350]]],
      [4, [[1080, 1350]]],
      [5, [[1080, 1350]]],
    ]);
    // The first keeps its own file; the later ones each have their own copy, never the edited one's.
    expect(after[0]!.media[0]!.file_path).toBe(before[0]!.media[0]!.file_path);
    const laterKeys = after.slice(1).map((p) => p.media[0]!.file_path);
    expect(new Set(laterKeys).size).toBe(5);
    for (const key of laterKeys) expect(await objectExists(key)).toBe(true);
    // The replaced occurrences' copies and the old template are gone.
    for (const post of before.slice(2)) expect(await objectExists(post.media[0]!.file_path)).toBe(false);
    expect(await objectExists(before[1]!.media[0]!.file_path)).toBe(false);
    expect(await objectExists(image.file_path)).toBe(false);
    // What is left in the bucket: the six occurrences' files (the series has ended: all six are made).
    expect(await objectsOf(user.userId)).toEqual(after.map((p) => p.media[0]!.file_path).sort());
  });

  it('a refused "all following" edit changes nothing: no new template is left in the bucket', async () => {
    const user = await anInstagramUser();
    const x = await aConnectedAccount(user.userId, 'x', '@bakery');
    const image = await anUploadedImage(user.accessToken, aJpeg);
    const first = await aSeriesWithMedia(user, [image.id], { frequency: 'weekly' });
    const before = await objectsOf(user.userId);

    // X takes text only: the edit is refused by the post's media rules, after the new template was copied.
    const res = await weCallTheApi('PATCH', `/api/series/${first.series!.id}`, {
      token: user.accessToken,
      body: {
        scope: 'following',
        post_id: first.id,
        post: {
          scheduled_at: first.scheduled_at,
          platforms: [
            { platform: 'instagram', social_account_id: user.account.id, caption: 'Also on X', settings: {} },
            { platform: 'x', social_account_id: x.id, caption: 'Also on X', settings: {} },
          ],
          media_ids: [first.media[0]!.id],
        },
      },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(X_TEXT_ONLY_MESSAGE);
    expect(await objectsOf(user.userId)).toEqual(before);
    expect((await mediaRowsOf(user.userId)).map((r) => r.id).sort()).toEqual([image.id, first.media[0]!.id].sort());
    expect((await postOf(user, first.id)).platforms.map((t) => t.caption)).toEqual(['Fresh from the oven']);
  });

  it('"this one" edits only that occurrence\'s copies', async () => {
    const user = await anInstagramUser();
    const image = await anUploadedImage(user.accessToken, aJpeg);
    const first = await aSeriesWithMedia(user, [image.id], { frequency: 'daily', end: { type: 'after', count: 3 } });
    const [, second, third] = await occurrencesOf(user, first.series!.id);
    const other = await anUploadedImage(user.accessToken, { name: 'roll.jpg', type: 'image/jpeg', bytes: await anImageOf(1080, 1080) });

    const res = await weCallTheApi('PATCH', `/api/series/${first.series!.id}`, {
      token: user.accessToken,
      body: {
        scope: 'this',
        post_id: second!.id,
        post: {
          scheduled_at: second!.scheduled_at,
          platforms: [{ platform: 'instagram', social_account_id: user.account.id, caption: 'Rolls today', settings: {} }],
          media_ids: [other.id],
        },
      },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await objectExists(second!.media[0]!.file_path)).toBe(false);
    expect((res.body as Post).media.map((m) => m.file_path)).toEqual([other.file_path]);
    expect((await postOf(user, third!.id)).media.map((m) => m.file_path)).toEqual(third!.media.map((m) => m.file_path));
    expect(await objectExists(third!.media[0]!.file_path)).toBe(true);
    expect(await objectExists(first.media[0]!.file_path)).toBe(true);
  });
});

describe('the media rules per occurrence', () => {
  it('refuses a repeating YouTube post with an image, writing nothing and leaving the upload unattached', async () => {
    const user = await aConfirmedUser({ plan: 'pro' });
    const youtube = await aConnectedAccount(user.userId, 'youtube', 'Bakery TV');
    const image = await anUploadedImage(user.accessToken, aJpeg);

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        title: 'Weekly bake',
        scheduled_at: berlinAt(1, '09:00').toISOString(),
        platforms: [{ platform: 'youtube', social_account_id: youtube.id, caption: 'Weekly bake', settings: {} }],
        media_ids: [image.id],
        repeat: { frequency: 'weekly' },
      },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(YOUTUBE_NEEDS_VIDEO_MESSAGE);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(POST|SERIES|USAGE)#/.test(String(i.sk)))).toEqual([]);
    expect((await getMediaRow(user.userId, image.id))?.post_id).toBeNull();
    expect(await objectsOf(user.userId)).toEqual([image.file_path]);
  });
});

describe('a refused first occurrence', () => {
  it('puts the uploads back as they were: unattached, their object kept, no series, no copy', async () => {
    // Prepare: the free plan's five posts already used in the first occurrence's month
    const user = await aConfirmedUser();
    const facebook = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const image = await anUploadedImage(user.accessToken, aJpeg);
    const start = berlinAt(1, '09:00');
    for (let i = 0; i < 5; i++) await claimUsage(user.userId, monthOf(new Date()), 5);

    // Act
    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        scheduled_at: start.toISOString(),
        platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption: 'No room', settings: {} }],
        media_ids: [image.id],
        repeat: { frequency: 'daily' },
      },
    });

    // Assess
    expect(res.status).toBe(403);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(POST|SERIES)#/.test(String(i.sk)))).toEqual([]);
    expect((await getMediaRow(user.userId, image.id))?.post_id).toBeNull();
    expect(await objectsOf(user.userId)).toEqual([image.file_path]);
  });
});

describe('account deletion', () => {
  it('leaves no file of a series behind: neither the template nor any occurrence copy', async () => {
    const user = await anInstagramUser();
    const image = await anUploadedImage(user.accessToken, aJpeg);
    await aSeriesWithMedia(user, [image.id], { frequency: 'daily' });
    expect((await objectsOf(user.userId)).length).toBeGreaterThan(2);

    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });

    expect(res.status).toBe(204);
    expect(await objectsOf(user.userId)).toEqual([]);
  });
});
