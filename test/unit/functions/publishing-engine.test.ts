import { describe, expect, it } from 'vitest';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../../functions/publishing/model';
import { publishTarget, RECHECK_BEFORE_DUE_MS } from '../../../functions/publishing/use-cases/publish';
import { NotFoundError } from '../../../functions/lib/errors';
import { PlatformError } from '../../../functions/platforms/types';
import { aDueTarget, anEngine, aPost, AUTHOR, messageFor, T0 } from './publishing-engine-fakes';

/**
 * The publish step (docs/publishing.md#publish, #exactly-once, #retries-and-backoff, #notifications) against the engine's ports in memory: every transition
 * of a target, with a clock that moves only when the engine sleeps or the test says so.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const LEAD = 3_000;

/** Lets a delivery started without `await` run until it blocks on something the test holds. */
async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A delivery that freezes (`freeze`) holding the lease; the message comes back after the lease
 * (5 minutes) ran out; then the frozen one wakes. The outcomes: the redelivery's, then the frozen one's.
 */
async function aFrozenDeliveryAndItsRedelivery(platform: 'x' | 'facebook', freeze: 'hang' | 'act-then-hang') {
  const { world, post } = aDueTarget(platform, freeze, 'ok');
  const frozen = publishTarget(messageFor(post, platform), world.engine);
  await settleMicrotasks();
  world.advance(6 * 60_000);
  const redelivery = await publishTarget(messageFor(post, platform), world.engine);
  world.platform(platform).resume();
  return { world, post, outcomes: [redelivery, await frozen] };
}

describe('a publish step', () => {
  it('takes the target, waits for the due second, posts once, settles the post and tells the user once', async () => {
    // Prepare: the message arrives the lead time early, as the dispatcher delays it.
    const { world, post } = aDueTarget('facebook');

    // Act: delivered twice (SQS is at-least-once).
    const first = await publishTarget(messageFor(post, 'facebook'), world.engine);
    const again = await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    const stored = world.store.read(world.userId, post.id);
    expect([first, again]).toEqual(['done', 'done']);
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(stored.platforms[0]).toMatchObject({
      status: 'posted',
      posted_at: iso(T0),
      platform_post_id: 'facebook-1',
      post_url: 'https://facebook.example/facebook-1',
      attempts: 1,
    });
    expect(stored.platforms[0]!.lease_owner).toBeUndefined();
    expect(stored).toMatchObject({ status: 'posted', published_at: iso(T0), error_message: null });
    expect(world.notices).toEqual([
      {
        userId: world.userId,
        input: {
          kind: 'post_published',
          message: 'Your post was published to Facebook',
          othersMessage: expect.any(Function),
          postId: post.id,
          postStatus: 'posted',
          authorId: AUTHOR,
        },
      },
    ]);
    // What the workspace's Admins and Owner read, with the author's e-mail or without it.
    expect(world.notices[0]!.input.othersMessage!('ann@example.com')).toBe('A post by ann@example.com was published to Facebook');
    expect(world.notices[0]!.input.othersMessage!(null)).toBe('A post was published to Facebook');
    expect(world.history).toEqual([{ userId: world.userId, postId: post.id, outcome: 'posted' }]);
    expect(world.sent).toEqual([]);
  });

  it('sends a message that arrived too early back to the queue, due the lead time before its second', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['x']);
    world.store.put(world.userId, post);
    world.at(T0 - 60_000);

    // Act
    const outcome = await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess: nothing taken, nothing published.
    expect(outcome).toBe('done');
    expect(world.sent).toEqual([{ platform: 'x', message: { ...messageFor(post, 'x'), notBefore: iso(T0 - LEAD) }, delaySeconds: 57 }]);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'queued' });
    expect(world.platform('x').steps).toHaveLength(0);
  });

  it('leaves a target whose lease another delivery holds to come back later, without calling the platform', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['x'], { status: 'publishing' });
    post.platforms[0] = { ...post.platforms[0]!, status: 'publishing', lease_owner: 'another', lease_until: iso(T0 + 4 * 60_000) };
    world.store.put(world.userId, post);

    // Act
    const outcome = await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(outcome).toBe('retry');
    expect(world.platform('x').steps).toHaveLength(0);
    expect(world.store.read(world.userId, post.id).platforms[0]!.lease_owner).toBe('another');
  });

  it('lets a redelivery take an expired lease, and the stalled holder then stops before acting', async () => {
    // Prepare, Act: the first delivery stalls before its checkpoint.
    const { world, post, outcomes } = await aFrozenDeliveryAndItsRedelivery('x', 'hang');

    // Assess: one post, settled by the redelivery; the stalled delivery wrote nothing.
    expect(outcomes).toEqual(['done', 'done']);
    expect(world.platform('x').timeline).toHaveLength(1);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'posted', attempts: 2 });
    expect(world.notices).toHaveLength(1);
  });

  it('records and tells a post once when the delivery that published it wakes after a redelivery recovered it', async () => {
    // Prepare, Act: the first delivery freezes right after the platform acted; the redelivery finds
    // the post from the checkpoint.
    const { world, post, outcomes } = await aFrozenDeliveryAndItsRedelivery('facebook', 'act-then-hang');

    // Assess
    expect(outcomes).toEqual(['done', 'done']);
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(world.store.read(world.userId, post.id)).toMatchObject({ status: 'posted', published_at: iso(T0 + 6 * 60_000) });
    expect(world.notices).toHaveLength(1);
    expect(world.history).toEqual([{ userId: world.userId, postId: post.id, outcome: 'posted' }]);
  });

  it('gives the target back while the platform processes, and resumes from the checkpoint when the message returns', async () => {
    // Prepare
    const { world, post } = aDueTarget('instagram', { wait: 30 });

    // Act
    await publishTarget(messageFor(post, 'instagram'), world.engine);
    const waiting = world.store.read(world.userId, post.id);
    const [back] = world.deliveries();
    world.advance(30_000);
    await publishTarget(back!, world.engine);

    // Assess: released with its checkpoint and re-queued 30 s out (an invisible step need not wait for
    // the due second); then posted from that checkpoint.
    expect(waiting.platforms[0]).toMatchObject({ status: 'publishing', checkpoint: { processing: 'instagram-1' } });
    expect(waiting.platforms[0]!.lease_owner).toBeUndefined();
    expect(waiting.status).toBe('publishing');
    expect(back).toEqual({ ...messageFor(post, 'instagram'), notBefore: iso(T0 - LEAD + 30_000) });
    expect(world.platform('instagram').steps.map((s) => s.checkpoint)).toEqual([null, { processing: 'instagram-1' }]);
    expect(world.store.read(world.userId, post.id)).toMatchObject({ status: 'posted', published_at: iso(T0 - LEAD + 30_000) });
    expect(world.platform('instagram').timeline).toHaveLength(1);
    expect(world.notices).toHaveLength(1);
  });

  it('fails a post the platform is still processing two hours after its time', async () => {
    // Prepare
    const { world, post } = aDueTarget('youtube', { wait: 3 * 60 * 60 });

    // Act
    await publishTarget(messageFor(post, 'youtube'), world.engine);

    // Assess
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({
      status: 'failed',
      error_message: 'YouTube is still processing this post; check your account.',
    });
    expect(world.sent).toEqual([]);
  });

  it('retries a temporary failure with growing, jittered delays and posts once', async () => {
    // Prepare: random() is 0.5, so attempt n waits round(0.75 × 2^n) seconds.
    const busy = () => new PlatformError('x', 'retry', 'X had a temporary problem', { status: 503 });
    const { world, post } = aDueTarget('x', busy(), busy(), 'ok');

    // Act: each re-queued message is delivered when due.
    const delays: number[] = [];
    await publishTarget(messageFor(post, 'x'), world.engine);
    for (let i = 0; i < 2; i += 1) {
      const [sent] = world.sent.splice(0);
      delays.push(sent!.delaySeconds);
      world.at(Date.parse(sent!.message.notBefore!));
      await publishTarget(sent!.message, world.engine);
    }

    // Assess
    expect(delays).toEqual([2, 3]);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'posted', attempts: 3, posted_at: iso(T0 + 5_000) });
    expect(world.platform('x').timeline).toHaveLength(1);
    expect(world.notices).toHaveLength(1);
  });

  it('waits for a rate limit no sooner than the platform says', async () => {
    // Prepare
    const { world, post } = aDueTarget('x', new PlatformError('x', 'backoff', 'X is limiting how fast we can post', { status: 429, retryAfterSeconds: 120 }));

    // Act
    await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(world.sent.map((s) => [s.delaySeconds, s.message.notBefore])).toEqual([[120, iso(T0 + 120_000)]]);
    expect(world.store.read(world.userId, post.id).platforms[0]!.lease_owner).toBeUndefined();
  });

  it("fails at once on a permanent refusal, with the platform's reason, and tells the user once", async () => {
    // Prepare
    const { world, post } = aDueTarget(
      'facebook',
      new PlatformError('facebook', 'fix-input', 'Facebook rejected the post: the text is too long.', { status: 400 }),
    );

    // Act
    await publishTarget(messageFor(post, 'facebook'), world.engine);
    await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    const stored = world.store.read(world.userId, post.id);
    expect(stored.platforms[0]).toMatchObject({ status: 'failed', error_message: 'Facebook rejected the post: the text is too long.' });
    expect(stored).toMatchObject({ status: 'failed', error_message: 'Facebook failed: Facebook rejected the post: the text is too long.' });
    expect(world.sent).toEqual([]);
    expect(world.notices.map((n) => n.input)).toEqual([
      {
        kind: 'post_failed',
        message: 'Your post to Facebook failed: Facebook rejected the post: the text is too long.',
        othersMessage: expect.any(Function),
        postId: post.id,
        postStatus: 'failed',
        authorId: AUTHOR,
      },
    ]);
    expect(world.notices[0]!.input.othersMessage!('ann@example.com')).toBe(
      'A post by ann@example.com to Facebook failed: Facebook rejected the post: the text is too long.',
    );
    expect(world.history).toEqual([{ userId: world.userId, postId: post.id, outcome: 'failed' }]);
  });

  it('tells the person who submitted a post for approval about its outcome, not only whoever first wrote it', async () => {
    // Prepare: an Editor's draft, submitted by a Contributor who took it over.
    const world = anEngine();
    const post = aPost(['facebook'], { created_by: 'editor-1', submitted_by: 'contributor-1' });
    world.store.put(world.userId, post);
    world.at(T0 - 3_000);
    world.platform('facebook').script('ok');

    // Act
    await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    expect(world.notices.map((n) => [n.userId, n.input.kind, n.input.authorId])).toEqual([[world.userId, 'post_published', 'contributor-1']]);
  });

  it('fails a create whose outcome cannot be known with the check-your-account message, never trying again', async () => {
    // Prepare
    const { world, post } = aDueTarget('tiktok', new PlatformError('tiktok', 'unknown-outcome', 'lost', {}));

    // Act
    await publishTarget(messageFor(post, 'tiktok'), world.engine);

    // Assess
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'failed', error_message: UNKNOWN_OUTCOME_MESSAGE });
    expect(world.sent).toEqual([]);
  });

  it('recovers a post whose answer was lost after the platform acted, from the checkpoint, without posting again', async () => {
    // Prepare
    const { world, post } = aDueTarget('x', 'act-then-time-out');

    // Act
    await publishTarget(messageFor(post, 'x'), world.engine);
    const marked = world.store.read(world.userId, post.id).platforms[0]!;
    const [back] = world.deliveries();
    world.at(Date.parse(back!.notBefore!));
    await publishTarget(back!, world.engine);

    // Assess: the marker stayed, the redelivery looked it up and found the one post.
    expect(marked.checkpoint).toEqual({ attempted_at: 'now' });
    expect(world.platform('x').timeline).toHaveLength(1);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'posted', platform_post_id: 'x-1' });
    expect(world.notices).toHaveLength(1);
  });

  it('fails a temporary failure once the retry window after the due time is spent', async () => {
    // Prepare: the step runs 14:59 after its time; the next try would land past 15:00.
    const world = anEngine();
    const post = aPost(['x']);
    world.store.put(world.userId, post);
    world.at(T0 + 15 * 60_000 - 1_000);
    world.platform('x').script(new PlatformError('x', 'retry', 'X had a temporary problem', { status: 503 }));

    // Act
    await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(world.sent).toEqual([]);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({ status: 'failed', error_message: 'X had a temporary problem' });
  });

  it('publishes nothing and writes nothing for an account whose deletion has begun', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook']);
    world.store.put(world.userId, post);
    world.state.closed = true;

    // Act
    const outcome = await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    expect(outcome).toBe('done');
    expect(world.store.read(world.userId, post.id)).toEqual(post);
    expect(world.platform('facebook').steps).toHaveLength(0);
  });

  it('stops before the public call when the account is closed while the step waits for its second', async () => {
    // Prepare
    const { world, post } = aDueTarget('facebook');
    world.state.closeWhileWaiting = true;

    // Act
    const outcome = await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    expect(outcome).toBe('done');
    expect(world.platform('facebook').timeline).toHaveLength(0);
    expect(world.store.read(world.userId, post.id).platforms[0]!.status).toBe('publishing');
    expect(world.notices).toEqual([]);
  });

  it('stops before the public call when the user deletes the post while the step waits for its second', async () => {
    // Prepare
    const { world, post } = aDueTarget('facebook');
    world.state.deleteWhileWaiting = true;

    // Act
    const outcome = await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    expect(outcome).toBe('done');
    expect(world.platform('facebook').timeline).toHaveLength(0);
    expect(world.notices).toEqual([]);
  });

  it('reads the account and the post in one request just before the due second, so at the due second only the platform call is left', async () => {
    // Prepare: note the clock at each read the step makes after its lease, and at the platform call.
    const { world, post } = aDueTarget('facebook');
    const { engine } = world;
    const events: string[] = [];
    const at = () => engine.now().getTime() - T0;
    const getPost = engine.store.getPost.bind(engine.store);
    const getPostAndUserClosed = engine.store.getPostAndUserClosed.bind(engine.store);
    engine.store.getPost = (userId, postId) => (events.push(`getPost at ${at()}`), getPost(userId, postId));
    engine.store.getPostAndUserClosed = (userId, postId) => (events.push(`getPostAndUserClosed at ${at()}`), getPostAndUserClosed(userId, postId));
    const adapter = world.platform('facebook').adapter;
    const publishStep = adapter.publishStep.bind(adapter);
    adapter.publishStep = (context) =>
      publishStep({
        ...context,
        untilDue: async () => {
          await context.untilDue!();
          events.push(`call at ${at()}`);
        },
      });

    // Act
    await publishTarget(messageFor(post, 'facebook'), engine);

    // Assess: the read is answered RECHECK_BEFORE_DUE_MS early; nothing public happens before the second.
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(events).toEqual([`getPostAndUserClosed at ${-RECHECK_BEFORE_DUE_MS}`, 'call at 0']);
  });

  it('reads the plan and the connection with the post, so a step makes one read before its lease and one at the due second', async () => {
    // Prepare: record every read the step makes, and what withFreshTokens is handed.
    const { world, post } = aDueTarget('facebook');
    const { engine } = world;
    const reads: string[] = [];
    const count =
      <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
      (...args: A) => (reads.push(name), fn(...args));
    engine.readDelivery = count('readDelivery', engine.readDelivery.bind(engine));
    engine.currentPlan = count('currentPlan', engine.currentPlan.bind(engine));
    engine.store.getPost = count('getPost', engine.store.getPost.bind(engine.store));
    engine.store.getPostAndUserClosed = count('getPostAndUserClosed', engine.store.getPostAndUserClosed.bind(engine.store));
    const withFreshTokens = engine.withFreshTokens.bind(engine);
    const handed: unknown[] = [];
    engine.withFreshTokens = (userId, accountId, fn, deps, options) => (
      handed.push(options?.loaded?.account),
      withFreshTokens(userId, accountId, fn, deps, options)
    );

    // Act
    await publishTarget(messageFor(post, 'facebook'), engine);

    // Assess
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(reads).toEqual(['readDelivery', 'getPostAndUserClosed']);
    expect(handed).toEqual([expect.objectContaining({ id: 'acc-facebook' })]);
  });

  it('still publishes a message that does not name the social account, reading the plan and the connection after the lease', async () => {
    // Prepare: a message queued before messages named the account.
    const world = anEngine({ plan: 'free' });
    const post = aPost(['tiktok']);
    world.store.put(world.userId, post);
    const { socialAccountId: _named, ...unnamed } = messageFor(post, 'tiktok');
    const handed: unknown[] = [];
    const withFreshTokens = world.engine.withFreshTokens.bind(world.engine);
    world.engine.withFreshTokens = (userId, accountId, fn, deps, options) => (
      handed.push(options?.loaded),
      withFreshTokens(userId, accountId, fn, deps, options)
    );

    // Act: the plan is read on its own, and it lacks TikTok.
    await publishTarget(unnamed, world.engine);

    // Assess
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({
      status: 'failed',
      error_message: "Your Free plan doesn't include TikTok. Upgrade to Pro to publish there.",
    });
    world.state.plan = 'pro';
    const again = aPost(['facebook'], { id: 'post-2' });
    world.store.put(world.userId, again);
    world.at(T0 - LEAD);
    const { socialAccountId: _also, ...unnamedToo } = messageFor(again, 'facebook');
    await publishTarget(unnamedToo, world.engine);
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(handed).toEqual([undefined]);
  });

  it("never hands the step a connection read for another account than the target's", async () => {
    // Prepare: a message naming another social account than its target's.
    const { world, post } = aDueTarget('facebook');
    const handed: unknown[] = [];
    const withFreshTokens = world.engine.withFreshTokens.bind(world.engine);
    world.engine.withFreshTokens = (userId, accountId, fn, deps, options) => (
      handed.push([accountId, options?.loaded]),
      withFreshTokens(userId, accountId, fn, deps, options)
    );

    // Act
    await publishTarget({ ...messageFor(post, 'facebook'), socialAccountId: 'acc-x' }, world.engine);

    // Assess: the target's own account, read after the lease.
    expect(world.platform('facebook').timeline).toHaveLength(1);
    expect(handed).toEqual([['acc-facebook', undefined]]);
  });

  it('fails a target whose platform the lapsed plan no longer includes, naming the plan to upgrade to', async () => {
    // Prepare
    const world = anEngine({ plan: 'free' });
    const post = aPost(['tiktok']);
    world.store.put(world.userId, post);

    // Act
    await publishTarget(messageFor(post, 'tiktok'), world.engine);

    // Assess
    expect(world.platform('tiktok').steps).toHaveLength(0);
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({
      status: 'failed',
      error_message: "Your Free plan doesn't include TikTok. Upgrade to Pro to publish there.",
    });
  });

  it('fails a target whose social account was disconnected', async () => {
    // Prepare
    const { world, post } = aDueTarget('facebook');
    world.engine.withFreshTokens = () => Promise.reject(new NotFoundError('Account not found'));

    // Act
    await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    expect(world.store.read(world.userId, post.id).platforms[0]).toMatchObject({
      status: 'failed',
      error_message: 'The Facebook account for this post was disconnected. Reconnect it on Platforms and reschedule.',
    });
  });

  it('gives the target back and asks for the message again when our side fails unexpectedly', async () => {
    // Prepare
    const { world, post } = aDueTarget('facebook');
    world.engine.withFreshTokens = () => Promise.reject(new Error('KMS is down'));

    // Act
    const outcome = await publishTarget(messageFor(post, 'facebook'), world.engine);

    // Assess
    const target = world.store.read(world.userId, post.id).platforms[0]!;
    expect(outcome).toBe('retry');
    expect(target).toMatchObject({ status: 'publishing', attempts: 1 });
    expect(target.lease_owner).toBeUndefined();
    expect(world.notices).toEqual([]);
  });

  it('settles the post from its targets: open until the last one, then failed naming what did go out', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook', 'x']);
    world.store.put(world.userId, post);
    world.at(T0 - LEAD);
    world.platform('x').script(new PlatformError('x', 'stop', 'X refused a duplicate post.', { status: 403 }));

    // Act
    await publishTarget(messageFor(post, 'facebook'), world.engine);
    const halfway = world.store.read(world.userId, post.id);
    world.at(T0 - LEAD);
    await publishTarget(messageFor(post, 'x'), world.engine);

    // Assess
    expect(halfway.status).toBe('publishing');
    expect(world.store.read(world.userId, post.id)).toMatchObject({
      status: 'failed',
      published_at: iso(T0),
      error_message: 'Published to Facebook; X failed: X refused a duplicate post.',
    });
    expect(world.notices.map((n) => [n.input.message, n.input.postStatus])).toEqual([
      ['Your post was published to Facebook', 'publishing'],
      ['Your post to X failed: X refused a duplicate post.', 'failed'],
    ]);
  });

  it('ignores a message for an older version of the post', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook'], { version: 2 });
    world.store.put(world.userId, post);

    // Act
    const outcome = await publishTarget({ ...messageFor(post, 'facebook'), version: 1 }, world.engine);

    // Assess
    expect(outcome).toBe('done');
    expect(world.store.read(world.userId, post.id)).toEqual(post);
  });
});
