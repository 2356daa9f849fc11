import { describe, expect, it } from 'vitest';
import { aConfirmedUser, anUnconfirmedUser, aRandomEmail, cloud } from '../helpers/given';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * The foundation's end-to-end path through the real front door: landing → sign up → verify through
 * the local inbox → sign in → greeting → theme toggle → sign out. Each test is its own visitor or user.
 */
const currentPage = aPageForEachTest();
const toast = (text: string | RegExp) => toastIn(currentPage(), text);
const password = 'correct-horse-1';

describe('a new user', () => {
  it('sees the landing page with the three plans', async () => {
    const page = currentPage();
    await page.goto(`${cloud().url}/`);

    await expect.poll(() => page.getByText('$4.99').count()).toBeGreaterThan(0);
    await expect(page.getByText('$19.99').first().isVisible()).resolves.toBe(true);
    // The local cloud sells Pro: its "Coming Soon" is a deployment setting that is off here.
    await expect.poll(() => page.getByRole('button', { name: 'Get Pro' }).isEnabled()).toBe(true);
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
  });

  it('is told what is wrong with a bad e-mail, in a "Validation Error" toast', async () => {
    const page = currentPage();
    await page.goto(`${cloud().url}/`);
    await page
      .getByRole('link', { name: 'Sign In' })
      .or(page.getByRole('button', { name: 'Sign In' }))
      .first()
      .click();
    await page.waitForURL('**/auth**');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByTestId('sign-up-form');

    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill(password);
    await page.getByTestId('auth-submit').click();

    await toast('Please enter a valid email address').waitFor();
    await expect(toast('Validation Error').isVisible()).resolves.toBe(true);
  });

  it('signs up and gets the verification mail in the local inbox', async () => {
    const page = currentPage();
    const email = aRandomEmail();
    await page.goto(`${cloud().url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await page.getByTestId('auth-submit').click();

    await toast('Account created! Please check your email to verify.').waitFor();
    await page.goto(`${cloud().url}/_local/inbox?to=${encodeURIComponent(email)}`);
    await page.getByText('Verify your Schedule & Autopost email').waitFor();
  });

  it('verifies the e-mail with the link and is sent to sign in', async () => {
    const page = currentPage();
    const { email } = await anUnconfirmedUser(aRandomEmail(), password);
    await page.goto(`${cloud().url}/_local/inbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: 'Verify my email' }).click();

    await page.waitForURL(/\/auth\?email=/);
    await expect(page.getByTestId('sign-in-form').getByLabel('Email').inputValue()).resolves.toBe(email);
  });

  it('signs in, is welcomed back and greeted on the dashboard', async () => {
    const page = currentPage();
    const { email, password } = await aConfirmedUser();
    // Where the verification link leads: the sign-in form with the e-mail filled in.
    await page.goto(`${cloud().url}/auth?email=${encodeURIComponent(email)}`);
    const form = page.getByTestId('sign-in-form');
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe(email);
    await form.getByLabel('Password').fill(password);
    await page.getByTestId('auth-submit').click();

    await page.waitForURL('**/home');
    await toast('Welcome back!').waitFor();
    await expect.poll(() => page.getByTestId('greeting').innerText(), { timeout: 10_000 }).toMatch(/^Good (morning|afternoon|evening), there/);
    await expect(page.getByTestId('avatar-initial').innerText()).resolves.toBe(email[0]!.toUpperCase());
  });

  it('switches from the dark default to light, and the choice survives a reload', async () => {
    const page = currentPage();
    await signIn(page, await aConfirmedUser());
    const rootClass = () => page.evaluate(() => document.documentElement.className);
    expect(await rootClass()).toContain('dark');

    await page.getByRole('button', { name: 'Toggle theme' }).click();

    await expect.poll(rootClass).toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await rootClass()).toContain('light');
  });

  it('signs out from the avatar menu and can no longer open the app', async () => {
    const page = currentPage();
    const user = await aConfirmedUser();
    await signIn(page, user);
    await page.getByTestId('avatar-menu').click();
    await expect(page.getByTestId('avatar-menu-email').innerText()).resolves.toContain(user.email);
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await page.waitForURL('**/auth');
    await page.goto(`${cloud().url}/home/posts`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sees the 404 page on an unknown path', async () => {
    const page = currentPage();
    await page.goto(`${cloud().url}/no-such-page`);

    await page.getByText('Oops! Page not found').waitFor();
  });
});
