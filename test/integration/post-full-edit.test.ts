import { X_TEXT_ONLY_MESSAGE } from '@shared/media-rules';
import { SCHEDULED_IN_PAST_MESSAGE, type Post } from '@shared/posts';
import { describe, expect, it } from 'vitest';
import { getMediaRow, headObject, MISSING_ATTACHMENTS_MESSAGE } from '../../functions/data/media';
import { DUPLICATE_ACCOUNT_MESSAGE, UNKNOWN_CLIENT_MESSAGE } from '../../functions/domain/posts';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage, anUploadedVideo, aPng, aVideoFile } from '../helpers/media';
import { aConnectedAccount, aPaidPlan, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * The Edit Post dialog is the Compose form, so PATCH /api/posts/{id} takes the whole post
 * (platforms added and removed, media, YouTube title, TikTok settings, schedule) with the create
 * rules, and still takes the older captions-only payload. Refusals write nothing.
 */
const TIKTOK = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true };
const postItem = async (userId: string, postId: string) => (await itemsOfUser(userId)).find((i) => i.sk === `POST#${postId}`);

async function aUserWith(plan: 'basic' | 'pro', ...platforms: ('facebook' | 'x' | 'instagram' | 'tiktok' | 'youtube')[]) {
  const user = await aConfirmedUser();
  await aPaidPlan(user.userId, plan);
  const accounts = await Promise.all(platforms.map((p) => aConnectedAccount(user.userId, p, `My ${p}`)));
  return { user, accounts };
}

async function created(token: string, body: Record<string, unknown>): Promise<Post> {
  const res = await weCallTheApi('POST', '/api/posts', { token, body: { media_ids: [], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

const edit = (token: string, id: string, body: Record<string, unknown>) => weCallTheApi('PATCH', `/api/posts/${id}`, { token, body });

describe('the full edit of a post', () => {
  it('adds a platform and removes another, keeping the id of the target it keeps, and bumps the version', async () => {
    // Prepare
    const { user, accounts } = await aUserWith('basic', 'facebook', 'x');
    const [facebook, x] = accounts;
    const post = await created(user.accessToken, {
      scheduled_at: inDays(2),
      platforms: [{ platform: 'facebook', social_account_id: facebook!.id, caption: 'Bread' }],
    });

    // Act
    const both = await edit(user.accessToken, post.id, {
      scheduled_at: inDays(3),
      platforms: [
        { platform: 'facebook', social_account_id: facebook!.id, caption: 'Bread, now warm' },
        { platform: 'x', social_account_id: x!.id, caption: 'Bread on X' },
      ],
      media_ids: [],
    });
    const onlyX = await edit(user.accessToken, post.id, {
      scheduled_at: inDays(3),
      platforms: [{ platform: 'x', social_account_id: x!.id, caption: 'Just X' }],
      media_ids: [],
    });

    // Assess
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.version).toBe(2);
    expect(both.body.platforms.map((t: Post['platforms'][number]) => [t.platform, t.caption, t.status])).toEqual([
      ['facebook', 'Bread, now warm', 'pending'],
      ['x', 'Bread on X', 'pending'],
    ]);
    expect(both.body.platforms[0].id).toBe(post.platforms[0]!.id);
    expect(onlyX.status).toBe(200);
    expect(onlyX.body.version).toBe(3);
    expect(onlyX.body.platforms.map((t: Post['platforms'][number]) => [t.platform, t.caption])).toEqual([['x', 'Just X']]);
    expect(onlyX.body.platforms[0].id).toBe(both.body.platforms[1].id);
    expect((await postItem(user.userId, post.id))?.platforms).toHaveLength(1);
  });

  it('adds and removes media: the new file is attached, the removed one is deleted with its object', async () => {
    // Prepare
    const { user, accounts } = await aUserWith('basic', 'facebook');
    const first = await anUploadedImage(user.accessToken, aPng('first.png'));
    const second = await anUploadedImage(user.accessToken, aPng('second.png'));
    const post = await created(user.accessToken, {
      platforms: [{ platform: 'facebook', social_account_id: accounts[0]!.id, caption: 'Bread' }],
      media_ids: [first.id],
    });

    // Act
    const res = await edit(user.accessToken, post.id, {
      scheduled_at: null,
      platforms: [{ platform: 'facebook', social_account_id: accounts[0]!.id, caption: 'Bread' }],
      media_ids: [second.id],
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.media.map((m: { id: string }) => m.id)).toEqual([second.id]);
    expect((await getMediaRow(user.userId, second.id))?.post_id).toBe(post.id);
    expect(await getMediaRow(user.userId, first.id)).toBeNull();
    expect(await headObject(first.file_path)).toBeNull();
  });

  it('changes the YouTube title and the TikTok settings, with the create rules', async () => {
    // Prepare
    const { user, accounts } = await aUserWith('pro', 'tiktok', 'youtube');
    const [tiktok, youtube] = accounts;
    const video = await anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: 30, width: 1080, height: 1920 });
    const targets = (tiktokSettings: Record<string, unknown>) => [
      { platform: 'tiktok', social_account_id: tiktok!.id, caption: 'Bake', settings: tiktokSettings },
      { platform: 'youtube', social_account_id: youtube!.id, caption: 'Bake' },
    ];
    const post = await created(user.accessToken, { title: 'Morning bake', scheduled_at: inDays(2), platforms: targets(TIKTOK), media_ids: [video.id] });

    // Act
    const res = await edit(user.accessToken, post.id, {
      title: 'Evening bake',
      scheduled_at: inDays(2),
      platforms: targets({ ...TIKTOK, tiktok_allow_comment: true }),
      media_ids: [video.id],
    });
    const untitled = await edit(user.accessToken, post.id, { title: '', scheduled_at: inDays(2), platforms: targets(TIKTOK), media_ids: [video.id] });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.title).toBe('Evening bake #shorts');
    expect(res.body.platforms[0].settings).toMatchObject({ tiktok_allow_comment: true });
    expect(untitled).toMatchObject({ status: 400, body: { error: { message: 'YouTube requires a title' } } });
    expect((await postItem(user.userId, post.id))?.title).toBe('Evening bake #shorts');
  });

  it("moves the post to another client, or to none, and refuses another user's client", async () => {
    // Prepare
    const { user, accounts } = await aUserWith('basic', 'facebook');
    const other = await aConfirmedUser();
    const clientOf = async (token: string, name: string) => (await weCallTheApi('POST', '/api/clients', { token, body: { name } })).body.id as string;
    const [acme, gym, theirs] = [
      await clientOf(user.accessToken, 'Acme'),
      await clientOf(user.accessToken, 'Gym'),
      await clientOf(other.accessToken, 'Theirs'),
    ];
    const target = [{ platform: 'facebook', social_account_id: accounts[0]!.id, caption: 'Bread' }];
    const post = await created(user.accessToken, { platforms: target, client_id: acme });

    // Act
    const moved = await edit(user.accessToken, post.id, { scheduled_at: null, platforms: target, media_ids: [], client_id: gym });
    const refused = await edit(user.accessToken, post.id, { scheduled_at: null, platforms: target, media_ids: [], client_id: theirs });
    const none = await edit(user.accessToken, post.id, { scheduled_at: null, platforms: target, media_ids: [] });

    // Assess
    expect(moved.body.client_id).toBe(gym);
    expect(refused).toMatchObject({ status: 400, body: { error: { message: UNKNOWN_CLIENT_MESSAGE } } });
    expect(none.body).toMatchObject({ client_id: null, version: 3 });
  });

  it('still takes the older payload of captions by target id', async () => {
    const { user, accounts } = await aUserWith('basic', 'facebook');
    const post = await created(user.accessToken, { platforms: [{ platform: 'facebook', social_account_id: accounts[0]!.id, caption: 'Old' }] });

    const res = await edit(user.accessToken, post.id, { scheduled_at: null, platforms: [{ id: post.platforms[0]!.id, caption: 'New' }] });

    expect(res.status).toBe(200);
    expect(res.body.platforms.map((t: Post['platforms'][number]) => [t.id, t.caption])).toEqual([[post.platforms[0]!.id, 'New']]);
  });

  it.each([
    ['no platform', () => ({ platforms: [] }), 'Please select at least one platform', 400],
    [
      'a caption over the platform limit',
      (a: Ids) => ({ platforms: [{ platform: 'x', social_account_id: a.x, caption: 'x'.repeat(281) }] }),
      'X caption exceeds limit of 280 characters (current: 281)',
      400,
    ],
    [
      'the same account twice',
      (a: Ids) => ({
        platforms: [
          { platform: 'x', social_account_id: a.x, caption: 'a' },
          { platform: 'x', social_account_id: a.x, caption: 'b' },
        ],
      }),
      DUPLICATE_ACCOUNT_MESSAGE,
      400,
    ],
    [
      'a platform the plan does not include',
      (a: Ids) => ({ platforms: [{ platform: 'tiktok', social_account_id: a.tiktok, caption: 'a', settings: TIKTOK }] }),
      'Upgrade to Pro to connect TikTok',
      403,
    ],
    [
      'media X does not take',
      (a: Ids) => ({ platforms: [{ platform: 'x', social_account_id: a.x, caption: 'a' }], media_ids: [a.image] }),
      X_TEXT_ONLY_MESSAGE,
      400,
    ],
    [
      'a file that is not the user’s',
      (a: Ids) => ({ platforms: [{ platform: 'facebook', social_account_id: a.facebook, caption: 'a' }], media_ids: ['01JQ0000000000000000000000'] }),
      MISSING_ATTACHMENTS_MESSAGE,
      400,
    ],
    [
      'a time in the past',
      (a: Ids) => ({ scheduled_at: inDays(-1), platforms: [{ platform: 'facebook', social_account_id: a.facebook, caption: 'a' }] }),
      SCHEDULED_IN_PAST_MESSAGE,
      400,
    ],
  ])('refuses %s and writes nothing', async (_, change, message, status) => {
    // Prepare
    const { user, accounts } = await aUserWith('basic', 'facebook', 'x', 'tiktok');
    const [facebook, x, tiktok] = accounts;
    const image = await anUploadedImage(user.accessToken);
    const post = await created(user.accessToken, {
      scheduled_at: inDays(2),
      platforms: [{ platform: 'facebook', social_account_id: facebook!.id, caption: 'Bread' }],
    });
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await edit(user.accessToken, post.id, {
      scheduled_at: inDays(2),
      media_ids: [],
      ...change({ facebook: facebook!.id, x: x!.id, tiktok: tiktok!.id, image: image.id }),
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });
});

interface Ids {
  facebook: string;
  x: string;
  tiktok: string;
  image: string;
}
