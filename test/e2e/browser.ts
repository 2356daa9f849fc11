import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { CHROMIUM } from './global-setup';

/** Debian's Chromium, headless, with the flags this closed-network machine needs (docs/architecture.md#versions-that-matter). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A new page in its own context (cookies, storage), 1280×800 unless `options` say otherwise. */
export const aDesktopPage = (browser: Browser, options: BrowserContextOptions = {}): Promise<Page> =>
  browser.newPage({ viewport: { width: 1280, height: 800 }, ...options });

/** One Chromium for the file, launched before its tests and closed after them. */
export function aBrowserForTheFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * One Chromium for the file and a new page for each test (its own context: cookies, storage), closed
 * after it: each test starts from its own given state, so one failing does not fail the next.
 */
export function aPageForEachTest(options: BrowserContextOptions = {}): () => Page {
  const browser = aBrowserForTheFile();
  let page: Page | undefined;
  beforeEach(async () => {
    page = await aDesktopPage(browser(), options);
  });
  afterEach(async () => {
    await page?.close();
  });
  return () => page!;
}

/** Fills the sign-in form at /auth and submits it; `base` is the app's origin (the local cloud's, unless given). */
export async function submitSignIn(page: Page, user: { email: string; password: string }, base = cloud().url) {
  await page.goto(`${base}/auth`);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await page.getByTestId('auth-submit').click();
}

/** Signs `user` in through the form and waits for the dashboard. */
export async function signIn(page: Page, user: { email: string; password: string }, base = cloud().url) {
  await submitSignIn(page, user, base);
  await page.waitForURL('**/home');
}

/** Signs a new user with a Facebook Page connected (through the sandbox consent) in on `page`. */
export async function signInANewFacebookUser(page: Page) {
  const user = await aConfirmedUser();
  await connect('facebook', user.accessToken);
  await signIn(page, user);
  return user;
}

/** A Chakra toast showing `text`. */
export const toastIn = (page: Page, text: string | RegExp) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();

/**
 * Connects `platform` as a person does: Platforms → Connect → the sandbox's consent page in a popup
 * (which says `consent`) → Allow, then the toast, and each of `listed` shown on the network's card.
 * Returns the card.
 */
export async function connectThroughThePopup(page: Page, platform: Platform, consent: string, listed: readonly string[]) {
  await page.getByRole('link', { name: 'Platforms' }).click();
  await page.waitForURL('**/home/platforms');
  const card = page.getByTestId(`platform-card-${platform}`);
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: `Connect ${PLATFORM_NAMES[platform]}` }).click();
  const popup = await popupOpened;
  await popup.getByText(consent).waitFor();
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await toastIn(page, `${PLATFORM_NAMES[platform]} account connected successfully`).waitFor();
  for (const text of listed) await card.getByText(text).waitFor();
  return card;
}

const SIDEBAR_PAGES = { Compose: '/home/compose', Posts: '/home/posts', Schedule: '/home/schedule', Queue: '/home/queue' } as const;

/** Follows a sidebar link and waits for its page. */
export async function openFromSidebar(page: Page, name: keyof typeof SIDEBAR_PAGES) {
  await page.getByRole('link', { name }).first().click();
  await page.waitForURL(`**${SIDEBAR_PAGES[name]}`);
}

/** Compose's "Publish now", confirmed in its dialog, and the toast that says it started. */
export async function publishNowFromCompose(page: Page) {
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
  await toastIn(page, 'Publishing now').waitFor();
}

/** Posts → the Posted tab, once `count` posts are there (a publish may still be settling), and the card showing `text`. */
export async function postedCard(page: Page, text: string, { count = 1, timeout = 60_000 } = {}) {
  await openFromSidebar(page, 'Posts');
  const tab = page.getByRole('tab', { name: `Posted (${count})` });
  await tab.waitFor({ timeout });
  await tab.click();
  return page.getByTestId('post-card').filter({ hasText: text });
}

/** Schedule → the calendar's panel for `day` (yyyy-MM-dd). */
export async function calendarDayPanel(page: Page, day: string) {
  await openFromSidebar(page, 'Schedule');
  await page.getByLabel('Go to date').fill(day);
  await page.getByTestId(`month-day-${day}`).click();
  return page.getByTestId('day-panel');
}
