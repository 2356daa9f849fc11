import { describe, expect, it } from 'vitest';
import { clientRollupSk } from '../../../functions/data/keys';
import { collectBatch, MAX_FAILURES, recordTargetOutcome, sweepDueTrackers } from '../../../functions/domain/analytics-collection';
import { publishTarget } from '../../../functions/publishing/use-cases/publish';
import { NotFoundError } from '../../../functions/lib/errors';
import { PlatformError } from '../../../functions/platforms/types';
import { aPublishedPost, aWorld, HOUR, T0 } from './analytics-collection-fakes';
import { aDueTarget, messageFor } from './publishing-engine-fakes';

/**
 * Analytics collection (docs/analytics.md) against its ports in memory: recording a settled target,
 * the sweep, and the collector's readings into the rollups.
 */

const DAY = 24 * HOUR;
/** T0 is 2026-03-02 09:30 UTC: a Monday, 10:30 in Berlin. */
const BERLIN_DAY = '2026-03-02';

/** A world with `posts` published at T0 on X and recorded, the clock at `T0 + offset`. */
async function publishedAndRecorded(ids: string[], platforms: ('x' | 'youtube' | 'facebook')[] = ['x']) {
  const world = aWorld();
  for (const id of ids) {
    const post = aPublishedPost(id, platforms);
    world.store.posts.add(id);
    for (const index of post.platforms.keys()) await recordTargetOutcome('user-1', post, index, world.engine);
  }
  return world;
}

/** Sweeps as of `at` and delivers every queued batch once (twice with `redeliver`). */
async function sweepAndCollect(world: ReturnType<typeof aWorld>, at: number, redeliver = false) {
  world.at(at);
  await sweepDueTrackers(new Date(at), world.engine);
  for (const message of world.deliveries()) {
    await collectBatch(message, world.engine);
    if (redeliver) await collectBatch(message, world.engine);
  }
}

describe('recording a settled target', () => {
  it('creates one tracker due 1 h after publishing and counts the post once in its day, hour cell and client rollup', async () => {
    // Prepare
    const world = aWorld();
    const post = aPublishedPost('p1', ['x'], { client_id: 'client-9' });

    // Act: the outcome recorded twice (a redelivered settle)
    await recordTargetOutcome('user-1', post, 0, world.engine);
    await recordTargetOutcome('user-1', post, 0, world.engine);

    // Assess
    expect(world.store.tracker('p1', 'x')).toMatchObject({
      step: 0,
      status: 'collecting',
      nextAt: new Date(T0 + HOUR).toISOString(),
      day: BERLIN_DAY,
      hour: 10,
      weekday: 0,
      platformPostId: 'x-p1',
      clientId: 'client-9',
    });
    for (const rollup of [world.store.rollup(BERLIN_DAY, 'x'), world.store.rollup(BERLIN_DAY, 'x', clientRollupSk('client-9', BERLIN_DAY, 'x'))]) {
      expect(rollup).toMatchObject({ published: 1, failed: 0, views: 0, hours: { '0:10': { posts: 1, engagements: 0 } } });
    }
  });

  it('asks the store once before writing, then writes the tracker and each rollup once: a busy minute costs the table three requests per target', async () => {
    // Prepare: count every call on the store.
    const world = aWorld();
    const calls: string[] = [];
    const store = world.store;
    world.engine.store = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        return (...args: unknown[]) => {
          calls.push(key);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const post = aPublishedPost('p1', ['x']);

    // Act
    await recordTargetOutcome('user-1', post, 0, world.engine);

    // Assess
    expect(calls).toEqual(['outcomeContext', 'createTracker', 'countOutcome']);
    expect(store.rollup(BERLIN_DAY, 'x')).toMatchObject({ published: 1 });
  });

  it.each([
    ['an Only me post', { tiktok_privacy_level: 'SELF_ONLY' as const }],
    ['an inbox draft', { tiktok_draft: true }],
  ])('counts %s on TikTok as published but never asks TikTok for its numbers, and says why', async (_case, settings) => {
    // Prepare
    const world = aWorld();
    const post = aPublishedPost('p1', ['tiktok']);
    post.platforms[0]!.settings = settings;

    // Act
    await recordTargetOutcome('user-1', post, 0, world.engine);
    await sweepAndCollect(world, T0 + HOUR);

    // Assess
    expect(world.store.tracker('p1', 'tiktok')).toMatchObject({ status: 'private', nextAt: null });
    expect(world.platform.calls).toHaveLength(0);
    expect(world.store.rollup(BERLIN_DAY, 'tiktok')).toMatchObject({ published: 1 });
  });

  it('collects a TikTok post published to an audience', async () => {
    const world = aWorld();
    const post = aPublishedPost('p1', ['tiktok']);
    post.platforms[0]!.settings = { tiktok_privacy_level: 'FOLLOWER_OF_CREATOR' };

    await recordTargetOutcome('user-1', post, 0, world.engine);

    expect(world.store.tracker('p1', 'tiktok')).toMatchObject({ status: 'collecting', nextAt: new Date(T0 + HOUR).toISOString() });
  });

  it('counts a failed target once, on the day it was due in the user timezone, with no tracker', async () => {
    // Prepare: due 23:30 UTC, already the next day in Berlin
    const world = aWorld();
    const post = aPublishedPost('p2', ['facebook'], { scheduled_at: '2026-03-02T23:30:00.000Z' });
    post.platforms[0] = { ...post.platforms[0]!, status: 'failed', platform_post_id: null, posted_at: null };

    // Act
    await recordTargetOutcome('user-1', post, 0, world.engine);
    await recordTargetOutcome('user-1', post, 0, world.engine);

    // Assess
    expect(world.store.rollup('2026-03-03', 'facebook')).toMatchObject({ published: 0, failed: 1 });
    expect(world.store.trackers.size).toBe(0);
  });

  it('takes a failure back when a Retry publishes the target, on the day it was counted, even at another time', async () => {
    // Prepare: failed when due on 3 March (Berlin); the Retry goes out on 5 March.
    const world = aWorld();
    const failed = aPublishedPost('p3', ['facebook'], { scheduled_at: '2026-03-02T23:30:00.000Z' });
    failed.platforms[0] = { ...failed.platforms[0]!, status: 'failed', platform_post_id: null, posted_at: null };
    await recordTargetOutcome('user-1', failed, 0, world.engine);
    const retried = aPublishedPost('p3', ['facebook'], { scheduled_at: '2026-03-05T09:00:00.000Z' });
    retried.platforms[0] = { ...retried.platforms[0]!, posted_at: '2026-03-05T09:00:00.000Z' };

    // Act: the published outcome, recorded twice (a redelivered settle)
    await recordTargetOutcome('user-1', retried, 0, world.engine);
    await recordTargetOutcome('user-1', retried, 0, world.engine);

    // Assess
    expect(world.store.rollup('2026-03-03', 'facebook')).toMatchObject({ published: 0, failed: 0 });
    expect(world.store.rollup('2026-03-05', 'facebook')).toMatchObject({ published: 1, failed: 0 });
  });

  it('never fails or holds back publishing when recording fails', async () => {
    // Prepare
    const { world, post } = aDueTarget('x');
    world.engine.recordOutcome = async () => {
      throw new Error('table unavailable');
    };

    // Act
    const outcome = await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(outcome).toBe('done');
    expect(world.store.read(world.userId, post.id)).toMatchObject({ status: 'posted' });
    expect(world.notices).toHaveLength(1);
  });

  it('is called by the publishing engine with the settled target', async () => {
    // Prepare
    const { world, post } = aDueTarget('x');
    const recorded: { postId: string; status: string; platformPostId: string | null | undefined }[] = [];
    world.engine.recordOutcome = async (_userId, after, index) => {
      recorded.push({ postId: after.id, status: after.platforms[index]!.status, platformPostId: after.platforms[index]!.platform_post_id });
    };

    // Act: delivered twice
    await publishTarget(messageFor(post, 'x'), world.engine);
    await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(recorded).toEqual([{ postId: post.id, status: 'posted', platformPostId: 'x-1' }]);
  });
});

describe('the sweep', () => {
  it('queues nothing before the first offset, then one batch per connection and platform, and not again while in flight', async () => {
    // Prepare: 150 X posts (batches of 100) and one Facebook post (batches of 1)
    const world = await publishedAndRecorded(Array.from({ length: 150 }, (_, i) => `p${i}`));
    const fb = aPublishedPost('fb1', ['facebook']);
    await recordTargetOutcome('user-1', fb, 0, world.engine);

    // Act
    const early = await sweepDueTrackers(new Date(T0 + HOUR - 60_000), world.engine);
    const due = await sweepDueTrackers(new Date(T0 + HOUR), world.engine);
    const again = await sweepDueTrackers(new Date(T0 + HOUR + 15 * 60_000), world.engine);

    // Assess
    expect(early).toEqual({ queued: 0, messages: 0 });
    expect(due).toEqual({ queued: 151, messages: 3 });
    expect(world.sent.map((m) => [m.platform, m.postIds.length]).sort()).toEqual([
      ['facebook', 1],
      ['x', 100],
      ['x', 50],
    ]);
    expect(world.sent.find((m) => m.platform === 'x')).toMatchObject({ userId: 'user-1', socialAccountId: 'acc-x', accountId: 'x-account' });
    expect(again).toEqual({ queued: 0, messages: 0 });
  });

  it('queues a tracker again once its claim ran out (its batch was lost)', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1']);
    await sweepDueTrackers(new Date(T0 + HOUR), world.engine);
    world.deliveries();

    // Act
    const result = await sweepDueTrackers(new Date(T0 + HOUR + 31 * 60_000), world.engine);

    // Assess
    expect(result).toEqual({ queued: 1, messages: 1 });
  });
});

describe('the collector', () => {
  it('adds each reading’s difference into the rollup: exact over every offset, then stops', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1', 'p2']);
    const readings: [number, number, number, number][] = [
      // at, p1 views, p1 likes, p2 views
      [T0 + HOUR, 100, 10, 40],
      [T0 + 6 * HOUR, 400, 30, 90],
      [T0 + DAY, 900, 50, 95],
      [T0 + 3 * DAY, 1000, 60, 95],
      [T0 + 7 * DAY, 1100, 61, 96],
      [T0 + 30 * DAY, 1200, 62, 97],
    ];

    // Act
    for (const [at, v1, l1, v2] of readings) {
      world.platform.set('x-p1', v1, l1, 2, 1, null);
      world.platform.set('x-p2', v2, 5);
      await sweepAndCollect(world, at);
    }
    await sweepAndCollect(world, T0 + 60 * DAY);

    // Assess
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({
      published: 2,
      views: 1200 + 97,
      likes: 62 + 5,
      comments: 2,
      shares: 1,
      saves: 0,
      engagements: 62 + 2 + 1 + 5,
      hours: { '0:10': { posts: 2, engagements: 70 } },
    });
    expect(world.store.rollup(BERLIN_DAY, 'x')!.top.map((t) => [t.postId, t.views, t.engagements])).toEqual([
      ['p1', 1200, 65],
      ['p2', 97, 5],
    ]);
    expect(world.platform.calls).toHaveLength(6);
    expect(world.store.tracker('p1', 'x')).toMatchObject({ status: 'done', step: 6, nextAt: null });
    expect(world.store.tracker('p1', 'x')!.dueKey).toBeUndefined();
    expect(world.store.snapshots.filter((s) => s.postId === 'p1').map((s) => s.views)).toEqual([100, 400, 900, 1000, 1100, 1200]);
    expect(world.store.targetMetrics.get('p1/x')).toEqual({ views: 1200, engagements: 65, at: new Date(T0 + 30 * DAY).toISOString() });
  });

  it('counts a redelivered batch once', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1']);
    world.platform.set('x-p1', 100, 10);

    // Act: each batch delivered twice, the platform's numbers moving in between
    await sweepAndCollect(world, T0 + HOUR, true);
    world.platform.set('x-p1', 300, 20);
    await sweepAndCollect(world, T0 + 6 * HOUR, true);

    // Assess
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 300, likes: 20, engagements: 20 });
    expect(world.store.tracker('p1', 'x')).toMatchObject({ step: 2, latest: { views: 300 } });
  });

  it('announces each batch read once, with the posts it read, and a redelivered batch not again', async () => {
    // Prepare: two posts read together, a third the platform no longer has
    const world = await publishedAndRecorded(['p1', 'p2', 'p3']);
    world.platform.set('x-p1', 100, 10);
    world.platform.set('x-p2', 40, 4, 1);
    world.platform.counts.set('x-p3', 'gone');

    // Act
    await sweepAndCollect(world, T0 + HOUR, true);

    // Assess
    expect(world.events).toEqual([
      {
        workspaceId: 'user-1',
        type: 'analytics.collected',
        data: {
          platform: 'x',
          collected_at: new Date(T0 + HOUR).toISOString(),
          posts: [
            { post_id: 'p1', metrics: { views: 100, reach: null, likes: 10, comments: 0, shares: 0, saves: 0 } },
            { post_id: 'p2', metrics: { views: 40, reach: null, likes: 4, comments: 1, shares: 0, saves: 0 } },
          ],
        },
      },
    ]);
  });

  it('announces nothing when a read fails', async () => {
    const world = await publishedAndRecorded(['p1']);
    world.platform.fail(new PlatformError('x', 'retry', 'Service unavailable'));

    await sweepAndCollect(world, T0 + HOUR);

    expect(world.events).toEqual([]);
  });

  it('catches up what a crash between the rollup and the tracker left, without counting it twice', async () => {
    // Prepare: the first reading reaches the rollup, then the tracker write is lost
    const world = await publishedAndRecorded(['p1']);
    world.platform.set('x-p1', 100, 10);
    world.at(T0 + HOUR);
    await sweepDueTrackers(new Date(T0 + HOUR), world.engine);
    const [message] = world.deliveries();
    const replace = world.store.replaceTracker.bind(world.store);
    world.store.replaceTracker = async () => {
      throw new Error('crashed');
    };
    await expect(collectBatch(message!, world.engine)).rejects.toThrow('crashed');
    world.store.replaceTracker = replace;

    // Act: the message comes back a little later, the numbers grown
    world.platform.set('x-p1', 150, 12);
    world.at(T0 + HOUR + 10 * 60_000);
    await collectBatch(message!, world.engine);

    // Assess
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 150, likes: 12 });
  });

  it('does not lose a rollup update when another write lands between its read and its write', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1', 'p2']);
    world.platform.set('x-p1', 100, 10);
    world.platform.set('x-p2', 50, 5);
    world.at(T0 + HOUR);
    await sweepDueTrackers(new Date(T0 + HOUR), world.engine);
    const [message] = world.deliveries();
    const p2 = (await world.store.getTracker('user-1', 'p2', 'x'))!;
    world.store.beforeRollupWrite = () => void collectBatch({ ...message!, postIds: ['p2'] }, world.engine);

    // Act
    await collectBatch({ ...message!, postIds: ['p1'] }, world.engine);
    await new Promise((resolve) => setImmediate(resolve));

    // Assess
    expect(p2.step).toBe(0);
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 150, likes: 15 });
  });

  it('writes nothing for an account whose deletion began', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1']);
    world.platform.set('x-p1', 100, 10);
    world.at(T0 + HOUR);
    await sweepDueTrackers(new Date(T0 + HOUR), world.engine);
    world.account.closed = true;

    // Act
    for (const message of world.deliveries()) await collectBatch(message, world.engine);

    // Assess
    expect(world.platform.calls).toEqual([]);
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 0 });
    expect(world.store.snapshots).toEqual([]);
  });

  it('stops a post the platform no longer has (gone), keeping what it counted', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1']);
    world.platform.set('x-p1', 100, 10);
    await sweepAndCollect(world, T0 + HOUR);
    world.platform.counts.set('x-p1', 'gone');

    // Act
    await sweepAndCollect(world, T0 + 6 * HOUR);
    await sweepAndCollect(world, T0 + 2 * DAY);

    // Assess
    expect(world.store.tracker('p1', 'x')).toMatchObject({ status: 'gone', nextAt: null });
    expect(world.store.tracker('p1', 'x')!.dueKey).toBeUndefined();
    expect(world.platform.calls).toHaveLength(2);
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 100 });
  });

  it('reads by the id the platform gave later from then on, and stops a post it reports no numbers for', async () => {
    // Prepare: p1 was stored under a TikTok publish_id; TikTok gives its video id once moderation is over
    const world = await publishedAndRecorded(['p1', 'p2']);
    world.platform.counts.set('x-p1', { metrics: { views: 50, reach: null, likes: 5, comments: 0, shares: 0, saves: null }, postId: '7301' });
    world.platform.set('7301', 80, 8);
    world.platform.counts.set('x-p2', 'private');

    // Act
    await sweepAndCollect(world, T0 + HOUR);
    await sweepAndCollect(world, T0 + 6 * HOUR);

    // Assess
    expect(world.store.tracker('p1', 'x')).toMatchObject({ platformPostId: '7301', latest: { views: 80 } });
    expect(world.platform.calls.at(-1)!.ids).toEqual(['7301']);
    expect(world.store.tracker('p2', 'x')).toMatchObject({ status: 'private', nextAt: null });
  });

  it.each([
    ['an expired or revoked token', new PlatformError('x', 'reauth', 'Reconnect X')],
    ['a grant without the analytics scope', new PlatformError('x', 'fix-input', 'Missing scope')],
    ['a disconnected account', new NotFoundError('Account not found')],
  ])('stops with needs_reconnect on %s', async (_case, error) => {
    // Prepare
    const world = await publishedAndRecorded(['p1', 'p2']);
    world.platform.fail(error);

    // Act
    await sweepAndCollect(world, T0 + HOUR);
    await sweepAndCollect(world, T0 + 2 * DAY);

    // Assess
    for (const id of ['p1', 'p2']) expect(world.store.tracker(id, 'x')).toMatchObject({ status: 'needs_reconnect', nextAt: null });
    expect(world.platform.calls).toHaveLength(1);
  });

  it('retries a rate-limited reading after the platform’s reset, then gives the reading up after a few failures', async () => {
    // Prepare
    const world = await publishedAndRecorded(['p1']);
    world.platform.fail(new PlatformError('x', 'backoff', 'Too many requests', { retryAfterSeconds: 7200 }));

    // Act
    await sweepAndCollect(world, T0 + HOUR);
    const afterFirst = structuredClone(world.store.tracker('p1', 'x'))!;
    for (let i = 1; i < MAX_FAILURES; i++) await sweepAndCollect(world, Date.parse(world.store.tracker('p1', 'x')!.nextAt!));

    // Assess
    expect(afterFirst).toMatchObject({ status: 'collecting', failures: 1, step: 0, nextAt: new Date(T0 + 3 * HOUR).toISOString() });
    // Failures at +1 h, +3 h, +5 h, +7 h and +9 h: the 5th gives the reading up; +6 h is past, so the next is +24 h.
    expect(world.platform.calls).toHaveLength(MAX_FAILURES);
    expect(world.store.tracker('p1', 'x')).toMatchObject({ status: 'collecting', step: 2, failures: 0, nextAt: new Date(T0 + DAY).toISOString() });
    expect(world.store.rollup(BERLIN_DAY, 'x')).toMatchObject({ views: 0, published: 1 });
  });

  it('retries a post missing from the platform’s answer later, and skips offsets already past', async () => {
    // Prepare: p1 read, p2 absent from the answer
    const world = await publishedAndRecorded(['p1', 'p2']);
    world.platform.set('x-p1', 10, 1);

    // Act: the +1 h sweep runs two days late
    await sweepAndCollect(world, T0 + 2 * DAY);

    // Assess
    expect(world.store.tracker('p1', 'x')).toMatchObject({ step: 3, nextAt: new Date(T0 + 3 * DAY).toISOString() });
    expect(world.store.tracker('p2', 'x')).toMatchObject({ step: 0, failures: 1 });
  });
});
