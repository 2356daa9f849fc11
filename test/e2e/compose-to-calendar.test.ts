import { addDays } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { A_TINY_PNG, anUploadedImage, aPng } from '../helpers/media';
import { aConnectedAccount, aCreatedPost } from '../helpers/posts';
import { aPageForEachTest, calendarDayPanel, openFromSidebar, signIn, toastIn } from './browser';

/**
 * Through the real front door, as a user in New York: compose a post for Instagram and
 * Facebook with an image, schedule it, find it in Posts, on the Dashboard and in the Calendar at the
 * same local time, edit its time, and delete it. Each test is its own user with its own post.
 */
const ZONE = 'America/New_York';
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });

// Three days ahead, 09:30 in New York: always in the future, and the same wall-clock time everywhere.
const day = formatInTimeZone(addDays(new Date(), 3), ZONE, 'yyyy-MM-dd');
const shortDay = formatInTimeZone(addDays(new Date(), 3), ZONE, 'MMM d');
const aCaption = () => `Fresh sourdough at 9:30 — e2e ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user with Instagram and Facebook connected. */
async function aBaker() {
  const user = await aConfirmedUser();
  const instagram = await aConnectedAccount(user.userId, 'instagram', 'corner.bakery');
  const facebook = await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
  return { user, accounts: [instagram, facebook] };
}

/** A baker signed in on this test's page. */
async function aSignedInBaker(page: Page) {
  const baker = await aBaker();
  await signIn(page, baker.user);
  return baker;
}

/**
 * A baker whose post for both platforms with an image is scheduled at 09:30 New York time on `day`
 * (stored as Compose sends it), signed in on this test's page.
 */
async function aScheduledPost(page: Page) {
  const { user, accounts } = await aBaker();
  const caption = aCaption();
  const image = await anUploadedImage(user.accessToken, aPng('loaf.png'));
  await aCreatedPost(user.accessToken, {
    scheduled_at: fromZonedTime(`${day}T09:30:00`, ZONE).toISOString(),
    media_ids: [image.id],
    platforms: accounts.map((a) => ({ platform: a.platform, social_account_id: a.id, caption, settings: {} })),
  });
  await signIn(page, user);
  return { caption, card: () => page.getByTestId('post-card').filter({ hasText: caption }) };
}

describe('composing, scheduling, finding, editing and deleting a post', () => {
  it('signs in with Instagram and Facebook connected', async () => {
    await aSignedInBaker(currentPage());
  });

  it('composes a post for two platforms with an image and schedules it', async () => {
    const page = currentPage();
    await aSignedInBaker(page);
    const caption = aCaption();
    await openFromSidebar(page, 'Compose');

    await page.getByTestId('platform-tile-instagram').click();
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Instagram caption').fill(caption);
    await page.getByLabel('Facebook caption').fill(caption);
    await expect(page.getByTestId('caption-counter-instagram').textContent()).resolves.toBe(`${caption.length}/2200`);

    await page.getByLabel('Choose images').setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: A_TINY_PNG });
    await page.getByTestId('media-tile').getByText('Upload Complete').waitFor();

    // The date picker takes mm/dd/yyyy (Enter confirms it); the time field takes HH:mm.
    const [year, month, date] = day.split('-');
    await page.getByLabel('Schedule date').fill(`${month}/${date}/${year}`);
    await page.getByLabel('Schedule date').press('Enter');
    await page.getByLabel('Schedule time', { exact: true }).fill('09:30');
    await page
      .getByTestId('schedule-helper')
      .getByText(/Will post at .* in America\/New York timezone/)
      .waitFor();
    await page.getByRole('button', { name: 'Schedule Post' }).click();

    await toastIn(page, 'Post created successfully!').waitFor();
    // The form resets.
    await expect.poll(() => page.getByTestId('media-tile').count()).toBe(0);
    await expect(page.getByRole('button', { name: 'Save Draft' }).isVisible()).resolves.toBe(true);
  });

  it('shows it in the Scheduled tab of Posts at 9:30 AM New York time', async () => {
    const page = currentPage();
    const { card: scheduledCard } = await aScheduledPost(page);
    await openFromSidebar(page, 'Posts');

    await page.getByRole('tab', { name: 'Scheduled (1)' }).waitFor();
    await scheduledCard().getByText(`Scheduled for: ${shortDay}, 9:30 AM`).waitFor();
    await expect(scheduledCard().getByTestId('post-status').textContent()).resolves.toBe('Scheduled');
    await expect(
      scheduledCard()
        .getByRole('link', { name: /corner\.bakery/ })
        .count(),
    ).resolves.toBe(1);
    await scheduledCard().getByTestId('post-thumbnail').locator('img').waitFor();
  });

  it('lists it under Next Scheduled Posts on the dashboard', async () => {
    const page = currentPage();
    const { caption } = await aScheduledPost(page);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(/\/home$/);

    const upcoming = page.getByTestId('upcoming-post').filter({ hasText: caption.slice(0, 30) });
    await upcoming.waitFor();
    await upcoming.getByText(`${shortDay}, 9:30 AM`).waitFor();
  });

  it('puts it on the right day of the calendar at 9:30 AM', async () => {
    const page = currentPage();
    const { caption } = await aScheduledPost(page);
    const panel = await calendarDayPanel(page, day);
    await panel.getByText(caption).waitFor();
    await panel.getByText('9:30 AM').waitFor();
    await expect(page.getByTestId('period-summary').textContent()).resolves.toMatch(/This period: 1 posts — 1 images, 0 videos across 2 platforms/);
  });

  it('moves it to 11:00 with the edit dialog', async () => {
    const page = currentPage();
    const { card: scheduledCard } = await aScheduledPost(page);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await scheduledCard().getByRole('button', { name: 'Edit post' }).click();

    const dialog = page.getByRole('dialog');
    // The Edit Post dialog is the Compose form. On a desktop it stays inside the window
    // (its body scrolls), never filling it edge to edge.
    await dialog.getByRole('form', { name: 'Edit Post' }).waitFor();
    const content = (await dialog.boundingBox())!;
    expect(content.y).toBeGreaterThan(0);
    expect(content.y + content.height).toBeLessThan(900);
    await dialog.getByLabel('Schedule time', { exact: true }).fill('11:00');
    await dialog.getByRole('button', { name: 'Schedule Post' }).click();

    await toastIn(page, 'Post updated successfully!').waitFor();
    await scheduledCard().getByText(`Scheduled for: ${shortDay}, 11:00 AM`).waitFor();
  });

  it('deletes it', async () => {
    const page = currentPage();
    const { card: scheduledCard } = await aScheduledPost(page);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await scheduledCard().getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/^Delete the post "/).waitFor();
    // The safe choice holds the focus: Enter on a freshly opened confirmation deletes nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Delete Post' }).click();

    await toastIn(page, 'Post deleted').waitFor();
    await page.getByText('No scheduled posts').waitFor();
    await page.getByRole('tab', { name: 'Scheduled (0)' }).waitFor();
  });
});
