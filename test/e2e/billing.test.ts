import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aPaidCheckout, aPaidPublicCheckout, aPublicCheckout, completeSignup, subscriptionOf } from '../helpers/billing';
import { aConfirmedUser, aRandomEmail, cloud } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * Buying a plan without an account, through the real front door: landing → Basic → checkout dialog
 * → the local Stripe's hosted page → Pay → complete signup with a password → verify the e-mail from
 * the local inbox (no sign-in before) → sign in → dashboard → the
 * Subscription page shows Basic → cancel at period end → reactivate. Each test is its own buyer.
 */
const currentPage = aPageForEachTest();
const toast = (text: string | RegExp) => toastIn(currentPage(), text);
const password = 'correct-horse-1';

/** A visitor who paid for Basic on the hosted page, on the complete-signup page it sent them to. */
async function onTheCompleteSignupPage(page: Page) {
  const email = aRandomEmail();
  const { successUrl } = await aPaidPublicCheckout(email);
  await page.goto(new URL(successUrl, cloud().url).href);
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  return email;
}

/** A visitor who paid for Basic and completed the signup with `password`, but has not verified the e-mail. */
async function aBuyerWithAnUnverifiedAccount() {
  const email = aRandomEmail();
  const { sessionId } = await aPaidPublicCheckout(email);
  const done = await completeSignup({ email, session_id: sessionId, password, confirm: password });
  expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
  return email;
}

/** A user with paid Basic (cancelled at period end with `canceled`), signed in, on the Subscription page. */
async function onTheSubscriptionPage(page: Page, options: { canceled?: boolean } = {}) {
  const user = await aConfirmedUser();
  await aPaidCheckout(user.accessToken, 'basic');
  if (options.canceled) {
    const { subscription } = await subscriptionOf(user.accessToken);
    const cancel = await weCallTheApi('POST', '/api/billing/subscription', {
      token: user.accessToken,
      body: { subscriptionId: subscription.id, action: 'cancel' },
    });
    expect(cancel.status).toBe(200);
  }
  await signIn(page, user);
  await page.getByRole('link', { name: 'Subscription' }).first().click();
  await page.waitForURL('**/home/subscription');
  return page.getByTestId('subscription-card');
}

describe('a visitor who buys Basic', () => {
  it('opens the checkout dialog from the Basic plan and is sent to the hosted payment page', async () => {
    const page = currentPage();
    const email = aRandomEmail();
    await page.goto(`${cloud().url}/`);
    await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Basic' }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete Your Subscription' });
    await dialog.waitFor();
    const proceed = dialog.getByRole('button', { name: 'Proceed to Payment' });
    await expect(proceed.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/Email/).fill(email);
    await proceed.click();

    await page.waitForURL('**/_local/stripe/checkout/**');
    await page.getByRole('heading', { name: 'Basic' }).waitFor();
    await expect(page.getByText(email).isVisible()).resolves.toBe(true);
  });

  it('pays and lands on "Payment Successful!" with the email', async () => {
    const page = currentPage();
    const email = aRandomEmail();
    await page.goto((await aPublicCheckout(email)).checkoutUrl);
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL('**/complete-signup?**');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect(page.getByTestId('complete-signup-email').innerText()).resolves.toBe(email);
  });

  it('is told when the passwords do not match', async () => {
    const page = currentPage();
    await onTheCompleteSignupPage(page);
    await page.getByLabel('Create Password').fill(password);
    await page.getByLabel('Confirm Password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await toast("Passwords don't match").waitFor();
    await expect(toast('Validation Error').isVisible()).resolves.toBe(true);
  });

  it('creates a password and is told to verify the e-mail before signing in', async () => {
    const page = currentPage();
    await onTheCompleteSignupPage(page);
    await page.getByLabel('Create Password').fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await toast('Account created successfully!').waitFor();
    await page.getByTestId('verify-email').getByText('Check your email to verify your address, then sign in.').waitFor();
    await expect(page.getByLabel('Create Password').count()).resolves.toBe(0);
    await page.getByTestId('verify-email').getByRole('link', { name: 'Go to Sign In' }).click();
    await page.waitForURL(/\/auth\?email=/);
  });

  it('cannot sign in before following the verification link (the checkout e-mail proves nothing)', async () => {
    const page = currentPage();
    const email = await aBuyerWithAnUnverifiedAccount();
    // Where the complete-signup page's "Go to Sign In" leads: the sign-in form with the e-mail filled in.
    await page.goto(`${cloud().url}/auth?email=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByTestId('sign-in-form').getByLabel('Email').inputValue()).toBe(email);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Password').fill(password);
    await page.getByTestId('auth-submit').click();

    await toast('Please verify your email first — check your inbox for the verification link.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('verifies the e-mail from the inbox choosing the password there, signs in and lands on the dashboard', async () => {
    const page = currentPage();
    const email = await aBuyerWithAnUnverifiedAccount();
    await page.goto(`${cloud().url}/_local/inbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: 'Verify my email' }).first().click();
    // The owner of the address chooses the password (the payer's choice proves nothing); the same one will do.
    await page.getByRole('heading', { name: 'Verify your email and choose a password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Verify and set password' }).click();
    await page.waitForURL(/\/auth\?email=/);
    const verifiedAt = Math.floor(Date.now() / 1000);
    // Setting the password ends earlier sessions to the whole second (token times have one-second precision).
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(verifiedAt);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Password').fill(password);
    await page.getByTestId('auth-submit').click();

    await page.waitForURL('**/home', { timeout: 15_000 });
    await page.getByTestId('greeting').waitFor();
  });

  it('sees Basic with an active subscription that renews', async () => {
    const page = currentPage();
    await onTheSubscriptionPage(page);

    const current = page.getByTestId('current-plan');
    await expect.poll(() => current.getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 }).toBe('Basic');
    const card = page.getByTestId('subscription-card');
    await expect(card.getByTestId('subscription-status').innerText()).resolves.toBe('Active');
    await expect.poll(() => card.getByTestId('subscription-period').innerText()).toMatch(/^Renews on /);
  });

  it('cancels at period end and sees "Expires on"', async () => {
    const page = currentPage();
    const card = await onTheSubscriptionPage(page);
    await expect.poll(() => card.getByTestId('subscription-period').innerText(), { timeout: 15_000 }).toMatch(/^Renews on /);
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();

    await toast('Subscription updated successfully').waitFor();
    await expect.poll(() => card.getByTestId('subscription-period').innerText()).toMatch(/^Expires on /);
    await expect(card.getByTestId('subscription-ending').isVisible()).resolves.toBe(true);
  });

  it('reactivates and sees "Renews on" again', async () => {
    const card = await onTheSubscriptionPage(currentPage(), { canceled: true });
    await expect.poll(() => card.getByTestId('subscription-period').innerText(), { timeout: 15_000 }).toMatch(/^Expires on /);
    await card.getByRole('button', { name: 'Reactivate Subscription' }).click();

    await expect.poll(() => card.getByTestId('subscription-period').innerText()).toMatch(/^Renews on /);
    await expect(card.getByRole('button', { name: 'Cancel Subscription' }).isVisible()).resolves.toBe(true);
  });
});

describe('someone with an account who buys Basic on the landing page', () => {
  it("pays with the account's email, is asked to sign in (not for a new password), and gets Basic", { timeout: 60_000 }, async () => {
    const user = await aConfirmedUser();
    const buyer = currentPage();
    const toastFor = (text: string | RegExp) => toastIn(buyer, text);

    await buyer.goto(`${cloud().url}/`);
    await buyer.getByTestId('plan-basic').getByRole('button', { name: 'Get Basic' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Complete Your Subscription' });
    await dialog.getByLabel(/Email/).fill(user.email);
    await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
    await buyer.waitForURL('**/_local/stripe/checkout/**');
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.waitForURL('**/complete-signup?**');

    // No new password is asked of an account holder: they sign in with the one they have.
    const signInLink = buyer.getByRole('link', { name: 'Sign in to add this plan to your account' });
    await signInLink.waitFor();
    await expect(buyer.getByLabel('Create Password').count()).resolves.toBe(0);
    await signInLink.click();
    await buyer.waitForURL(/\/auth\?/);
    await buyer.getByText('Your payment will be applied to your account once you sign in.', { exact: false }).waitFor();
    const form = buyer.getByTestId('sign-in-form');
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe(user.email);
    await form.getByLabel('Password').fill(user.password);
    await buyer.getByTestId('auth-submit').click();

    await buyer.waitForURL('**/home/subscription**');
    await toastFor('Your plan was added to your account').waitFor();
    const current = buyer.getByTestId('current-plan');
    await expect.poll(() => current.getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 }).toBe('Basic');
  });
});
