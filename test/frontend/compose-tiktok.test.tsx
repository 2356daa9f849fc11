import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TikTokCreatorInfo } from '@shared/tiktok';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { InstantXhr } from './helpers/xhr';
import { combinedCreatorRules } from '@/features/compose/components/tiktok-options';
import { aCreatorInfo } from '../helpers/tiktok';

// jsdom reads no video headers: the browser's measure of the picked video.
vi.mock('@/lib/video-facts', () => ({ readVideoFacts: async () => ({ duration_seconds: 20, width: 1080, height: 1920 }) }));

/** The compose TikTok panel as TikTok's Content Sharing Guidelines require it. */
const TT_ID = '01JQ00000000000000000000T1';
const CREATOR = aCreatorInfo({
  creator_avatar_url: 'https://p16.example/ada.jpg',
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
  comment_disabled: true,
  max_video_post_duration_sec: 180,
});
const INFO_ROUTE = `GET /accounts/${TT_ID}/tiktok-creator-info`;
const CONSENT = "By posting, you agree to TikTok's Music Usage Confirmation";

const createdPost = aNewDraft;

async function openTikTok(options: { info?: Parameters<typeof mockApi>[0][string]; unaudited?: boolean } = {}) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts: [socialAccount({ id: TT_ID, platform: 'tiktok', account_name: '@adabakes' })] } },
    'POST /posts': { status: 201, body: createdPost() },
    [INFO_ROUTE]: options.info ?? { body: CREATOR },
    'POST /media/uploads': { body: { key: 'k', url: 'https://media-bucket.example/upload', fields: {} } },
    'POST /media': {
      status: 201,
      body: {
        id: VIDEO_ID,
        post_id: null,
        file_path: 'u/clip.mp4',
        file_type: 'video/mp4',
        file_size: 4,
        url: 'https://media-bucket.example/u/clip.mp4',
        created_at: '2026-03-20T12:00:00.000Z',
      },
    },
  });
  signedInAs();
  const app = renderApp('/home/compose', { config: { tiktokUnaudited: options.unaudited ?? false } });
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  await app.user.click(await screen.findByRole('button', { name: 'TikTok' }));
  await app.user.click(screen.getByLabelText('TikTok caption'));
  await app.user.paste('Morning bake');
  const panel = await screen.findByTestId('tiktok-panel');
  return { ...app, api, panel };
}
const VIDEO_ID = '01JQ00000000000000000000V1';

async function attachAVideo(user: ReturnType<typeof renderApp>['user']) {
  vi.stubGlobal('XMLHttpRequest', InstantXhr);
  await user.upload(screen.getByLabelText('Choose videos'), new File(['clip'], 'clip.mp4', { type: 'video/mp4' }));
  await screen.findByText('Upload Complete');
}
const privacySelect = () => screen.getByLabelText('Who can see this TikTok video') as HTMLSelectElement;
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const saveDraft = () => screen.getByRole('button', { name: 'Save Draft' });

beforeEach(() => resetAmplifyMocks());
afterEach(() => vi.unstubAllGlobals());

describe('the TikTok compose panel', () => {
  it("shows the creator and a privacy dropdown with only the creator's options and none chosen", async () => {
    const { panel } = await openTikTok();

    expect(await within(panel).findByText('Posting to Ada Bakes')).toBeInTheDocument();
    expect(within(panel).getByText('@adabakes')).toBeInTheDocument();
    await waitFor(() => expect(privacySelect()).toBeEnabled());
    expect(privacySelect().value).toBe('');
    expect([...privacySelect().options].filter((o) => !o.disabled).map((o) => o.text)).toEqual(['Everyone', 'Followers', 'Only me']);
    expect(within(panel).getByTestId('tiktok-max-duration')).toHaveTextContent('Videos up to 180 seconds.');
  });

  it('leaves every interaction unchecked, and comments off and disabled where the creator turned them off', async () => {
    await openTikTok();
    await waitFor(() => expect(privacySelect()).toBeEnabled());

    expect(checkbox('Comment')).toBeDisabled();
    expect(checkbox('Comment')).not.toBeChecked();
    expect(checkbox('Duet')).toBeEnabled();
    expect(checkbox('Duet')).not.toBeChecked();
    expect(checkbox('Stitch')).not.toBeChecked();
  });

  it('refuses to save a Direct Post until the user chose who can see it, sending nothing', async () => {
    const { user, api } = await openTikTok();
    await waitFor(() => expect(privacySelect()).toBeEnabled());
    await user.click(screen.getByText(CONSENT));

    await user.click(saveDraft());

    expect(await screen.findByText('Choose who can see this TikTok post')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('sends exactly what the user chose, with the consent', async () => {
    const { user, api } = await openTikTok();
    await waitFor(() => expect(privacySelect()).toBeEnabled());
    await user.selectOptions(privacySelect(), 'Followers');
    await user.click(checkbox('Duet'));
    await user.click(screen.getByText(CONSENT));
    await attachAVideo(user);

    await user.click(saveDraft());

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/posts')[0]!.body as { platforms: unknown[] }).platforms).toEqual([
      {
        platform: 'tiktok',
        social_account_id: TT_ID,
        caption: 'Morning bake',
        settings: { tiktok_privacy_level: 'FOLLOWER_OF_CREATOR', tiktok_allow_duet: true, tiktok_consent: true },
      },
    ]);
  });

  it('discloses commercial content with the label TikTok requires and the Branded Content Policy consent', async () => {
    const { user, panel } = await openTikTok();
    await waitFor(() => expect(privacySelect()).toBeEnabled());

    await user.click(within(panel).getByText('Disclose video content'));
    expect(within(panel).getByTestId('tiktok-commercial-label')).toHaveTextContent(
      'You need to indicate if your content promotes yourself, a third party, or both.',
    );
    await user.click(within(panel).getByText(/^Your brand/));
    expect(within(panel).getByTestId('tiktok-commercial-label')).toHaveTextContent("Your photo/video will be labeled as 'Promotional content'");
    expect(within(panel).getByTestId('tiktok-consent')).toHaveTextContent(CONSENT);
    await user.click(within(panel).getByText(/^Branded content/));

    expect(within(panel).getByTestId('tiktok-commercial-label')).toHaveTextContent("Your photo/video will be labeled as 'Paid partnership'");
    expect(within(panel).getByTestId('tiktok-consent')).toHaveTextContent(
      "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation",
    );
    expect([...privacySelect().options].find((o) => o.value === 'SELF_ONLY')!.disabled).toBe(true);
  });

  it('offers only Only me, and says why, while the TikTok client is unaudited', async () => {
    const { panel } = await openTikTok({ unaudited: true });
    await waitFor(() => expect(privacySelect()).toBeEnabled());

    expect(within(panel).getByTestId('tiktok-unaudited')).toHaveTextContent('TikTok only allows private (Only me) posts from this app until TikTok audits it');
    expect([...privacySelect().options].filter((o) => !o.disabled).map((o) => o.text)).toEqual(['Only me']);
    expect(privacySelect().value).toBe('');
  });

  it('shows the message, and offers no privacy to choose, when TikTok cannot be read', async () => {
    const { panel } = await openTikTok({
      info: {
        status: 409,
        body: { error: { code: 'NEEDS_RECONNECT', message: 'Your TikTok connection has expired; reconnect it on Platforms to post to TikTok.' } },
      },
    });

    expect(await within(panel).findByTestId('tiktok-creator-error')).toHaveTextContent(
      'Your TikTok connection has expired; reconnect it on Platforms to post to TikTok.',
    );
    expect(privacySelect()).toBeDisabled();
  });

  it('keeps the Draft switch: the video goes to the TikTok inbox with no Direct Post choices', async () => {
    const { user, api, panel } = await openTikTok();
    await waitFor(() => expect(privacySelect()).toBeEnabled());

    await user.click(within(panel).getByText('Draft'));
    expect(screen.queryByLabelText('Who can see this TikTok video')).not.toBeInTheDocument();
    await attachAVideo(user);
    await user.click(saveDraft());

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/posts')[0]!.body as { platforms: { settings: unknown }[] }).platforms[0]!.settings).toEqual({ tiktok_draft: true });
  });
});

describe('the rules of several checked TikTok accounts together', () => {
  const other: TikTokCreatorInfo = {
    ...CREATOR,
    privacy_level_options: ['MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    comment_disabled: false,
    stitch_disabled: true,
    max_video_post_duration_sec: 60,
  };

  it('offers only the privacy levels every creator has, keeps an interaction off if any creator turned it off, and takes the shortest cap', () => {
    expect(combinedCreatorRules([CREATOR, other], false)).toEqual({
      privacy: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: true,
      maxDurationSec: 60,
    });
  });

  it('offers Only me alone while the app is unaudited', () => {
    expect(combinedCreatorRules([CREATOR, other], true).privacy).toEqual(['SELF_ONLY']);
  });
});
