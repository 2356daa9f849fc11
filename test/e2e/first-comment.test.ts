import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/posts';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aPostDueIn } from '../helpers/due';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn } from './browser';

/**
 * As a user sees it: a Facebook post with a first comment goes out, and its card says the
 * comment was posted, with a link that opens on the sandbox Facebook.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('a first comment on a Facebook post', () => {
  it('is posted right after the post and shown on the card with its link', { timeout: 150_000 }, async () => {
    const page = currentPage();
    const user = await aConfirmedUser();
    await connect('facebook', user.accessToken);
    const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    const caption = `Fresh rye ${Date.now().toString(36)}`;
    const created: Post = await aPostDueIn(3, user.accessToken, (scheduledAt) => ({
      scheduled_at: scheduledAt,
      platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: { first_comment: 'Order at the counter' } }],
    }));
    await expect
      .poll(async () => (await weCallTheApi('GET', `/api/posts/${created.id}`, { token: user.accessToken })).body.status, { timeout: 120_000, interval: 1000 })
      .toBe('posted');

    await signIn(page, user);
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('first-comment-outcome-facebook').textContent()).toContain('First comment posted on Facebook');
    const href = await card.getByRole('link', { name: /View comment/ }).getAttribute('href');
    expect(href).toContain('/_sandbox/facebook/');
  });
});
