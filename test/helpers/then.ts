import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Post } from '@shared/posts';
import { vi } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import { userPk, workspacePk } from '../../functions/data/keys';
import { documentClient } from '../../functions/lib/aws';
import { cloud } from './given';
import { weCallTheApi } from './when';

/** Then-steps: look at what is stored, straight from the table. */
export async function itemsOfUser(userId: string): Promise<NonNullable<QueryCommandOutput['Items']>> {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': userPk(userId) } }),
  );
  return [...(Items ?? []), ...(await itemsOfWorkspace(userId))];
}

/** Every item under a workspace's partition (WS#<id>). */
export async function itemsOfWorkspace(workspaceId: string): Promise<NonNullable<QueryCommandOutput['Items']>> {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': workspacePk(workspaceId) } }),
  );
  return Items ?? [];
}

/** The post once the publisher is done with it (posted or failed), read through the API; polls until then. */
export function theSettledPost(token: string, postId: string, timeoutMs = 60_000): Promise<Post> {
  return vi.waitFor(
    async () => {
      const post = (await weCallTheApi('GET', `/api/posts/${postId}`, { token })).body as Post;
      if (post.status !== 'posted' && post.status !== 'failed')
        throw new Error(`Post ${postId} still ${post.status}: ${JSON.stringify(post.platforms.map((t) => [t.platform, t.status]))}`);
      return post;
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

/** Whether the post's one-shot Scheduler schedule exists on the local cloud. */
export async function scheduleExists(postId: string): Promise<boolean> {
  const scheduler = new SchedulerClient({
    region: 'us-east-1',
    endpoint: cloud().env.SCHEDULER_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await scheduler.send(new GetScheduleCommand({ Name: `post-${postId}`, GroupName: 'posts' }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return false;
    throw error;
  }
}

/**
 * Waits until a platform's publishing queue on the local cloud holds no message of `postId` (none
 * waiting, in flight or delayed): every delivery of it sent so far has been handled and deleted. A test
 * that must show a delivery did nothing waits for this instead of for a time it hopes is long enough.
 * Only this post's messages count: other tests leave theirs (retries, later posts) on the shared queue.
 */
export async function thePublishQueueDoneWith(platform: string, postId: string, timeoutMs = 60_000): Promise<void> {
  const { SQS_ENDPOINT, PUBLISH_QUEUE_URLS } = cloud().env;
  const url = (JSON.parse(PUBLISH_QUEUE_URLS ?? '{}') as Record<string, string>)[platform];
  if (!url) throw new Error(`No publishing queue for ${platform} on the local cloud`);
  const queueName = url.split('/').pop()!;
  await vi.waitFor(
    async () => {
      const res = await fetch(`${SQS_ENDPOINT}/_control/messages/${encodeURIComponent(queueName)}`);
      if (!res.ok) throw new Error(`The local SQS answered ${res.status} for ${queueName}'s messages`);
      const { Messages } = (await res.json()) as { Messages: { Body: string }[] };
      const left = Messages.filter((m) => (JSON.parse(m.Body) as { postId?: string }).postId === postId).length;
      if (left > 0) throw new Error(`The ${platform} queue still holds ${left} message(s) of post ${postId}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/**
 * How long the running test may still wait for something: its own timeout less what it has taken so
 * far, less a moment so that the waiting step reports what it last saw before the test is cut off.
 * A condition that holds on a fast machine in a second may take many on a loaded one; a wait of
 * its own shorter than the test's would fail a test that was still within its time.
 */
export function theTestsTimeLeft(): number {
  const test = getCurrentTest();
  if (!test?.timeout || !test.result?.startTime) throw new Error('theTestsTimeLeft is for use inside a test');
  return Math.max(0, test.timeout - (Date.now() - test.result.startTime) - 500);
}

/**
 * Resolves once the clock is in a later second than `at` (ms since the epoch). Token times (auth_time,
 * iat) have one-second precision, so only a token from a later second can be told apart from one
 * issued, or refused, at `at`; this waits exactly until then, however long the steps before took.
 */
export const aLaterSecondThan = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, Math.floor(at / 1000) * 1000 + 1000 - Date.now())));
