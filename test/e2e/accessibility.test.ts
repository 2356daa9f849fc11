import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { describe, expect, it } from 'vitest';
import { cloud } from '../helpers/given';
import { aBrowserForTheFile, signInANewFacebookUser } from './browser';
import { SIGNED_IN_ROUTES } from '../helpers/routes';

/**
 * Issue 17's standing check: axe-core on every route, in both themes, with no serious or critical
 * violation. Public routes are visited signed out, /home/* signed in with a connected account, as a
 * user sees them. Each violation is printed with its nodes so a failure says what to fix.
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
];

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
    await signInANewFacebookUser(page);
    for (const route of SIGNED_IN_ROUTES) await check(route);
    await context.close();

    if (found.length) console.log(found.join('\n'));
    expect(found, found.join('\n')).toEqual([]);
  });
});
