import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aPageForEachTest, postedCard, publishNowFromCompose, signIn } from './browser';

/**
 * As a user sees it: write an X thread in Compose (caption + two parts, each with X's own
 * counter), publish it now, and watch the card say all three parts went out, each
 * linked on the sandbox X, with the first comment (a reply) beside them.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('an X thread with a first comment', () => {
  it('is written in Compose, goes out as a reply chain, and the card links every part', { timeout: 120_000 }, async () => {
    const page = currentPage();
    // X needs Basic or better (the plan entitlements).
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('x', user.accessToken);
    const t = tag();
    await signIn(page, user);
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-x').click();
    await page.getByLabel('X caption').fill(`Why sourdough ${t}`);
    await page.getByRole('button', { name: 'Add part' }).click();
    await page.getByLabel('X thread part 2').fill(`The starter ${t} 日本`);
    await expect.poll(() => page.getByTestId('thread-counter-2').textContent()).toBe(`${17 + t.length}/280`);
    await page.getByRole('button', { name: 'Add part' }).click();
    await page.getByLabel('X thread part 3').fill(`The bake ${t}`);
    await page.getByLabel('X first comment').fill(`Recipe ${t}`);
    await publishNowFromCompose(page);

    const card = await postedCard(page, `Why sourdough ${t}`);
    await expect.poll(() => card.getByTestId('thread-outcome-x').textContent()).toContain('Thread on X: 3 of 3 parts posted');
    await expect.poll(() => card.getByTestId('first-comment-outcome-x').textContent()).toContain('First comment posted on X');

    const part3 = await card.getByRole('link', { name: 'Part 3' }).getAttribute('href');
    expect(part3).toContain('/_sandbox/x/');
    await page.goto(part3!);
    await page.getByText(`The bake ${t}`).first().waitFor();
  });
});
