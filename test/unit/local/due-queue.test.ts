import { describe, expect, it } from 'vitest';
import { DueQueue } from '../../../local/due-queue';

describe('the due queue behind the Scheduler and SQS timers', () => {
  it('hands out keys soonest first, each once, and only those due', () => {
    const queue = new DueQueue();
    const times = Array.from({ length: 500 }, (_, i) => ({ key: `k${i}`, at: (i * 7919) % 1000 }));
    for (const { key, at } of times) queue.set(key, at);

    expect(queue.peek()).toBe(0);
    const due = queue.takeDue(499);
    expect(due).toEqual(
      times
        .filter((t) => t.at <= 499)
        .sort((a, b) => a.at - b.at)
        .map((t) => t.key),
    );
    expect(queue.size).toBe(500 - due.length);
    expect(queue.peek()).toBe(Math.min(...times.filter((t) => t.at > 499).map((t) => t.at)));
    expect(queue.takeDue(499)).toEqual([]);
  });

  it('keeps the order of setting between keys due at the same time', () => {
    const queue = new DueQueue();
    for (const key of ['c', 'a', 'b', 'e', 'd']) queue.set(key, 10);
    expect(queue.takeDue(10, 3)).toEqual(['c', 'a', 'b']);
    expect(queue.takeDue(10)).toEqual(['e', 'd']);
  });

  it('moves and cancels a key without handing out its old time', () => {
    const queue = new DueQueue();
    queue.set('moved', 5);
    queue.set('cancelled', 6);
    queue.set('kept', 7);
    queue.set('moved', 50);
    queue.delete('cancelled');

    expect(queue.peek()).toBe(7);
    expect(queue.at('moved')).toBe(50);
    expect(queue.at('cancelled')).toBeUndefined();
    expect(queue.takeDue(49)).toEqual(['kept']);
    expect(queue.takeDue(50)).toEqual(['moved']);
    expect(queue.size).toBe(0);
  });

  it('stays right when one key is moved many times (the stale entries are rebuilt away)', () => {
    const queue = new DueQueue();
    for (let i = 0; i < 100; i++) queue.set(`other${i}`, 1000 + i);
    for (let t = 10_000; t > 0; t--) queue.set('busy', t);
    expect(queue.size).toBe(101);
    expect(queue.takeDue(1)).toEqual(['busy']);
    expect(queue.takeDue(1099)).toHaveLength(100);
  });
});
