import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aConfirmedUser } from '../helpers/given';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { aPageForEachTest, connectThroughThePopup, postedCard, signIn, toastIn } from './browser';

/**
 * Threads as a user meets it: connect on the Platforms page through the sandbox's Threads consent
 * page, publish now from Compose, and see the card turn Posted with its link to the post.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('Threads from connect to Posted', () => {
  it('connects Threads, publishes a post now and shows it Posted with its link', { timeout: 120_000 }, async () => {
    // Prepare: a Basic user (Threads comes with Basic), signed in.
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'basic' });
    const who = DEMO_IDENTITIES.threads[0]!;
    const caption = `Fresh sourdough at 7am ${Date.now().toString(36)}`;
    await signIn(page, user);
    // Act: connect through the popup, then publish from Compose.
    await connectThroughThePopup(page, 'threads', 'Allow Schedule & Autopost to access your Threads profile?', [`@${who.username}`]);

    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-threads').click();
    await page.getByLabel('Threads caption').fill(caption);
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`It goes out right away to Threads (@${who.username})`).waitFor();
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // Assess
    await toastIn(page, 'Publishing now').waitFor();
    await expect.poll(async () => (await sandboxReceiptsFor(caption)).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const posted = await postedCard(page, caption, { timeout: 30_000 });
    await expect.poll(() => posted.getByTestId('post-status').textContent(), { timeout: 30_000 }).toBe('Posted');
    const link = posted.getByRole('link', { name: /^View on Threads \(/ });
    const href = await link.getAttribute('href');
    expect(href).toContain('/threads/www/@cornercafe/post/');
    expect(await (await fetch(href!)).text()).toContain(caption);
  });
});
