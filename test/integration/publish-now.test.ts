import { DRAFT_CHANGED_MESSAGE, NOT_A_DRAFT_MESSAGE, type Post } from '@shared/posts';
import { MSG } from '@shared/messages';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { itemsOfUser, theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * From Compose and from a draft, through the same engine as a scheduled
 * post, onto the sandbox platforms; the month's allowance counts it once; two clicks publish once.
 */
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));
const usedThisMonth = async (token: string) => (await weCallTheApi('GET', '/api/usage', { token })).body.used as number;

async function aUserWithFacebook() {
  const user = await aConfirmedUser({ plan: 'basic' });
  await connect('facebook', user.accessToken);
  const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as { id: string; platform: string }[];
  return { user, facebook: accounts.find((a) => a.platform === 'facebook')! };
}

/** Waits until the sandbox holds a post with this caption; the time it took from `since`. */
async function msUntilOnTheSandbox(caption: string, since: number): Promise<number> {
  return vi.waitFor(
    async () => {
      if ((await sandboxReceiptsFor(caption)).length === 0) throw new Error(`"${caption}" is not on the sandbox yet`);
      return Date.now() - since;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('publishing now from Compose', () => {
  it('reaches the platform within 5 s, once, counts one post this month and notifies', { timeout: 90_000 }, async () => {
    // Prepare
    const { user, facebook } = await aUserWithFacebook();
    const caption = `Fresh out of the oven ${ulid().slice(-8)}`;
    const usedBefore = await usedThisMonth(user.accessToken);

    // Act: a time in the body is ignored; the post is due at the server's now.
    const started = Date.now();
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: { scheduled_at: inDays(3), platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }], media_ids: [] },
    });
    const took = await msUntilOnTheSandbox(caption, started);
    const settled = await theSettledPost(user.accessToken, res.body.id, 30_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Math.abs(Date.parse(res.body.scheduled_at) - started)).toBeLessThan(5_000);
    expect(took).toBeLessThanOrEqual(5_000);
    expect(settled.status).toBe('posted');
    expect(settled.platforms[0]).toMatchObject({ status: 'posted', post_url: expect.any(String) });
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(usedBefore + 1);
    const notes = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items as { message: string }[];
    expect(notes.map((n) => n.message)).toContain('Your post was published to Facebook');
  });

  it('refuses a post the compose rules refuse with 400, writing nothing and counting nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');

    // Act
    const none = await weCallTheApi('POST', '/api/posts/publish-now', { token: user.accessToken, body: { platforms: [], media_ids: [] } });
    const notYours = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'facebook', social_account_id: ulid(), caption: 'Hi' }] },
    });

    // Assess
    expect(none).toMatchObject({ status: 400, body: { error: { message: MSG.selectPlatform } } });
    expect(notYours).toMatchObject({ status: 400, body: { error: { message: MSG.connectAccounts } } });
    expect(account.id).toBeTruthy();
    expect(await postsOf(user.userId)).toEqual([]);
    expect(await usedThisMonth(user.accessToken)).toBe(0);
  });

  it('refuses past the monthly allowance with the plan-limit error and writes nothing', async () => {
    // Prepare: a free plan's 5 posts already scheduled this month.
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const body = { platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'Later' }], scheduled_at: inDays(2) };
    for (let i = 0; i < 5; i++) expect((await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body })).status).toBe(201);

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', { token: user.accessToken, body: { ...body, scheduled_at: null } });

    // Assess
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PLAN_LIMIT_REACHED');
    expect(await postsOf(user.userId)).toHaveLength(5);
    expect(await usedThisMonth(user.accessToken)).toBe(5);
  });
});

describe('publishing a draft now', () => {
  it('publishes once when two clicks arrive together: one 200, one 409, one post on the platform, one counted', { timeout: 90_000 }, async () => {
    // Prepare
    const { user, facebook } = await aUserWithFacebook();
    const caption = `Draft going out ${ulid().slice(-8)}`;
    const draft = (
      await weCallTheApi('POST', '/api/posts', {
        token: user.accessToken,
        body: { platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }], media_ids: [] },
      })
    ).body as Post;
    const usedBefore = await usedThisMonth(user.accessToken);

    // Act
    const started = Date.now();
    const answers = await Promise.all(
      [1, 2].map(() => weCallTheApi('POST', `/api/posts/${draft.id}/publish`, { token: user.accessToken, body: { version: draft.version } })),
    );
    const took = await msUntilOnTheSandbox(caption, started);
    const settled = await theSettledPost(user.accessToken, draft.id, 30_000);

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const published = answers.find((a) => a.status === 200)!.body as Post;
    expect(published).toMatchObject({ status: 'scheduled', version: draft.version + 1 });
    expect(answers.find((a) => a.status === 409)!.body.error.message).toMatch(
      new RegExp(`${DRAFT_CHANGED_MESSAGE}|${NOT_A_DRAFT_MESSAGE}`.replace(/[.?]/g, '\\$&')),
    );
    expect(took).toBeLessThanOrEqual(5_000);
    expect(settled.status).toBe('posted');
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(usedBefore + 1);
    // A later click with the same version finds it published.
    expect(await weCallTheApi('POST', `/api/posts/${draft.id}/publish`, { token: user.accessToken, body: { version: draft.version } })).toMatchObject({
      status: 409,
      body: { error: { message: NOT_A_DRAFT_MESSAGE } },
    });
  });

  it("answers 404 for another user's draft and 400 for a malformed id, changing nothing", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Bakery Page');
    const draft = await aStoredPost(owner.userId, account);
    const before = await postsOf(owner.userId);

    // Act
    const theirs = await weCallTheApi('POST', `/api/posts/${draft.id}/publish`, { token: other.accessToken, body: { version: 1 } });
    const unknown = await weCallTheApi('POST', `/api/posts/${ulid()}/publish`, { token: owner.accessToken, body: { version: 1 } });
    const malformed = await weCallTheApi('POST', '/api/posts/not-an-id/publish', { token: owner.accessToken, body: { version: 1 } });
    const noVersion = await weCallTheApi('POST', `/api/posts/${draft.id}/publish`, { token: owner.accessToken, body: {} });

    // Assess
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(400);
    expect(noVersion.status).toBe(400);
    expect(await postsOf(owner.userId)).toEqual(before);
    expect(await postsOf(other.userId)).toEqual([]);
  });

  it('refuses a stale version, a scheduled post and a disconnected account with nothing written or counted', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const edited = await aStoredPost(user.userId, account, { version: 3 });
    const scheduled = await aStoredPost(user.userId, account, { status: 'scheduled', scheduled_at: inDays(2) });
    const gone = await aStoredPost(user.userId, { ...account, id: ulid(), account_name: 'Old Page' });
    const before = await postsOf(user.userId);

    // Act
    const stale = await weCallTheApi('POST', `/api/posts/${edited.id}/publish`, { token: user.accessToken, body: { version: 2 } });
    const notDraft = await weCallTheApi('POST', `/api/posts/${scheduled.id}/publish`, { token: user.accessToken, body: { version: 1 } });
    const disconnected = await weCallTheApi('POST', `/api/posts/${gone.id}/publish`, { token: user.accessToken, body: { version: 1 } });

    // Assess
    expect(stale).toMatchObject({ status: 409, body: { error: { message: DRAFT_CHANGED_MESSAGE } } });
    expect(notDraft).toMatchObject({ status: 409, body: { error: { message: NOT_A_DRAFT_MESSAGE } } });
    expect(disconnected).toMatchObject({ status: 400, body: { error: { message: MSG.connectAccounts } } });
    expect(await postsOf(user.userId)).toEqual(before);
    expect(await usedThisMonth(user.accessToken)).toBe(0);
  });
});
