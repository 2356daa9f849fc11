import { mediaUrlStatusMessage } from '@shared/media-url';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aPageForEachTest, openFromSidebar, postedCard, publishNowFromCompose, signIn, toastIn } from './browser';

/**
 * As a user sees it in Compose: "Add from URL" with a link of the public-web
 * stand-in (local/sandbox/public-web.ts) becomes a thumbnail served from our storage, and the post
 * goes out with it; a link that answers 404 says so and adds nothing.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('Compose: Add from URL', () => {
  it('turns a public link into a thumbnail that publishes, and says why a 404 link cannot be added', { timeout: 120_000 }, async () => {
    // Prepare: a Basic user with Facebook connected through the sandbox consent.
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('facebook', user.accessToken);
    const page = currentPage();
    await signIn(page, user);
    const web = cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;
    const caption = `A photo from a link, e2e ${Date.now().toString(36)}`;
    await openFromSidebar(page, 'Compose');

    // Act: a link that answers 404.
    await page.getByLabel('Media link').fill(`${web}/gone.jpg`);
    await page.getByRole('button', { name: 'Add from URL' }).click();

    // Assess: the server's reason, nothing added, the link kept to fix.
    await toastIn(page, 'Upload failed').waitFor();
    await toastIn(page, mediaUrlStatusMessage('127.0.0.1', 404)).waitFor();
    await expect(page.getByTestId('media-tile').count()).resolves.toBe(0);
    await expect(page.getByLabel('Media link').inputValue()).resolves.toBe(`${web}/gone.jpg`);

    // Act: a link to a photo.
    await page.getByLabel('Media link').fill(`${web}/photo.jpg`);
    await page.getByRole('button', { name: 'Add from URL' }).click();

    // Assess: a thumbnail loaded from our storage.
    const tile = page.getByTestId('media-tile');
    await tile.getByText('Upload Complete').waitFor({ timeout: 30_000 });
    const thumbnail = tile.getByRole('img', { name: 'photo.jpg' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(1200);
    expect(await thumbnail.getAttribute('src')).toContain(`/${user.userId}/`);
    await expect(page.getByLabel('Media link').inputValue()).resolves.toBe('');

    // Act: publish it now to Facebook.
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);
    await publishNowFromCompose(page);

    // Assess: the card turns Posted.
    const card = await postedCard(page, caption);
    await expect.poll(() => card.getByTestId('post-status').textContent()).toBe('Posted');
  });
});
