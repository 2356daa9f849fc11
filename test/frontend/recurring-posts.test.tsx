import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostCounts } from '@shared/posts';
import { REPEAT_MESSAGES, type SeriesView } from '@shared/recurrence';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, aPost, aSquarePhoto, meResponse, mockApi, postTarget, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { openSignedIn } from './helpers/open-page';
import { chooseScheduleTime } from './helpers/schedule';
import { InstantXhr } from './helpers/xhr';

/** In the browser: Compose's Repeat control, the repeat badge and series line, the scope dialog. */
const X_ID = '01JQ00000000000000000000X1';
const SERIES_ID = '01JQ0000000000000000SERIE1';
const POST_ID = '01JQ00000000000000000POST1';

async function openCompose() {
  return openSignedIn(
    '/home/compose',
    'Compose',
    {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/Berlin' } }) }),
      'GET /accounts': { body: { accounts: [socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' })] } },
      'POST /posts': { status: 201, body: aNewDraft() },
    },
    'platform-picker',
  );
}

const aSeriesView = (overrides: Partial<SeriesView> = {}): SeriesView => ({
  id: SERIES_ID,
  repeat: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'TH'], end: { type: 'after', count: 10 } },
  timezone: 'Europe/Berlin',
  starts_at: '2030-07-01T07:00:00.000Z',
  summary: 'Every Monday and Thursday at 09:00, 10 times',
  status: 'active',
  notice: null,
  missed: [],
  next_at: '2030-07-08T07:00:00.000Z',
  upcoming: [{ post_id: POST_ID, index: 0, scheduled_at: '2030-07-01T07:00:00.000Z' }],
  updated_at: '2030-06-01T07:00:00.000Z',
  ...overrides,
});
const anOccurrence = (overrides: Partial<Post> = {}) =>
  aPost({
    id: POST_ID,
    platforms: [postTarget({ id: 't1', platform: 'x', caption: 'Weekly tip' })],
    series: { id: SERIES_ID, index: 0, detached: false },
    ...overrides,
  });

async function openPosts(post: Post, series: SeriesView, extra: Parameters<typeof mockApi>[0] = {}) {
  const counts: PostCounts = { scheduled: 1, posted: 0, approval: 0, drafts: 0, failed: 0 };
  return openSignedIn('/home/posts', 'Posts', {
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/Berlin' } }) }),
    'GET /posts/counts': { body: counts },
    'GET /posts': (call) => ({ body: { items: call.query.tab === 'scheduled' ? [post] : [], nextCursor: null } }),
    [`GET /series/${SERIES_ID}`]: { body: series },
    ...extra,
  });
}

describe('recurring posts', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());
  afterEach(() => vi.restoreAllMocks());

  it('Compose: Repeat weekly on Monday and Thursday, 10 times, reads back and is sent as `repeat`', { timeout: 90_000 }, async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Weekly tip');
    await chooseScheduleTime('2030-07-01T09:00');

    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));
    // 2030-07-01 is a Monday: that day is already on; Thursday is added to it.
    expect(await screen.findByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Thu' }));
    fireEvent.change(screen.getByLabelText('Repeat ends'), { target: { value: 'after' } });
    fireEvent.change(screen.getByLabelText('Number of times'), { target: { value: '10' } });

    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Monday and Thursday at 09:00, 10 times');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toEqual({
      scheduled_at: '2030-07-01T07:00:00.000Z',
      platforms: [{ platform: 'x', social_account_id: X_ID, caption: 'Weekly tip', settings: {} }],
      media_ids: [],
      repeat: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'TH'], end: { type: 'after', count: 10 } },
    });
  });

  it('Compose: picking another day for a weekly repeat keeps the start day; unpicking it leaves only the other', async () => {
    const { user } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    await chooseScheduleTime('2030-07-01T09:00');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));
    // Waited for: the summary appears once the form has rendered the ticked rule.
    expect(await screen.findByTestId('repeat-summary')).toHaveTextContent('Every Monday at 09:00');

    fireEvent.click(await screen.findByRole('button', { name: 'Wed' }));
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Monday and Wednesday at 09:00');

    fireEvent.click(screen.getByRole('button', { name: 'Mon' }));
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Wednesday at 09:00');
    expect(screen.getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Compose: a repeat without a time is refused in the form with the API message, nothing sent', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Daily');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));

    expect(await screen.findByTestId('repeat-summary')).toHaveTextContent('Pick a date and time above');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText(REPEAT_MESSAGES.needsTime)).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('Compose: an Instagram post with a photo repeats: nothing refused, the photo and the rule are sent together', { timeout: 90_000 }, async () => {
    // Prepare
    const IG_ID = '01JQ00000000000000000000A1';
    const api = mockApi({
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/Berlin' } }) }),
      'GET /accounts': { body: { accounts: [socialAccount({ id: IG_ID, platform: 'instagram', account_name: 'corner.bakery' })] } },
      'POST /posts': { status: 201, body: aNewDraft() },
      'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
      'POST /media': { status: 201, body: anUploadedCake({ file_path: 'u/loaf.jpg', file_type: 'image/jpeg', width: 1080, height: 1080 }) },
    });
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
    signedInAs();
    const { user } = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    await user.click(platformTile('Instagram'));
    await user.click(screen.getByLabelText('Instagram caption'));
    await user.paste('Fresh loaves');
    await user.upload(screen.getByLabelText('Choose images'), new File(['loaf'], 'loaf.jpg', { type: 'image/jpeg' }));
    await screen.findByText('Upload Complete');
    await chooseScheduleTime('2030-07-01T09:00');

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    // Assess
    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({
      platforms: [{ platform: 'instagram', social_account_id: IG_ID, caption: 'Fresh loaves' }],
      media_ids: [anUploadedCake().id],
      repeat: { frequency: 'weekly', interval: 1, weekdays: [], end: { type: 'never' } },
    });
    expect(screen.queryByText(/cannot carry media/)).toBeNull();
  });

  it('an occurrence with a photo shows its own thumbnail on the card beside the series line', async () => {
    const photo = aSquarePhoto();
    await openPosts(anOccurrence({ media: [photo], platforms: [postTarget({ id: 't1', platform: 'instagram', caption: 'Weekly loaf' })] }), aSeriesView());

    const card = await screen.findByTestId('post-card');
    expect(await within(card).findByTestId('series-line')).toHaveTextContent('Every Monday and Thursday at 09:00, 10 times');
    expect(within(card).getByTestId('post-thumbnail').querySelector('img')?.getAttribute('src')).toBe(photo.url);
  });

  it('editing an occurrence with a photo "all following" sends the photo with the edit, so the series keeps its media', async () => {
    // Prepare: an Instagram occurrence carrying its own copy of the photo
    const photo = aSquarePhoto();
    const occurrence = anOccurrence({ media: [photo], platforms: [postTarget({ id: 't1', platform: 'instagram', caption: 'Weekly loaf' })] });
    const account = socialAccount({ id: occurrence.platforms[0]!.social_account_id, platform: 'instagram', account_name: '@bakery' });
    const { user, api } = await openPosts(occurrence, aSeriesView(), {
      'GET /accounts': { body: { accounts: [account] } },
      [`PATCH /series/${SERIES_ID}`]: { body: occurrence },
    });
    const card = await screen.findByTestId('post-card');
    await user.click(within(card).getByRole('button', { name: 'Edit post' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('form', { name: 'Edit Post' });

    // Act
    await user.click(dialog.getByRole('button', { name: 'Schedule Post' }));
    const scope = await screen.findByRole('alertdialog', { name: 'Edit a recurring post' });
    await user.click(within(scope).getByText('This and all following posts'));
    await user.click(within(scope).getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() => expect(api.callsTo('PATCH', `/series/${SERIES_ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/series/${SERIES_ID}`)[0]!.body).toMatchObject({ scope: 'following', post_id: POST_ID, post: { media_ids: [photo.id] } });
  });

  it('the card shows the repeat badge and the series summary, and a paused series says why', async () => {
    await openPosts(anOccurrence(), aSeriesView({ status: 'paused', notice: "You've reached your plan's limit of 5 scheduled posts in July 2030." }));

    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('repeat-badge')).toHaveTextContent('Repeats · #1');
    expect(await within(card).findByTestId('series-line')).toHaveTextContent(
      "Every Monday and Thursday at 09:00, 10 times. Paused: You've reached your plan's limit of 5 scheduled posts in July 2030.",
    );
  });

  it('deleting an occurrence asks "this one or all following" and sends the chosen scope', async () => {
    const { user, api } = await openPosts(anOccurrence(), aSeriesView(), { [`DELETE /series/${SERIES_ID}`]: { status: 204 } });
    const card = await screen.findByTestId('post-card');

    await user.click(within(card).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete a recurring post' });
    await user.click(within(dialog).getByText('This and all following posts'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo('DELETE', `/series/${SERIES_ID}`)).toHaveLength(1));
    expect(api.callsTo('DELETE', `/series/${SERIES_ID}`)[0]!.query).toEqual({ scope: 'following', post_id: POST_ID });
    expect(api.callsTo('DELETE', `/posts/${POST_ID}`)).toHaveLength(0);
  });

  it('an occurrence edited on its own is marked so and deletes like any post', async () => {
    await openPosts(anOccurrence({ series: { id: SERIES_ID, index: 2, detached: true } }), aSeriesView());

    const card = await screen.findByTestId('post-card');
    expect(within(card).getByTestId('repeat-badge')).toHaveTextContent('Edited occurrence');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByRole('alertdialog', { name: /Delete the post "Weekly tip"\?/ })).toBeInTheDocument();
  });
});
