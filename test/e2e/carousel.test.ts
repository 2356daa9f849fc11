import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf } from '../helpers/media';
import { aPageForEachTest, openFromSidebar, postedCard, publishNowFromCompose, signIn } from './browser';

/**
 * As a user sees it: three photos for Instagram and Facebook, the previews of both
 * (the Instagram carousel's dots and 4:5 frame, Facebook's "+2 photos"), published now, and the card
 * on Posts turning Posted with a link to each platform's post.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('a carousel from Compose to a Posted card', () => {
  it('uploads three photos, previews Instagram and Facebook, publishes, and sees the posted card', { timeout: 120_000 }, async () => {
    // Prepare: a Pro user with Instagram and Facebook connected through the sandbox consent.
    const user = await aConfirmedUser({ plan: 'pro' });
    await connect('instagram', user.accessToken);
    await connect('facebook', user.accessToken);
    const page = currentPage();
    await signIn(page, user);
    const caption = `Three loaves from the morning bake, e2e ${Date.now().toString(36)}`;
    const portrait = await anImageOf(1080, 1350);

    // Act: compose.
    await openFromSidebar(page, 'Compose');
    await page.getByTestId('platform-tile-instagram').click();
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Instagram caption').fill(caption);
    await page.getByLabel('Facebook caption').fill(caption);
    await page.getByLabel('Choose images').setInputFiles([1, 2, 3].map((n) => ({ name: `loaf-${n}.jpg`, mimeType: 'image/jpeg', buffer: portrait })));
    await expect.poll(() => page.getByTestId('media-tile').getByText('Upload Complete').count(), { timeout: 30_000 }).toBe(3);

    // Assess: the previews.
    const instagram = page.getByRole('region', { name: 'Instagram preview' });
    const facebook = page.getByRole('region', { name: 'Facebook preview' });
    await instagram.getByText(caption).waitFor();
    await expect(instagram.getByTestId('preview-dots').locator('> *').count()).resolves.toBe(3);
    await expect(instagram.getByTestId('preview-crop-instagram').getAttribute('data-ratio')).resolves.toBe('4:5');
    await facebook.getByText('+2 photos').waitFor();

    // Act: publish now (the same engine as a scheduled post).
    await publishNowFromCompose(page);

    // Assess: the card turns Posted, with a link to each platform's post.
    const card = await postedCard(page, caption);
    await expect.poll(() => card.getByTestId('post-status').textContent()).toBe('Posted');
    const igLink = await card.getByRole('link', { name: /^View on Instagram \(/ }).getAttribute('href');
    expect(igLink).toContain('/_sandbox/instagram/');
    await expect(card.getByRole('link', { name: /^View on Facebook \(/ }).count()).resolves.toBe(1);
  });
});
