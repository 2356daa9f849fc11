import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialAccount } from '@shared/accounts';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { aNewDraft, anUploadedCake, MEDIA_ID, meResponse, mockApi, shellRoutes, socialAccount } from './helpers/api-mock';
import { platformTile } from './helpers/compose';
import { renderApp } from './helpers/render-app';
import { FakeXhr } from './helpers/xhr';
import { chooseScheduleTime } from './helpers/schedule';
import { aCreatorInfo } from '../helpers/tiktok';

// jsdom reads no video headers: each test says what the browser measured of a picked video.
const measured = vi.hoisted(() => ({ video: null as null | { duration_seconds: number; width: number; height: number } }));
vi.mock('@/lib/video-facts', () => ({ readVideoFacts: async () => measured.video }));

const X_ID = '01JQ00000000000000000000X1';
const TT_ID = '01JQ00000000000000000000T1';
const YT_ID = '01JQ00000000000000000000Y1';
const IG_OLD = '01JQ00000000000000000000A1';
const IG_NEW = '01JQ00000000000000000000A2';
const UPLOAD_URL = 'https://media-bucket.example/upload';

const ACCOUNTS: SocialAccount[] = [
  socialAccount({ id: IG_NEW, platform: 'instagram', account_name: 'bakery.new', created_at: '2026-03-20T12:00:00.000Z' }),
  socialAccount({ id: X_ID, platform: 'x', account_name: '@baker' }),
  socialAccount({ id: TT_ID, platform: 'tiktok', account_name: '@baker.tt' }),
  socialAccount({ id: YT_ID, platform: 'youtube', account_name: 'Baker TV' }),
  socialAccount({ id: IG_OLD, platform: 'instagram', account_name: 'bakery.old', created_at: '2025-01-01T12:00:00.000Z' }),
];

const createdPost = aNewDraft;

const mediaItem = anUploadedCake;

/** Types into a field in one go: per-key typing is slow under jsdom and adds nothing here. */
async function fill(user: ReturnType<typeof renderApp>['user'], label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function openCompose(options: { accounts?: SocialAccount[]; timezone?: string; routes?: Parameters<typeof mockApi>[0] } = {}) {
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: options.timezone ?? 'Europe/London' } }) }),
    'GET /accounts': { body: { accounts: options.accounts ?? ACCOUNTS } },
    'POST /posts': { status: 201, body: createdPost() },
    [`GET /accounts/${TT_ID}/tiktok-creator-info`]: {
      body: aCreatorInfo({ creator_nickname: 'Baker', creator_username: 'baker.tt' }),
    },
    ...options.routes,
  });
  signedInAs();
  const app = renderApp('/home/compose');
  await screen.findByRole('heading', { level: 1, name: 'Compose' });
  if ((options.accounts ?? ACCOUNTS).length > 0) await screen.findByTestId('platform-picker');
  return { ...app, api };
}

const submitButton = () => screen.getByRole('button', { name: /Save Draft|Schedule Post/ });

// The first test also loads the lazy route's chunk, slow on a busy 2-core machine.
describe('the Compose page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    measured.video = null;
  });

  it('locks platforms without a connected account', async () => {
    const { user } = await openCompose();

    const facebook = platformTile('Facebook');
    expect(facebook).toBeDisabled();
    expect(facebook).toHaveAccessibleDescription('Connect account in Settings → Platforms');
    await user.click(screen.getByTestId('platform-tile-wrapper-facebook'));
    expect(screen.queryByTestId('compose-platform-facebook')).not.toBeInTheDocument();
  });

  it('shows the X caption box with a counter against the 280 limit', async () => {
    const { user } = await openCompose();

    await user.click(platformTile('X (Twitter)'));

    const section = await screen.findByTestId('compose-platform-x');
    expect(within(section).getByTestId('caption-counter-x')).toHaveTextContent('0/280');
    expect(within(section).getByText("X supports text-only posts for now: a post with media can't include X.")).toBeInTheDocument();
    await fill(user, 'X caption', 'Fresh bread');
    expect(within(section).getByTestId('caption-counter-x')).toHaveTextContent('11/280');
  });

  it('refuses a caption over the platform limit with "Caption too long"', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    await user.click(screen.getByLabelText('X caption'));
    await user.paste('a'.repeat(281));
    expect(screen.getByTestId('caption-counter-x')).toHaveTextContent('281/280');

    await user.click(submitButton());

    expect(await screen.findByText('Caption too long')).toBeInTheDocument();
    expect(screen.getByText('X caption exceeds limit of 280 characters (current: 281)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('asks for at least one platform', async () => {
    const { user, api } = await openCompose();

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    // The toast and the picker both say it: the picker is marked and described by it.
    expect(screen.getAllByText('Please select at least one platform')).toHaveLength(2);
    expect(screen.getByTestId('platform-picker')).toHaveAccessibleDescription('Please select at least one platform');
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);

    await user.click(platformTile('X (Twitter)'));
    expect(screen.queryByTestId('platform-picker-error')).not.toBeInTheDocument();
  });

  it('requires a YouTube title, and previews it with #shorts', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('YouTube'));
    expect(await screen.findByLabelText('YouTube description')).toBeInTheDocument();
    expect(screen.getByText('The video must be at most 60 seconds long and vertical.')).toBeInTheDocument();

    await user.click(submitButton());
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    // Toasted, and marked at the title field.
    await waitFor(() => expect(screen.getByLabelText('YouTube title')).toHaveAccessibleErrorMessage('YouTube requires a title'));
    expect(screen.getByLabelText('YouTube title')).toHaveAttribute('aria-invalid', 'true');

    await fill(user, 'YouTube title', 'Sourdough in 60s');
    expect(screen.getByTestId('youtube-title-counter')).toHaveTextContent('16/100');
    expect(screen.getByTestId('youtube-title-preview')).toHaveTextContent('Published as: Sourdough in 60s #shorts');
    expect(screen.getByLabelText('YouTube title')).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('reads the schedule time in the user timezone and switches the button to "Schedule Post"', async () => {
    await openCompose({ timezone: 'America/New_York' });
    expect(submitButton()).toHaveTextContent('Save Draft');

    await chooseScheduleTime('2030-07-01T09:00');

    expect(screen.getByTestId('schedule-helper')).toHaveTextContent('Will post at Jul 1, 2030 9:00 AM in America/New York timezone');
    expect(submitButton()).toHaveTextContent('Schedule Post');

    fireEvent.click(screen.getByRole('button', { name: 'Clear schedule time' }));
    expect(submitButton()).toHaveTextContent('Save Draft');
  });

  it('refuses a schedule time in the past', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('X (Twitter)'));
    // The picker offers no day before today, so the time that has passed is earlier today (in London).
    await chooseScheduleTime(`${new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' })}T00:00`);

    await user.click(submitButton());

    expect(await screen.findByText('The scheduled time has already passed. Choose a time in the future.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it.each([
    ['Europe/London', '2030-07-01T08:00:00.000Z'],
    ['America/New_York', '2030-07-01T13:00:00.000Z'],
  ])('creates the post with the exact body (schedule read in %s) and resets the form', async (timezone, utc) => {
    const { user, api, queryClient } = await openCompose({ timezone });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    // X is text only for now and TikTok needs a video: they no longer share a post.
    await user.click(platformTile('X (Twitter)'));
    await fill(user, 'X caption', 'Hello X');
    await chooseScheduleTime('2030-07-01T09:00');

    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(1);
    expect(api.callsTo('POST', '/posts')[0]!.body).toEqual({
      scheduled_at: utc,
      platforms: [{ platform: 'x', social_account_id: X_ID, caption: 'Hello X', settings: {} }],
      media_ids: [],
    });
    await waitFor(() => expect(screen.queryByTestId('compose-platform-x')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Schedule time')).toHaveValue('');
    expect(submitButton()).toHaveTextContent('Save Draft');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['posts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['usage'] });
  });

  it('sends a YouTube Short with its title and one target per checked account', async () => {
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem({ file_path: 'user-alice/crumb.mp4', file_type: 'video/mp4', width: 1080, height: 1920 }) },
      },
    });
    // Instagram takes no post without a photo or video; YouTube Shorts needs one vertical video of at most 60 s.
    measured.video = { duration_seconds: 30, width: 1080, height: 1920 };
    await user.upload(screen.getByLabelText('Choose videos'), new File(['crumb'], 'crumb.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await screen.findByText('Upload Complete');
    await user.click(platformTile('Instagram'));
    await user.click(platformTile('YouTube'));

    const accounts = screen.getByRole('group', { name: 'Instagram accounts' });
    expect(within(accounts).getByLabelText('bakery.new')).toBeChecked();
    expect(within(accounts).getByLabelText('bakery.old')).not.toBeChecked();
    await user.click(within(accounts).getByLabelText('bakery.new'));
    expect(within(accounts).getByLabelText('bakery.new')).toBeChecked();
    await user.click(within(accounts).getByLabelText('bakery.old'));
    await fill(user, 'Instagram caption', 'Crumb shot');
    await fill(user, 'YouTube title', 'Crumb  ');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(api.callsTo('POST', '/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/posts')[0]!.body).toEqual({
      title: 'Crumb',
      scheduled_at: null,
      platforms: [
        { platform: 'instagram', social_account_id: IG_NEW, caption: 'Crumb shot', settings: {} },
        { platform: 'instagram', social_account_id: IG_OLD, caption: 'Crumb shot', settings: {} },
        { platform: 'youtube', social_account_id: YT_ID, caption: '', settings: {} },
      ],
      media_ids: [MEDIA_ID],
      youtube_type: 'shorts',
    });
  });

  it('shows "Error creating post" with the API message, and the upgrade at the plan limit', async () => {
    const { user } = await openCompose({
      routes: {
        'POST /posts': {
          status: 403,
          body: {
            error: {
              code: 'PLAN_LIMIT_REACHED',
              message: 'You have used all 5 scheduled posts of your plan this month.',
              details: { upgrade: 'Upgrade to Basic for 15 posts a month.', limit: 5 },
            },
          },
        },
      },
    });
    await user.click(platformTile('X (Twitter)'));
    await fill(user, 'X caption', 'Hi');

    await user.click(submitButton());

    expect(await screen.findByText('Error creating post')).toBeInTheDocument();
    expect(screen.getByText('You have used all 5 scheduled posts of your plan this month. Upgrade to Basic for 15 posts a month.')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-limit-alert')).getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/home/subscription');
    // The form is kept so the user can retry.
    expect(screen.getByLabelText('X caption')).toHaveValue('Hi');
  });

  it('rejects a file over 100MB before any upload', async () => {
    const { user, api } = await openCompose();
    const big = new File(['x'], 'holiday.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 150 * 1024 * 1024 });

    await user.upload(screen.getByLabelText('Choose videos'), big);

    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('holiday.mp4 exceeds 100MB limit (150.0MB)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/media/uploads')).toHaveLength(0);
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument();
  });

  it('ignores a dropped file that is neither an image nor a video', async () => {
    const { api } = await openCompose({
      routes: { 'POST /media/uploads': { body: { key: 'user-alice/01.png', url: UPLOAD_URL, fields: { key: 'user-alice/01.png' } } } },
    });
    const text = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    const cake = new File(['cake'], 'cake.png', { type: 'image/png' });

    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [text] } });
    // Then an image: drops are handled in order, so once its upload has begun, one for the text
    // file would have begun before it.
    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [cake] } });

    await waitFor(() => expect(api.callsTo('POST', '/media/uploads')).toHaveLength(1));
    expect(api.callsTo('POST', '/media/uploads')[0]!.body).toMatchObject({ file_name: 'cake.png' });
    expect(screen.getAllByTestId('media-tile')).toHaveLength(1);
  });

  it('refuses a dropped SVG (it can carry script) with the types it takes, before any upload', async () => {
    const { api } = await openCompose();
    const svg = new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' });

    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [svg] } });

    expect(await screen.findByText('File not supported')).toBeInTheDocument();
    expect(screen.getByText('logo.svg: Only JPEG, PNG, WebP or GIF images, MP4, MOV or WebM videos and PDF documents can be uploaded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/media/uploads')).toHaveLength(0);
    expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument();
  });

  it('uploads a dropped image (presign → storage POST → confirm), attaches it, and deletes it', async () => {
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': {
          body: { key: 'user-alice/01.png', url: UPLOAD_URL, fields: { key: 'user-alice/01.png', Policy: 'p', 'X-Amz-Signature': 's' } },
        },
        'POST /media': { status: 201, body: mediaItem() },
        [`DELETE /media/${MEDIA_ID}`]: { status: 204 },
      },
    });
    const cake = new File(['cake'], 'cake.png', { type: 'image/png' });

    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [cake] } });

    const tile = await screen.findByTestId('media-tile');
    expect(within(tile).getByRole('img', { name: 'cake.png' })).toHaveAttribute('src', 'blob:local-preview');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(api.callsTo('POST', '/media/uploads')[0]!.body).toEqual({ file_name: 'cake.png', file_type: 'image/png', file_size: 4 });
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_URL);
    expect([...xhr.body!.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect(xhr.body!.get('file')).toBe(cake);

    xhr.progress(40, 100);
    expect(within(tile).getByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    xhr.respond(204);

    expect(await within(tile).findByText('Upload Complete')).toBeInTheDocument();
    expect(await screen.findByText('File uploaded successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/media')[0]!.body).toEqual({ key: 'user-alice/01.png' });
    expect(within(tile).getByRole('img', { name: 'cake.png' })).toHaveAttribute('src', mediaItem().url);
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();

    await user.click(within(tile).getByRole('button', { name: 'Delete cake.png' }));

    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/media/${MEDIA_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument());
  });

  it('sends the stored media with the post and clears them afterwards', async () => {
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem() },
      },
    });
    await user.upload(screen.getByLabelText('Choose images'), new File(['cake'], 'cake.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await screen.findByText('Upload Complete');
    await user.click(platformTile('Instagram'));

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await screen.findByText('Post created successfully!');
    expect((api.callsTo('POST', '/posts')[0]!.body as { media_ids: string[] }).media_ids).toEqual([MEDIA_ID]);
    await waitFor(() => expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument());
  });

  it('names an image outside Instagram’s 4:5 … 1.91:1 as soon as it is uploaded, and does not save', async () => {
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem({ width: 500, height: 1500 }) },
      },
    });
    await user.click(platformTile('Instagram'));
    await fill(user, 'Instagram caption', 'Tall one');
    await user.upload(screen.getByLabelText('Choose images'), new File(['tall'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await screen.findByText('Upload Complete');

    const message = 'Instagram needs images between 4:5 (portrait) and 1.91:1 (landscape); photo.png is 1:3.';
    expect(within(screen.getByTestId('instagram-media-problem')).getByText(message)).toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByText('Not accepted by Instagram')).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(1);
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('names a landscape, too-long video under YouTube as soon as it is uploaded, sends the measures with the confirm, and does not save', async () => {
    measured.video = { duration_seconds: 75.04, width: 1920, height: 1080 };
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem({ file_path: 'user-alice/clip.mp4', file_type: 'video/mp4', width: 1920, height: 1080 }) },
      },
    });
    await user.click(platformTile('YouTube'));
    await fill(user, 'YouTube title', 'Bread');
    await user.upload(screen.getByLabelText('Choose videos'), new File(['clip'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await screen.findByText('Upload Complete');

    const message = 'YouTube Shorts needs a vertical video of at most 60 seconds; clip.mp4 is 1920×1080, 75 s.';
    expect(within(screen.getByTestId('compose-platform-youtube')).getByTestId('youtube-media-problem')).toHaveTextContent(message);
    expect(api.callsTo('POST', '/media')[0]!.body).toEqual({ key: 'k', video: { duration_seconds: 75.04, width: 1920, height: 1080 } });
    await user.click(submitButton());

    expect(await screen.findByText('Not accepted by YouTube')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('says under X that X is text only when media are attached, and under TikTok that it needs a video once the user tries to save', async () => {
    const { user, api } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem() },
      },
    });
    await user.click(platformTile('X (Twitter)'));
    await user.click(platformTile('TikTok'));
    await fill(user, 'X caption', 'Fresh loaves');
    expect(screen.queryByTestId('x-media-problem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tiktok-media-problem')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose images'), new File(['cake'], 'cake.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await screen.findByText('Upload Complete');

    expect(within(screen.getByTestId('compose-platform-x')).getByTestId('x-media-problem')).toHaveTextContent(
      'X posts are text only for now; remove the media or unselect X.',
    );
    expect(within(screen.getByTestId('compose-platform-tiktok')).getByTestId('tiktok-media-problem')).toHaveTextContent('TikTok needs one video to post.');
    await user.click(submitButton());
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('asks for TikTok’s video under TikTok when the user saves without media, and sends nothing', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('TikTok'));
    expect(screen.queryByTestId('tiktok-media-problem')).not.toBeInTheDocument();

    await user.click(submitButton());

    expect(await within(screen.getByTestId('compose-platform-tiktok')).findByTestId('tiktok-media-problem')).toHaveTextContent(
      'TikTok needs one video to post.',
    );
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('asks for a photo or a video when Instagram is picked without media, and does not save', async () => {
    const { user, api } = await openCompose();
    await user.click(platformTile('Instagram'));
    await fill(user, 'Instagram caption', 'Words only');
    expect(screen.queryByTestId('instagram-media-problem')).not.toBeInTheDocument();

    await user.click(submitButton());

    expect(await within(screen.getByTestId('compose-platform-instagram')).findByText('Instagram needs a photo or a video to post.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('says "Upload failed" and drops the file when the API refuses it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openCompose({
      routes: { 'POST /media/uploads': { status: 400, body: { error: { code: 'VALIDATION', message: 'Only images and videos can be uploaded' } } } },
    });

    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [new File(['v'], 'clip.mov', { type: 'video/quicktime' })] } });

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Only images and videos can be uploaded')).toBeInTheDocument();
    expect(screen.queryByText('File uploaded successfully!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument());
  });

  it('says "Delete failed" with the message when a delete is refused', async () => {
    const { user } = await openCompose({
      routes: {
        'POST /media/uploads': { body: { key: 'k', url: UPLOAD_URL, fields: {} } },
        'POST /media': { status: 201, body: mediaItem() },
        [`DELETE /media/${MEDIA_ID}`]: { status: 409, body: { error: { code: 'CONFLICT', message: 'This file belongs to a post' } } },
      },
    });
    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [new File(['cake'], 'cake.png', { type: 'image/png' })] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(204);
    await user.click(await screen.findByRole('button', { name: 'Delete cake.png' }));

    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
    expect(screen.getByText('This file belongs to a post')).toBeInTheDocument();
    expect(screen.getByTestId('media-tile')).toBeInTheDocument();
  });

  it('invites the user to connect an account when none is connected', async () => {
    await openCompose({ accounts: [] });
    expect(await screen.findByText('Connect an account to start posting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/home/platforms');
  });
});
