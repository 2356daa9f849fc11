import { PLATFORM_LIMITS } from '@shared/platform-limits';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkLimit } from '../../functions/domain/platform-limits';
import { IG_QUOTA_TOTAL } from '../../local/sandbox/platforms/instagram-publish';
import { DIRECT_POSTS_PER_DAY } from '../../local/sandbox/platforms/tiktok-publish';
import { INSERTS_PER_DAY } from '../../local/sandbox/platforms/youtube-publish';
import { TWEETS_PER_3_HOURS } from '../../local/sandbox/platforms/x-publish';
import { controlTheSandbox as control, sandboxXToken, sandboxTweet } from '../helpers/sandbox';

/**
 * The caps compose forecasts are the ones the sandbox platforms enforce, so the warning
 * comes exactly where the platform would refuse. Driven over HTTP against the sandbox.
 */
const { env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;

const xToken = () => sandboxXToken(sandbox);

const tweet = (token: string, text: string) => sandboxTweet(sandbox, token, text);

beforeEach(async () => {
  await control('POST', '/reset');
});

describe('forecast caps match what the sandbox platforms enforce', () => {
  it('X refuses the 301st post in 3 hours (within the 15-minute cap), where compose warns', async () => {
    // Prepare: 300 posts in three bursts of 100, 16 minutes apart (each within X's 15-minute cap)
    const token = await xToken();
    const sent: number[] = [];
    for (let burst = 0; burst < 3; burst++) {
      for (let i = 0; i < 100; i++) {
        const res = await tweet(token, `Burst ${burst} post ${i}`);
        expect(res.status).toBe(201);
      }
      const { now } = await control('POST', '/clock/advance', { seconds: 16 * 60 });
      sent.push(Date.parse(now as string));
    }

    // Act: the 301st, 48 minutes after the first
    const refused = await tweet(token, 'One too many');

    // Assess: the platform refuses it until the first burst is 3 hours old; compose would have said so
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-rate-limit-limit')).toBe('300');
    expect(PLATFORM_LIMITS.x!.cap).toBe(TWEETS_PER_3_HOURS);
    const { now } = await control('GET', '/state');
    const at = Date.parse(now as string);
    const firstBurst = sent[0]! - 16 * 60_000;
    const others = [0, 1, 2].flatMap((b) => Array.from({ length: 100 }, () => firstBurst + b * 16 * 60_000));
    expect(checkLimit(PLATFORM_LIMITS.x!, others, at)).toMatchObject({ ok: false, wouldBe: 301 });
    expect(Number(refused.headers.get('x-rate-limit-reset')) * 1000).toBeGreaterThan(at + 2 * 3600_000);
  });

  it('uses the caps the sandbox enforces: Instagram media_publish, TikTok Direct Post, YouTube videos.insert', () => {
    expect(PLATFORM_LIMITS.instagram!.cap).toBe(IG_QUOTA_TOTAL);
    expect(PLATFORM_LIMITS.tiktok!.cap).toBe(DIRECT_POSTS_PER_DAY);
    expect(PLATFORM_LIMITS.youtube!.cap).toBe(INSERTS_PER_DAY);
  });
});
