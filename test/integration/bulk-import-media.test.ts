import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportMediaFile, type ImportRow } from '@shared/import';
import { TIKTOK_MSG } from '@shared/tiktok';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage, anUploadedVideo, aPng, aVideoFile, objectExists } from '../helpers/media';
import { aConnectedAccount, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Files uploaded on the Import page and named by the CSV's `media` column
 * (each row gets its own copy), and TikTok rows with their privacy, interactions and the file's
 * Music Usage Confirmation, checked against the creator's live creator_info.
 */
const itemsOf = async (userId: string, prefix: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith(prefix));
const usedThisMonth = async (token: string) => (await weCallTheApi('GET', '/api/usage', { token })).body.used as number;
const aRow = (row: number, fields: Record<string, string>): ImportRow => {
  const at = inDays(2, row);
  return { row, fields: { date: at.slice(0, 10), time: at.slice(11, 16), caption: `Row ${row}`, ...fields } };
};
const weImport = (token: string, rows: ImportRow[], extra: { media_files?: ImportMediaFile[]; tiktok_consent?: boolean }) =>
  weCallTheApi('POST', '/api/posts/import', { token, body: { timezone: 'UTC', rows, ...extra } });

async function aProUserWithTikTok() {
  const user = await aConfirmedUser({ plan: 'pro' });
  await connect('tiktok', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body;
  const accountName = (accounts as { platform: string; account_name: string }[]).find((a) => a.platform === 'tiktok')!.account_name;
  const video = await anUploadedVideo(user.accessToken, aVideoFile('Morning Bake.mp4'), { duration_seconds: 20, width: 1080, height: 1920 });
  return { user, video, accountName, files: [{ id: video.id, name: 'Morning Bake.mp4' }] };
}

describe('importing rows that name uploaded files', () => {
  it('gives each of two rows naming one file its own copy: two media ids, two S3 objects, the upload itself left unattached', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const upload = await anUploadedImage(user.accessToken, aPng('Spring.png'));

    // Act
    const res = await weImport(
      user.accessToken,
      [aRow(1, { platforms: 'facebook', media: 'spring.PNG' }), aRow(2, { platforms: 'facebook', media: 'Spring.png' })],
      {
        media_files: [{ id: upload.id, name: 'Spring.png' }],
      },
    );

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['scheduled', 'scheduled']);
    const posts = await itemsOf(user.userId, 'POST#');
    const media = posts.map((p) => (p.media as { id: string; file_path: string; file_name?: string }[])[0]!);
    expect(new Set(media.map((m) => m.id)).size).toBe(2);
    expect(media.map((m) => m.id)).not.toContain(upload.id);
    expect(media.map((m) => m.file_name)).toEqual(['Spring.png', 'Spring.png']);
    for (const [i, m] of media.entries()) {
      expect(await objectExists(m.file_path)).toBe(true);
      expect((await itemsOf(user.userId, `MEDIA#${m.id}`))[0]?.post_id).toBe(posts[i]!.id);
    }
    expect(new Set(media.map((m) => m.file_path)).size).toBe(2);
    expect((await itemsOf(user.userId, `MEDIA#${upload.id}`))[0]?.post_id).toBeUndefined();
    expect(await objectExists(upload.file_path)).toBe(true);

    // Act: deleting one post takes only its own copy.
    expect((await weCallTheApi('DELETE', `/api/posts/${posts[0]!.id}`, { token: user.accessToken })).status).toBe(204);

    // Assess
    expect(await objectExists(media[0]!.file_path)).toBe(false);
    expect(await objectExists(media[1]!.file_path)).toBe(true);
  });

  it("refuses a row whose name is not the uploaded file's own, and a file that is another user's, writing nothing", async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    const other = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook');
    const mine = await anUploadedImage(user.accessToken, aPng('menu.png'));
    const theirs = await anUploadedImage(other.accessToken, aPng('secret.png'));

    // Act: the request claims names the files do not have, or a file that is not the user's.
    const res = await weImport(
      user.accessToken,
      [aRow(1, { platforms: 'facebook', media: 'poster.png' }), aRow(2, { platforms: 'facebook', media: 'secret.png' })],
      {
        media_files: [
          { id: mine.id, name: 'poster.png' },
          { id: theirs.id, name: 'secret.png' },
        ],
      },
    );

    // Assess
    expect(res.body.results).toEqual([
      { row: 1, status: 'failed', post_id: null, reason: IMPORT_MSG.noSuchFile('poster.png') },
      { row: 2, status: 'failed', post_id: null, reason: 'Some of the attached files could not be found; upload them again' },
    ]);
    expect(await itemsOf(user.userId, 'POST#')).toEqual([]);
    expect(await itemsOf(user.userId, 'MEDIA#')).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(0);
  });
});

describe('importing TikTok rows', () => {
  it('schedules a TikTok row with its privacy, interactions and the consent, on its own copy of the video', async () => {
    // Prepare
    const { user, video, files } = await aProUserWithTikTok();

    // Act
    const res = await weImport(
      user.accessToken,
      [aRow(1, { platforms: 'tiktok', media: 'morning bake.mp4', tiktok_privacy: 'Only me', tiktok_allow_comment: 'yes', tiktok_brand: 'yes' })],
      { media_files: files, tiktok_consent: true },
    );

    // Assess
    expect(res.body.results[0], JSON.stringify(res.body)).toMatchObject({ status: 'scheduled' });
    const [post] = await itemsOf(user.userId, 'POST#');
    expect(post).toMatchObject({ status: 'scheduled' });
    const [target] = post!.platforms as { platform: string; settings: Record<string, unknown> }[];
    expect(target).toMatchObject({ platform: 'tiktok' });
    expect(target!.settings).toEqual({
      tiktok_privacy_level: 'SELF_ONLY',
      tiktok_allow_comment: true,
      tiktok_allow_duet: false,
      tiktok_allow_stitch: false,
      tiktok_commercial: true,
      tiktok_your_brand: true,
      tiktok_branded_content: false,
      tiktok_consent: true,
    });
    expect((post!.media as { id: string }[])[0]!.id).not.toBe(video.id);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });

  it("refuses TikTok rows when the request lacks the file's consent: nothing written, no copy made, nothing claimed", async () => {
    // Prepare
    const { user, files } = await aProUserWithTikTok();

    // Act
    const res = await weImport(user.accessToken, [aRow(1, { platforms: 'tiktok', media: 'Morning Bake.mp4', tiktok_privacy: 'SELF_ONLY' })], {
      media_files: files,
    });

    // Assess
    expect(res.body.results).toEqual([{ row: 1, status: 'failed', post_id: null, reason: TIKTOK_MSG.consentRequired }]);
    expect(await itemsOf(user.userId, 'POST#')).toEqual([]);
    expect(await itemsOf(user.userId, 'MEDIA#')).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(0);
  });

  it("refuses what the creator's live creator_info does not allow (stitches off for Ada Bakes), and anything but Only me while unaudited", async () => {
    // Prepare
    const { user, files, accountName } = await aProUserWithTikTok();

    // Act
    const res = await weImport(
      user.accessToken,
      [
        aRow(1, { platforms: 'tiktok', media: 'Morning Bake.mp4', tiktok_privacy: 'SELF_ONLY', tiktok_allow_stitch: 'yes' }),
        aRow(2, { platforms: 'tiktok', media: 'Morning Bake.mp4', tiktok_privacy: 'PUBLIC_TO_EVERYONE' }),
      ],
      { media_files: files, tiktok_consent: true },
    );

    // Assess
    expect(res.body.results.map((r: { reason: string }) => r.reason)).toEqual([
      IMPORT_MSG.tiktokInteractionOff(accountName, 'stitches', 'tiktok_allow_stitch'),
      TIKTOK_MSG.unaudited,
    ]);
    expect(await itemsOf(user.userId, 'POST#')).toEqual([]);
  });
});

describe('importing rows that still carry media links', () => {
  it('refuses such a row with how to send links, writing nothing and claiming nothing, and schedules the row beside it', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'pro' });
    await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');

    // Act: the API called directly, without the Import page's fetch step.
    const res = await weImport(
      user.accessToken,
      [aRow(1, { platforms: 'facebook', media_urls: 'https://cdn.example.com/spring.jpg' }), aRow(2, { platforms: 'facebook' })],
      {},
    );

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
      ['failed', IMPORT_MSG.linkNotFetched],
      ['scheduled', null],
    ]);
    const posts = await itemsOf(user.userId, 'POST#');
    expect(posts).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });
});
