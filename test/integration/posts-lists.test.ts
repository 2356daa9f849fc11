import type { SocialAccount } from '@shared/accounts';
import { POST_TAB_IDS } from '@shared/posts';
import type { PostStatus } from '@shared/statuses';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { encodeCursor, putPostsInBatches, type PostRecord } from '../../functions/data/posts';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aComposeBody, aConnectedAccount, aPostRecord, aStoredPost } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';
import { postSk, postTabPk, workspacePk } from '../../functions/data/keys';

/** "Schedule" and "Dashboard": the read models, each from one query per list. */
const BASE = Date.parse('2027-03-01T12:00:00.000Z');
const at = (hours: number) => new Date(BASE + hours * 3_600_000).toISOString();

/** `count` posts of one status whose order time is `at(i)` for the i-th, written in one batch run. */
async function givenPosts(
  userId: string,
  account: SocialAccount,
  status: PostStatus,
  count: number,
  caption: string = status,
  clientId: string | null = null,
): Promise<PostRecord[]> {
  const posts = Array.from({ length: count }, (_, i): PostRecord =>
    aPostRecord(
      account,
      {
        id: ulid(BASE + i),
        scheduled_at: status === 'draft' ? null : at(i),
        published_at: status === 'posted' ? at(i) : null,
        status,
        error_message: status === 'failed' ? 'The platform refused the post' : null,
        client_id: clientId,
        created_at: at(i),
        updated_at: at(i),
      },
      `${caption} ${i}`,
    ),
  );
  await putPostsInBatches(userId, posts);
  return posts;
}

const captions = (items: { platforms: { caption: string }[] }[]) => items.map((p) => p.platforms[0]!.caption);
const list = (token: string, query: string) => weCallTheApi('GET', `/api/posts?${query}`, { token });

/** Every post of a tab, following the cursor (a client-filtered page may hold fewer than `limit`). */
async function wholeTab(token: string, tab: string, clientId: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ tab, limit: '100' });
    if (clientId) query.set('client_id', clientId);
    if (cursor) query.set('cursor', cursor);
    const page = await list(token, query.toString());
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

describe('a Posts tab', () => {
  it.each([
    ['scheduled', 'scheduled', (i: number) => i],
    ['posted', 'posted', (i: number) => 24 - i],
    ['drafts', 'draft', (i: number) => 24 - i],
    ['failed', 'failed', (i: number) => 24 - i],
  ] as const)('lists the %s tab in its order, 20 then 5 through the cursor', async (tab, status, nth) => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await givenPosts(user.userId, account, status, 25);
    await givenPosts(user.userId, account, status === 'draft' ? 'posted' : 'draft', 2, 'other tab');

    // Act
    const first = await list(user.accessToken, `tab=${tab}`);
    const second = await list(user.accessToken, `tab=${tab}&cursor=${first.body.nextCursor}`);

    // Assess
    expect(first.status).toBe(200);
    expect(captions(first.body.items)).toEqual(Array.from({ length: 20 }, (_, i) => `${status} ${nth(i)}`));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(captions(second.body.items)).toEqual(Array.from({ length: 5 }, (_, i) => `${status} ${nth(20 + i)}`));
    expect(second.body.nextCursor).toBeNull();
  });

  it('shows queued and publishing posts in the scheduled tab', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await aStoredPost(user.userId, account, { status: 'queued', scheduled_at: at(2) });
    await aStoredPost(user.userId, account, { status: 'publishing', scheduled_at: at(1) });

    // Act
    const res = await list(user.accessToken, 'tab=scheduled&limit=5');

    // Assess
    expect(res.body.items.map((p: { status: string }) => p.status)).toEqual(['publishing', 'queued']);
    expect(res.body.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor, and a cursor of another user, with a 400', async () => {
    // Prepare
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const account = await aConnectedAccount(alice.userId, 'facebook');
    await givenPosts(alice.userId, account, 'draft', 3);
    const alicesCursor = (await list(alice.accessToken, 'tab=drafts&limit=1')).body.nextCursor;
    const forged = encodeCursor({ pk: workspacePk(mallory.userId), sk: postSk('x'), gsi1pk: postTabPk(alice.userId, 'drafts'), gsi1sk: '9999' });

    // Act
    const results = await Promise.all([
      list(mallory.accessToken, `tab=drafts&cursor=${alicesCursor}`),
      list(mallory.accessToken, `tab=drafts&cursor=${forged}`),
      list(alice.accessToken, `tab=drafts&cursor=${alicesCursor.slice(0, -4)}`),
      list(alice.accessToken, `tab=failed&cursor=${alicesCursor}`),
    ]);

    // Assess
    expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(results.every((r) => r.body.items === undefined)).toBe(true);
  });

  it("links each target's account to its profile page on the sandbox, the network the local cloud talks to", async () => {
    // Prepare
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook', 'Bakery Page');
    const insta = await aConnectedAccount(user.userId, 'instagram', '@bakery.ig');
    await givenPosts(user.userId, page, 'scheduled', 1);
    await givenPosts(user.userId, insta, 'draft', 1);

    // Act
    const scheduled = await list(user.accessToken, 'tab=scheduled');
    const drafts = await list(user.accessToken, 'tab=drafts');

    // Assess
    const sandbox = cloud().env.PLATFORM_SANDBOX_URL!.replace(/\/$/, '');
    expect(scheduled.body.items[0].platforms[0].profile_url).toBe(`${sandbox}/facebook/www/${page.account_id}`);
    expect(drafts.body.items[0].platforms[0].profile_url).toBe(`${sandbox}/instagram/www/bakery.ig/`);
  });

  it('refuses an unknown tab', async () => {
    const user = await aConfirmedUser();

    const res = await list(user.accessToken, 'tab=archived');

    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Unknown tab' } } });
  });
});

describe('the tab counts', () => {
  it('counts each tab without loading posts, and follows changes', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await givenPosts(user.userId, account, 'scheduled', 3);
    await givenPosts(user.userId, account, 'queued', 1);
    await givenPosts(user.userId, account, 'posted', 4);
    await givenPosts(user.userId, account, 'failed', 2);
    await givenPosts(user.userId, account, 'pending_approval', 2);
    const draft = (await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account) })).body;

    // Act
    const before = await weCallTheApi('GET', '/api/posts/counts', { token: user.accessToken });
    await weCallTheApi('DELETE', `/api/posts/${draft.id}`, { token: user.accessToken });
    const after = await weCallTheApi('GET', '/api/posts/counts', { token: user.accessToken });

    // Assess
    expect({ status: before.status, body: before.body }).toEqual({ status: 200, body: { scheduled: 4, posted: 4, approval: 2, drafts: 1, failed: 2 } });
    expect(after.body).toEqual({ scheduled: 4, posted: 4, approval: 2, drafts: 0, failed: 2 });
  });

  it("with a client, counts only that client's posts: each tab's number is its filtered list's length", async () => {
    // Prepare: two clients with posts in several tabs each, and posts of no client.
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const newClient = async (name: string) => (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name } })).body.id as string;
    const acme = await newClient('Acme');
    const gym = await newClient('Gym');
    await givenPosts(user.userId, account, 'scheduled', 3, 'acme', acme);
    await givenPosts(user.userId, account, 'queued', 1, 'acme', acme);
    await givenPosts(user.userId, account, 'posted', 2, 'acme', acme);
    await givenPosts(user.userId, account, 'draft', 1, 'acme', acme);
    await givenPosts(user.userId, account, 'scheduled', 1, 'gym', gym);
    await givenPosts(user.userId, account, 'posted', 4, 'gym', gym);
    await givenPosts(user.userId, account, 'draft', 2, 'gym', gym);
    await givenPosts(user.userId, account, 'failed', 2, 'gym', gym);
    await givenPosts(user.userId, account, 'scheduled', 2, 'nobody');
    await givenPosts(user.userId, account, 'draft', 1, 'nobody');

    // Act
    const [all, ofAcme, ofGym] = await Promise.all(
      ['', `?client_id=${acme}`, `?client_id=${gym}`].map((query) => weCallTheApi('GET', `/api/posts/counts${query}`, { token: user.accessToken })),
    );
    const listed = async (clientId: string) =>
      Object.fromEntries(await Promise.all(POST_TAB_IDS.map(async (tab) => [tab, (await wholeTab(user.accessToken, tab, clientId)).length] as const)));

    // Assess
    expect({ status: ofAcme.status, body: ofAcme.body }).toEqual({ status: 200, body: { scheduled: 4, posted: 2, approval: 0, drafts: 1, failed: 0 } });
    expect({ status: ofGym.status, body: ofGym.body }).toEqual({ status: 200, body: { scheduled: 1, posted: 4, approval: 0, drafts: 2, failed: 2 } });
    expect({ status: all.status, body: all.body }).toEqual({ status: 200, body: { scheduled: 7, posted: 6, approval: 0, drafts: 4, failed: 2 } });
    expect(ofAcme.body).toEqual(await listed(acme));
    expect(ofGym.body).toEqual(await listed(gym));
    expect(all.body).toEqual(await listed(''));
  });

  it("answers another user's client as the list does (nothing of theirs, no error), and refuses a malformed one as the list does", async () => {
    // Prepare
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    const account = await aConnectedAccount(alice.userId, 'facebook');
    const mallorys = (await weCallTheApi('POST', '/api/clients', { token: mallory.accessToken, body: { name: 'Theirs' } })).body.id as string;
    await givenPosts(alice.userId, account, 'scheduled', 2);
    await givenPosts(mallory.userId, await aConnectedAccount(mallory.userId, 'facebook'), 'scheduled', 3, 'theirs', mallorys);

    // Act
    const counts = await weCallTheApi('GET', `/api/posts/counts?client_id=${mallorys}`, { token: alice.accessToken });
    const lists = await Promise.all(POST_TAB_IDS.map((tab) => list(alice.accessToken, `tab=${tab}&client_id=${mallorys}`)));
    const badCounts = await weCallTheApi('GET', '/api/posts/counts?client_id=not-a-client', { token: alice.accessToken });
    const badList = await list(alice.accessToken, 'tab=scheduled&client_id=not-a-client');

    // Assess
    expect(lists.map((r) => [r.status, r.body.items.length])).toEqual(POST_TAB_IDS.map(() => [200, 0]));
    expect({ status: counts.status, body: counts.body }).toEqual({ status: 200, body: { scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 } });
    expect(badList.status).toBe(400);
    expect({ status: badCounts.status, body: badCounts.body }).toEqual({ status: badList.status, body: badList.body });
  });

  it('is all zeros for a new user', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/posts/counts', { token: user.accessToken });

    expect(res.body).toEqual({ scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 });
  });
});

describe('the calendar', () => {
  it('lists the open posts due and the published posts sent in [from, to), in time order, and nothing else', async () => {
    // Prepare: scheduled posts at +0h … +9h, a posted one inside the period, another user's inside it.
    const user = await aConfirmedUser();
    const other = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await givenPosts(user.userId, account, 'scheduled', 10);
    await givenPosts(user.userId, account, 'posted', 5);
    await givenPosts(other.userId, await aConnectedAccount(other.userId, 'facebook'), 'scheduled', 10, 'theirs');

    // Act: from +2h to +5h, given with an offset as a browser in another zone might.
    const from = '2027-03-01T16:00:00+02:00';
    const to = '2027-03-01T17:00:00Z';
    const res = await weCallTheApi('GET', `/api/posts/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { token: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    // Both kinds in time order (each hour holds one of each; within it either may come first).
    const items = res.body.items as { status: string; scheduled_at: string; platforms: { caption: string }[] }[];
    expect(items.map((p) => p.scheduled_at)).toEqual([...items.map((p) => p.scheduled_at)].sort());
    expect(captions(items).sort()).toEqual(['posted 2', 'posted 3', 'posted 4', 'scheduled 2', 'scheduled 3', 'scheduled 4']);
    expect(items.filter((p) => p.status === 'posted')).toHaveLength(3);
  });

  it('refuses a period longer than 43 days', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/posts/calendar?from=2027-01-01T00:00:00Z&to=2027-03-01T00:00:00Z', { token: user.accessToken });

    expect(res).toMatchObject({ status: 400, body: { error: { message: 'The period can be at most 43 days' } } });
  });
});

describe('the dashboard', () => {
  it('shows the 5 soonest upcoming posts and the 3 newest published ones', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await givenPosts(user.userId, account, 'scheduled', 7);
    await givenPosts(user.userId, account, 'posted', 4);
    await givenPosts(user.userId, account, 'draft', 2);

    // Act
    const res = await weCallTheApi('GET', '/api/dashboard', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(200);
    expect(captions(res.body.upcoming)).toEqual(['scheduled 0', 'scheduled 1', 'scheduled 2', 'scheduled 3', 'scheduled 4']);
    expect(captions(res.body.recent)).toEqual(['posted 3', 'posted 2', 'posted 1']);
    expect(res.body.recent[0].published_at).toBe(at(3));
  });

  it('is empty for a new user', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/dashboard', { token: user.accessToken });

    expect(res.body).toEqual({ upcoming: [], recent: [] });
  });
});
