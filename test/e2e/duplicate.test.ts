import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage } from '../helpers/media';
import { aCreatedPost, inDays } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * As a user sees it: "Duplicate" on a scheduled post's card opens the copy in the editor;
 * saved, it is a draft with the same photo; deleting the original leaves the copy's photo in place.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('duplicating a post', () => {
  it('opens the copy for editing, saves it as a draft with its own photo, which outlives the original', { timeout: 90_000 }, async () => {
    // Prepare: a scheduled Facebook post with a photo.
    const page = currentPage();
    const user = await aConfirmedUser();
    await connect('facebook', user.accessToken);
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    const photo = await anUploadedImage(user.accessToken);
    const caption = `Cinnamon buns at nine ${Date.now().toString(36)}`;
    await aCreatedPost(user.accessToken, {
      scheduled_at: inDays(2),
      platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }],
      media_ids: [photo.id],
    });
    await signIn(page, user);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    const original = page.getByTestId('post-card').filter({ hasText: caption });

    // Act: duplicate, change the caption in the editor that opens, save.
    await original.getByRole('button', { name: 'Duplicate post' }).click();
    await toastIn(page, 'Duplicated as a new draft').waitFor();
    const editor = page.getByRole('dialog').filter({ has: page.getByRole('form', { name: 'Edit Post' }) });
    await expect.poll(() => editor.getByLabel('Facebook caption').inputValue()).toBe(caption);
    await editor.getByLabel('Facebook caption').fill(`${caption} (again on Sunday)`);
    await editor.getByRole('button', { name: 'Save Draft' }).click();
    await toastIn(page, 'Post updated successfully!').waitFor();

    // Assess: a draft with the photo; the original is untouched.
    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    const copy = page.getByTestId('post-card').filter({ hasText: `${caption} (again on Sunday)` });
    await expect.poll(() => copy.getByTestId('post-status').textContent()).toBe('Draft');
    const loaded = () =>
      copy.getByRole('img', { name: 'Post media' }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);
    await expect.poll(loaded).toBeGreaterThan(0);

    // Deleting the original leaves the copy's photo in place (its own file).
    await page.getByRole('tab', { name: 'Scheduled (1)' }).click();
    // The Drafts list may still be on screen for a moment: the copy's caption starts with the original's.
    await original.filter({ hasNotText: '(again on Sunday)' }).getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Post' }).click();
    await page.getByRole('tab', { name: 'Scheduled (0)' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    await expect.poll(loaded).toBeGreaterThan(0);
    const { items } = (await weCallTheApi('GET', '/api/posts?tab=drafts', { token: user.accessToken })).body as { items: { media: { id: string }[] }[] };
    expect(items[0]!.media).toHaveLength(1);
    expect(items[0]!.media[0]!.id).not.toBe(photo.id);
  });

  it('keeps a card’s actions (Edit, Duplicate, Delete, Publish now) inside the card on a 375 px phone', { timeout: 60_000 }, async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 375, height: 800 });
    const user = await aConfirmedUser();
    await connect('facebook', user.accessToken);
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    await aCreatedPost(user.accessToken, { platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption: 'Rye loaf draft', settings: {} }] });
    await signIn(page, user);
    await page.goto(page.url().replace(/\/home.*$/, '/home/posts?tab=drafts'));
    const card = page.getByTestId('post-card').first();
    await card.getByRole('button', { name: 'Publish now' }).waitFor();

    const box = (await card.boundingBox())!;
    for (const name of ['Edit post', 'Duplicate post', 'Delete post', 'Publish now']) {
      const button = (await card.getByRole('button', { name }).boundingBox())!;
      expect(button.x + button.width, name).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
