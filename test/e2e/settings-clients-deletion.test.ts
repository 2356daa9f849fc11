import { addDays } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aCreatedPost } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, submitSignIn, toastIn } from './browser';

/**
 * As an agency user: switch to agency mode and see Clients appear, add, edit and delete a
 * client, change the timezone and see a scheduled time move in Posts, delete the account, and fail
 * to sign in again. Each test is its own user.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
// 14:00 UTC three days ahead: 2:00 PM in UTC, 11:00 PM in Tokyo (no daylight saving there).
const due = new Date(`${formatInTimeZone(addDays(new Date(), 3), 'UTC', 'yyyy-MM-dd')}T14:00:00.000Z`);

/** A user with a Facebook post scheduled at `due` and the given settings (e.g. agency mode), signed in. */
async function aSignedInUser(settings: { mode?: string } = {}) {
  const user = await aConfirmedUser();
  const facebook = await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
  await aCreatedPost(user.accessToken, {
    scheduled_at: due.toISOString(),
    platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption: 'Timezone check', settings: {} }],
  });
  if (settings.mode) expect((await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: settings })).status).toBe(200);
  await signIn(currentPage(), user);
  return user;
}

const toast = (text: string | RegExp) => toastIn(currentPage(), text);
const sidebarLink = (name: string) => currentPage().getByRole('navigation').getByRole('link', { name, exact: true });

async function savePreferences(change: { mode?: string; timezone?: string }) {
  const page = currentPage();
  await page.goto(`${cloud().url}/home/settings?tab=preferences`);
  if (change.mode) await page.getByLabel('Mode').selectOption(change.mode);
  if (change.timezone) await page.getByLabel('Timezone').selectOption(change.timezone);
  // Saving with a mode reloads the page after 1 s (docs/product-rules.md#settings): wait for it, or it lands mid-step.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await toast('Settings updated successfully!').waitFor();
  await reloaded;
}

describe('an agency user', () => {
  it('signs in with a scheduled post', async () => {
    await aSignedInUser();
    await expect(sidebarLink('Clients').count()).resolves.toBe(0);
  });

  it('switches to agency mode and sees Clients appear after the reload', async () => {
    await aSignedInUser();
    await savePreferences({ mode: 'agency' });
    await sidebarLink('Clients').waitFor();
  });

  it('adds, edits and deletes a client', async () => {
    await aSignedInUser({ mode: 'agency' });
    const page = currentPage();
    await sidebarLink('Clients').click();
    await page.waitForURL('**/home/clients');
    await page.getByText('My Account').waitFor();

    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Add Client' }).isDisabled()).resolves.toBe(true);
    await dialog.getByPlaceholder('e.g. Acme Bakery').fill('Acme Bakery');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await toast('Client created successfully!').waitFor();
    await page.getByText('Acme Bakery').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Acme Bakery' }).click();
    await page.getByRole('dialog').getByPlaceholder('e.g. Acme Bakery').fill('Acme Bakehouse');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await toast('Client updated successfully!').waitFor();
    await page.getByText('Acme Bakehouse').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Delete Acme Bakehouse' }).click();
    await toast('Client deleted').waitFor();
    // The card goes at once (the toast names the client and offers Undo for a few seconds)…
    await expect.poll(() => page.getByRole('button', { name: 'Edit Acme Bakehouse' }).count()).toBe(0);
    // …and once the Undo window has closed (the toast goes with it) the deletion has reached the
    // server: a reload agrees. (Reloading inside the window would keep the client, by design.)
    await toast('Client deleted').waitFor({ state: 'hidden', timeout: 15_000 });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('My Account').waitFor();
          return page.getByText('Acme Bakehouse').count();
        },
        { timeout: 20_000, interval: 2000 },
      )
      .toBe(0);
  });

  it('sees the scheduled time move when the timezone changes', async () => {
    await aSignedInUser();
    const page = currentPage();
    const day = formatInTimeZone(due, 'UTC', 'MMM d');
    await page.goto(`${cloud().url}/home/posts`);
    await page.getByText(`Scheduled for: ${day}, 2:00 PM`).waitFor();

    await savePreferences({ timezone: 'Asia/Tokyo' });
    await page.goto(`${cloud().url}/home/posts`);
    await page.getByText(`Scheduled for: ${formatInTimeZone(due, 'Asia/Tokyo', 'MMM d')}, 11:00 PM`).waitFor();
  });

  it('deletes the account and cannot sign in again', async () => {
    const user = await aSignedInUser();
    const page = currentPage();
    await page.goto(`${cloud().url}/home/settings?tab=advanced`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').getByText('Are you absolutely sure?').waitFor();
    await page.getByRole('button', { name: 'Yes, Delete Everything' }).click();
    await toast('Account deleted').waitFor();
    await page.waitForURL('**/auth**');

    await submitSignIn(page, user);
    await toast(/Error|incorrect|not exist/i).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
