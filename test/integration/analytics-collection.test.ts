import type { SocialAccount } from '@shared/accounts';
import { describe, expect, it, vi } from 'vitest';
import { tableAnalyticsStore } from '../../functions/data/analytics';
import { rollupSk, snapshotPrefix, trackerSk, workspacePk } from '../../functions/data/keys';
import { getEnginePost, tableEngineStore } from '../../functions/publishing/adapters/dynamo-store';
import { listWorkspaceItems, queryAll, tableName } from '../../functions/data/table';
import { saveTokens } from '../../functions/data/tokens';
import { collectBatch, recordTargetOutcome, sweepDueTrackers, type CollectMessage } from '../../functions/domain/analytics-collection';
import { awsCollectEngine } from '../../functions/domain/analytics-engines';
import { handler as sweepHandler } from '../../functions/handlers/analytics/sweep';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aStoredPost } from '../helpers/posts';
import { theTestsTimeLeft } from '../helpers/then';
import { aLambdaContext, weCallTheApi } from '../helpers/when';

/**
 * Analytics collection against the local cloud (docs/analytics.md): recording a published target in
 * the table, the sweep as of a later time, the collector's writes, and what deleting a post removes.
 * The platform read is a fake here (the platforms' readers have their own tests against the sandbox).
 */
const HOUR = 3_600_000;

/** A post on `account` published now through the engine's own settle, and recorded as the publisher records it. */
async function aPublishedPost(userId: string, account: SocialAccount, platformPostId: string) {
  const stored = await aStoredPost(userId, account, { status: 'publishing', scheduled_at: new Date().toISOString() });
  const post = (await getEnginePost(userId, stored.id))!;
  const postedAt = new Date();
  const after = await tableEngineStore.settleTarget(
    { userId, post, index: 0, target: post.platforms[0]! },
    { status: 'posted', platformPostId, postUrl: `https://x.example/${platformPostId}`, postedAt: postedAt.toISOString() },
    postedAt,
  );
  await tableEngineStore.settlePost(userId, after!, { status: 'posted', publishedAt: postedAt.toISOString(), errorMessage: null }, postedAt);
  await recordTargetOutcome(userId, (await getEnginePost(userId, stored.id))!, 0, { now: () => postedAt, store: tableAnalyticsStore });
  return { postId: stored.id, postedAt };
}

const itemsOf = (userId: string, prefix: string) => listWorkspaceItems(userId, prefix);
/** The user's entries on the due-trackers index (access pattern 20). */
const dueEntriesOf = (userId: string) =>
  queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'userId = :user',
    ExpressionAttributeValues: { ':pk': 'METRICSDUE', ':user': userId },
  });

/** Sweeps as of `at` into a recording queue; this user's messages. */
async function sweptAsOf(userId: string, at: Date): Promise<CollectMessage[]> {
  const sent: CollectMessage[] = [];
  await sweepDueTrackers(at, { now: () => at, store: tableAnalyticsStore, queue: { send: async (m) => void sent.push(m) }, batchSize: () => 100 });
  return sent.filter((m) => m.userId === userId);
}

describe('analytics collection on the local cloud', () => {
  it('records a published target once, queues it as of +1 h, and the collector writes its snapshot, rollup and card numbers', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'x', '@bakery');
    const { postId, postedAt } = await aPublishedPost(user.userId, account, 'x-tweet-1');
    await recordTargetOutcome(user.userId, (await getEnginePost(user.userId, postId))!, 0, { now: () => postedAt, store: tableAnalyticsStore });

    // Act
    const early = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR - 60_000));
    const [message, ...others] = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR + 60_000));
    const reads: string[][] = [];
    const counts = await collectBatch(message!, {
      ...awsCollectEngine,
      readMetrics: async (_m, ids) => {
        reads.push([...ids]);
        return ids.map((id) => ({
          platformPostId: id,
          status: 'ok' as const,
          metrics: { views: 120, reach: null, likes: 9, comments: 2, shares: 1, saves: null },
        }));
      },
    });
    const again = await collectBatch(message!, { ...awsCollectEngine, readMetrics: async () => expect.fail('a collected tracker is not read again') });

    // Assess
    expect(early).toEqual([]);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ socialAccountId: account.id, accountId: account.account_id, platform: 'x', postIds: [postId] });
    expect(reads).toEqual([['x-tweet-1']]);
    expect(counts).toEqual({ collected: 1, gone: 0, failed: 0 });
    expect(again).toEqual({ collected: 0, gone: 0, failed: 0 });
    const [rollup] = await itemsOf(user.userId, 'ROLLUP#');
    expect(rollup).toMatchObject({ platform: 'x', published: 1, views: 120, likes: 9, engagements: 12 });
    expect(rollup!.top).toEqual([expect.objectContaining({ postId, views: 120, engagements: 12 })]);
    expect(await itemsOf(user.userId, snapshotPrefix(postId))).toEqual([expect.objectContaining({ views: 120, likes: 9 })]);
    const [tracker] = await itemsOf(user.userId, trackerSk(postId, 'x'));
    expect(tracker).toMatchObject({ step: 1, status: 'collecting', nextAt: new Date(postedAt.getTime() + 6 * HOUR).toISOString(), gsi2pk: 'METRICSDUE' });
    const res = await weCallTheApi('GET', `/api/posts/${postId}`, { token: user.accessToken });
    expect(res.body.platforms[0].metrics).toEqual({ views: 120, engagements: 12, at: expect.any(String) });
    expect(res.body).toMatchObject({ status: 'posted', version: 1 });
  });

  it('a failing collection through the queue and the local collector never touches the post', async () => {
    // Prepare: tokens the platform will not take (or, without the platform's reader, no reader at all)
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'x', '@bakery');
    await saveTokens(user.userId, account.id, { accessToken: 'not-a-token', expiresAt: null }, new Date());
    const { postId, postedAt } = await aPublishedPost(user.userId, account, 'x-tweet-2');
    const before = await getEnginePost(user.userId, postId);

    // Act: EventBridge's event, as of 1 h after publishing
    const swept = await sweepHandler({ time: new Date(postedAt.getTime() + HOUR + 60_000).toISOString() }, aLambdaContext());
    // The local collector takes the queued message when it gets to it: wait for its outcome on the tracker.
    const tracker = await vi.waitFor(
      async () => {
        const [found] = await itemsOf(user.userId, trackerSk(postId, 'x'));
        if (found && (found.failures !== 0 || found.status !== 'collecting')) return found;
        throw new Error(`The tracker shows no collection yet: ${JSON.stringify(found)}`);
      },
      { timeout: theTestsTimeLeft(), interval: 100 },
    );

    // Assess
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    expect(tracker.failures !== 0 || tracker.status === 'needs_reconnect').toBe(true);
    const after = await getEnginePost(user.userId, postId);
    expect(after).toMatchObject({ status: before!.status, version: before!.version, rev: before!.rev, updated_at: before!.updated_at, error_message: null });
    expect(after!.platforms[0]).toMatchObject({ status: 'posted', error_message: null });
  });

  it('deleting a post deletes its trackers and snapshots and keeps the rollups', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'x', '@bakery');
    const { postId, postedAt } = await aPublishedPost(user.userId, account, 'x-tweet-3');
    const [message] = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR + 60_000));
    await collectBatch(message!, {
      ...awsCollectEngine,
      readMetrics: async (_m, ids) =>
        ids.map((id) => ({ platformPostId: id, status: 'ok' as const, metrics: { views: 5, reach: null, likes: 1, comments: 0, shares: 0, saves: 0 } })),
    });
    expect(await itemsOf(user.userId, snapshotPrefix(postId))).toHaveLength(1);

    // Act
    const res = await weCallTheApi('DELETE', `/api/posts/${postId}`, { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect(await itemsOf(user.userId, `METRICS#${postId}#`)).toEqual([]);
    expect(await itemsOf(user.userId, snapshotPrefix(postId))).toEqual([]);
    expect(await dueEntriesOf(user.userId)).toEqual([]);
    const [rollup] = await itemsOf(user.userId, 'ROLLUP#');
    expect(rollup).toMatchObject({ sk: rollupSk(String(rollup!.day), 'x'), pk: workspacePk(user.userId), published: 1, views: 5 });
  });

  it('account deletion removes every tracker, snapshot and rollup, and the index entries', async () => {
    // Prepare: a post collected once
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'x', '@bakery');
    const { postedAt } = await aPublishedPost(user.userId, account, 'x-tweet-5');
    const [message] = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR + 60_000));
    await collectBatch(message!, {
      ...awsCollectEngine,
      readMetrics: async (_m, ids) =>
        ids.map((id) => ({ platformPostId: id, status: 'ok' as const, metrics: { views: 7, reach: null, likes: 1, comments: 0, shares: 0, saves: 0 } })),
    });
    const analyticsItems = async () =>
      (await Promise.all(['METRICS#', 'METRICSNAP#', 'ROLLUP#', 'CROLLUP#'].map((prefix) => itemsOf(user.userId, prefix)))).flat();
    expect((await analyticsItems()).length).toBeGreaterThanOrEqual(3);

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect(await analyticsItems()).toEqual([]);
    expect(await dueEntriesOf(user.userId)).toEqual([]);
  });

  it('fires the sweep as of a given time through the local cloud', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'x', '@bakery');
    const { postId, postedAt } = await aPublishedPost(user.userId, account, 'x-tweet-4');
    const sweep = (body: unknown) => fetch(`${cloud().url}/_local/jobs/analyticsSweep`, { method: 'POST', body: JSON.stringify(body) });

    // Act
    const refused = await sweep({ time: 'tomorrow' });
    const res = await sweep({ time: new Date(postedAt.getTime() + HOUR + 60_000).toISOString() });

    // Assess
    expect(refused.status).toBe(400);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { queued: number }).queued).toBeGreaterThanOrEqual(1);
    const [tracker] = await itemsOf(user.userId, trackerSk(postId, 'x'));
    // Claimed (its index entry moved ahead) or already collected by the local collector.
    expect(
      String(tracker!.gsi2sk ?? '') > new Date(postedAt.getTime() + HOUR).toISOString() || tracker!.failures !== 0 || tracker!.status !== 'collecting',
    ).toBe(true);
  });

  it('counts outcomes that land on one rollup at once exactly once each, in their hour cells, a redelivery adding nothing', async () => {
    // Prepare: a day's first outcomes all at once (the rollup and its cells do not exist yet), as a
    // busy minute's publishers settle together.
    const userId = `rollup-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const day = '2026-03-02';
    const sk = rollupSk(day, 'x');
    const count = (i: number, outcome: 'published' | 'failed' = 'published') =>
      tableAnalyticsStore.countOutcome(
        userId,
        sk,
        { day, platform: 'x' },
        {
          postId: `post-${i}`,
          outcome,
          cell: outcome === 'published' ? `0:${9 + (i % 3)}` : null,
          at: '2026-03-02T09:00:00.000Z',
        },
      );

    // Act
    await Promise.all(Array.from({ length: 24 }, (_, i) => count(i)));
    await Promise.all([count(0), count(5), count(24, 'failed'), count(24, 'failed')]);

    // Assess
    const [rollup] = await itemsOf(userId, sk);
    expect(rollup).toMatchObject({ published: 24, failed: 1, hours: { '0:9': { posts: 8, engagements: 0 }, '0:10': { posts: 8 }, '0:11': { posts: 8 } } });
    expect(Object.keys(rollup!.applied as object).sort()).toEqual([...Array.from({ length: 24 }, (_, i) => `published:post-${i}`), 'failed:post-24'].sort());
  });
});
