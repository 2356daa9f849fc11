import { addDays } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import type { Post } from '@shared/posts';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf, objectExists } from '../helpers/media';
import { aConnectedAccount } from '../helpers/posts';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * In Chromium, as a user in New York: compose a Facebook post that repeats daily,
 * three times, see the three occurrences in Posts with the repeat badge and the series summary,
 * then delete the second and all following, leaving the first. And an Instagram series with a photo:
 * each occurrence carries its own copy of the photo, and the first goes out to the sandbox.
 */
const ZONE = 'America/New_York';
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
const day = formatInTimeZone(addDays(new Date(), 2), ZONE, 'yyyy-MM-dd');

describe('a recurring post', () => {
  it('is composed with Repeat, shows each occurrence with its badge, and deletes "this and all following"', { timeout: 120_000 }, async () => {
    // Prepare
    const page = currentPage();
    const user = await aConfirmedUser();
    await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
    await signIn(page, user);
    const caption = `Daily special — e2e ${Date.now().toString(36)}`;

    // Act: compose
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.waitForURL('**/home/compose');
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);
    const [year, month, date] = day.split('-');
    await page.getByLabel('Schedule date').fill(`${month}/${date}/${year}`);
    await page.getByLabel('Schedule date').press('Enter');
    await page.getByLabel('Schedule time', { exact: true }).fill('09:30');
    await page.getByTestId('repeat-control').getByText('Repeat', { exact: true }).click();
    await page.getByLabel('Repeat frequency').selectOption('daily');
    await page.getByLabel('Repeat ends').selectOption('after');
    await page.getByLabel('Number of times').fill('3');
    await page.getByTestId('repeat-summary').getByText('Every day at 09:30, 3 times').waitFor();
    await page.getByRole('button', { name: 'Schedule Post' }).click();
    await toastIn(page, 'Post created successfully!').waitFor();

    // Assess: three occurrences, each a scheduled post with the badge and the summary
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.waitForURL('**/home/posts');
    await page.getByRole('tab', { name: 'Scheduled (3)' }).waitFor();
    const cards = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => cards.count()).toBe(3);
    for (const [i, card] of (await cards.all()).entries()) {
      await card
        .getByTestId('repeat-badge')
        .getByText(`Repeats · #${i + 1}`)
        .waitFor();
      await card.getByTestId('series-line').getByText('Every day at 09:30, 3 times').waitFor();
      await card.getByText(/Scheduled for: .*, 9:30 AM/).waitFor();
    }

    // Act: delete the second and all following
    await cards.nth(1).getByRole('button', { name: 'Delete post' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete a recurring post' });
    await dialog.getByText('This and all following posts').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastIn(page, 'This and the following posts were deleted').waitFor();

    // Assess: the first stays; the series has ended
    await page.getByRole('tab', { name: 'Scheduled (1)' }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    await cards.first().getByTestId('repeat-badge').getByText('Repeats · #1').waitFor();
    await cards
      .first()
      .getByTestId('series-line')
      .getByText(/\(ended\)/)
      .waitFor();
  });

  it('repeats an Instagram post with a photo: each occurrence shows its own copy, and the first is published to Instagram', { timeout: 180_000 }, async () => {
    // Prepare: Instagram connected through the sandbox consent.
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('instagram', user.accessToken);
    await signIn(page, user);
    const caption = `Loaf of the day — e2e ${Date.now().toString(36)}`;
    // The next whole minute at least 25 s away, on the page's New York clock.
    const first = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    const [when, time] = formatInTimeZone(first, ZONE, "yyyy-MM-dd'T'HH:mm").split('T') as [string, string];

    // Act: compose with a photo, repeating daily, twice
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.waitForURL('**/home/compose');
    await page.getByTestId('platform-tile-instagram').click();
    await page.getByLabel('Instagram caption').fill(caption);
    await page.getByLabel('Choose images').setInputFiles([{ name: 'loaf.jpg', mimeType: 'image/jpeg', buffer: await anImageOf(1080, 1080) }]);
    await page.getByTestId('media-tile').getByText('Upload Complete').waitFor({ timeout: 30_000 });
    const [year, month, date] = when.split('-');
    await page.getByLabel('Schedule date').fill(`${month}/${date}/${year}`);
    await page.getByLabel('Schedule date').press('Enter');
    await page.getByLabel('Schedule time', { exact: true }).fill(time);
    await page.getByTestId('repeat-control').getByText('Repeat', { exact: true }).click();
    await page.getByLabel('Repeat frequency').selectOption('daily');
    await page.getByLabel('Repeat ends').selectOption('after');
    await page.getByLabel('Number of times').fill('2');
    await page.getByRole('button', { name: 'Schedule Post' }).click();
    await toastIn(page, 'Post created successfully!').waitFor();

    // Assess: two occurrences, each with the photo on its card, each with its own file
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.waitForURL('**/home/posts');
    const cards = page.getByTestId('post-card').filter({ hasText: caption });
    const posts = ((await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: user.accessToken })).body as { items: Post[] }).items;
    expect(posts.map((p) => p.series?.index)).toEqual([0, 1]);
    const files = posts.map((p) => p.media.map((m) => m.file_path));
    expect(files.map((f) => f.length)).toEqual([1, 1]);
    expect(files[0]![0]).not.toBe(files[1]![0]);
    for (const [key] of files) expect(await objectExists(key!)).toBe(true);

    // Assess: the first goes out to Instagram (the sandbox fetches the photo, as Instagram does) and its card turns Posted
    await page.getByRole('tab', { name: 'Posted (1)' }).waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const posted = cards.first();
    await expect.poll(() => posted.getByTestId('post-status').textContent(), { timeout: 30_000 }).toBe('Posted');
    await posted.getByTestId('repeat-badge').getByText('Repeats · #1').waitFor();
    await expect(posted.getByTestId('post-thumbnail').locator('img').count()).resolves.toBe(1);
    expect(await posted.getByRole('link', { name: /^View on Instagram \(/ }).getAttribute('href')).toContain('/_sandbox/instagram/');
    expect((await sandboxReceiptsFor(caption)).map((r) => r.platform)).toEqual(['instagram']);

    // The second is still scheduled, with its own photo and the series line
    await page.getByRole('tab', { name: 'Scheduled (1)' }).click();
    const next = page.getByTestId('post-card').filter({ hasText: caption }).first();
    await next.getByTestId('series-line').getByText(`Every day at ${time}, 2 times`).waitFor();
    await expect(next.getByTestId('post-thumbnail').locator('img').count()).resolves.toBe(1);
    expect(await objectExists(files[1]![0]!)).toBe(true);
  });
});
