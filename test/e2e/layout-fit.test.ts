import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cloud } from '../helpers/given';
import { aBrowserForTheFile, signInANewFacebookUser } from './browser';

/**
 * Where only a real layout engine can tell: what fits on a 375 px phone
 * and in the week view at 1366 px. Each check measures what a user would see cut off.
 */
const browser = aBrowserForTheFile();

/** How far an element reaches past the right edge of the viewport (0 when it fits). */
async function overflowRight(page: Page, selector: ReturnType<Page['locator']>): Promise<number> {
  const box = (await selector.boundingBox())!;
  const width = page.viewportSize()!.width;
  return Math.max(0, box.x + box.width - width);
}

describe('on a 375 px phone', () => {
  it("keeps the landing's Sign In button on screen and the page from scrolling sideways", async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(cloud().url);
    const signInLink = page.getByRole('link', { name: 'Sign In' }).first();
    await signInLink.waitFor();
    expect(await overflowRight(page, signInLink)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('shows all four Posts tabs, Failed included, without scrolling', async () => {
    const page = await browser().newPage({ viewport: { width: 375, height: 800 } });
    await signInANewFacebookUser(page);
    await page.goto(`${cloud().url}/home/posts`);
    for (const name of [/^Scheduled/, /^Posted/, /^Drafts/, /^Failed/]) {
      const tab = page.getByRole('tab', { name });
      await tab.waitFor();
      expect(await overflowRight(page, tab)).toBe(0);
    }
    await page.close();
  });
});

describe('the week view at 1366 px', () => {
  it('shows Monday to Sunday without a sideways scroll', async () => {
    const page = await browser().newPage({ viewport: { width: 1366, height: 860 } });
    await signInANewFacebookUser(page);
    await page.goto(`${cloud().url}/home/schedule`);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const grid = page.getByTestId('week-grid');
    await grid.waitFor();
    const scroller = grid.locator(':scope > div').first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const sunday = grid.getByRole('button', { name: /^Sunday, / });
    const gridBox = (await grid.boundingBox())!;
    const sundayBox = (await sunday.boundingBox())!;
    expect(sundayBox.x + sundayBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
    await page.close();
  });
});
