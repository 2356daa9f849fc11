import { XRPCError } from '@atproto/api';
import { describe, expect, it } from 'vitest';
import { classifyBlueskyError, newTid } from '../../../functions/platforms/bluesky';

const NOW = new Date('2026-11-29T12:00:00.000Z');

describe('Bluesky errors in our categories', () => {
  it('a 429 backs off until ratelimit-reset (unix seconds)', () => {
    const reset = String(NOW.getTime() / 1000 + 900);
    const c = classifyBlueskyError(new XRPCError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', { 'ratelimit-reset': reset }), NOW);
    expect(c).toMatchObject({ category: 'backoff', retryAfterSeconds: 900, status: 429 });
  });

  it.each([
    [400, 'ExpiredToken', 'reauth'],
    [400, 'InvalidToken', 'reauth'],
    [401, 'AuthMissing', 'reauth'],
    [400, 'InvalidRequest', 'fix-input'],
    [500, 'InternalServerError', 'retry'],
    [502, 'UpstreamFailure', 'retry'],
  ] as const)('%i %s is %s', (status, error, category) => {
    expect(classifyBlueskyError(new XRPCError(status, error, 'x'), NOW).category).toBe(category);
  });

  it('a network failure is a retry with no status, so a lost create keeps its record key', () => {
    const c = classifyBlueskyError(XRPCError.from(new TypeError('fetch failed')), NOW);
    expect(c).toEqual({ category: 'retry', reason: 'Bluesky could not be reached (network problem)' });
  });
});

describe('record keys', () => {
  it('are TIDs that sort by time', () => {
    const a = newTid(NOW, 0);
    const b = newTid(new Date(NOW.getTime() + 1), 0);
    expect(a).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(a < b).toBe(true);
  });
});
