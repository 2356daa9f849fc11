import { ALREADY_RETRYING_MESSAGE, NOTHING_TO_RETRY_MESSAGE, SCHEDULED_IN_PAST_MESSAGE, type Post } from '@shared/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../functions/publishing/model';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aPostDueIn } from '../helpers/due';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { controlTheSandbox as control, sandboxReceiptsFor } from '../helpers/sandbox';
import { itemsOfUser, theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * A failed post is published again for its failed platforms only, through the same
 * engine, against the sandbox platforms; the platforms that had already posted get nothing more.
 */
const postItemOf = async (userId: string, postId: string) => (await itemsOfUser(userId)).find((i) => i.sk === `POST#${postId}`);
const usageOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('USAGE#'));

/** A stored post that failed on its only platform, as the publisher leaves it. */
async function aFailedPost(userId: string) {
  const account = await aConnectedAccount(userId, 'facebook', 'Bakery Page');
  const post = await aStoredPost(userId, account, {
    status: 'failed',
    scheduled_at: inDays(-1),
    usage_month: new Date().toISOString().slice(0, 7),
    error_message: 'Facebook failed: down',
  });
  post.platforms[0]!.status = 'failed';
  post.platforms[0]!.error_message = 'down';
  const { replacePost } = await import('../../functions/data/posts');
  await replacePost(userId, post, { version: post.version, status: 'failed' });
  return post;
}

describe('retrying a failed post', () => {
  it('publishes only the failed platform again: each platform ends with exactly one post', { timeout: 120_000 }, async () => {
    // Prepare: a post to Facebook and X where X refuses the create once.
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('facebook', user.accessToken);
    await connect('x', user.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as { id: string; platform: string }[];
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    const x = accounts.find((a) => a.platform === 'x')!;
    const tag = ulid().slice(-8);
    const captions = { facebook: `Fresh bread today ${tag}`, x: `Fresh bread on X ${tag}` };
    await control('POST', '/faults', {
      platform: 'x',
      publish: true,
      times: 1,
      status: 403,
      body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'You are not permitted to perform this action.' },
    });
    const created = await aPostDueIn(3, user.accessToken, (scheduledAt) => ({
      scheduled_at: scheduledAt,
      platforms: [
        { platform: 'facebook', social_account_id: facebook.id, caption: captions.facebook, settings: {} },
        { platform: 'x', social_account_id: x.id, caption: captions.x, settings: {} },
      ],
      media_ids: [],
    }));
    const failed = await theSettledPost(user.accessToken, created.id);
    expect(failed.status).toBe('failed');
    expect(failed.platforms.map((t) => [t.platform, t.status])).toEqual([
      ['facebook', 'posted'],
      ['x', 'failed'],
    ]);
    const usageBefore = await usageOf(user.userId);

    // Act
    const res = await weCallTheApi('POST', `/api/posts/${failed.id}/retry`, { token: user.accessToken, body: {} });
    const settled = await theSettledPost(user.accessToken, failed.id, 40_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(failed.version + 1);
    expect(res.body.platforms.map((t: Post['platforms'][number]) => [t.platform, t.status])).toEqual([
      ['facebook', 'posted'],
      ['x', 'pending'],
    ]);
    expect(settled.status).toBe('posted');
    expect(settled.error_message).toBeNull();
    expect(settled.platforms[0]!.post_url).toBe(failed.platforms[0]!.post_url);
    expect(settled.platforms[1]).toMatchObject({ status: 'posted', error_message: null, post_url: expect.stringContaining('/status/') });
    expect((await sandboxReceiptsFor(captions.facebook)).map((r) => r.platform)).toEqual(['facebook']);
    expect((await sandboxReceiptsFor(captions.x)).map((r) => r.platform)).toEqual(['x']);
    // A retry is not a new post: this month's allowance is untouched.
    expect(await usageOf(user.userId)).toEqual(usageBefore);
    // Nothing left to retry.
    expect(await weCallTheApi('POST', `/api/posts/${failed.id}/retry`, { token: user.accessToken, body: {} })).toMatchObject({
      status: 409,
      body: { error: { message: NOTHING_TO_RETRY_MESSAGE } },
    });
  });

  it('can be scheduled for later: the post waits on the Scheduled tab with its failed target pending', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const post = await aFailedPost(user.userId);
    const later = inDays(1);

    // Act
    const res = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: user.accessToken, body: { scheduled_at: later } });
    const scheduled = (await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: user.accessToken })).body.items as Post[];
    const failedTab = (await weCallTheApi('GET', '/api/posts?tab=failed', { token: user.accessToken })).body.items as Post[];

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'scheduled', scheduled_at: later, error_message: null, version: post.version + 1 });
    expect(res.body.platforms[0]).toMatchObject({ status: 'pending', error_message: null });
    expect(scheduled.map((p) => p.id)).toEqual([post.id]);
    expect(failedTab).toEqual([]);
  });

  it('keeps the checkpoint only of a target whose outcome was unknown, so its adapter looks before posting again', async () => {
    // Prepare: two failed targets as the publisher leaves them, with the engine's fields.
    const user = await aConfirmedUser({ plan: 'basic' });
    const facebook = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const x = await aConnectedAccount(user.userId, 'x', '@bakerx');
    const post = await aStoredPost(user.userId, facebook, { status: 'failed', scheduled_at: inDays(-1) });
    const engine = { attempts: 3, lease_owner: null, lease_until: null };
    const { replacePost } = await import('../../functions/data/posts');
    await replacePost(
      user.userId,
      {
        ...post,
        platforms: [
          {
            ...post.platforms[0]!,
            status: 'failed',
            error_message: UNKNOWN_OUTCOME_MESSAGE,
            ...engine,
            checkpoint: { createAttemptedAt: '2026-11-01T10:00:00.000Z' },
          } as never,
          {
            ...post.platforms[0]!,
            id: ulid(),
            platform: 'x',
            social_account_id: x.id,
            account_name: '@bakerx',
            account_id: x.account_id,
            status: 'failed',
            error_message: 'X does not allow this',
            ...engine,
            checkpoint: { createAttemptedAt: '2026-11-01T10:00:00.000Z' },
          } as never,
        ],
      },
      { version: post.version, status: 'failed' },
    );

    // Act
    const res = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: user.accessToken, body: { scheduled_at: inDays(1) } });

    // Assess
    expect(res.status).toBe(200);
    const [unknown, refused] = (await postItemOf(user.userId, post.id))!.platforms;
    expect(unknown).toMatchObject({ status: 'pending', error_message: null, checkpoint: { createAttemptedAt: '2026-11-01T10:00:00.000Z' } });
    expect(refused).toMatchObject({ status: 'pending', error_message: null });
    expect(refused.checkpoint).toBeUndefined();
    expect([unknown.attempts, refused.attempts]).toEqual([undefined, undefined]);
  });

  it("answers 404 for another user's post and changes nothing", async () => {
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const post = await aFailedPost(owner.userId);
    const before = await postItemOf(owner.userId, post.id);

    const res = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: other.accessToken, body: {} });

    expect(res.status).toBe(404);
    expect(await postItemOf(owner.userId, post.id)).toEqual(before);
  });

  it('refuses a post that is already being published again, and a draft, with 409 and nothing written', async () => {
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const scheduled = await aStoredPost(user.userId, account, { status: 'scheduled', scheduled_at: inDays(1) });
    const draft = await aStoredPost(user.userId, account);
    const before = await itemsOfUser(user.userId);

    const again = await weCallTheApi('POST', `/api/posts/${scheduled.id}/retry`, { token: user.accessToken, body: {} });
    const ofDraft = await weCallTheApi('POST', `/api/posts/${draft.id}/retry`, { token: user.accessToken, body: {} });

    expect(again).toMatchObject({ status: 409, body: { error: { message: ALREADY_RETRYING_MESSAGE } } });
    expect(ofDraft).toMatchObject({ status: 409, body: { error: { message: NOTHING_TO_RETRY_MESSAGE } } });
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('refuses a time in the past, a malformed time and a disconnected account with 400 and nothing written', async () => {
    const user = await aConfirmedUser();
    const post = await aFailedPost(user.userId);
    const before = await itemsOfUser(user.userId);

    const past = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: user.accessToken, body: { scheduled_at: inDays(-1) } });
    const malformed = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: user.accessToken, body: { scheduled_at: 'tomorrow' } });
    const afterRefusals = await itemsOfUser(user.userId);
    expect(await weCallTheApi('DELETE', `/api/accounts/${post.platforms[0]!.social_account_id}`, { token: user.accessToken })).toMatchObject({ status: 204 });
    const withoutAccount = await itemsOfUser(user.userId);
    const disconnected = await weCallTheApi('POST', `/api/posts/${post.id}/retry`, { token: user.accessToken, body: {} });

    expect(past).toMatchObject({ status: 400, body: { error: { message: SCHEDULED_IN_PAST_MESSAGE } } });
    expect(malformed.status).toBe(400);
    expect(disconnected.status).toBe(400);
    expect(disconnected.body.error.message).toMatch(/Facebook account Bakery Page .*Connect it again/);
    expect(afterRefusals).toEqual(before);
    expect(await itemsOfUser(user.userId)).toEqual(withoutAccount);
  });
});
