import { describe, expect, it } from 'vitest';
import { DEAD_LETTER_MESSAGE, STUCK_MESSAGE } from '../../../functions/publishing/model';
import { failFromDeadLetter } from '../../../functions/publishing/use-cases/dead-letter';
import { dispatchPost } from '../../../functions/publishing/use-cases/dispatch';
import { publishTarget } from '../../../functions/publishing/use-cases/publish';
import { removeSchedule, scheduleDispatch } from '../../../functions/publishing/use-cases/schedules';
import { runWatchdog } from '../../../functions/publishing/use-cases/watchdog';
import { anEngine, aPost, messageFor, T0 } from './publishing-engine-fakes';

/**
 * Scheduling, dispatch, the watchdog and the dead letters (docs/publishing.md#schedule, #dispatch, #watchdog, #dead-letters) against the
 * engine's ports in memory.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

describe('scheduling a post', () => {
  it('puts the one-shot schedule at the start of the minute before the due minute, with the version', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook'], { status: 'scheduled', scheduled_at: iso(T0 + 10 * MINUTE + 25_000), version: 3 });
    world.at(T0);

    // Act
    await scheduleDispatch(world.userId, post, world.engine);

    // Assess
    expect([...world.schedules]).toEqual([
      [`post-${post.id}`, { at: new Date(T0 + 9 * MINUTE), input: { userId: world.userId, postId: post.id, version: 3 } }],
    ]);
    expect(world.sent).toEqual([]);
  });

  it('dispatches a post due within the minute at once and drops its schedule', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook'], { status: 'scheduled', scheduled_at: iso(T0 + 30_000) });
    world.store.put(world.userId, post);
    world.schedules.set(`post-${post.id}`, { at: new Date(T0), input: { userId: world.userId, postId: post.id, version: 1 } });
    world.at(T0);

    // Act
    await scheduleDispatch(world.userId, post, world.engine);

    // Assess
    expect(world.schedules.size).toBe(0);
    expect(world.sent).toEqual([{ platform: 'facebook', message: messageFor(post, 'facebook'), delaySeconds: 27 }]);
  });

  it('shrugs off a schedule that cannot be removed: the dispatcher ignores it', async () => {
    // Prepare
    const world = anEngine();
    world.engine.scheduler.remove = async () => {
      throw new Error('Scheduler is down');
    };

    // Act
    const removing = removeSchedule('post-1', world.engine.scheduler);

    // Assess
    await expect(removing).resolves.toBeUndefined();
  });
});

describe('dispatching a post', () => {
  it('marks the current version queued and sends one message per target, due the lead time before its second', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook', 'x'], { status: 'scheduled' });
    world.store.put(world.userId, post);
    world.at(T0 - MINUTE);

    // Act
    const outcome = await dispatchPost({ userId: world.userId, postId: post.id, version: 1 }, world.engine);

    // Assess
    const stored = world.store.read(world.userId, post.id);
    expect(outcome).toBe('dispatched');
    expect(stored.status).toBe('queued');
    expect(stored.platforms.map((t) => t.status)).toEqual(['queued', 'queued']);
    expect(world.sent).toEqual([
      { platform: 'facebook', message: messageFor(post, 'facebook'), delaySeconds: 57 },
      { platform: 'x', message: messageFor(post, 'x'), delaySeconds: 57 },
    ]);
  });

  it('sends again on a redelivery, and the publisher posts once all the same', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['x'], { status: 'scheduled' });
    world.store.put(world.userId, post);
    world.at(T0 - MINUTE);

    // Act
    await dispatchPost({ userId: world.userId, postId: post.id, version: 1 }, world.engine);
    await dispatchPost({ userId: world.userId, postId: post.id, version: 1 }, world.engine);
    world.at(T0 - 3_000);
    for (const message of world.deliveries()) await publishTarget(message, world.engine);

    // Assess
    expect(world.platform('x').timeline).toHaveLength(1);
    expect(world.notices).toHaveLength(1);
  });

  it('ignores a stale version, a draft and a deleted post', async () => {
    // Prepare
    const world = anEngine();
    world.store.put(world.userId, aPost(['x'], { id: 'edited', status: 'scheduled', version: 2 }));
    world.store.put(world.userId, aPost(['x'], { id: 'draft', status: 'draft' }));

    // Act
    const outcomes = [
      await dispatchPost({ userId: world.userId, postId: 'edited', version: 1 }, world.engine),
      await dispatchPost({ userId: world.userId, postId: 'draft', version: 1 }, world.engine),
      await dispatchPost({ userId: world.userId, postId: 'gone', version: 1 }, world.engine),
    ];

    // Assess
    expect(outcomes).toEqual(['ignored', 'ignored', 'ignored']);
    expect(world.sent).toEqual([]);
    expect(world.store.read(world.userId, 'edited').status).toBe('scheduled');
  });
});

describe('the watchdog', () => {
  it('re-dispatches a post stuck past the retry window once, then fails it visibly when it is stuck again', async () => {
    // Prepare: a scheduled post whose schedule never fired.
    const world = anEngine();
    const post = aPost(['facebook'], { status: 'scheduled' });
    world.store.put(world.userId, post);
    world.at(T0 + 16 * MINUTE);

    // Act
    const first = await runWatchdog(world.engine);
    const redispatched = world.store.read(world.userId, post.id);
    const sent = world.deliveries();
    world.advance(11 * MINUTE);
    const second = await runWatchdog(world.engine);

    // Assess
    expect(first).toEqual({ redispatched: 1, failed: 0 });
    expect(redispatched).toMatchObject({ status: 'queued', watchdog_at: iso(T0 + 16 * MINUTE) });
    expect(sent).toEqual([messageFor(post, 'facebook')]);
    expect(second).toEqual({ redispatched: 0, failed: 1 });
    expect(world.store.read(world.userId, post.id)).toMatchObject({ status: 'failed', error_message: `Facebook failed: ${STUCK_MESSAGE}` });
    expect(world.notices.map((n) => n.input.message)).toEqual([`Your post to Facebook failed: ${STUCK_MESSAGE}`]);
  });

  it('sends the open targets of a stuck queued post again, leaving its settled ones alone', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook', 'x'], { status: 'publishing' });
    post.platforms[0]!.status = 'posted';
    world.store.put(world.userId, post);
    world.at(T0 + 16 * MINUTE);

    // Act
    const result = await runWatchdog(world.engine);

    // Assess
    expect(result).toEqual({ redispatched: 1, failed: 0 });
    expect(world.sent.map((s) => s.message)).toEqual([messageFor(post, 'x')]);
  });

  it('leaves alone a post the engine touched within the last ten minutes, or not yet past the retry window', async () => {
    // Prepare
    const world = anEngine();
    world.store.put(world.userId, aPost(['x'], { id: 'busy', updated_at: iso(T0 + 10 * MINUTE) }));
    world.store.put(world.userId, aPost(['x'], { id: 'recent', scheduled_at: iso(T0 + 5 * MINUTE) }));
    world.at(T0 + 16 * MINUTE);

    // Act
    const result = await runWatchdog(world.engine);

    // Assess
    expect(result).toEqual({ redispatched: 0, failed: 0 });
    expect(world.sent).toEqual([]);
    expect(world.store.read(world.userId, 'busy').watchdog_at).toBeNull();
  });
});

describe('a dead letter', () => {
  it('fails the target of a publish message that ran out of deliveries, and tells the user', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook', 'x']);
    world.store.put(world.userId, post);

    // Act
    await failFromDeadLetter(messageFor(post, 'x'), world.engine);

    // Assess
    const stored = world.store.read(world.userId, post.id);
    expect(stored.platforms.map((t) => [t.status, t.error_message])).toEqual([
      ['queued', null],
      ['failed', DEAD_LETTER_MESSAGE],
    ]);
    expect(stored.status).toBe('queued');
    expect(world.notices.map((n) => n.input.message)).toEqual([`Your post to X failed: ${DEAD_LETTER_MESSAGE}`]);
  });

  it('fails every open target of a post whose dispatch failed, as Lambda wraps it', async () => {
    // Prepare
    const world = anEngine();
    const post = aPost(['facebook', 'x'], { status: 'scheduled' });
    world.store.put(world.userId, post);

    // Act
    await failFromDeadLetter(
      { requestContext: { condition: 'RetriesExhausted' }, requestPayload: { userId: world.userId, postId: post.id, version: 1 } },
      world.engine,
    );

    // Assess
    expect(world.store.read(world.userId, post.id)).toMatchObject({
      status: 'failed',
      error_message: `Facebook failed: ${DEAD_LETTER_MESSAGE}; X failed: ${DEAD_LETTER_MESSAGE}`,
    });
    expect(world.notices).toHaveLength(2);
  });

  it('changes nothing and tells nobody about a target that was already settled', async () => {
    // Prepare: posted, then its message's late duplicate dies.
    const world = anEngine();
    const post = aPost(['facebook']);
    world.store.put(world.userId, post);
    world.at(T0 - 3_000);
    await publishTarget(messageFor(post, 'facebook'), world.engine);
    const posted = world.store.read(world.userId, post.id);

    // Act
    await failFromDeadLetter(messageFor(post, 'facebook'), world.engine);
    await failFromDeadLetter('not json', world.engine);

    // Assess
    expect(world.store.read(world.userId, post.id)).toEqual(posted);
    expect(world.notices).toHaveLength(1);
  });
});
