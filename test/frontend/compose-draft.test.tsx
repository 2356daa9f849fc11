import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, MEDIA_ID, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';
import { chooseScheduleTime } from './helpers/schedule';

/** Compose keeps unsaved work in this browser and asks before leaving it. */
const X_ID = '01JQ00000000000000000000X1';
const FB_ID = '01JQ00000000000000000000F1';
const DRAFT_KEY = 'socialautomator:compose-draft:v1:user-alice';
const accounts = [
  socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' }),
  socialAccount({ id: FB_ID, platform: 'facebook', account_name: 'Bakery Page' }),
];
const stored = anUploadedCake();

/** A Facebook draft with "Kept text" and the uploaded cake.png, as Compose leaves it in this browser. */
function aDraftKeptInThisBrowser() {
  window.localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({
      draft: {
        platforms: ['facebook'],
        accountIds: { facebook: [FB_ID] },
        captions: { facebook: 'Kept text' },
        title: '',
        tiktok: {},
        scheduleLocal: '',
        clientId: '',
      },
      media: [{ name: 'cake.png', kind: 'image', stored, video: null }],
    }),
  );
}

async function openCompose() {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts } },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': { status: 201, body: stored },
    [`DELETE /media/${MEDIA_ID}`]: { status: 204 },
  });
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByTestId('platform-picker');
  return { ...app, api };
}

async function writeAFacebookPostWithAPhoto(user: ReturnType<typeof renderApp>['user']) {
  vi.stubGlobal('XMLHttpRequest', InstantXhr);
  await user.click(platformTile('Facebook'));
  await user.click(screen.getByLabelText('Facebook caption'));
  await user.paste('Fresh loaves at 7');
  await user.upload(screen.getByLabelText('Choose images'), new File(['cake'], 'cake.png', { type: 'image/png' }));
  await screen.findByText('Upload Complete');
}

describe('the Compose draft', { timeout: 30_000 }, () => {
  beforeEach(() => resetAmplifyMocks());

  it('asks before leaving with unsaved work; Stay keeps the user and the text', async () => {
    const { user, router } = await openCompose();
    await writeAFacebookPostWithAPhoto(user);

    await act(() => router.navigate('/home/posts'));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Compose?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/home/compose');
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('Fresh loaves at 7');
  });

  it('asks the browser to confirm closing the tab only while there is unsaved work', async () => {
    const { user } = await openCompose();
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);

    await user.click(platformTile('Facebook'));

    expect(closing()).toBe(true);
  });

  it('is restored on return, with its caption, platform and uploaded file, after the user chose to leave', async () => {
    const { user, router } = await openCompose();
    await writeAFacebookPostWithAPhoto(user);
    await act(() => router.navigate('/home/posts'));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave Compose?' }, { timeout: 5000 })).getByRole('button', { name: 'Leave' }));
    // Lazy routes load on a busy machine: generous waits. The router's state moves before React
    // renders the new page (a transition): the user clicks on once Compose is gone from the screen.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/posts'), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('platform-picker')).not.toBeInTheDocument(), { timeout: 10_000 });

    await user.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: /Compose/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/compose'), { timeout: 10_000 });

    expect(await screen.findByTestId('draft-restored', {}, { timeout: 10_000 })).toHaveTextContent('Draft restored');
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('Fresh loaves at 7');
    expect(within(screen.getByTestId('media-tile')).getByText('cake.png')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY)!).media[0].stored.id).toBe(MEDIA_ID);
  });

  it('lets a click through that comes after Leave but before Compose is gone from the screen', async () => {
    const { user, router } = await openCompose();
    await writeAFacebookPostWithAPhoto(user);
    await act(() => router.navigate('/home/posts'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Compose?' }, { timeout: 5000 });
    // The window: the router is already on the page the user chose, React has not unmounted Compose
    // (and its blocker) yet. The user's next click lands right there, synchronously.
    let composeMountedAtClick: boolean | undefined;
    const unsubscribe = router.subscribe((state) => {
      if (state.location.pathname !== '/home/posts') return;
      unsubscribe();
      composeMountedAtClick = screen.queryByTestId('platform-picker') !== null;
      void router.navigate('/home/platforms');
    });

    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home/platforms'), { timeout: 10_000 });
    expect(composeMountedAtClick).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('platform-picker')).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/platforms');
  });

  it('Discard deletes the uploaded file, empties the form and forgets the draft', async () => {
    aDraftKeptInThisBrowser();
    const { user, api } = await openCompose();
    expect(await screen.findByTestId('draft-restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('Kept text');

    await user.click(within(screen.getByTestId('draft-restored')).getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/media/${MEDIA_ID}`)).toHaveLength(1);
    expect(screen.queryByTestId('compose-platform-facebook')).not.toBeInTheDocument();
    expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps the draft and its file when the file could not be deleted', async () => {
    aDraftKeptInThisBrowser();
    const { user, api } = await openCompose();
    await screen.findByTestId('draft-restored');
    // Only the DELETE fails.
    const original = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) =>
      (init?.method ?? 'GET') === 'DELETE'
        ? new Response(JSON.stringify({ error: { code: 'DEPENDENCY_ERROR', message: 'Storage is unavailable' } }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          })
        : original(input, init),
    );

    await user.click(within(screen.getByTestId('draft-restored')).getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText("Couldn't discard the draft")).toBeInTheDocument();
    expect(screen.getByTestId('media-tile')).toBeInTheDocument();
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('Kept text');
    expect(window.localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('keeps every field of the form: a restored X thread, first comments, time, client and Repeat go out as written', { timeout: 90_000 }, async () => {
    const CLIENT_ID = '01JQ00000000000000000CLNT1';
    const routes = {
      ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London', mode: 'agency' } }) }),
      'GET /accounts': { body: { accounts } },
      'GET /clients': { body: { items: [{ id: CLIENT_ID, name: 'Acme Bakery', logo_url: null, created_at: '2026-01-01T12:00:00.000Z' }] } },
      'POST /posts': { status: 201, body: aNewDraft() },
    };
    mockApi(routes);
    signedInAs();
    let app = renderApp('/home/compose');
    await screen.findByTestId('platform-picker');
    const { user } = app;
    await user.click(platformTile('X (Twitter)'));
    await user.click(platformTile('Facebook'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('Part one');
    for (const [n, text] of [
      [2, 'Part two'],
      [3, 'Part three'],
    ] as const) {
      await user.click(within(screen.getByTestId('thread-parts')).getByRole('button', { name: /Add part/ }));
      await user.click(screen.getByLabelText(`X thread part ${n}`));
      await user.paste(text);
    }
    await user.click(screen.getByLabelText('X first comment'));
    await user.paste('Recipe below');
    await user.click(screen.getByLabelText('Facebook caption'));
    await user.paste('Fresh loaves');
    await user.click(screen.getByLabelText('Facebook first comment'));
    await user.paste('Order at the counter');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Client' }), { target: { value: CLIENT_ID } });
    await chooseScheduleTime('2030-07-01T09:00');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Thu' }));
    fireEvent.change(screen.getByLabelText('Repeat ends'), { target: { value: 'after' } });
    fireEvent.change(screen.getByLabelText('Number of times'), { target: { value: '5' } });

    // The page goes (a reload, a closed tab) and the user comes back to Compose.
    cleanup();
    const api = mockApi(routes);
    app = renderApp('/home/compose');
    expect(await screen.findByTestId('draft-restored')).toBeInTheDocument();
    expect(screen.queryByTestId('draft-not-kept')).not.toBeInTheDocument();
    expect(screen.getByLabelText('X thread part 2')).toHaveValue('Part two');
    expect(screen.getByLabelText('X thread part 3')).toHaveValue('Part three');
    expect(screen.getByLabelText('X first comment')).toHaveValue('Recipe below');
    expect(screen.getByLabelText('Facebook first comment')).toHaveValue('Order at the counter');
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Monday and Thursday at 09:00, 5 times');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue(CLIENT_ID));

    await app.user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toEqual({
      scheduled_at: '2030-07-01T08:00:00.000Z',
      client_id: CLIENT_ID,
      platforms: [
        { platform: 'facebook', social_account_id: FB_ID, caption: 'Fresh loaves', settings: { first_comment: 'Order at the counter' } },
        { platform: 'x', social_account_id: X_ID, caption: 'Part one', settings: { thread: ['Part two', 'Part three'], first_comment: 'Recipe below' } },
      ],
      media_ids: [],
      repeat: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'TH'], end: { type: 'after', count: 5 } },
    });
  });

  it('names a file that was still uploading when the page went, as not kept', async () => {
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        draft: {
          platforms: ['facebook'],
          accountIds: { facebook: [FB_ID] },
          captions: { facebook: 'Kept text' },
          title: '',
          tiktok: {},
          scheduleLocal: '',
          clientId: '',
        },
        notKept: ['video.mp4'],
        media: [],
      }),
    );
    await openCompose();

    expect(await screen.findByTestId('draft-not-kept')).toHaveTextContent('video.mp4');
    expect(screen.getByLabelText('Facebook caption')).toHaveValue('Kept text');
  });
});
