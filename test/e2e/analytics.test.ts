import { describe, expect, it } from 'vitest';
import type { PostAnalyticsResponse } from '@shared/analytics';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aPostDueIn } from '../helpers/due';
import { controlTheSandbox } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { aPageForEachTest, signIn } from './browser';

/**
 * As a user sees it: a post goes out to Facebook, time passes on the platform (the sandbox
 * clock), the collection sweep runs as of an hour later (as EventBridge would fire it), and the
 * Analytics page and the post's Posted card show the numbers the platform reports, with a chart.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1366, height: 900 }, timezoneId: 'UTC' });

/** A Pro user with a Facebook Page and one post published there; returns the post's collected reading. */
async function aPublishedPostWithMetrics() {
  const user = await aConfirmedUser({ plan: 'pro' });
  await connect('facebook', user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: string }[] };
  const facebook = accounts.find((a) => a.platform === 'facebook')!;
  const caption = `Numbers please ${Date.now().toString(36)}`;
  const created = await aPostDueIn(3, user.accessToken, (scheduledAt) => ({
    scheduled_at: scheduledAt,
    platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }],
  }));
  const posted = await theSettledPost(user.accessToken, created.id);
  expect(posted.status).toBe('posted');
  // The post's collection is set up after its outcome and notice: a sweep before that finds nothing.
  await expect
    .poll(
      async () =>
        ((await weCallTheApi('GET', `/api/analytics/posts/${created.id}`, { token: user.accessToken })).body as PostAnalyticsResponse).platforms[0]?.status,
      {
        timeout: 15_000,
        interval: 100,
      },
    )
    .toBe('collecting');

  // Two hours pass on the platform; the sweep runs as of just after the +1 h collection is due.
  await controlTheSandbox('POST', '/clock/advance', { seconds: 2 * 3600 });
  const sweep = await fetch(`${cloud().url}/_local/jobs/analyticsSweep`, {
    method: 'POST',
    body: JSON.stringify({ time: new Date(Date.parse(posted.published_at!) + 3600_000 + 60_000).toISOString() }),
  });
  expect(sweep.status).toBe(200);

  let reading: PostAnalyticsResponse['platforms'][number] | undefined;
  await expect
    .poll(
      async () => {
        const res = await weCallTheApi('GET', `/api/analytics/posts/${created.id}`, { token: user.accessToken });
        reading = (res.body as PostAnalyticsResponse).platforms[0];
        return reading?.latest?.views ?? null;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThan(0);
  return { user, caption, views: reading!.latest!.views! };
}

describe('analytics after a post goes out', () => {
  it('shows the post’s views on the Analytics page, with a chart, and on its Posted card', { timeout: 120_000 }, async () => {
    // Prepare
    const page = currentPage();
    const { user, caption, views } = await aPublishedPostWithMetrics();
    const shown = new Intl.NumberFormat('en-US').format(views);

    // Act
    await signIn(page, user);
    await page.getByRole('link', { name: 'Analytics' }).first().click();

    // Assess: the totals, the chart, and the top post
    await expect.poll(() => page.getByTestId('facebook-views').textContent(), { timeout: 15_000 }).toBe(shown);
    expect(await page.getByTestId('facebook-published').textContent()).toBe('1');
    await page.getByRole('img', { name: /views/i }).first().waitFor();
    await page.getByTestId('top-post').filter({ hasText: caption }).waitFor();

    // Act + Assess: the Posted card shows the same reading
    await page.getByRole('link', { name: 'Posts' }).first().click();
    await page.getByRole('tab', { name: 'Posted (1)' }).click();
    const card = page.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => card.getByTestId('post-metrics').textContent(), { timeout: 15_000 }).toContain(shown);
  });
});
