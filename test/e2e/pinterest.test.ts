import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { SANDBOX_BOARDS } from '../../local/sandbox/platforms/pinterest-publish';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf } from '../helpers/media';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { aPageForEachTest, connectThroughThePopup, postedCard, signIn, toastIn } from './browser';

/**
 * Pinterest as a user meets it: connect on the Platforms page through the sandbox's Pinterest consent
 * page, pick a board in Compose from the account's boards, publish an image now, and see the card
 * turn Posted with its link to the pin.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('Pinterest from connect to Posted', () => {
  it('connects Pinterest, picks a board, pins an image now and shows it Posted with its link', { timeout: 120_000 }, async () => {
    // Prepare: a Basic user (Pinterest comes with Basic), signed in.
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'basic' });
    const who = DEMO_IDENTITIES.pinterest[0]!;
    const board = SANDBOX_BOARDS[who.id]![1]!;
    const caption = `Our autumn latte ${Date.now().toString(36)}`;
    await signIn(page, user);
    // Act: connect through the popup, then pick a board and publish from Compose.
    await connectThroughThePopup(page, 'pinterest', 'Schedule & Autopost would like to access your Pinterest account', [`@${who.username}`]);

    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-pinterest').click();
    await page.getByLabel('Pinterest caption').fill(caption);
    await page.getByLabel(`Board for @${who.username}`).selectOption({ label: board.name });
    await page.getByLabel('Pin title').fill('Autumn latte');
    await page.getByLabel('Choose images').setInputFiles({ name: 'latte.jpg', mimeType: 'image/jpeg', buffer: await anImageOf(600, 900) });
    await expect.poll(() => page.getByTestId('media-tile').getByText('Upload Complete').count(), { timeout: 30_000 }).toBe(1);
    // The Pinterest panel, filled in, as axe sees it (a new screen: no serious or critical violation).
    await page.evaluate(AXE_SOURCE);
    const axe = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (ctx: Element) => Promise<AxeResults> } }).axe.run(document.querySelector('[data-testid="pinterest-panel"]')!),
    )) as AxeResults;
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`It goes out right away to Pinterest (@${who.username})`).waitFor();
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // Assess
    await toastIn(page, 'Publishing now').waitFor();
    await expect.poll(async () => (await sandboxReceiptsFor(caption)).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const posted = await postedCard(page, caption, { timeout: 30_000 });
    await expect.poll(() => posted.getByTestId('post-status').textContent(), { timeout: 30_000 }).toBe('Posted');
    const link = posted.getByRole('link', { name: /^View on Pinterest \(/ });
    const href = await link.getAttribute('href');
    expect(href).toContain('/pinterest/www/pin/');
    expect(await (await fetch(href!)).text()).toContain(caption);
  });
});
