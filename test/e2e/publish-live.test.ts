import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { launchChromium, toastIn } from './browser';

/**
 * Issue 5 as a user sees it: schedule a post for the coming minute, stay on the Posts page, and watch
 * it turn Posted without reloading (the realtime subscription), see the notification, and open the
 * post on the sandbox platform's page.
 */
const ZONE = 'UTC';
let browser: Browser;
let page: Page;
const caption = `Live from the oven ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
});

afterAll(async () => {
  await browser?.close();
});

/** The next whole minute at least 20 s away, as yyyy-MM-ddTHH:mm in UTC (the user's zone here). */
function comingMinute(): string {
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  return at.toISOString().slice(0, 16);
}

describe('a post going out while the user watches', () => {
  it('signs in with a Facebook Page connected', async () => {
    const user = await aConfirmedUser();
    await connect('facebook', user.accessToken);
    await page.goto(`${cloud().url}/auth`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await page.getByTestId('auth-submit').click();
    await page.waitForURL('**/home');
  });

  it('schedules a post for the coming minute', async () => {
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

  it("opens the post on the platform's page", async () => {
    await page.keyboard.press('Escape');
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    const href = await card.getByRole('link', { name: /^View on Facebook \(/ }).getAttribute('href');
    expect(href).toContain('/_sandbox/facebook/');
    // The account badge opens the Page's profile on the sandbox, not on facebook.com (issue 17.11).
    const profile = await card.locator('a[title$=" on Facebook"]').getAttribute('href');
    expect(profile).toMatch(/\/_sandbox\/facebook\/www\/\d+$/);
    await page.goto(profile!);
    await page.getByText(caption).first().waitFor();
    await page.goto(href!);
    await page.getByText(caption).first().waitFor();
  });
});
