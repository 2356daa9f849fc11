import { addDays } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * Issue 16 item 3 in Chromium, as a user in New York: compose a Facebook post that repeats daily,
 * three times, see the three occurrences in Posts with the repeat badge and the series summary,
 * then delete the second and all following, leaving the first.
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
});
