import { format } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { UI } from '@shared/ui';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aDesktopPage, launchChromium, toastIn } from './browser';

/**
 * Issue 3 through the real front door: a signed-in user connects X and Facebook from the Platforms
 * page, through the OAuth popup and the sandbox platforms' consent pages.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await aDesktopPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

const toast = (text: string | RegExp) => toastIn(page, text);
const card = (platform: Platform) => page.getByTestId(`platform-card-${platform}`);

/** Clicks Connect, allows on the sandbox consent page in the popup, and waits for the popup to close. */
async function connectThroughPopup(platform: Platform) {
  const popupOpened = page.waitForEvent('popup');
  await card(platform).getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}` }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
}

describe('a signed-in user on the Platforms page', () => {
  it('signs in and sees every platform not connected', async () => {
    // X needs Basic or better (issue 3 plan entitlements).
    const user = await aConfirmedUser({ plan: 'basic' });
    await page.goto(`${cloud().url}/auth`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await page.getByTestId('auth-submit').click();
    await page.waitForURL('**/home');

    await page.getByRole('link', { name: 'Platforms' }).click();
    await page.waitForURL('**/home/platforms');

    for (const platform of ['instagram', 'facebook', 'x', 'tiktok', 'youtube'] as const) {
      await expect.poll(() => card(platform).getByText('Not Connected').count()).toBe(1);
    }
    // Basic includes X but not TikTok or YouTube.
    await card('tiktok').getByText('Upgrade to Pro to connect TikTok').waitFor();
    await expect(card('tiktok').getByRole('button', { name: /Connect/ }).count()).resolves.toBe(0);
  });

  it('connects X through the popup and sees the account listed', async () => {
    await connectThroughPopup('x');

    await toast('X (Twitter) account connected successfully').waitFor();
    const who = DEMO_IDENTITIES.x[0]!;
    await card('x').getByText(`@${who.username}`).waitFor();
    await card('x').getByText(format(new Date(), UI.formats.linked)).waitFor();
    await expect(card('x').getByText('Connected', { exact: true }).count()).resolves.toBe(1);
    await expect(card('x').getByRole('button', { name: 'Add Account for X (Twitter)' }).isVisible()).resolves.toBe(true);
  });

  it('connects Facebook with all its Pages ticked and sees every Page listed', async () => {
    await connectThroughPopup('facebook');

    await toast('Facebook account connected successfully').waitFor();
    for (const fbPage of DEMO_IDENTITIES.facebook[0]!.pages!) {
      await card('facebook').getByText(fbPage.name).waitFor();
    }
    await expect(card('facebook').getByRole('button', { name: 'Page info' }).count()).resolves.toBe(DEMO_IDENTITIES.facebook[0]!.pages!.length);
  });

  it("opens a connected Facebook Page's info", async () => {
    const cafe = DEMO_IDENTITIES.facebook[0]!.pages!.find((p) => p.name === 'Corner Café')!;
    await card('facebook').getByTestId('account-row').filter({ hasText: cafe.name }).getByRole('button', { name: 'Page info' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('page-info').waitFor();
    await expect(dialog.getByText(cafe.category).isVisible()).resolves.toBe(true);
    await expect(dialog.getByText(cafe.name).first().isVisible()).resolves.toBe(true);
  });
});
