import fs from 'node:fs';
import { addDays } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, parseImportCsv } from '@shared/import';
import { mediaUrlStatusMessage } from '@shared/media-url';
import { TIKTOK_MSG } from '@shared/tiktok';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { itemsOfUser } from '../helpers/then';
import { anImageOf, aVideoFile } from '../helpers/media';
import { aConnectedAccount } from '../helpers/posts';
import { aPageForEachTest, signIn } from './browser';

/**
 * Through the real front door, as a user in New York: upload a CSV with a bad row,
 * see the preview, schedule the good rows, find them in Posts and on the calendar at the file's local
 * time, and download the error report with the bad row and its reason.
 */
const ZONE = 'America/New_York';
const currentPage = aPageForEachTest({ viewport: { width: 1366, height: 900 }, timezoneId: ZONE, acceptDownloads: true });
const day = formatInTimeZone(addDays(new Date(), 4), ZONE, 'yyyy-MM-dd');
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('importing posts from a CSV file', () => {
  it('previews, schedules the valid rows, shows them in Posts and the calendar, and reports the bad row', async () => {
    // Prepare
    const page = currentPage();
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
    await signIn(page, user);
    const id = tag();
    const csv = [
      'date,time,platforms,caption',
      `${day},09:30,facebook,"Morning loaves, ${id}"`,
      `${day},25:00,facebook,Broken time ${id}`,
      `${day},17:00,Corner Bakery,Evening buns ${id}`,
    ].join('\n');

    // Act: Posts → Import CSV, then choose the file.
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL('**/home/import');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // Assess: the preview marks each row.
    await page.getByText('2 valid').waitFor();
    await page.getByText('1 invalid').waitFor();
    await page.getByTestId('preview-row').filter({ hasText: 'Broken time' }).getByText(IMPORT_MSG.badTime).waitFor();

    // Act: schedule.
    await page.getByRole('button', { name: 'Schedule 2 posts' }).click();

    // Assess: the summary, then the error report with the bad row and why.
    await page.getByText('2 posts scheduled, 1 row not imported').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download error report' }).click()]);
    expect(download.suggestedFilename()).toBe('week-errors.csv');
    const report = parseImportCsv(fs.readFileSync((await download.path())!, 'utf8'));
    expect(report.ok && report.rows.map((r) => [r.fields.caption, r.fields.time])).toEqual([[`Broken time ${id}`, '25:00']]);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain(IMPORT_MSG.badTime);

    // Assess: both posts in Posts (Scheduled), at the file's New York times.
    await page.getByRole('link', { name: 'See them in Posts' }).click();
    await page.waitForURL('**/home/posts');
    const shortDay = formatInTimeZone(addDays(new Date(), 4), ZONE, 'MMM d');
    await page
      .getByTestId('post-card')
      .filter({ hasText: `Morning loaves, ${id}` })
      .getByText(`${shortDay}, 9:30 AM`)
      .waitFor();
    await page
      .getByTestId('post-card')
      .filter({ hasText: `Evening buns ${id}` })
      .getByText(`${shortDay}, 5:00 PM`)
      .waitFor();

    // Assess: and on the calendar's day.
    await page.getByRole('link', { name: 'Schedule' }).first().click();
    await page.waitForURL('**/home/schedule');
    await page.getByLabel('Go to date').fill(day);
    await page.getByTestId(`month-day-${day}`).click();
    const panel = page.getByTestId('day-panel');
    await panel.getByText(`Morning loaves, ${id}`).waitFor();
    await panel.getByText(`Evening buns ${id}`).waitFor();
  });

  it('uploads an image and a video in the panel, imports an Instagram row and a TikTok row naming them, and shows both scheduled with their thumbnails', async () => {
    // Prepare
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'pro' });
    await aConnectedAccount(user.userId, 'instagram', 'corner.bakery');
    await connect('tiktok', user.accessToken);
    await signIn(page, user);
    const id = tag();
    const csv = [
      'date,time,platforms,caption,media,tiktok_privacy,tiktok_allow_comment',
      `${day},08:15,instagram,"Spring loaves, ${id}",Spring Loaves.JPG,,`,
      `${day},12:45,tiktok,Shaping the dough ${id},shaping.mp4,Only me,yes`,
    ].join('\n');

    // Act: the sidebar's Import link, then the files, then the CSV naming them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.waitForURL('**/home/import');
    await page.getByTestId('import-media-empty').waitFor();
    await page
      .getByLabel('Choose images for this import')
      .setInputFiles({ name: 'spring loaves.jpg', mimeType: 'image/jpeg', buffer: await anImageOf(1080, 1080) });
    const video = aVideoFile('shaping.mp4');
    await page.getByLabel('Choose videos for this import').setInputFiles({ name: video.name, mimeType: video.type, buffer: video.bytes });
    await expect.poll(() => page.getByTestId('import-upload').filter({ hasText: 'Uploaded' }).count(), { timeout: 20_000 }).toBe(2);
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'spring.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // Assess: both rows valid; TikTok's consent holds the button.
    await page.getByText('2 valid').waitFor();
    const scheduleButton = page.getByRole('button', { name: 'Schedule 2 posts' });
    expect(await scheduleButton.isDisabled()).toBe(true);

    // Act
    await page.getByText(TIKTOK_MSG.musicConsent).click();
    await scheduleButton.click();

    // Assess: every row went through, so the uploads (copied into each post) are gone from the panel.
    await page.getByText('2 posts scheduled').waitFor();
    await page.getByTestId('import-media-empty').waitFor();

    // Assess: both in Scheduled, the photo loaded on the Instagram card and the video on the TikTok card.
    await page.getByRole('link', { name: 'See them in Posts' }).click();
    await page.waitForURL('**/home/posts');
    const photoCard = page.getByTestId('post-card').filter({ hasText: `Spring loaves, ${id}` });
    const loaded = () =>
      photoCard.getByRole('img', { name: 'Post media' }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);
    await expect.poll(loaded, { timeout: 20_000 }).toBe(1080);
    const videoCard = page.getByTestId('post-card').filter({ hasText: `Shaping the dough ${id}` });
    await expect.poll(() => videoCard.getByLabel('Post video').getAttribute('src')).toMatch(/^http/);
    const shortDay = formatInTimeZone(addDays(new Date(), 4), ZONE, 'MMM d');
    await videoCard.getByText(`${shortDay}, 12:45 PM`).waitFor();
  });

  it('fetches a row’s media_urls into the user’s media when scheduling, and fails only the row whose link answers 404', async () => {
    // Prepare: links on the local cloud's public-web stand-in.
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'pro' });
    await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
    await signIn(page, user);
    const web = cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;
    const id = tag();
    const csv = [
      'date,time,platforms,caption,media_urls',
      `${day},10:00,facebook,Linked loaves ${id},${web}/photo.jpg`,
      `${day},11:00,facebook,Gone ${id},${web}/gone.jpg`,
    ].join('\n');

    // Act
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.waitForURL('**/home/import');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('2 valid').waitFor();
    await page.getByRole('button', { name: 'Schedule 2 posts' }).click();

    // Assess: one scheduled, the 404 row failed with the server's words.
    await page.getByText('1 post scheduled').waitFor();
    await page.getByText(IMPORT_MSG.badLink(`${web}/gone.jpg`, mediaUrlStatusMessage('127.0.0.1', 404))).waitFor();
    await page.getByRole('link', { name: 'See them in Posts' }).click();
    await page.waitForURL('**/home/posts');
    const card = page.getByTestId('post-card').filter({ hasText: `Linked loaves ${id}` });
    const loaded = () =>
      card.getByRole('img', { name: 'Post media' }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);
    await expect.poll(loaded, { timeout: 20_000 }).toBe(1200);
    // Nothing fetched for the failed row is left in the user's media.
    const media = (await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('MEDIA#'));
    expect(media).toHaveLength(1);
  });
});
