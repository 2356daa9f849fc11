import fs from 'node:fs';
import { addDays } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, parseImportCsv } from '@shared/import';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { aPageForEachTest, signIn } from './browser';

/**
 * Issue 16 item 4 through the real front door, as a user in New York: upload a CSV with a bad row,
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
});
