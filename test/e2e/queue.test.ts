import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';
import type { Locator, Page } from 'playwright-core';
import { aPageForEachTest, calendarDayPanel, openFromSidebar, signIn, toastIn } from './browser';

/**
 * Through the real front door, as a user in New York: give an account its weekly
 * posting times on the Queue page, add a post to the queue from Compose, and find it in its slot on
 * the Queue page and on the calendar at the slot's wall-clock time.
 */
const ZONE = 'America/New_York';
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });

/** On the Queue page (or one card of it): `time` every day of the week for `name`, saved. */
async function everyDayAt(scope: Page | Locator, name: string, time: string) {
  await scope.getByLabel(`New posting time for ${name}`).fill(time);
  await scope.getByRole('button', { name: 'Add time' }).click();
  // One row of day chips per time, the row named by the time as the page shows it (16:45 → 4:45 PM).
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const row = scope.getByRole('group', { name: `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} posting time` });
  await row.getByRole('button', { name: 'Sat', exact: true }).click();
  await row.getByRole('button', { name: 'Sun', exact: true }).click();
  await scope.getByRole('button', { name: 'Save posting times' }).click();
}

describe('queue slots', () => {
  it('sets posting times, adds a post to the queue from Compose, and sees it in the queue and on the calendar', { timeout: 120_000 }, async () => {
    // Prepare: a New York user with a Facebook page and no posting times.
    const page = currentPage();
    const user = await aConfirmedUser();
    expect((await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { timezone: ZONE } })).status).toBe(200);
    await aConnectedAccount(user.userId, 'facebook', 'Corner Bakery');
    const caption = `Queued sourdough ${Date.now().toString(36)}`;
    await signIn(page, user);

    // Act 1: 10:15 every day of the week.
    await page.getByRole('link', { name: 'Queue' }).first().click();
    await page.waitForURL('**/home/queue');
    await page.getByTestId('queue-empty').getByText('No posting times yet: add them above.').waitFor();
    await everyDayAt(page, 'Corner Bakery', '10:15');
    await toastIn(page, 'Posting times saved').waitFor();

    // Assess 1: the next two weeks of 10:15 slots, all empty.
    await expect.poll(() => page.getByTestId('queue-slot').count()).toBe(14);
    await expect(page.locator('[data-testid="queue-slot"][data-filled="true"]').count()).resolves.toBe(0);

    // Act 2: compose for Facebook and add it to the queue.
    await openFromSidebar(page, 'Compose');
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await toastIn(page, /Added to the queue for .* 10:15 AM/).waitFor();

    // Assess 2: the first slot holds the post, scheduled through the API at that slot.
    const queue = (await weCallTheApi('GET', '/api/queue?days=14', { token: user.accessToken })).body as {
      accounts: { slots: { at: string; post: { caption: string } | null }[] }[];
    };
    const first = queue.accounts[0]!.slots[0]!;
    expect(first.post?.caption).toBe(caption);
    expect(formatInTimeZone(new Date(first.at), ZONE, 'HH:mm')).toBe('10:15');
    await page.getByRole('link', { name: 'Queue' }).first().click();
    await page.waitForURL('**/home/queue');
    const filled = page.locator('[data-testid="queue-slot"][data-filled="true"]');
    await filled.getByText(caption).waitFor();
    await expect(filled.first().textContent()).resolves.toContain('10:15 AM');

    // Assess 3: the calendar shows it on the slot's day at 10:15 AM.
    const day = formatInTimeZone(new Date(first.at), ZONE, 'yyyy-MM-dd');
    const panel = await calendarDayPanel(page, day);
    await panel.getByText(caption).waitFor();
    await panel.getByText('10:15 AM').waitFor();
  });

  it('in agency mode, gives a client its own posting time, and Add to queue for that client fills it', { timeout: 120_000 }, async () => {
    // Prepare: a New York agency with a client, whose Facebook page has 09:00 every day.
    const page = currentPage();
    const user = await aConfirmedUser();
    expect((await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { timezone: ZONE, mode: 'agency' } })).status).toBe(200);
    expect((await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Riverside Gym' } })).status).toBe(201);
    const account = await aConnectedAccount(user.userId, 'facebook', 'Gym Page');
    const daily = (time: string) => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, time }));
    await weCallTheApi('PUT', `/api/queue/schedules/${account.id}`, { token: user.accessToken, body: { slots: daily('09:00') } });
    const caption = `Spin class ${Date.now().toString(36)}`;
    await signIn(page, user);

    // Act 1: 16:45 every day for the client, on its own card.
    await page.getByRole('link', { name: 'Queue' }).first().click();
    await page.waitForURL('**/home/queue');
    const card = page.getByTestId('queue-client').filter({ hasText: 'Riverside Gym' });
    await everyDayAt(card, 'Riverside Gym', '16:45');
    await toastIn(page, 'Posting times saved').waitFor();
    await expect.poll(() => card.getByTestId('queue-slot').count()).toBe(14);

    // Act 2: compose for the client and add it to the queue.
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.waitForURL('**/home/compose');
    await page.getByTestId('platform-tile-facebook').click();
    await page.getByLabel('Facebook caption').fill(caption);
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Riverside Gym' });
    await page.getByRole('button', { name: 'Add to queue' }).click();

    // Assess: the client's 16:45 slot, not the page's 09:00, holds it, on the client's card.
    await toastIn(page, /Added to the queue for .* 4:45 PM/).waitFor();
    await page.getByRole('link', { name: 'Queue' }).first().click();
    await page.waitForURL('**/home/queue');
    const filled = card.locator('[data-testid="queue-slot"][data-filled="true"]');
    await filled.getByText(caption).waitFor();
    await expect(filled.first().textContent()).resolves.toContain('4:45 PM');
    await expect(page.getByTestId('queue-account').locator('[data-filled="true"]').count()).resolves.toBe(0);
  });
});
