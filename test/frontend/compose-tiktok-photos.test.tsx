import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIKTOK_NEEDS_VIDEO_MESSAGE } from '@shared/media-rules';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';
import { aCreatorInfo } from '../helpers/tiktok';

vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

/**
 * TikTok photo posts in Compose (docs/tiktok.md#photo-posts): offered where the deployment serves pull URLs
 * (/config.json tiktokPhotos), with a title, a cover and only the options photos have; off, Compose says
 * what it always said.
 */
const TT_ID = '01JQ00000000000000000000T1';
const CREATOR = aCreatorInfo({ max_video_post_duration_sec: 180 });
const CONSENT = "By posting, you agree to TikTok's Music Usage Confirmation";

async function openTikTok(tiktokPhotos: boolean, type = 'image/jpeg') {
  let n = 0;
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts: [socialAccount({ id: TT_ID, platform: 'tiktok', account_name: '@adabakes' })] } },
    [`GET /accounts/${TT_ID}/tiktok-creator-info`]: { body: CREATOR },
    'POST /posts': { status: 201, body: aNewDraft() },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': () => ({
      status: 201,
      body: anUploadedCake({
        id: `01JQ0000000000000000000M${String(++n).padStart(2, '0')}`,
        file_path: `u/loaf-${n}.${type === 'image/png' ? 'png' : 'jpg'}`,
        file_type: type,
        width: 1080,
        height: 1350,
      }),
    }),
  });
  signedInAs();
  const app = renderApp('/home/compose', { config: { tiktokUnaudited: false, tiktokPhotos } });
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  await app.user.click(await screen.findByRole('button', { name: 'TikTok' }));
  await app.user.click(screen.getByLabelText('TikTok caption'));
  await app.user.paste('Morning bake');
  return { ...app, api, panel: await screen.findByTestId('tiktok-panel') };
}

const loaves = (n: number, type = 'image/jpeg') =>
  Array.from({ length: n }, (_, i) => new File(['loaf'], `loaf-${i + 1}.${type === 'image/png' ? 'png' : 'jpg'}`, { type }));

async function attach(user: Awaited<ReturnType<typeof openTikTok>>['user'], files: File[]) {
  await user.upload(screen.getByLabelText('Choose images'), files);
  await waitFor(() => expect(screen.getAllByText('Upload Complete')).toHaveLength(files.length));
}

describe('TikTok photo posts in Compose', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    let k = 0;
    URL.createObjectURL = vi.fn(() => `blob:local-preview-${++k}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with photo posts on: a title, a cover among the photos, comments only, a photo carousel preview, and exactly those choices sent', async () => {
    const { user, api, panel } = await openTikTok(true);
    await attach(user, loaves(2));

    const fields = await within(panel).findByTestId('tiktok-photo-fields');
    expect(within(panel).queryByRole('checkbox', { name: 'Duet' })).toBeNull();
    expect(within(panel).queryByRole('checkbox', { name: 'Stitch' })).toBeNull();
    expect(within(panel).queryByTestId('tiktok-max-duration')).toBeNull();
    expect(within(fields).getByRole('button', { name: 'Use photo 1 as the cover' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('tiktok-media-problem')).toBeNull();

    await user.type(within(fields).getByLabelText('TikTok photo title'), 'Two loaves');
    await user.click(within(fields).getByRole('button', { name: 'Use photo 2 as the cover' }));
    const privacy = screen.getByLabelText('Who can see these TikTok photos') as HTMLSelectElement;
    await waitFor(() => expect(privacy).toBeEnabled());
    await user.selectOptions(privacy, 'Everyone');
    await user.click(within(panel).getByRole('checkbox', { name: 'Comment' }));
    await user.click(screen.getByText(CONSENT));

    const preview = screen.getByRole('region', { name: 'TikTok preview' });
    expect(within(preview).getByTestId('preview-dots').children).toHaveLength(2);
    expect(within(preview).getByTestId('preview-photo-count')).toHaveTextContent('1/2');
    expect(within(preview).getByText('Two loaves')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-crop-tiktok')).toHaveAttribute('aria-label', 'First image shown at 9:16');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    const body = api.callsTo('POST', '/posts')[0]!.body as { platforms: { settings: unknown }[]; media_ids: string[] };
    expect(body.media_ids).toHaveLength(2);
    expect(body.platforms[0]!.settings).toEqual({
      tiktok_photo_title: 'Two loaves',
      tiktok_photo_cover_index: 1,
      tiktok_privacy_level: 'PUBLIC_TO_EVERYONE',
      tiktok_allow_comment: true,
      tiktok_consent: true,
    });
  });

  it('with photo posts on: names the PNG TikTok will not take, and sends nothing', async () => {
    const { user, api } = await openTikTok(true, 'image/png');
    await attach(user, loaves(1, 'image/png'));

    expect(await screen.findByTestId('tiktok-media-problem')).toHaveTextContent('TikTok photo posts take JPEG or WebP photos; loaf-1.png is PNG.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it("with photo posts off: no photo fields, and today's message that TikTok needs one video", async () => {
    const { user, api, panel } = await openTikTok(false);
    await attach(user, loaves(2));

    expect(await screen.findByTestId('tiktok-media-problem')).toHaveTextContent(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(within(panel).queryByTestId('tiktok-photo-fields')).toBeNull();
    expect(within(panel).getByRole('checkbox', { name: 'Duet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });
});
