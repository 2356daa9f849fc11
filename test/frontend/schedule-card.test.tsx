import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import type { SocialAccount } from '@shared/accounts';
import { bestTimeChoices, inOneHour, nextMondayMorning, tomorrowMorning } from '@/features/compose/components/schedule-choices';
import { SCHEDULE_PASSED_FIELD_MESSAGE } from '@/features/compose/components/schedule-card';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { meResponse, mockApi, platformsResponse, shellRoutes, socialAccount } from './helpers/api-mock';
import { openSignedIn } from './helpers/open-page';

const NEW_YORK = 'America/New_York';
/** Tuesday, November 10, 2026, 10:00 AM in New York (EST). */
const NOW = new Date('2026-11-10T15:00:00.000Z');
const X_ID = '01JQ00000000000000000000X1';
const ACCOUNTS: SocialAccount[] = [socialAccount({ id: X_ID, platform: 'x', account_name: 'My X' })];

async function openCompose(routes: Parameters<typeof mockApi>[0] = {}, plan: 'free' | 'basic' | 'pro' = 'pro') {
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: NEW_YORK } }), platforms: platformsResponse(plan) }),
      'GET /accounts': { body: { accounts: ACCOUNTS } },
      ...routes,
      'POST /posts': { status: 201, body: {} },
    },
    'platform-picker',
  );
}

const helper = () => screen.getByTestId('schedule-helper');

describe('the quick choices, read in the user timezone', () => {
  it('counts calendar days in the zone, so 09:00 stays 09:00 across both DST changes', () => {
    // Saturday 10:00 EDT; DST ends on Sunday Nov 1, 2026 (a fixed 24 h would land on 08:00).
    expect(tomorrowMorning(new Date('2026-10-31T14:00:00.000Z'), NEW_YORK)).toBe('2026-11-01T09:00');
    // Saturday 10:00 EST; DST starts on Sunday Mar 14, 2027 (a fixed 24 h would land on 10:00).
    expect(tomorrowMorning(new Date('2027-03-13T15:00:00.000Z'), NEW_YORK)).toBe('2027-03-14T09:00');
    // 23:30 in New York is already the next day in UTC: "tomorrow" is New York's tomorrow.
    expect(tomorrowMorning(new Date('2026-11-11T04:30:00.000Z'), NEW_YORK)).toBe('2026-11-11T09:00');
  });

  it('offers the coming Monday, a week on when today is Monday, and one hour on the next whole minute', () => {
    expect(nextMondayMorning(NOW, NEW_YORK)).toBe('2026-11-16T09:00');
    expect(nextMondayMorning(new Date('2026-11-16T15:00:00.000Z'), NEW_YORK)).toBe('2026-11-23T09:00');
    // Sunday 22:00 in New York is Monday in UTC: the next Monday is still tomorrow in New York.
    expect(nextMondayMorning(new Date('2026-11-16T03:00:00.000Z'), NEW_YORK)).toBe('2026-11-16T09:00');
    expect(inOneHour(new Date('2026-11-10T15:00:20.000Z'), NEW_YORK)).toBe('2026-11-10T11:01');
  });
});

describe('the schedule card on Compose, for a New York user with a fixed clock', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the timezone and fills date and time from each quick choice', async () => {
    // Prepare
    const { user } = await openCompose();
    expect(helper()).toHaveTextContent('Times are in your America/New York timezone.');

    // Act + Assess
    await user.click(screen.getByRole('button', { name: 'In 1 hour' }));
    expect(helper()).toHaveTextContent('Will post at Nov 10, 2026 11:00 AM in America/New York timezone');
    expect(screen.getByLabelText('Schedule time')).toHaveValue('11:00');
    expect(screen.getByRole('button', { name: 'In 1 hour' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Tomorrow morning' }));
    expect(helper()).toHaveTextContent('Will post at Nov 11, 2026 9:00 AM in America/New York timezone');
    await waitFor(() => expect(screen.getByLabelText('Schedule date')).toHaveValue('11/11/2026'));

    await user.click(screen.getByRole('button', { name: 'Next Monday 09:00' }));
    expect(helper()).toHaveTextContent('Will post at Nov 16, 2026 9:00 AM in America/New York timezone');
    expect(screen.getByRole('button', { name: 'Schedule Post' })).toBeInTheDocument();
  });

  it('sends the quick choice as the UTC instant of 09:00 in New York', async () => {
    // Prepare
    const { user, api } = await openCompose();
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.type(screen.getByLabelText('X caption'), 'Hello');

    // Act
    await user.click(screen.getByRole('button', { name: 'Tomorrow morning' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    // Assess
    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({ scheduled_at: '2026-11-11T14:00:00.000Z' });
  });

  it('takes a typed date and a typed time, from the keyboard only', async () => {
    // Prepare
    const { user } = await openCompose();
    const date = screen.getByLabelText('Schedule date');

    // Act: type the date and confirm with Enter, then Tab on to the time
    await user.click(date);
    await user.keyboard('11/20/2026{Enter}');

    // Assess: a date alone takes the morning slot
    await waitFor(() => expect(helper()).toHaveTextContent('Will post at Nov 20, 2026 9:00 AM in America/New York timezone'));

    // Act
    fireEvent.change(screen.getByLabelText('Schedule time'), { target: { value: '17:45' } });

    // Assess
    expect(helper()).toHaveTextContent('Will post at Nov 20, 2026 5:45 PM in America/New York timezone');
  });

  it('opens the calendar from its button with the keyboard and offers no day before today', async () => {
    // Prepare
    const { user } = await openCompose();

    // Act
    screen.getByRole('button', { name: 'Open calendar' }).focus();
    await user.keyboard('{Enter}');

    // Assess
    const calendar = await screen.findByRole('grid');
    const yesterday = within(calendar).getByRole('button', { name: /November 9, 2026/ });
    const today = within(calendar).getByRole('button', { name: /November 10, 2026/ });
    expect(yesterday).toHaveAttribute('aria-disabled', 'true');
    expect(today).not.toHaveAttribute('aria-disabled', 'true');

    // Act: pick a day
    await user.click(within(calendar).getByRole('button', { name: /November 12, 2026/ }));

    // Assess
    await waitFor(() => expect(helper()).toHaveTextContent('Will post at Nov 12, 2026 9:00 AM in America/New York timezone'));
  });

  it('marks a time that has passed and refuses to schedule it', async () => {
    // Prepare: today, 09:00, while it is 10:00 in New York
    const { user, api } = await openCompose();
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    await user.type(screen.getByLabelText('X caption'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'In 1 hour' }));

    // Act
    fireEvent.change(screen.getByLabelText('Schedule time'), { target: { value: '09:00' } });

    // Assess: the field says so at once
    const time = screen.getByLabelText('Schedule time');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription(expect.stringContaining(SCHEDULE_PASSED_FIELD_MESSAGE));

    // Act
    await user.click(screen.getByRole('button', { name: /Schedule Post|Save Draft/ }));

    // Assess: nothing is sent
    expect(await screen.findByText(SCHEDULED_IN_PAST_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);

    // Act: a quick choice puts it right
    await user.click(screen.getByRole('button', { name: 'Tomorrow morning' }));
    expect(time).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(SCHEDULE_PASSED_FIELD_MESSAGE)).not.toBeInTheDocument();
  });
});

describe("the user's best times as quick choices (Analytics, Pro)", { timeout: 30_000 }, () => {
  /** What GET /api/analytics answers a Pro user: best cells only matter here. */
  const analytics = (best_times: { weekday: number; hour: number; posts: number; engagements_per_post: number }[] | null) => ({
    body: {
      plan: 'pro',
      days: 365,
      max_days: 365,
      from: '2025-11-11',
      to: '2026-11-10',
      timezone: NEW_YORK,
      client_id: null,
      locked: [],
      totals: [],
      daily: [],
      top_posts: [],
      previous: [],
      best_times,
      needs_reconnect: [],
    },
  });

  beforeEach(() => {
    resetAmplifyMocks();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("places each best cell at its next occurrence in the zone, a week on when today's hour has passed", () => {
    // NOW is Tuesday 10:00 in New York. Tuesday 09:00 has passed: next week's. Tuesday 12:00 is today. Monday is the 16th.
    expect(
      bestTimeChoices(NOW, NEW_YORK, [
        { weekday: 1, hour: 9 },
        { weekday: 1, hour: 12 },
        { weekday: 0, hour: 17 },
        { weekday: 4, hour: 8 },
      ]),
    ).toEqual([
      { label: 'Tue 09:00', value: '2026-11-17T09:00' },
      { label: 'Tue 12:00', value: '2026-11-10T12:00' },
      { label: 'Mon 17:00', value: '2026-11-16T17:00' },
    ]);
    // Across the end of DST (Sunday Nov 1, 2026) the wall-clock hour stays.
    expect(bestTimeChoices(new Date('2026-10-31T14:00:00.000Z'), NEW_YORK, [{ weekday: 0, hour: 9 }])).toEqual([
      { label: 'Mon 09:00', value: '2026-11-02T09:00' },
    ]);
  });

  it('offers a Pro user their best times, and one click fills the date and time', async () => {
    // Prepare
    const { user, api } = await openCompose({ 'GET /analytics': analytics([{ weekday: 3, hour: 18, posts: 4, engagements_per_post: 52 }]) });

    // Act
    const group = await screen.findByRole('group', { name: 'Your best times (from your analytics)' });
    await user.click(within(group).getByRole('button', { name: 'Thu 18:00' }));

    // Assess
    expect(helper()).toHaveTextContent('Will post at Nov 12, 2026 6:00 PM in America/New York timezone');
    expect(api.callsTo('GET', '/analytics')[0]?.query).toEqual({ days: '365' });
  });

  it('asks nothing and offers nothing more below Pro', async () => {
    // Act
    const { api } = await openCompose({ 'GET /analytics': analytics([{ weekday: 3, hour: 18, posts: 4, engagements_per_post: 52 }]) }, 'basic');

    // Assess
    expect(screen.getByRole('button', { name: 'In 1 hour' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/analytics')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: /Your best times/ })).toBeNull();
  });

  it('offers the usual choices and no error when analytics cannot answer', async () => {
    // Act
    const { api } = await openCompose({ 'GET /analytics': { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } });

    // Assess
    await waitFor(() => expect(api.callsTo('GET', '/analytics')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: /Your best times/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'In 1 hour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
  });
});
