import type { ConnectionView } from '@shared/accounts';
import { describe, expect, it } from 'vitest';
import { tableAnalyticsStore } from '../../functions/data/analytics';
import { trackerSk } from '../../functions/data/keys';
import { getEnginePost, tableEngineStore } from '../../functions/publishing/adapters/dynamo-store';
import { listWorkspaceItems } from '../../functions/data/table';
import { getTokens } from '../../functions/data/tokens';
import { collectBatch, recordTargetOutcome, sweepDueTrackers, type CollectMessage } from '../../functions/domain/analytics-collection';
import { awsCollectEngine } from '../../functions/domain/analytics-engines';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { aStoredPost } from '../helpers/posts';
import { controlTheSandbox, sandboxTweet, sandboxUrl } from '../helpers/sandbox';
import { weCallTheApi } from '../helpers/when';

/**
 * Analytics of a connection whose access token runs out between readings, against the sandbox X
 * (docs/analytics.md#on-the-local-cloud): the documented recipe (move the sandbox clock, sweep as of
 * a later time) reads the numbers through a refresh instead of asking to reconnect, and a
 * connection that did need reconnecting has its collection go on once it is reconnected.
 */
const HOUR = 3_600_000;

async function aUserWithX() {
  const user = await aConfirmedUser({ plan: 'pro' });
  await connect('x', user.accessToken);
  const x = await accountOf(user.accessToken);
  return { ...user, x };
}

async function accountOf(token: string): Promise<ConnectionView> {
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token })).body as { accounts: ConnectionView[] };
  return accounts.find((a) => a.platform === 'x')!;
}

/** A tweet made with the connection's own token, published and recorded as the publisher does. */
async function aPublishedTweet(userId: string, account: ConnectionView) {
  const tokens = await getTokens(userId, account.id);
  const res = await sandboxTweet(sandboxUrl(), tokens.accessToken, `Fresh loaves ${Date.now().toString(36)}`);
  expect(res.status).toBe(201);
  const platformPostId = ((await res.json()) as { data: { id: string } }).data.id;
  const stored = await aStoredPost(userId, account, { status: 'publishing', scheduled_at: new Date().toISOString() });
  const post = (await getEnginePost(userId, stored.id))!;
  const postedAt = new Date();
  const after = await tableEngineStore.settleTarget(
    { userId, post, index: 0, target: post.platforms[0]! },
    { status: 'posted', platformPostId, postUrl: `https://x.com/i/web/status/${platformPostId}`, postedAt: postedAt.toISOString() },
    postedAt,
  );
  await tableEngineStore.settlePost(userId, after!, { status: 'posted', publishedAt: postedAt.toISOString(), errorMessage: null }, postedAt);
  await recordTargetOutcome(userId, (await getEnginePost(userId, stored.id))!, 0, { now: () => postedAt, store: tableAnalyticsStore });
  return { postId: stored.id, postedAt };
}

async function sweptAsOf(userId: string, at: Date): Promise<CollectMessage[]> {
  const sent: CollectMessage[] = [];
  await sweepDueTrackers(at, { now: () => at, store: tableAnalyticsStore, queue: { send: async (m) => void sent.push(m) }, batchSize: () => 100 });
  return sent.filter((m) => m.userId === userId);
}

const trackerOf = async (userId: string, postId: string) => (await listWorkspaceItems(userId, trackerSk(postId, 'x')))[0]!;

describe('analytics when the access token runs out', () => {
  it('the sandbox-clock recipe reads the numbers: an access token the platform calls expired is refreshed, not a reconnect', async () => {
    // Prepare: X access tokens last two hours; three hours pass on the platform.
    const user = await aUserWithX();
    const { postId, postedAt } = await aPublishedTweet(user.userId, user.x);
    await controlTheSandbox('POST', '/clock/advance', { seconds: 3 * 3600 });

    // Act: the sweep as of just after the +1 h reading is due, and the collector.
    const [message] = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR + 60_000));
    const counts = await collectBatch(message!, awsCollectEngine);

    // Assess
    expect(counts).toEqual({ collected: 1, gone: 0, failed: 0 });
    expect(await trackerOf(user.userId, postId)).toMatchObject({ status: 'collecting', step: 1 });
    expect((await accountOf(user.accessToken)).needs_reconnect).toBe(false);
  });

  it('a connection that needed reconnecting collects again once reconnected', async () => {
    // Prepare: the user revoked the grant on X (access and refresh token), so the reading stops.
    const user = await aUserWithX();
    const { postId, postedAt } = await aPublishedTweet(user.userId, user.x);
    const tokens = await getTokens(user.userId, user.x.id);
    for (const token of [tokens.accessToken, tokens.refreshToken!]) await controlTheSandbox('POST', '/tokens/revoke', { token });
    const [first] = await sweptAsOf(user.userId, new Date(postedAt.getTime() + HOUR + 60_000));
    expect((await collectBatch(first!, awsCollectEngine)).failed).toBe(1);
    expect(await trackerOf(user.userId, postId)).toMatchObject({ status: 'needs_reconnect', nextAt: null });
    expect((await accountOf(user.accessToken)).needs_reconnect).toBe(true);

    // Act: the user reconnects X on Platforms.
    const reconnectedAt = Date.now();
    await connect('x', user.accessToken);

    // Assess: due again at once, and the next sweep reads it.
    const tracker = await trackerOf(user.userId, postId);
    expect(tracker).toMatchObject({ status: 'collecting', failures: 0 });
    expect(Date.parse(String(tracker.nextAt))).toBeGreaterThanOrEqual(reconnectedAt - 1000);
    const [again] = await sweptAsOf(user.userId, new Date(Math.max(Date.now(), postedAt.getTime() + HOUR + 60_000) + 60_000));
    expect(await collectBatch(again!, awsCollectEngine)).toEqual({ collected: 1, gone: 0, failed: 0 });
    expect((await accountOf(user.accessToken)).needs_reconnect).toBe(false);
  });
});
