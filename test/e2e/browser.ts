import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from './global-setup';

/** Debian's Chromium, headless, with the flags this closed-network machine needs (DESIGN §10). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const aDesktopPage = (browser: Browser): Promise<Page> => browser.newPage({ viewport: { width: 1280, height: 800 } });

/** A Chakra toast showing `text`. */
export const toastIn = (page: Page, text: string | RegExp) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).first();
