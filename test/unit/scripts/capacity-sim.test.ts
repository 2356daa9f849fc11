import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PublishEngine, ScheduleEngine } from '../../../functions/publishing/ports';
import { dispatchPost } from '../../../functions/publishing/use-cases/dispatch';
import { publishTarget } from '../../../functions/publishing/use-cases/publish';
import { scheduleDispatch } from '../../../functions/publishing/use-cases/schedules';
import { BASE_LOAD, breakpoints, ENGINE_PORT_CALLS, QUOTAS, report, simulate } from '../../../scripts/capacity-sim';
import { anEngine, aPost, T0 } from '../functions/publishing-engine-fakes';

/**
 * The capacity model (docs/capacity.md) rests on how many calls the engine makes per post. These
 * tests count them on the engine's ports, so a change to the engine that adds a write or a read
 * per post fails here until the model (and the document's table) follows.
 */

/** Wraps every port function of the engine (and its store) in a counter named `port.method`. */
function counted(engine: PublishEngine & ScheduleEngine): { engine: PublishEngine & ScheduleEngine; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        return (...args: unknown[]) => {
          const name = prefix + key;
          calls.set(name, (calls.get(name) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(obj, args);
        };
      },
    });
  const ports = {
    ...engine,
    store: wrap(engine.store, 'store.'),
    queue: wrap(engine.queue, 'queue.'),
    scheduler: wrap(engine.scheduler, 'scheduler.'),
  };
  for (const port of ['readDelivery', 'currentPlan', 'withFreshTokens', 'notify', 'recordOutcome', 'claimDailyQuota'] as const) {
    const fn = engine[port] as ((...a: unknown[]) => unknown) | undefined;
    (ports as Record<string, unknown>)[port] = async (...args: unknown[]) => {
      calls.set(port, (calls.get(port) ?? 0) + 1);
      return fn?.(...args);
    };
  }
  return { engine: ports, calls };
}

/** One post with `platforms`, from scheduling to settled, every delivery succeeding at once. */
async function publishOnePost(platforms: ('facebook' | 'x' | 'instagram')[]): Promise<Map<string, number>> {
  const world = anEngine();
  const { engine, calls } = counted(world.engine);
  const post = aPost(platforms, { status: 'scheduled', scheduled_at: new Date(T0).toISOString() });
  world.store.put(world.userId, post);
  world.at(T0 - 10 * 60_000);
  await scheduleDispatch(world.userId, post, engine);
  const [schedule] = [...world.schedules.values()];
  world.at(schedule!.at.getTime());
  await dispatchPost(schedule!.input, engine);
  world.at(T0 - 3_000);
  for (const sent of [...world.sent]) await publishTarget(sent.message, engine);
  expect(world.store.read(world.userId, post.id).status).toBe('posted');
  return calls;
}

/** The model's port calls for a post of `targets` targets. */
function modelled(targets: number): Map<string, number> {
  const expected = new Map<string, number>();
  for (const [call, n] of Object.entries(ENGINE_PORT_CALLS.perPost)) expected.set(call, n);
  for (const [call, n] of Object.entries(ENGINE_PORT_CALLS.perTarget)) expected.set(call, (expected.get(call) ?? 0) + n * targets);
  return expected;
}

describe('the capacity model', () => {
  it('counts the port calls the engine makes for a post of one target', async () => {
    const calls = await publishOnePost(['facebook']);
    expect(Object.fromEntries(calls)).toEqual(Object.fromEntries(modelled(1)));
  });

  it('scales the per-target calls with the targets and keeps the per-post ones once', async () => {
    const calls = await publishOnePost(['facebook', 'x', 'instagram']);
    expect(Object.fromEntries(calls)).toEqual(Object.fromEntries(modelled(3)));
  });

  it("finds the stage throttle and the OPEN index's single partition the first limits to break", () => {
    const order = breakpoints().map((b) => `${b.service}: ${b.limit}`);
    expect(order.slice(0, 2)).toEqual(['API Gateway: stage throttle rps (infra default)', 'DynamoDB: OPEN index partition WCU']);
    // At today's load nothing is broken; at 1,000× (the 100,000-workspace example) the pending
    // schedules pass Scheduler's 10 million.
    expect(simulate(1).broken).toEqual([]);
    const atThousand = simulate(1_000);
    expect(atThousand.broken.map((c) => c.limit)).toContain('pending schedules (count)');
    expect(atThousand.checks.find((c) => c.limit === 'pending schedules (count)')!.demand).toBeGreaterThan(QUOTAS.pendingSchedules);
    expect(BASE_LOAD.workspaces * 1_000).toBe(100_000);
  });

  it('grows cost and demand linearly with the workspaces', () => {
    const one = simulate(1);
    const hundred = simulate(100);
    expect(hundred.monthlyTotal / one.monthlyTotal).toBeCloseTo(100, 6);
    expect(hundred.peakMinutePosts / one.peakMinutePosts).toBeCloseTo(100, 6);
  });

  it('prints the same report every run, and docs/capacity.md quotes it as it is now', () => {
    expect(report()).toBe(report());
    const doc = readFileSync(new URL('../../../docs/capacity.md', import.meta.url), 'utf8');
    expect(doc).toContain(report().trimEnd());
  });
});
