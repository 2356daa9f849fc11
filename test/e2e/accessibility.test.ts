import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { addNotification } from '../../functions/data/notifications';
import { cloud } from '../helpers/given';
import { anImageOf } from '../helpers/media';
import { weCallTheApi } from '../helpers/when';
import { aBrowserForTheFile, signInANewFacebookUser } from './browser';
import { SIGNED_IN_ROUTES } from '../helpers/routes';

/**
 * Standing check: axe-core on every route, in both themes, with no serious or critical
 * violation. Public routes are visited signed out, /home/* signed in with a connected account and an
 * unread notification (the bell shows its count), as a user sees them; then again with each kind of
 * overlay open (the notifications popover, the account menu, Compose's calendar, a confirm dialog),
 * since their content is only in the document while open. Each violation is printed with its nodes
 * so a failure says what to fix.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const THEMES = ['light', 'dark'] as const;

const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/auth?mode=signup',
  '/auth/verify?email=someone%40example.com',
  '/about-us',
  '/privacy-policy',
  '/terms-of-service',
  '/contact-us',
  '/connections?status=success&provider=facebook',
  '/complete-signup?email=someone%40example.com&session_id=cs_unknown',
  // A client review link that is not one: the page's error state.
  '/review?token=not-a-link',
  // The connect popup's Bluesky step (the handle), as the popup opens it.
  '/bluesky-sign-in?state=a-connect-state',
];

/** A client of the user's, a post of theirs scheduled for it and a review link: the public review page with a post to review. */
async function aReviewLinkRoute(accessToken: string): Promise<string> {
  const client = await weCallTheApi('POST', '/api/clients', { token: accessToken, body: { name: 'Bakery Rossi' } });
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: accessToken })).body as { accounts: { id: string }[] };
  const post = await weCallTheApi('POST', '/api/posts', {
    token: accessToken,
    body: {
      platforms: [{ platform: 'facebook', social_account_id: accounts[0]!.id, caption: 'Fresh sourdough, out of the oven at 9.', settings: {} }],
      media_ids: [],
      scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      client_id: client.body.id,
    },
  });
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  const link = await weCallTheApi('POST', `/api/clients/${String(client.body.id)}/review-links`, { token: accessToken, body: {} });
  expect(link.status).toBe(201);
  const url = new URL(String(link.body.url));
  return `${url.pathname}${url.search}`;
}

const browser = aBrowserForTheFile();

/** A browser context whose pages start in `theme` (the key index.html and next-themes read). */
async function themedContext(theme: (typeof THEMES)[number]): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' });
  await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  return context;
}

/** Opens the route, waits until its heading and data are in, and runs axe on the whole document. */
async function violationsOn(page: Page, route: string, theme: string): Promise<Result[]> {
  await page.goto(`${cloud().url}${route}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const htmlClass = await page.evaluate(() => document.documentElement.className);
  expect(htmlClass, `${route} should render in the ${theme} theme`).toContain(theme);
  return axeViolations(page);
}

/** axe on the document as it is now (an overlay open), serious and critical only. */
async function axeViolations(page: Page): Promise<Result[]> {
  // An overlay fades in: scanned mid-animation, its colours are half-blended and fail contrast they
  // meet once shown. Wait until no finite animation is running (a condition, not a time); a spinner's
  // endless one never ends and changes no colour.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated by the browser's debugging protocol, which the page's CSP does not govern: a <script> tag
  // (addScriptTag) is inline script the served CSP rightly refuses, and the pages stay under their CSP.
  await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() => (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResults> } }).axe.run(document))) as AxeResults;
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(route: string, theme: string, violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `${theme} ${route}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
}

describe.each(THEMES)('every route in the %s theme', (theme) => {
  it('has no serious or critical axe violation, signed out and signed in', { timeout: 90_000 }, async () => {
    const context = await themedContext(theme);
    const page = await context.newPage();
    const found: string[] = [];
    const check = async (route: string) => {
      const violations = await violationsOn(page, route, theme);
      if (violations.length) found.push(describeViolations(route, theme, violations));
    };

    for (const route of PUBLIC_ROUTES) await check(route);
    const user = await signInANewFacebookUser(page);
    await addNotification(user.userId, { id: ulid(), message: 'Your post to Bakery Page was published.', created_at: new Date().toISOString() });
    for (const route of SIGNED_IN_ROUTES) await check(route);
    await check(await aReviewLinkRoute(user.accessToken));
    await context.close();

    if (found.length) console.log(found.join('\n'));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('has no serious or critical axe violation with a popover, a menu, the calendar or a dialog open', { timeout: 90_000 }, async () => {
    const context = await themedContext(theme);
    const page = await context.newPage();
    const found: string[] = [];
    const user = await signInANewFacebookUser(page);
    await addNotification(user.userId, { id: ulid(), message: 'Your post to Bakery Page was published.', created_at: new Date().toISOString() });
    // Posting times on Mon and Wed, so the Queue shows its on and off weekday chips.
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string }[] };
    const times = await weCallTheApi('PUT', `/api/queue/schedules/${accounts[0]!.id}`, {
      token: user.accessToken,
      body: { slots: ['mon', 'wed'].map((day) => ({ day, time: '09:00' })) },
    });
    expect(times.status).toBe(200);
    const openOverlay = () => page.locator('[data-scope][data-part="content"][data-state="open"]').first().waitFor();

    // Overlays, each opened the way a user opens it, scanned while open; and the Queue's weekday chips.
    const overlays: { name: string; route: string; open: () => Promise<unknown> }[] = [
      {
        name: 'notifications popover',
        route: '/home',
        open: async () => {
          await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
          await openOverlay();
        },
      },
      {
        name: 'account menu',
        route: '/home',
        open: async () => {
          await page.getByRole('button', { name: 'Account menu' }).click();
          await openOverlay();
        },
      },
      {
        name: 'Compose calendar',
        route: '/home/compose',
        open: async () => {
          await page.getByRole('button', { name: 'Open calendar' }).click();
          await openOverlay();
        },
      },
      {
        // An uploaded image's alt text field, open and written in (its counter, hint and ALT mark).
        name: 'Compose alt text',
        route: '/home/compose',
        open: async () => {
          await page.getByLabel('Choose images').setInputFiles({ name: 'loaf.jpg', mimeType: 'image/jpeg', buffer: await anImageOf(600, 600) });
          await page.getByText('Upload Complete').waitFor();
          await page.getByRole('button', { name: 'Alt text' }).click();
          await page.getByLabel('Alt text for loaf.jpg').fill('A round loaf on a board');
        },
      },
      {
        name: 'confirm dialog',
        route: '/home/settings',
        open: async () => {
          await page.getByRole('tab', { name: 'Advanced' }).click();
          await page.getByRole('button', { name: 'Delete Account' }).click();
          await openOverlay();
        },
      },
      {
        name: 'posting times',
        route: '/home/queue',
        open: () => page.getByRole('group', { name: '9:00 AM posting time' }).getByRole('button', { name: 'Wed' }).waitFor(),
      },
    ];
    for (const overlay of overlays) {
      await page.goto(`${cloud().url}${overlay.route}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await overlay.open();
      // Open/close animations are off (reduced motion), so the overlay is settled once it is open.
      const violations = await axeViolations(page);
      if (violations.length) found.push(describeViolations(`${overlay.route} (${overlay.name})`, theme, violations));
    }
    await context.close();

    if (found.length) console.log(found.join('\n'));
    expect(found, found.join('\n')).toEqual([]);
  });
});
