import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { UI } from '@shared/ui';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * Through the real front door: a signed-in user connects X and Facebook from the Platforms
 * page, through the OAuth popup and the sandbox platforms' consent pages. Each test is its own user.
 */
const currentPage = aPageForEachTest();
const card = (platform: Platform) => currentPage().getByTestId(`platform-card-${platform}`);

/** A Basic user (X needs Basic or better), signed in, on the Platforms page. */
async function onThePlatformsPage(given: (user: Awaited<ReturnType<typeof aConfirmedUser>>) => Promise<unknown> = async () => undefined) {
  const page = currentPage();
  const user = await aConfirmedUser({ plan: 'basic' });
  await given(user);
  await signIn(page, user);
  await page.getByRole('link', { name: 'Platforms' }).click();
  await page.waitForURL('**/home/platforms');
  return page;
}

/** Clicks Connect, allows on the sandbox consent page in the popup, and waits for the popup to close. */
async function connectThroughPopup(platform: Platform) {
  const popupOpened = currentPage().waitForEvent('popup');
  await card(platform)
    .getByRole('button', { name: `Connect ${PLATFORM_LABELS[platform]}` })
    .click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
}

describe('a signed-in user on the Platforms page', () => {
  it('signs in and sees every platform not connected', async () => {
    await onThePlatformsPage();

    for (const platform of ['instagram', 'facebook', 'x', 'tiktok', 'youtube'] as const) {
      await expect.poll(() => card(platform).getByText('Not Connected').count()).toBe(1);
    }
    // Basic includes X but not TikTok or YouTube.
    await card('tiktok').getByText('Upgrade to Pro to connect TikTok').waitFor();
    await expect(
      card('tiktok')
        .getByRole('button', { name: /Connect/ })
        .count(),
    ).resolves.toBe(0);
  });

  it('connects X through the popup and sees the account listed', async () => {
    const page = await onThePlatformsPage();
    await connectThroughPopup('x');

    await toastIn(page, 'X (Twitter) account connected successfully').waitFor();
    const who = DEMO_IDENTITIES.x[0]!;
    await card('x').getByText(`@${who.username}`).waitFor();
    await card('x').getByText(format(new Date(), UI.formats.linked)).waitFor();
    await expect(card('x').getByText('Connected', { exact: true }).count()).resolves.toBe(1);
    await expect(card('x').getByRole('button', { name: 'Add Account for X (Twitter)' }).isVisible()).resolves.toBe(true);
  });

  it('connects Facebook with all its Pages ticked and sees every Page listed', async () => {
    const page = await onThePlatformsPage();
    await connectThroughPopup('facebook');

    await toastIn(page, 'Facebook account connected successfully').waitFor();
    for (const fbPage of DEMO_IDENTITIES.facebook[0]!.pages!) {
      await card('facebook').getByText(fbPage.name).waitFor();
    }
    await expect(card('facebook').getByRole('button', { name: 'Page info' }).count()).resolves.toBe(DEMO_IDENTITIES.facebook[0]!.pages!.length);
  });

  it("opens a connected Facebook Page's info", async () => {
    const page = await onThePlatformsPage((user) => connect('facebook', user.accessToken));
    const cafe = DEMO_IDENTITIES.facebook[0]!.pages!.find((p) => p.name === 'Corner Café')!;
    await card('facebook').getByTestId('account-row').filter({ hasText: cafe.name }).getByRole('button', { name: 'Page info' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('page-info').waitFor();
    await expect(dialog.getByText(cafe.category).isVisible()).resolves.toBe(true);
    await expect(dialog.getByText(cafe.name).first().isVisible()).resolves.toBe(true);
  });
});
