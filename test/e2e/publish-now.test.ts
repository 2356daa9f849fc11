import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aCreatedPost } from '../helpers/posts';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * As a user sees it: "Publish now" in Compose and on a draft asks first, naming the
 * account, then the post is on the sandbox platform within 5 s of the click, and the card turns
 * Posted with its notification, without a reload.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
const aCaption = () => `Straight from the oven ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function aFacebookPageOwner() {
  const user = await aConfirmedUser();
  await connect('facebook', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as {
    accounts: { id: string; platform: string; account_name: string }[];
  };
  return { user, facebook: accounts.find((a) => a.platform === 'facebook')! };
}

/** Waits until the caption is public on the sandbox; how long after `since`. */
async function msUntilPublic(caption: string, since: number): Promise<number> {
  await expect.poll(async () => (await sandboxReceiptsFor(caption)).length, { timeout: 20_000, interval: 50 }).toBe(1);
  return (await sandboxReceiptsFor(caption))[0]!.receivedAtMs - since;
}

describe('publishing now', () => {
  it('from Compose: a dialog names the Page, then the post is public within 5 s and its card shows Posted', { timeout: 90_000 }, async () => {
    // Prepare
    const page = currentPage();
    const caption = aCaption();
    const { user, facebook } = await aFacebookPageOwner();
    await signIn(page, user);
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);

    // Act
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`It goes out right away to Facebook (${facebook.account_name})`).waitFor();
    const clicked = Date.now();
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // Assess
    await toastIn(page, 'Publishing now').waitFor();
    expect(await msUntilPublic(caption, clicked)).toBeLessThanOrEqual(5_000);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('post-status').textContent(), { timeout: 20_000 }).toBe('Posted');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByTestId('notifications-menu').getByText('Your post was published to Facebook').waitFor();
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body.used).toBe(1);
  });

  it('from a draft: the card asks, then the draft goes out once and its card turns Posted', { timeout: 90_000 }, async () => {
    // Prepare
    const page = currentPage();
    const caption = aCaption();
    const { user, facebook } = await aFacebookPageOwner();
    await aCreatedPost(user.accessToken, { platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }] });
    await signIn(page, user);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    const draft = page.getByTestId('post-card').filter({ hasText: caption });

    // Act
    await draft.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`It goes out right away to Facebook (${facebook.account_name})`).waitFor();
    const clicked = Date.now();
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // Assess
    expect(await msUntilPublic(caption, clicked)).toBeLessThanOrEqual(5_000);
    await page.getByRole('tab', { name: 'Posted (1)' }).click({ timeout: 20_000 });
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('post-status').textContent(), { timeout: 20_000 }).toBe('Posted');
    await card.getByRole('link', { name: /^View on Facebook \(/ }).waitFor();
    await page.getByRole('tab', { name: 'Drafts (0)' }).waitFor();
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
  });
});
