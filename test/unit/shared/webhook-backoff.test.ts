import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds } from '@shared/webhooks';
import { describe, expect, it } from 'vitest';

/** The retry schedule (docs/webhooks.md#delivery-and-retries): what a receiver that is down sees. */
const waits = () => Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => webhookRetryDelaySeconds(i + 1));

describe('webhook retry backoff', () => {
  it('waits longer after each failed attempt and stops after the last', () => {
    const schedule = waits();
    const retries = schedule.slice(0, -1) as number[];

    expect(schedule.at(-1)).toBeNull();
    expect(retries.every((wait) => wait > 0)).toBe(true);
    expect(retries.every((wait, i) => i === 0 || wait >= retries[i - 1]!)).toBe(true);
    expect(retries[0]).toBeLessThanOrEqual(60);
  });

  it('keeps retrying for at least 24 hours after the first attempt', () => {
    const total = (waits().slice(0, -1) as number[]).reduce((sum, wait) => sum + wait, 0);

    expect(total).toBeGreaterThanOrEqual(24 * 3600);
  });

  it('refuses an attempt number that is not a positive integer', () => {
    expect(() => webhookRetryDelaySeconds(0)).toThrow(RangeError);
    expect(() => webhookRetryDelaySeconds(1.5)).toThrow(RangeError);
  });
});
