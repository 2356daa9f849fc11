import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import type { SocialAccount } from '@shared/accounts';
import { inOneHour, nextMondayMorning, tomorrowMorning } from '@/features/compose/components/schedule-choices';
import { SCHEDULE_PASSED_FIELD_MESSAGE } from '@/features/compose/components/schedule-card';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

const NEW_YORK = 'America/New_York';
/** Tuesday, November 10, 2026, 10:00 AM in New York (EST). */
const NOW = new Date('2026-11-10T15:00:00.000Z');
const X_ID = '01JQ00000000000000000000X1';
const ACCOUNTS: SocialAccount[] = [socialAccount({ id: X_ID, platform: 'x', account_name: 'My X' })];

async function openCompose() {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: NEW_YORK } }) }),
    'GET /accounts': { body: { accounts: ACCOUNTS } },
    'POST /posts': { status: 201, body: {} },
  });
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  await screen.findByTestId('platform-picker');
  return { ...app, api };
}

const helper = () => screen.getByTestId('schedule-helper');

describe('the quick choices, read in the user timezone (issue 17.22)', () => {
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
