import { describe, expect, it } from 'vitest';
import { aConfirmedUser, anUnconfirmedUser, aRandomEmail, cloud } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, submitSignIn, toastIn } from './browser';

/**
 * A forgotten password through the real front door: the sign-in form's link → the e-mail → the
 * reset mail in the local inbox → its link → a new password → sign in with it. The old password and
 * the sessions begun before the reset stop working.
 */
const currentPage = aPageForEachTest();
const toast = (text: string | RegExp) => toastIn(currentPage(), text);

describe('a user who forgot the password', () => {
  it('resets it with the link from the local inbox, then signs in with the new one while the old session ends', async () => {
    // Prepare: an account with a session on another device.
    const page = currentPage();
    const user = await aConfirmedUser();

    // Act: ask for the reset from the sign-in form.
    await page.goto(`${cloud().url}/auth`);
    await page.getByTestId('sign-in-form').getByLabel('Email').fill(user.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByLabel('Code from the e-mail').waitFor();

    // Act: follow the mail's link, which fills the code in, and set a new password.
    await page.goto(`${cloud().url}/_local/inbox?to=${encodeURIComponent(user.email)}`);
    await page.getByRole('link', { name: 'Set a new password' }).first().click();
    await page.waitForURL(/\/auth\/forgot-password\?.*code=/);
    await expect.poll(() => page.getByLabel('Code from the e-mail').inputValue()).toMatch(/^\d+$/);
    await page.getByLabel('New password', { exact: true }).fill('n3w-secret-1');
    await page.getByRole('button', { name: 'Set new password' }).click();

    // Assess: told to sign in; the other device's session has ended.
    await toast('Your password is changed. Sign in with the new one.').waitFor();
    await page.waitForURL(/\/auth\?email=/);
    const resetAt = Math.floor(Date.now() / 1000);
    expect(await weCallTheApi('GET', '/api/me', { token: user.accessToken })).toMatchObject({ status: 401, body: { error: { code: 'SESSION_ENDED' } } });

    // Assess: the old password no longer signs in; the new one does (after the reset's second: token times are whole seconds).
    await submitSignIn(page, user);
    await toast("We couldn't sign you in with that email and password.").waitFor();
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(resetAt);
    await submitSignIn(page, { email: user.email, password: 'n3w-secret-1' });
    await page.waitForURL('**/home');
    await page.getByTestId('greeting').waitFor();
  });

  it('is told to verify the address first when it was never verified', async () => {
    const page = currentPage();
    const { email } = await anUnconfirmedUser(aRandomEmail());

    await page.goto(`${cloud().url}/auth/forgot-password?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Send reset code' }).click();

    await toast('This account cannot reset its password yet: verify your e-mail address first with the link we sent.').waitFor();
    await expect(page.getByLabel('Code from the e-mail').count()).resolves.toBe(0);
  });
});
