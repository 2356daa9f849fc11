import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

/**
 * The Pinterest board picker in Compose: the account's boards read live when the panel opens, with
 * what the user sees while they load, when the account has none, and when Pinterest could not be read;
 * the chosen board goes out as the target's setting. Several images make a carousel pin of 2 to 5.
 */
const PIN_ID = '01JQ00000000000000000000P1';
const BOARDS = {
  boards: [
    { id: 'b1', name: 'Coffee recipes', privacy: 'PUBLIC' },
    { id: 'b2', name: 'Drafts', privacy: 'SECRET' },
  ],
};

async function openPinterest(boards: { status?: number; body: unknown }, gate?: Promise<void>) {
  let n = 0;
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts: [socialAccount({ id: PIN_ID, platform: 'pinterest', account_name: '@cornercafe' })] } },
    [`GET /accounts/${PIN_ID}/pinterest-boards`]: boards,
    'POST /posts': { status: 201, body: aNewDraft() },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': () => ({
      status: 201,
      body: anUploadedCake({
        id: `01JQ0000000000000000000M${String(++n).padStart(2, '0')}`,
        file_type: 'image/jpeg',
        file_path: `u/latte-${n}.jpg`,
        width: 1000,
        height: 1500,
      }),
    }),
  });
  if (gate) {
    const answer = api.fetchMock.getMockImplementation()!;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/pinterest-boards')) await gate;
      return answer(input, init);
    });
  }
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  await app.user.click(await screen.findByRole('button', { name: 'Pinterest' }));
  return { ...app, api, panel: await screen.findByTestId('pinterest-panel') };
}

async function attach(user: Awaited<ReturnType<typeof openPinterest>>['user'], n: number) {
  const files = Array.from({ length: n }, (_, i) => new File(['latte'], `latte-${i + 1}.jpg`, { type: 'image/jpeg' }));
  await user.upload(screen.getByLabelText('Choose images'), files);
  await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(n));
}

describe('the Pinterest board picker', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says it is loading the boards until Pinterest answers, then offers them', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { panel } = await openPinterest({ body: BOARDS }, gate);

    expect(within(panel).getByTestId('pinterest-boards-loading')).toHaveTextContent('Loading boards…');
    release();
    const select = await within(panel).findByRole('combobox', { name: 'Board for @cornercafe' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a board', 'Coffee recipes', 'Drafts (secret)']);
  });

  it('says so when the account has no boards', async () => {
    const { panel } = await openPinterest({ body: { boards: [] } });
    expect(await within(panel).findByTestId('pinterest-boards-empty')).toHaveTextContent('No boards: create one on Pinterest');
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it("shows Pinterest's error when the boards cannot be read", async () => {
    const { panel } = await openPinterest({
      status: 409,
      body: { error: { code: 'NEEDS_RECONNECT', message: 'Your Pinterest connection has expired; reconnect it on Platforms to post to Pinterest.' } },
    });
    expect(await within(panel).findByTestId('pinterest-boards-error')).toHaveTextContent('reconnect it on Platforms');
  });

  it('sends the chosen board, title and link as the target’s settings', async () => {
    const { panel, user, api } = await openPinterest({ body: BOARDS });
    await user.selectOptions(await within(panel).findByRole('combobox', { name: 'Board for @cornercafe' }), 'b1');
    await user.type(within(panel).getByLabelText('Pin title'), 'Autumn latte');
    await user.type(within(panel).getByLabelText('Destination link'), 'https://example.com/latte');
    await user.upload(screen.getByLabelText('Choose images'), [new File(['latte'], 'latte.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(1));
    await user.click(screen.getByLabelText('Pinterest caption'));
    await user.paste('Our autumn latte');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toMatchObject({
      platforms: [
        { platform: 'pinterest', settings: { pinterest_board_id: 'b1', pinterest_title: 'Autumn latte', pinterest_link: 'https://example.com/latte' } },
      ],
    });
  });

  it('previews two to five images as one carousel pin and sends them all', async () => {
    const { panel, user, api } = await openPinterest({ body: BOARDS });
    await user.selectOptions(await within(panel).findByRole('combobox', { name: 'Board for @cornercafe' }), 'b1');
    await attach(user, 3);
    await user.click(screen.getByLabelText('Pinterest caption'));
    await user.paste('Three lattes');

    const preview = screen.getByRole('region', { name: 'Pinterest preview' });
    expect(within(preview).getByTestId('preview-dots')).toHaveAccessibleName('Carousel of 3 items, showing 1');
    expect(screen.queryByTestId('pinterest-media-problem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/posts')[0]!.body as { media_ids: string[] }).media_ids).toHaveLength(3);
  });

  it('says a Pinterest carousel takes at most five images, and saves nothing with six', async () => {
    const { panel, user, api } = await openPinterest({ body: BOARDS });
    await user.selectOptions(await within(panel).findByRole('combobox', { name: 'Board for @cornercafe' }), 'b1');
    await attach(user, 6);
    await user.click(screen.getByLabelText('Pinterest caption'));
    await user.paste('Six lattes');

    expect(await screen.findByTestId('pinterest-media-problem')).toHaveTextContent(
      'A Pinterest carousel takes 2 to 5 images (this post has 6); remove some or unselect Pinterest.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Not accepted by Pinterest')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });
});
