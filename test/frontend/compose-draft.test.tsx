import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { anUploadedCake, MEDIA_ID, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';

/** Issue 17 item 3: Compose keeps unsaved work in this browser and asks before leaving it. */
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
  await user.click(screen.getByRole('button', { name: 'Facebook' }));
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

    await user.click(screen.getByRole('button', { name: 'Facebook' }));

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
});
