import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/posts';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aCreatedPost } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * As a user sees it: schedule a post for the coming minute, stay on the Posts page, and watch
 * it turn Posted without reloading (the realtime subscription), see the notification, and open the
 * post on the sandbox platform's page. Each test is its own user with its own post.
 */
const ZONE = 'UTC';
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
const aCaption = () => `Live from the oven ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The next whole minute at least 20 s away, as yyyy-MM-ddTHH:mm in UTC (the user's zone here). */
function comingMinute(): string {
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  return at.toISOString().slice(0, 16);
}

/** A user with a Facebook Page connected and (with `post`) a Facebook post due in `inSeconds`, made through the API; signIn() opens the app as them. */
async function aFacebookPageOwner(page: Page, post?: { caption: string; inSeconds: number }) {
  const user = await aConfirmedUser();
  await connect('facebook', user.accessToken);
  let created: Post | undefined;
  if (post) {
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    created = await aCreatedPost(user.accessToken, {
      scheduled_at: new Date(Date.now() + post.inSeconds * 1000).toISOString(),
      platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption: post.caption, settings: {} }],
    });
  }
  return { user, created, signIn: () => signIn(page, user) };
}

describe('a post going out while the user watches', () => {
  it('signs in with a Facebook Page connected', async () => {
    await (await aFacebookPageOwner(currentPage())).signIn();
  });

  it('schedules a post for the coming minute', async () => {
    const page = currentPage();
    const caption = aCaption();
    await (await aFacebookPageOwner(page)).signIn();
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);
    const [day, time] = comingMinute().split('T') as [string, string];
    const [year, month, date] = day.split('-');
    await page.getByLabel('Schedule date').fill(`${month}/${date}/${year}`);
    await page.getByLabel('Schedule date').press('Enter');
    await page.getByLabel('Schedule time', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Schedule Post' }).click();
    await toastIn(page, 'Post created successfully!').waitFor();
  });

  it('sees it turn Posted on the Posts page without reloading, and is notified', { timeout: 150_000 }, async () => {
    const page = currentPage();
    const caption = aCaption();
    // Due in 20 s: time to sign in and open Posts (3-5 s) while it is still scheduled.
    await (await aFacebookPageOwner(page, { caption, inSeconds: 20 })).signIn();
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Scheduled (1)' }).waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await page.getByRole('tab', { name: 'Posted (1)' }).waitFor({ timeout: 130_000 });
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('post-status').textContent()).toBe('Posted');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByTestId('notifications-menu').getByText('Your post was published to Facebook').waitFor();
    // No reload happened: the page learned it live (the 15 s polling is only the fallback).
    expect(navigations.filter((url) => !url.includes('tab='))).toEqual([]);
  });

  it("opens the post on the platform's page", { timeout: 150_000 }, async () => {
    const page = currentPage();
    const caption = aCaption();
    const owner = await aFacebookPageOwner(page, { caption, inSeconds: 3 });
    await expect
      .poll(async () => (await weCallTheApi('GET', `/api/posts/${owner.created!.id}`, { token: owner.user.accessToken })).body.status, {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe('posted');
    await owner.signIn();
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    const href = await card.getByRole('link', { name: /^View on Facebook \(/ }).getAttribute('href');
    expect(href).toContain('/_sandbox/facebook/');
    // The account badge opens the Page's profile on the sandbox, not on facebook.com.
    const profile = await card.locator('a[title$=" on Facebook"]').getAttribute('href');
    expect(profile).toMatch(/\/_sandbox\/facebook\/www\/\d+$/);
    await page.goto(profile!);
    await page.getByText(caption).first().waitFor();
    await page.goto(href!);
    await page.getByText(caption).first().waitFor();
  });
});
