import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { upsertConnection } from '../../functions/data/connections';
import { putNewPost, type PostRecord } from '../../functions/data/posts';
import { db } from '../../functions/data/table';
import { saveTokens } from '../../functions/data/tokens';
import { markUserClosed } from '../../functions/data/users';
import { readDelivery, tableEngineStore } from '../../functions/publishing/adapters/dynamo-store';
import { LeaseLostError, type EnginePost } from '../../functions/publishing/model';
import type { EngineStore } from '../../functions/publishing/ports';
import { aPost, MemoryStore, T0 } from '../unit/functions/publishing-engine-fakes';

/**
 * The engine's store contract, kept by both stores: the table's conditional writes (through the
 * local DynamoDB) and the in-memory store the engine's unit tests run on. A case that passes on one
 * and fails on the other means the unit tests no longer describe the table.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

/** A store with one fresh post in it, as the API writes posts (no `rev` or `watchdog_at` yet). */
type Given = (post: EnginePost) => Promise<{ store: EngineStore; userId: string; post: EnginePost }>;

const inTheTable: Given = async (post) => {
  const userId = `engine-store-${ulid()}`;
  const { rev: _rev, watchdog_at: _watchdog, ...record } = post;
  await putNewPost(userId, record as PostRecord);
  return { store: tableEngineStore, userId, post: (await tableEngineStore.getPost(userId, post.id))! };
};

const inMemory: Given = async (post) => {
  const store = new MemoryStore();
  store.put('user-1', post);
  return { store, userId: 'user-1', post: (await store.getPost('user-1', post.id))! };
};

describe.each([
  ['the table', inTheTable],
  ['the in-memory store', inMemory],
])('the engine store: %s', (_name, given) => {
  const ref = (userId: string, post: EnginePost) => ({ userId, post, index: 0, target: post.platforms[0]! });
  const lease = (userId: string, post: EnginePost, owner: string) => ({ ...ref(userId, post), owner });

  it('queues a scheduled version once, with its pending targets', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['facebook', 'x'], { id: ulid(), status: 'scheduled' }));

    // Act
    const stale = await store.markQueued(userId, { ...post, version: 2 }, new Date(T0));
    const first = await store.markQueued(userId, post, new Date(T0));
    const again = await store.markQueued(userId, post, new Date(T0));

    // Assess
    expect([stale, first, again]).toEqual([false, true, false]);
    const stored = (await store.getPost(userId, post.id))!;
    expect(stored).toMatchObject({ status: 'queued', updated_at: iso(T0), rev: 0, watchdog_at: null });
    expect(stored.platforms.map((t) => t.status)).toEqual(['queued', 'queued']);
  });

  it('leases a target to one owner until the lease runs out, counting the attempts', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['x'], { id: ulid() }));

    // Act
    const a = await store.takeLease(lease(userId, post, 'a'), new Date(T0), 5 * MINUTE);
    const b = await store.takeLease(lease(userId, post, 'b'), new Date(T0 + 4 * MINUTE), 5 * MINUTE);
    const staleVersion = await store.takeLease(lease(userId, { ...post, version: 2 }, 'c'), new Date(T0 + 6 * MINUTE), 5 * MINUTE);
    const c = await store.takeLease(lease(userId, post, 'c'), new Date(T0 + 6 * MINUTE), 5 * MINUTE);

    // Assess
    expect([a, b, staleVersion, c]).toEqual([true, false, false, true]);
    const stored = (await store.getPost(userId, post.id))!;
    expect(stored.status).toBe('publishing');
    expect(stored.platforms[0]).toMatchObject({ status: 'publishing', lease_owner: 'c', lease_until: iso(T0 + 11 * MINUTE), attempts: 2 });
  });

  it('lets only the lease holder save a checkpoint or give the target back', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['x'], { id: ulid() }));
    await store.takeLease(lease(userId, post, 'a'), new Date(T0), 5 * MINUTE);

    // Act
    const intruder = await store.saveCheckpoint(lease(userId, post, 'b'), { attempted_at: 'b' }).catch((error: unknown) => error);
    await store.saveCheckpoint(lease(userId, post, 'a'), { attempted_at: 'a' });
    await store.releaseLease(lease(userId, post, 'b'));
    const heldStill = await store.takeLease(lease(userId, post, 'b'), new Date(T0 + MINUTE), 5 * MINUTE);
    await store.releaseLease(lease(userId, post, 'a'));
    const free = await store.takeLease(lease(userId, post, 'b'), new Date(T0 + MINUTE), 5 * MINUTE);

    // Assess
    expect(intruder).toBeInstanceOf(LeaseLostError);
    expect([heldStill, free]).toEqual([false, true]);
    expect((await store.getPost(userId, post.id))!.platforms[0]).toMatchObject({ checkpoint: { attempted_at: 'a' }, lease_owner: 'b' });
  });

  it('settles a target once, as its lease holder or as anyone when no one holds it, bumping rev', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['facebook', 'x'], { id: ulid() }));
    await store.takeLease(lease(userId, post, 'a'), new Date(T0), 5 * MINUTE);
    const posted = { status: 'posted', platformPostId: 'p1', postUrl: 'https://facebook.example/p1', postedAt: iso(T0) } as const;

    // Act
    const byIntruder = await store.settleTarget(lease(userId, post, 'b'), posted, new Date(T0));
    const byHolder = await store.settleTarget(lease(userId, post, 'a'), posted, new Date(T0));
    const twice = await store.settleTarget(ref(userId, post), { status: 'failed', message: 'late' }, new Date(T0));
    const other = await store.settleTarget(
      { userId, post, index: 1, target: post.platforms[1]! },
      { status: 'failed', message: 'gone' },
      new Date(T0 + MINUTE),
    );

    // Assess
    expect([byIntruder, twice]).toEqual([null, null]);
    expect(byHolder!.rev).toBe(1);
    expect(byHolder!.platforms[0]).toMatchObject({
      status: 'posted',
      post_url: posted.postUrl,
      posted_at: iso(T0),
      platform_post_id: 'p1',
      error_message: null,
    });
    expect(byHolder!.platforms[0]!.lease_owner).toBeUndefined();
    expect(other!.rev).toBe(2);
    expect(other!.platforms[1]).toMatchObject({ status: 'failed', error_message: 'gone' });
  });

  it('settles the post only from the latest rev, and only while it is open', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['x'], { id: ulid() }));
    const after = (await store.settleTarget(ref(userId, post), { status: 'failed', message: 'no' }, new Date(T0)))!;
    const derived = { status: 'failed', publishedAt: null, errorMessage: 'X failed: no' } as const;

    // Act
    const stale = await store.settlePost(userId, post, derived, new Date(T0));
    const current = await store.settlePost(userId, after, derived, new Date(T0));
    const again = await store.settlePost(userId, after, derived, new Date(T0));

    // Assess
    expect([stale, current, again]).toEqual([false, true, false]);
    expect(await store.getPost(userId, post.id)).toMatchObject({ status: 'failed', error_message: 'X failed: no' });
  });

  it('gives a stuck post its one second chance and lists it as open until it settles', async () => {
    // Prepare
    const { store, userId, post } = await given(aPost(['x'], { id: ulid(), scheduled_at: iso(T0 - 20 * MINUTE) }));
    const listed = async () => (await store.listOpenPostsDueBefore(new Date(T0))).filter((p) => p.postId === post.id);

    // Act
    const open = await listed();
    const marks = [await store.markWatchdogRedispatch(userId, post.id, new Date(T0)), await store.markWatchdogRedispatch(userId, post.id, new Date(T0))];
    const after = (await store.settleTarget(ref(userId, post), { status: 'failed', message: 'stuck' }, new Date(T0)))!;
    await store.settlePost(userId, after, { status: 'failed', publishedAt: null, errorMessage: 'stuck' }, new Date(T0));

    // Assess
    expect(open).toEqual([{ userId, postId: post.id }]);
    expect(marks).toEqual([true, false]);
    expect((await store.getPost(userId, post.id))!.watchdog_at).toBe(iso(T0));
    expect(await listed()).toEqual([]);
  });
});

describe('the engine store: the table, reading for a delivery', () => {
  it('reads the post and whether its account is being deleted in one request, and sees the deletion begin', async () => {
    // Prepare
    const given = aPost(['facebook'], { status: 'queued', scheduled_at: iso(T0) });
    const userId = `engine-store-${ulid()}`;
    const { rev: _rev, watchdog_at: _watchdog, ...record } = given;
    await putNewPost(userId, record as PostRecord);

    // Act
    const open = await tableEngineStore.getPostAndUserClosed(userId, given.id);
    await markUserClosed(userId, new Date());
    const closed = await tableEngineStore.getPostAndUserClosed(userId, given.id);
    const missing = await tableEngineStore.getPostAndUserClosed(userId, 'no-such-post');

    // Assess
    expect(open).toMatchObject({ userClosed: false, post: { id: given.id, version: given.version } });
    expect(closed).toMatchObject({ userClosed: true, post: { id: given.id } });
    expect(missing).toEqual({ userClosed: true, post: null });
  });

  it('reads the plan and the connection with the post, and shares one BatchGetItem among the deliveries reading at the same moment', async () => {
    // Prepare: 30 posts of one user, their social account and its tokens, and a count of the
    // BatchGetItem requests this process sends.
    const userId = `engine-store-${ulid()}`;
    const now = new Date();
    const account = await upsertConnection(userId, { platform: 'facebook', account_id: 'page-1', account_name: 'Bakery', picture_url: null }, ulid(), now);
    await saveTokens(userId, account.id, { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: null }, now);
    const posts = Array.from({ length: 30 }, () => aPost(['facebook'], { id: ulid(), status: 'queued', scheduled_at: iso(T0) }));
    for (const { rev: _rev, watchdog_at: _watchdog, ...record } of posts) await putNewPost(userId, record as PostRecord);
    let batchGets = 0;
    db().middlewareStack.add(
      (next) => async (args) => {
        const headers = (args.request as { headers?: Record<string, string> } | undefined)?.headers ?? {};
        if (Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'x-amz-target' && value.endsWith('.BatchGetItem'))) batchGets += 1;
        return next(args);
      },
      { step: 'build', name: 'countBatchGets' },
    );

    // Act: every delivery reads at once (5 items each), and one more reads after them.
    const reads = await Promise.all(posts.map((post) => readDelivery(userId, post.id, account.id)));
    const together = batchGets;
    const alone = await readDelivery(userId, posts[0]!.id, 'no-such-account');
    db().middlewareStack.remove('countBatchGets');

    // Assess: 150 keys in two requests of at most 100, each delivery with its own post.
    expect(together).toBe(2);
    expect(reads.map((r) => r.post?.id)).toEqual(posts.map((p) => p.id));
    expect(reads[29]).toMatchObject({ userClosed: false, ahead: { subscription: null, connection: { account: { id: account.id, platform: 'facebook' } } } });
    expect(await reads[29]!.ahead!.connection.tokens()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(alone.ahead!.connection.account).toBeNull();
    await expect(alone.ahead!.connection.tokens()).rejects.toThrow('Account not found');
  });
});
