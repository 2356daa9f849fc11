import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf } from '../helpers/media';
import { aPageForEachTest, signIn, toastIn } from './browser';

/**
 * TikTok photo posts as a user sees them (docs/tiktok.md#photo-posts): two photos for TikTok, the photo
 * fields and the carousel preview, published now; the sandbox pulls both photos from the front door's
 * signed /media-pull/ URLs, and the card on Posts turns Posted.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('a TikTok photo post from Compose to a Posted card', () => {
  it('uploads two photos, picks the cover, publishes, and sees the posted card', { timeout: 150_000 }, async () => {
    // Prepare: a Pro user with TikTok connected through the sandbox consent.
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('tiktok', user.accessToken);
    const page = currentPage();
    await signIn(page, user);
    const caption = `Two loaves, photo post e2e ${Date.now().toString(36)}`;
    const portrait = await anImageOf(1080, 1350);

    // Act: compose.
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.waitForURL('**/home/compose');
    await page.getByTestId('platform-tile-tiktok').click();
    await page.getByLabel('TikTok caption').fill(caption);
    await page.getByLabel('Choose images').setInputFiles([1, 2].map((n) => ({ name: `loaf-${n}.jpg`, mimeType: 'image/jpeg', buffer: portrait })));
    await expect.poll(() => page.getByTestId('media-tile').getByText('Upload Complete').count(), { timeout: 30_000 }).toBe(2);
    const panel = page.getByTestId('tiktok-panel');
    await panel.getByLabel('TikTok photo title').fill('Two loaves');
    await panel.getByRole('button', { name: 'Use photo 2 as the cover' }).click();
    const privacy = page.getByLabel('Who can see these TikTok photos');
    await expect.poll(() => privacy.isEnabled(), { timeout: 20_000 }).toBe(true);
    await privacy.selectOption({ label: 'Only me' });
    await panel.getByText("By posting, you agree to TikTok's Music Usage Confirmation").click();

    // Assess: the preview is a photo carousel.
    const preview = page.getByRole('region', { name: 'TikTok preview' });
    await preview.getByText(caption).waitFor();
    await expect(preview.getByTestId('preview-dots').locator('> *').count()).resolves.toBe(2);
    await expect(preview.getByTestId('preview-photo-count').textContent()).resolves.toBe('1/2');
    await expect(page.getByTestId('tiktok-media-problem').count()).resolves.toBe(0);

    // Act: publish now.
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
    await toastIn(page, 'Publishing now').waitFor();

    // Assess: the card turns Posted, with a link to the TikTok profile (an Only me post has no public id).
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Posted (1)' }).waitFor({ timeout: 90_000 });
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('post-status').textContent()).toBe('Posted');
    const link = await card.getByRole('link', { name: /^View on TikTok \(/ }).getAttribute('href');
    expect(link).toContain('/_sandbox/tiktok/www/@');
  });
});
