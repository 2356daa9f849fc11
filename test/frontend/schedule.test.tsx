import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULED_IN_PAST_MESSAGE, type MediaItem, type Post, type PostTargetView } from '@shared/posts';
import type { Platform } from '@shared/platforms';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aPost, meResponse, mockApi, postTarget, shellRoutes, type RecordedCall } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const NEW_YORK = 'America/New_York';
/** Tuesday, November 10, 2026, 10:00 AM in New York (EST since Nov 1). */
const NOW = new Date('2026-11-10T15:00:00.000Z');

function media(id: string, fileType: string): MediaItem {
  return {
    id,
    post_id: null,
    file_path: `u/${id}`,
    file_type: fileType,
    file_size: 1000,
    url: `https://cdn.test/${id}`,
    created_at: '2026-11-01T12:00:00.000Z',
  };
}

function target(id: string, platform: Platform, caption: string): PostTargetView {
  return postTarget({
    id,
    platform,
    social_account_id: `acc-${platform}`,
    account_name: `My ${platform}`,
    account_id: `${platform}-1`,
    profile_url: null,
    caption,
  });
}

function post(overrides: Partial<Post> & { id: string; scheduled_at: string }): Post {
  return aPost({
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    platforms: [target(`${overrides.id}-t1`, 'instagram', `Caption of ${overrides.id}`)],
    ...overrides,
  });
}

/** 3 posts, 2 images, 1 video, on Instagram and X. */
const FIXTURE: Post[] = [
  post({
    id: 'launch',
    scheduled_at: '2026-11-12T14:00:00.000Z',
    media: [media('m1', 'image/png'), media('m2', 'image/jpeg')],
    platforms: [target('t1', 'instagram', 'Launch day is here! Our new product ships today.'), target('t2', 'x', 'Launch day!')],
  }),
  post({
    id: 'teaser',
    scheduled_at: '2026-11-12T20:15:00.000Z',
    status: 'queued',
    media: [media('m3', 'video/mp4')],
    platforms: [target('t3', 'x', 'A short teaser')],
  }),
  post({ id: 'recap', scheduled_at: '2026-11-20T17:00:00.000Z', platforms: [target('t4', 'instagram', 'Weekly recap')] }),
];

function setup(options: { zone?: string; posts?: Post[]; patch?: (call: RecordedCall) => { status?: number; body?: unknown } } = {}) {
  // The fake server keeps what PATCH writes, so a refetch after a move shows the moved post.
  const posts = (options.posts ?? FIXTURE).map((p) => ({ ...p }));
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: options.zone ?? NEW_YORK } }) }),
    'GET /accounts': { body: { accounts: [] } },
    'GET /posts/calendar': (call) => ({
      body: { items: posts.filter((p) => p.scheduled_at! >= call.query.from! && p.scheduled_at! < call.query.to!) },
    }),
    ...Object.fromEntries(
      posts.map((p) => [
        `PATCH /posts/${p.id}`,
        options.patch ??
          ((call: RecordedCall) => {
            p.scheduled_at = (call.body as { scheduled_at: string }).scheduled_at;
            return { body: p };
          }),
      ]),
    ),
  });
  const view = renderApp('/home/schedule');
  const lastPeriod = () => {
    const calls = api.callsTo('GET', '/posts/calendar');
    return calls[calls.length - 1]?.query;
  };
  return { api, view, lastPeriod };
}

async function expectPeriod(lastPeriod: () => Record<string, string> | undefined, from: string, to: string) {
  await waitFor(() => expect(lastPeriod()).toEqual({ from, to }));
}

/** The period title. Role queries over the whole page are slow with the hour grid, hence the test id. */
async function expectTitle(title: string) {
  await waitFor(() => expect(screen.getByTestId('period-title')).toHaveTextContent(title));
}

/** The day-number button of a month cell, e.g. dayButton('2026-11-12'). */
function dayButton(day: string) {
  return within(screen.getByTestId(`month-day-${day}`)).getByRole('button');
}

function panel() {
  return within(screen.getByTestId('day-panel'));
}

function dataTransferStub() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    clearData: () => data.clear(),
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

/** fireEvent rather than user-event here: its pointer-events check walks computed styles, slow over the hour grid. */
function click(element: HTMLElement) {
  fireEvent.click(element);
}

function drag(source: HTMLElement, destination: HTMLElement) {
  const dataTransfer = dataTransferStub();
  fireEvent.dragStart(source, { dataTransfer });
  fireEvent.dragEnter(destination, { dataTransfer });
  fireEvent.dragOver(destination, { dataTransfer });
  fireEvent.drop(destination, { dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
}

describe('the schedule calendar', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens on this month and requests the Monday-first grid, from midnight to midnight in the user's zone", async () => {
    const { lastPeriod, view } = setup();
    await expectTitle('November 2026');
    // Mon Oct 26 (still EDT, UTC-4) through Sun Dec 6 (EST, UTC-5).
    await expectPeriod(lastPeriod, '2026-10-26T04:00:00.000Z', '2026-12-07T05:00:00.000Z');
    expect(screen.getByTestId('month-grid').querySelectorAll('[data-testid^="month-day-"]')).toHaveLength(42);
    expect(screen.getByTestId('month-day-2026-10-26')).toHaveAttribute('data-outside-month', 'true');
    expect(dayButton('2026-11-10')).toHaveAttribute('aria-current', 'date');
    const query = view.queryClient.getQueryCache().find({ queryKey: ['posts', 'calendar', '2026-10-26T04:00:00.000Z', '2026-12-07T05:00:00.000Z'] });
    expect(query?.options).toMatchObject({ refetchInterval: 15_000 });
  });

  it('computes the period boundaries in the saved timezone, not the browser’s', async () => {
    const { lastPeriod } = setup({ zone: 'Asia/Tokyo' });
    await expectTitle('November 2026');
    await expectPeriod(lastPeriod, '2026-10-25T15:00:00.000Z', '2026-12-06T15:00:00.000Z');
  });

  it('summarises the period: posts, images, videos and platforms', async () => {
    setup();
    expect(await screen.findByText('This period: 3 posts — 2 images, 1 videos across 2 platforms')).toBeInTheDocument();
  });

  it("lists the selected day's posts with time, platforms, caption and status", async () => {
    const { user } = setup().view;
    await screen.findByTestId('period-summary');
    expect(panel().getByText('No posts scheduled for this date')).toBeInTheDocument();

    expect(dayButton('2026-11-12')).toHaveAccessibleName('Thursday, November 12, 2026, 2 posts');
    await user.click(dayButton('2026-11-12'));
    expect(panel().getByRole('heading', { name: 'Thursday, November 12' })).toBeInTheDocument();
    const launch = within(screen.getByTestId('day-post-launch'));
    expect(launch.getByText('9:00 AM')).toBeInTheDocument();
    expect(launch.getByText('Launch day is here! Our new product ships today.')).toBeInTheDocument();
    expect(launch.getByText('Scheduled')).toBeInTheDocument();
    // Each target by its account, so two accounts of one platform are told apart.
    expect(launch.getByText('My instagram')).toBeInTheDocument();
    expect(launch.getByText('My x')).toBeInTheDocument();
    const teaser = within(screen.getByTestId('day-post-teaser'));
    expect(teaser.getByText('3:15 PM')).toBeInTheDocument();
    expect(teaser.getByText('Queued')).toBeInTheDocument();
    // In time order.
    const entries = panel()
      .getAllByRole('listitem')
      .map((li) => li.dataset.testid);
    expect(entries).toEqual(['day-post-launch', 'day-post-teaser']);

    await user.click(dayButton('2026-11-13'));
    expect(panel().getByText('No posts scheduled for this date')).toBeInTheDocument();
  });

  it('names the accounts of a post to two Pages of one platform, not "Facebook Facebook"', async () => {
    const twoPages = post({
      id: 'pages',
      scheduled_at: '2026-11-12T14:00:00.000Z',
      platforms: [
        { ...target('p1', 'facebook', 'Hello'), account_name: 'Corner Café' },
        { ...target('p2', 'facebook', 'Hello'), account_name: 'Ada Bakes' },
      ],
    });
    const { user } = setup({ posts: [twoPages] }).view;
    await screen.findByTestId('period-summary');
    await user.click(dayButton('2026-11-12'));
    const entry = within(screen.getByTestId('day-post-pages'));
    expect(entry.getByText('Corner Café')).toBeInTheDocument();
    expect(entry.getByText('Ada Bakes')).toBeInTheDocument();
    expect(entry.queryByText('Facebook')).not.toBeInTheDocument();
  });

  it('shows published posts, marked as posted and not draggable, beside the scheduled ones', async () => {
    const published = post({ id: 'sent', scheduled_at: '2026-11-09T13:00:00.000Z', status: 'posted', published_at: '2026-11-09T13:00:05.000Z' });
    const { user } = setup({ posts: [...FIXTURE, published] }).view;
    await screen.findByTestId('period-summary');

    const chip = await screen.findByTestId('post-chip-sent');
    expect(chip).toHaveAttribute('data-status', 'posted');
    expect(within(chip).getByLabelText('Posted')).toBeInTheDocument();
    expect(chip).not.toHaveAttribute('draggable', 'true');
    await user.click(dayButton('2026-11-09'));
    expect(within(screen.getByTestId('day-post-sent')).getByText('Posted')).toBeInTheDocument();
  });

  it('steps week by week (Monday first) and comes back with Today', async () => {
    const { lastPeriod } = setup();
    await screen.findByTestId('period-summary');
    click(screen.getByRole('button', { name: 'Week' }));
    await expectTitle('Nov 9 – 15, 2026');
    await expectPeriod(lastPeriod, '2026-11-09T05:00:00.000Z', '2026-11-16T05:00:00.000Z');
    expect(screen.getByTestId('week-grid')).toBeInTheDocument();

    click(screen.getByRole('button', { name: 'Next week' }));
    await expectTitle('Nov 16 – 22, 2026');
    await expectPeriod(lastPeriod, '2026-11-16T05:00:00.000Z', '2026-11-23T05:00:00.000Z');
    click(screen.getByRole('button', { name: 'Next week' }));
    click(screen.getByRole('button', { name: 'Next week' }));
    await expectTitle('Nov 30 – Dec 6, 2026');

    click(screen.getByRole('button', { name: 'Today' }));
    await expectTitle('Nov 9 – 15, 2026');
    await expectPeriod(lastPeriod, '2026-11-09T05:00:00.000Z', '2026-11-16T05:00:00.000Z');
  });

  it('shows one day at a time in the day view', async () => {
    const { lastPeriod } = setup();
    await screen.findByTestId('period-summary');
    click(screen.getByRole('button', { name: 'Day' }));
    await expectTitle('Tuesday, November 10, 2026');
    await expectPeriod(lastPeriod, '2026-11-10T05:00:00.000Z', '2026-11-11T05:00:00.000Z');
    expect(screen.getByTestId('day-grid')).toBeInTheDocument();

    click(screen.getByRole('button', { name: 'Previous day' }));
    await expectTitle('Monday, November 9, 2026');
    await expectPeriod(lastPeriod, '2026-11-09T05:00:00.000Z', '2026-11-10T05:00:00.000Z');
  });

  it('steps month by month', async () => {
    const { lastPeriod } = setup();
    await screen.findByTestId('period-summary');
    click(screen.getByRole('button', { name: 'Previous month' }));
    await expectTitle('October 2026');
    // Mon Sep 28 through Sun Nov 1: the grid ends on the DST change day.
    await expectPeriod(lastPeriod, '2026-09-28T04:00:00.000Z', '2026-11-02T05:00:00.000Z');
    click(screen.getByRole('button', { name: 'Next month' }));
    click(screen.getByRole('button', { name: 'Next month' }));
    await expectTitle('December 2026');
    await expectPeriod(lastPeriod, '2026-11-30T05:00:00.000Z', '2027-01-04T05:00:00.000Z');
  });

  it('jumps to the date chosen in the picker', async () => {
    const { lastPeriod } = setup();
    await screen.findByTestId('period-summary');
    fireEvent.change(screen.getByLabelText('Go to date'), { target: { value: '2027-01-15' } });
    await expectTitle('January 2027');
    await expectPeriod(lastPeriod, '2026-12-28T05:00:00.000Z', '2027-02-01T05:00:00.000Z');
    expect(panel().getByRole('heading', { name: 'Friday, January 15' })).toBeInTheDocument();

    click(screen.getByRole('button', { name: 'Day' }));
    await expectTitle('Friday, January 15, 2027');
  });

  describe('times in the user’s timezone across daylight saving', () => {
    const dstPosts = [post({ id: 'after', scheduled_at: '2026-11-02T14:00:00.000Z' }), post({ id: 'before', scheduled_at: '2026-10-30T13:00:00.000Z' })];

    it('shows 9:00 AM in New York both before (EDT) and after (EST) the Nov 1 change', async () => {
      const { user } = setup({ posts: dstPosts }).view;
      await screen.findByTestId('period-summary');
      await user.click(dayButton('2026-11-02'));
      expect(within(screen.getByTestId('day-post-after')).getByText('9:00 AM')).toBeInTheDocument();
      await user.click(dayButton('2026-10-30'));
      expect(within(screen.getByTestId('day-post-before')).getByText('9:00 AM')).toBeInTheDocument();
    });

    it("puts a post on the day it falls on in the user's zone (Nov 22 23:30 UTC is Nov 23 in Tokyo)", async () => {
      const { user } = setup({ zone: 'Asia/Tokyo', posts: [post({ id: 'late', scheduled_at: '2026-11-22T23:30:00.000Z' })] }).view;
      await screen.findByTestId('period-summary');
      expect(dayButton('2026-11-22')).toHaveAccessibleName('Sunday, November 22, 2026');
      expect(dayButton('2026-11-23')).toHaveAccessibleName('Monday, November 23, 2026, 1 post');
      await user.click(dayButton('2026-11-23'));
      expect(within(screen.getByTestId('day-post-late')).getByText('8:30 AM')).toBeInTheDocument();
    });
  });

  describe('drag and drop', () => {
    it('moves a scheduled post to another day, keeping its local time', async () => {
      const { api } = setup();
      await screen.findByTestId('period-summary');
      drag(screen.getByTestId('post-chip-launch'), screen.getByTestId('month-day-2026-11-25'));

      expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
      const patches = api.callsTo('PATCH', '/posts/launch');
      expect(patches).toHaveLength(1);
      expect(patches[0]!.body).toEqual({ scheduled_at: '2026-11-25T14:00:00.000Z', platforms: [] });
      // The chip now sits on its new day.
      expect(within(screen.getByTestId('month-day-2026-11-25')).getByTestId('post-chip-launch')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET', '/posts/calendar').length).toBeGreaterThanOrEqual(2));
    });

    it('moves a post to an hour slot of the week view, keeping its minutes', async () => {
      const posts = [post({ id: 'half', scheduled_at: '2026-11-12T14:30:00.000Z' })];
      const { api } = setup({ posts });
      await screen.findByTestId('period-summary');
      click(screen.getByRole('button', { name: 'Week' }));
      const chip = await screen.findByTestId('post-chip-half');
      expect(within(screen.getByTestId('slot-2026-11-12-9')).getByTestId('post-chip-half')).toBe(chip);

      drag(chip, screen.getByTestId('slot-2026-11-13-15'));
      expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
      expect(api.callsTo('PATCH', '/posts/half')[0]!.body).toEqual({ scheduled_at: '2026-11-13T20:30:00.000Z', platforms: [] });
    });

    it('refuses a drop into the past without sending anything', async () => {
      const { api } = setup();
      await screen.findByTestId('period-summary');
      drag(screen.getByTestId('post-chip-launch'), screen.getByTestId('month-day-2026-11-05'));
      expect(await screen.findByText(SCHEDULED_IN_PAST_MESSAGE)).toBeInTheDocument();
      expect(api.callsTo('PATCH', '/posts/launch')).toHaveLength(0);
      expect(within(screen.getByTestId('month-day-2026-11-12')).getByTestId('post-chip-launch')).toBeInTheDocument();
    });

    it('does not let a queued post be dragged', async () => {
      setup();
      await screen.findByTestId('period-summary');
      expect(screen.getByTestId('post-chip-teaser')).not.toHaveAttribute('draggable', 'true');
      expect(screen.getByTestId('post-chip-launch')).toHaveAttribute('draggable', 'true');
    });

    it('puts the post back and shows the error when the update fails', async () => {
      setup({ patch: () => ({ status: 400, body: { error: { code: 'VALIDATION', message: 'Caption too long for X' } } }) });
      await screen.findByTestId('period-summary');
      drag(screen.getByTestId('post-chip-launch'), screen.getByTestId('month-day-2026-11-25'));
      expect(await screen.findByText('Error updating post')).toBeInTheDocument();
      expect(screen.getByText('Caption too long for X')).toBeInTheDocument();
      await waitFor(() => expect(within(screen.getByTestId('month-day-2026-11-12')).getByTestId('post-chip-launch')).toBeInTheDocument());
    });
  });
});
