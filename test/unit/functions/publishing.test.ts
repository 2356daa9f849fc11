import { describe, expect, it } from 'vitest';
import { atExpression } from '../../../functions/publishing/adapters/eventbridge-scheduler';
import { scheduleTimeFor, type EngineTarget } from '../../../functions/publishing/model';
import { backoffSeconds } from '../../../functions/publishing/use-cases/publish';
import { derivePostOutcome } from '../../../functions/publishing/use-cases/settle';

const target = (platform: EngineTarget['platform'], status: EngineTarget['status'], extra: Partial<EngineTarget> = {}): EngineTarget => ({
  id: `${platform}-1`,
  platform,
  social_account_id: 'acc',
  account_name: 'name',
  account_id: 'id',
  caption: 'hello',
  settings: {},
  status,
  post_url: status === 'posted' ? `https://example.com/${platform}` : null,
  posted_at: status === 'posted' ? '2026-11-22T09:00:01.000Z' : null,
  error_message: null,
  ...extra,
});

describe('the post status derived from its targets', () => {
  it('is posted when every target posted, published at the last target', () => {
    const outcome = derivePostOutcome([target('facebook', 'posted'), target('x', 'posted', { posted_at: '2026-11-22T09:00:03.000Z' })]);
    expect(outcome).toEqual({ status: 'posted', publishedAt: '2026-11-22T09:00:03.000Z', errorMessage: null });
  });

  it('is failed when any target failed, naming what did go out', () => {
    const outcome = derivePostOutcome([
      target('facebook', 'posted'),
      target('x', 'posted'),
      target('instagram', 'failed', { error_message: 'Instagram is busy' }),
    ]);
    expect(outcome.status).toBe('failed');
    expect(outcome.errorMessage).toBe('Published to Facebook and X; Instagram failed: Instagram is busy');
  });

  it('lists every failure when nothing went out', () => {
    const outcome = derivePostOutcome([target('x', 'failed', { error_message: 'a' }), target('tiktok', 'failed', { error_message: 'b' })]);
    expect(outcome).toEqual({ status: 'failed', publishedAt: null, errorMessage: 'X failed: a; TikTok failed: b' });
  });
});

describe('retry backoff', () => {
  it('grows exponentially, with jitter between half and all of the ceiling, capped at 5 minutes', () => {
    expect(backoffSeconds(1, undefined, () => 0)).toBe(1);
    expect(backoffSeconds(3, undefined, () => 0)).toBe(4);
    expect(backoffSeconds(3, undefined, () => 0.999)).toBe(8);
    expect(backoffSeconds(20, undefined, () => 0.999)).toBe(300);
  });

  it("never retries before the platform's reset time", () => {
    expect(backoffSeconds(1, 42, () => 0)).toBe(42);
  });
});

describe('the schedule of a post', () => {
  it('fires in the minute before the due minute, in UTC', () => {
    expect(atExpression(scheduleTimeFor('2026-11-22T14:00:30.000Z'))).toBe('at(2026-11-22T13:59:00)');
    expect(atExpression(scheduleTimeFor('2026-11-22T14:00:00.000Z'))).toBe('at(2026-11-22T13:59:00)');
    expect(atExpression(scheduleTimeFor('2027-01-01T00:00:59.999Z'))).toBe('at(2026-12-31T23:59:00)');
  });
});
