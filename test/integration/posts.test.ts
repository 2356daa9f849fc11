import { fromZonedTime } from 'date-fns-tz';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import { describe, expect, it } from 'vitest';
import { getMediaRow, headObject } from '../../functions/data/media';
import { replacePost } from '../../functions/data/posts';
import { ConflictError } from '../../functions/lib/errors';
import { aConfirmedUser } from '../helpers/given';
import { aComposeBody, aConnectedAccount, aMediaFile, aPaidPlan, aStoredPost, inDays } from '../helpers/posts';
import { anUploadedVideo, aVideoFile } from '../helpers/media';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** And "Posts": create, read, edit and delete through the API with a real token. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));
const usageOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('USAGE#'));

describe('creating a post', () => {
  it('saves a post without a time as a draft with a pending target per account', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account) });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', scheduled_at: null, published_at: null, version: 1, media: [], youtube_type: null, title: null });
    expect(res.body.id).toMatch(ULID);
    expect(res.body.platforms).toEqual([
      {
        id: expect.stringMatching(ULID),
        platform: 'facebook',
        social_account_id: account.id,
        account_name: 'Bakery Page',
        account_id: account.account_id,
        caption: 'Hello from facebook',
        settings: {},
        status: 'pending',
        post_url: null,
        posted_at: null,
        error_message: null,
        // The account's page on the network this deployment talks to (the sandbox here).
        profile_url: expect.stringMatching(/^http:\/\/localhost:\d+\/_sandbox\/facebook\/www\/./),
      },
    ]);
    expect((await weCallTheApi('GET', `/api/posts/${res.body.id}`, { token: user.accessToken })).body).toEqual(res.body);
    expect(await usageOf(user.userId)).toEqual([]);
  });

  it('saves a post with a future time as scheduled, in UTC, and counts it this month', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram');
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCSeconds(0, 0);

    // Act
    // Instagram takes no post without a photo or video.
    const file = await aMediaFile(user.userId);
    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: aComposeBody(account, { scheduled_at: at.toISOString().replace('.000Z', '+00:00'), media_ids: [file.id] }),
    });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body).toEqual({
      month: new Date().toISOString().slice(0, 7),
      used: 1,
      limit: 5,
      plan: 'free',
    });
    const [stored] = await postsOf(user.userId);
    expect(stored).toMatchObject({ gsi2pk: 'OPEN', gsi1pk: `POSTTAB#${user.userId}#scheduled` });
  });

  it('adds #shorts to the YouTube title and marks the post a Short', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'pro');
    const youtube = await aConnectedAccount(user.userId, 'youtube');
    const short = await anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: 30, width: 1080, height: 1920 });

    // Act
    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: aComposeBody(youtube, { title: '  Baking bread ', media_ids: [short.id] }),
    });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Baking bread #shorts', youtube_type: 'shorts' });
  });

  it.each([
    ['no platform', (_: string) => ({ platforms: [] }), 'Please select at least one platform'],
    [
      'a caption over the X limit',
      (id: string) => ({
        platforms: [
          { platform: 'facebook', social_account_id: id, caption: 'x' },
          { platform: 'x', social_account_id: id, caption: 'c'.repeat(281) },
        ],
      }),
      'X caption exceeds limit of 280 characters (current: 281)',
    ],
    [
      'a YouTube target without a title',
      (id: string) => ({ platforms: [{ platform: 'youtube', social_account_id: id, caption: '' }] }),
      'YouTube requires a title',
    ],
    [
      'an unknown client',
      (id: string) => ({ platforms: [{ platform: 'facebook', social_account_id: id, caption: 'x' }], client_id: '01KAAAAAAAAAAAAAAAAAAAAAAA' }),
      'That client was not found in your clients',
    ],
    [
      'the same account twice',
      (id: string) => ({
        platforms: [
          { platform: 'facebook', social_account_id: id, caption: 'a' },
          { platform: 'facebook', social_account_id: id, caption: 'b' },
        ],
      }),
      'Each account can be selected only once per post',
    ],
    [
      'a media id that is not an upload of the user',
      (id: string) => ({ platforms: [{ platform: 'facebook', social_account_id: id, caption: 'a' }], media_ids: ['01KAAAAAAAAAAAAAAAAAAAAAAA'] }),
      'Some of the attached files could not be found; upload them again',
    ],
  ])('refuses %s with a 400 and writes nothing', async (_name, body, message) => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: { ...body(account.id), scheduled_at: inDays(1) } });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await postsOf(user.userId)).toEqual([]);
    expect(await usageOf(user.userId)).toEqual([]);
  });

  it('refuses a time in the past with the clear message and writes nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: inDays(0, -1) }) });

    // Assess
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: SCHEDULED_IN_PAST_MESSAGE } } });
    expect(await postsOf(user.userId)).toEqual([]);
    expect(await usageOf(user.userId)).toEqual([]);
  });

  it("refuses another user's account with 'Please connect accounts for selected platforms'", async () => {
    // Prepare
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const alicesAccount = await aConnectedAccount(alice.userId, 'facebook');

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: mallory.accessToken, body: aComposeBody(alicesAccount) });

    // Assess
    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Please connect accounts for selected platforms' } } });
    expect(await postsOf(mallory.userId)).toEqual([]);
    expect(await postsOf(alice.userId)).toEqual([]);
  });

  it("refuses a platform the user's plan lacks with the upgrade message", async () => {
    // Prepare
    const user = await aConfirmedUser();
    const x = await aConnectedAccount(user.userId, 'x');

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(x) });

    // Assess
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'PLAN_REQUIRED', message: 'Upgrade to Basic to connect X' } } });
    expect(await postsOf(user.userId)).toEqual([]);
  });

  it('attaches uploaded media, presigns their URLs, and deletes them with the post', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram');
    const file = await aMediaFile(user.userId);

    // Act
    const created = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { media_ids: [file.id] }) });

    // Assess
    expect(created.status).toBe(201);
    expect(created.body.media).toEqual([{ ...file, post_id: created.body.id, url: expect.stringContaining(file.file_path) }]);
    expect((await getMediaRow(user.userId, file.id))?.post_id).toBe(created.body.id);
    const again = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { media_ids: [file.id] }) });
    expect(again.status).toBe(400);

    const deleted = await weCallTheApi('DELETE', `/api/posts/${created.body.id}`, { token: user.accessToken });
    expect(deleted.status).toBe(204);
    expect(await getMediaRow(user.userId, file.id)).toBeNull();
    expect(await headObject(file.file_path)).toBeNull();
  });

  it('stores 09:00 New York as 14:00Z after the November DST change and 13:00Z before it', async () => {
    // Prepare: the browser turns the datetime-local value into UTC with the user's timezone (docs/product-rules.md#scheduling-rules).
    // (DST ends on 2027-11-07; the 2026 change is already in the past, and past times are refused.)
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'basic');
    const account = await aConnectedAccount(user.userId, 'facebook');
    const after = fromZonedTime('2027-11-08T09:00', 'America/New_York').toISOString();
    const before = fromZonedTime('2027-11-05T09:00', 'America/New_York').toISOString();

    // Act
    const a = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: after }) });
    const b = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: before }) });

    // Assess
    expect(a.body.scheduled_at).toBe('2027-11-08T14:00:00.000Z');
    expect(b.body.scheduled_at).toBe('2027-11-05T13:00:00.000Z');
  });
});

describe('editing a post', () => {
  it('moves a draft to scheduled and back, editing captions, bumping the version, counting usage once', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const draft = (await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account) })).body;
    const target = draft.platforms[0].id;
    const at = inDays(2);

    // Act
    const scheduled = await weCallTheApi('PATCH', `/api/posts/${draft.id}`, {
      token: user.accessToken,
      body: { scheduled_at: at, platforms: [{ id: target, caption: 'New words' }] },
    });
    const backToDraft = await weCallTheApi('PATCH', `/api/posts/${draft.id}`, { token: user.accessToken, body: { scheduled_at: null } });
    const scheduledAgain = await weCallTheApi('PATCH', `/api/posts/${draft.id}`, { token: user.accessToken, body: { scheduled_at: at } });

    // Assess
    expect(scheduled).toMatchObject({ status: 200, body: { status: 'scheduled', scheduled_at: at, version: 2 } });
    expect(scheduled.body.platforms[0].caption).toBe('New words');
    expect(backToDraft.body).toMatchObject({ status: 'draft', scheduled_at: null, version: 3 });
    expect(scheduledAgain.body).toMatchObject({ status: 'scheduled', version: 4 });
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body.used).toBe(1);
  });

  it('drops the watchdog entry when a scheduled post becomes a draft', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const post = (await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: inDays(1) }) })).body;

    // Act
    await weCallTheApi('PATCH', `/api/posts/${post.id}`, { token: user.accessToken, body: { scheduled_at: null } });

    // Assess
    const [stored] = await postsOf(user.userId);
    expect(stored).not.toHaveProperty('gsi2pk');
    expect(stored).toMatchObject({ gsi1pk: `POSTTAB#${user.userId}#drafts`, gsi3pk: `POSTTAB#${user.userId}#drafts` });
  });

  it.each([
    ['a past time', (_: string) => ({ scheduled_at: inDays(-1) }), SCHEDULED_IN_PAST_MESSAGE],
    ['an unknown target id', (_: string) => ({ scheduled_at: null, platforms: [{ id: 'nope', caption: 'x' }] }), 'This post has no such platform to edit'],
    [
      'a caption over its platform limit',
      (id: string) => ({ scheduled_at: null, platforms: [{ id, caption: 'c'.repeat(2201) }] }),
      'Instagram caption exceeds limit of 2200 characters (current: 2201)',
    ],
  ])('refuses %s with a 400 and changes nothing', async (_name, body, message) => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram');
    const draft = (
      await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { media_ids: [(await aMediaFile(user.userId)).id] }) })
    ).body;

    // Act
    const res = await weCallTheApi('PATCH', `/api/posts/${draft.id}`, { token: user.accessToken, body: body(draft.platforms[0].id) });

    // Assess
    expect(res).toMatchObject({ status: 400, body: { error: { message } } });
    expect((await weCallTheApi('GET', `/api/posts/${draft.id}`, { token: user.accessToken })).body).toEqual(draft);
  });

  it.each(['posted', 'failed', 'queued', 'publishing'] as const)('refuses to edit a %s post with a 409', async (status) => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const post = await aStoredPost(user.userId, account, { status, scheduled_at: inDays(-1), published_at: status === 'posted' ? inDays(0) : null });

    // Act
    const res = await weCallTheApi('PATCH', `/api/posts/${post.id}`, { token: user.accessToken, body: { scheduled_at: inDays(1) } });

    // Assess
    expect(res).toMatchObject({ status: 409, body: { error: { message: 'Only scheduled posts and drafts can be edited' } } });
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).body).toMatchObject({ status, version: 1 });
  });

  it('refuses a write based on a version that was edited meanwhile', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const post = await aStoredPost(user.userId, account);
    await weCallTheApi('PATCH', `/api/posts/${post.id}`, {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: [{ id: post.platforms[0]!.id, caption: 'first edit' }] },
    });

    // Act
    const stale = replacePost(user.userId, { ...post, version: 2, title: 'second edit' }, { version: 1, status: 'draft' });

    // Assess
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).body).toMatchObject({ version: 2, title: null });
  });
});

describe("another user's post", () => {
  it('is a 404 to read, edit and delete, and stays unchanged', async () => {
    // Prepare
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const account = await aConnectedAccount(alice.userId, 'facebook');
    const post = (await weCallTheApi('POST', '/api/posts', { token: alice.accessToken, body: aComposeBody(account) })).body;

    // Act
    const read = await weCallTheApi('GET', `/api/posts/${post.id}`, { token: mallory.accessToken });
    const edit = await weCallTheApi('PATCH', `/api/posts/${post.id}`, {
      token: mallory.accessToken,
      body: { scheduled_at: inDays(1), platforms: [{ id: post.platforms[0].id, caption: 'pwned' }] },
    });
    const remove = await weCallTheApi('DELETE', `/api/posts/${post.id}`, { token: mallory.accessToken });

    // Assess
    expect([read.status, edit.status, remove.status]).toEqual([404, 404, 404]);
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: alice.accessToken })).body).toEqual(post);
    expect(await postsOf(mallory.userId)).toEqual([]);
  });
});

describe('deleting a post', () => {
  it.each(['draft', 'scheduled', 'posted', 'failed'] as const)('deletes a %s post', async (status) => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const post = await aStoredPost(user.userId, account, { status, scheduled_at: status === 'draft' ? null : inDays(1) });

    // Act
    const res = await weCallTheApi('DELETE', `/api/posts/${post.id}`, { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).status).toBe(404);
    expect(await postsOf(user.userId)).toEqual([]);
    expect((await weCallTheApi('DELETE', `/api/posts/${post.id}`, { token: user.accessToken })).status).toBe(404);
  });
});
