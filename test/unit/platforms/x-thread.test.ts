import { describe, expect, it } from 'vitest';
import { FollowUpError } from '../../../functions/platforms/follow-ups';
import type { PublishCheckpoint, TokenSet } from '../../../functions/platforms/types';
import { NOW, aFakePlatform, aPublishContext, aPublisher, anApp, clock, expectPlatformError, type Reply } from './fake-platform';
import { createAdapter } from '../../../functions/platforms/registry';
import { hostsFor } from '../../../functions/platforms/hosts';

const account = { accountId: '1790000000000000001', accountName: '@ada_bakes' };
const ids = ['1860000000000000001', '1860000000000000002', '1860000000000000003', '1860000000000000004'];
const created = (id: string, text = 'x'): Reply => ({ status: 201, body: { data: { id, text, edit_history_tweet_ids: [id] } } });
const duplicate: Reply = {
  status: 403,
  body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 },
};
const unavailable: Reply = { status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 } };
const link = (id: string) => `https://x.com/ada_bakes/status/${id}`;
const thread = ['Part two: the starter', 'Part three: the bake'];

/** Given: the X adapter publishing a caption with these follow-ups, from `checkpoint`. */
function anXThread(
  settings: { thread?: string[]; first_comment?: string },
  checkpoint: PublishCheckpoint | null,
  ...replies: Parameters<typeof aFakePlatform>
) {
  return aPublisher('x', { ...account, caption: 'Part one: why sourdough', settings }, checkpoint, replies);
}

const bodies = (requests: { method: string; body: string }[]) => requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown);

describe('X threads: the parts go out as a reply chain', () => {
  it('posts part 1, then each part as a reply to the one before, and reports every part with its link', async () => {
    const { step, requests } = anXThread({ thread }, null, created(ids[0]!), created(ids[1]!), created(ids[2]!));

    const result = await step();

    expect(bodies(requests)).toEqual([
      { text: 'Part one: why sourdough' },
      { text: 'Part two: the starter', reply: { in_reply_to_tweet_id: ids[0] } },
      { text: 'Part three: the bake', reply: { in_reply_to_tweet_id: ids[1] } },
    ]);
    expect(result).toEqual({
      status: 'posted',
      platformPostId: ids[0],
      postUrl: link(ids[0]!),
      followUps: { thread: { total: 3, posted: 3, urls: [link(ids[0]!), link(ids[1]!), link(ids[2]!)], failed_part: null, error: null } },
    });
  });

  it('checkpoints the post before the first reply and each part before the next', async () => {
    const { step, timeline } = anXThread({ thread }, null, created(ids[0]!), created(ids[1]!), created(ids[2]!));

    await step();

    const posts = timeline.map((e, i) => [e, i] as const).filter(([e]) => e === 'POST /2/tweets');
    // marker, post, follow-up state, marker for part 2, part 2, state, marker for part 3, part 3, state.
    expect(posts).toHaveLength(3);
    for (const [, at] of posts.slice(1)) expect(timeline[at - 1]).toBe('checkpoint followUps');
  });

  it('when part 3 is refused, keeps parts 1 and 2 and fails saying so', async () => {
    const { step } = anXThread({ thread }, null, created(ids[0]!), created(ids[1]!), duplicate);

    const error = (await expectPlatformError(step(), { category: 'stop' })) as FollowUpError;

    expect(error).toBeInstanceOf(FollowUpError);
    expect(error.message).toBe('Posted 2 of 3 parts: part 3 failed: X rejected this as a duplicate of a recent post on this account.');
    expect(error.followUps.thread).toEqual({
      total: 3,
      posted: 2,
      urls: [link(ids[0]!), link(ids[1]!)],
      failed_part: 3,
      error: 'X rejected this as a duplicate of a recent post on this account.',
    });
  });

  it('a retry after part 3 failed continues from part 3, never posting parts 1 and 2 again', async () => {
    const first = anXThread({ thread }, null, created(ids[0]!), created(ids[1]!), unavailable);
    await expectPlatformError(first.step(), { category: 'retry' });

    const retry = anXThread({ thread }, first.saved.at(-1)!, created(ids[2]!));
    const result = await retry.step();

    expect(bodies(retry.requests)).toEqual([{ text: 'Part three: the bake', reply: { in_reply_to_tweet_id: ids[1] } }]);
    expect(result).toMatchObject({ status: 'posted', platformPostId: ids[0], followUps: { thread: { posted: 3, total: 3 } } });
  });

  it('after a lost answer on part 2, looks on the timeline first and goes on with part 3 without posting part 2 again', async () => {
    const first = anXThread({ thread }, null, created(ids[0]!), 'network-error');
    await expectPlatformError(first.step(), { category: 'retry' });

    const onTimeline: Reply = { body: { data: [{ id: ids[1], text: 'Part two: the starter', created_at: NOW.toISOString() }], meta: { result_count: 1 } } };
    const retry = anXThread({ thread }, first.saved.at(-1)!, onTimeline, created(ids[2]!));
    await retry.step();

    expect(retry.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /2/users/1790000000000000001/tweets', 'POST /2/tweets']);
    expect(bodies(retry.requests)).toEqual([{ text: 'Part three: the bake', reply: { in_reply_to_tweet_id: ids[1] } }]);
  });

  it('a redelivery of a finished thread posts nothing', async () => {
    const first = anXThread({ thread }, null, created(ids[0]!), created(ids[1]!), created(ids[2]!));
    await first.step();

    const again = anXThread({ thread }, first.saved.at(-1)!);
    const result = await again.step();

    expect(again.requests).toHaveLength(0);
    expect(result).toMatchObject({ status: 'posted', platformPostId: ids[0] });
  });
});

describe('X first comment: a reply to the post', () => {
  it('replies to the post and reports the reply with its link', async () => {
    const { step, requests } = anXThread({ first_comment: 'Recipe in the replies 👇' }, null, created(ids[0]!), created(ids[1]!));

    const result = await step();

    expect(bodies(requests)[1]).toEqual({ text: 'Recipe in the replies 👇', reply: { in_reply_to_tweet_id: ids[0] } });
    expect(result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted', url: link(ids[1]!), error: null } } });
  });

  it('with a thread, replies to the first post after the last part', async () => {
    const { step, requests } = anXThread({ thread: ['Part two'], first_comment: 'Comment' }, null, created(ids[0]!), created(ids[1]!), created(ids[2]!));

    await step();

    expect(bodies(requests)[2]).toEqual({ text: 'Comment', reply: { in_reply_to_tweet_id: ids[0] } });
  });

  it('a refused comment leaves the post posted, with the reason on the comment', async () => {
    const { step } = anXThread({ first_comment: 'Same as yesterday' }, null, created(ids[0]!), duplicate);

    const result = await step();

    expect(result).toMatchObject({
      status: 'posted',
      platformPostId: ids[0],
      followUps: { first_comment: { status: 'failed', url: null, error: 'X rejected this as a duplicate of a recent post on this account.' } },
    });
  });

  it('a connection granted without tweet.write says to reconnect, and sends nothing for the comment', async () => {
    const fake = aFakePlatform(created(ids[0]!));
    const tokens: TokenSet = { accessToken: 'publish-token-c2VjcmV0LXRva2VuLXZhbHVl', expiresAt: null, scopes: ['tweet.read', 'users.read'] };
    const publish = aPublishContext(fake, { ...account, caption: 'Post', settings: { first_comment: 'Comment' } }, null, tokens);
    const adapter = createAdapter('x', { app: anApp, hosts: hostsFor('x'), fetch: publish.fetch, now: clock });

    const result = await adapter.publishStep(publish.context);

    expect(fake.requests).toHaveLength(1);
    expect(result).toMatchObject({ followUps: { first_comment: { status: 'failed', error: 'Reconnect X to post first comments.' } } });
  });

  it('a redelivery after the comment went out posts no second comment', async () => {
    const first = anXThread({ first_comment: 'Comment' }, null, created(ids[0]!), created(ids[1]!));
    await first.step();

    const again = anXThread({ first_comment: 'Comment' }, first.saved.at(-1)!);
    const result = await again.step();

    expect(again.requests).toHaveLength(0);
    expect(result).toMatchObject({ followUps: { first_comment: { status: 'posted', url: link(ids[1]!) } } });
  });

  it('a crash after X answered the comment: the redelivery finds the reply on the timeline and posts none', async () => {
    const first = anXThread({ first_comment: 'Comment' }, null, created(ids[0]!), 'network-error', { body: { meta: { result_count: 0 } } });
    // The lost answer is looked for once; not found yet, the comment reads as unconfirmed, never posted twice.
    const result = await first.step();
    expect(result).toMatchObject({
      followUps: { first_comment: { status: 'failed', error: "We couldn't confirm the first comment went out on X; check the post." } },
    });

    // A delivery that died after the marker (before any outcome) looks first.
    const marker = first.saved.find((cp) => typeof cp.followUps === 'string' && cp.followUps.includes('"commentAttemptedAt":"'))!;
    const onTimeline: Reply = { body: { data: [{ id: ids[1], text: 'Comment', created_at: NOW.toISOString() }], meta: { result_count: 1 } } };
    const redelivery = anXThread({ first_comment: 'Comment' }, marker, onTimeline);
    const recovered = await redelivery.step();

    expect(redelivery.requests.map((r) => r.method)).toEqual(['GET']);
    expect(recovered).toMatchObject({ followUps: { first_comment: { status: 'posted', url: link(ids[1]!) } } });
  });
});
