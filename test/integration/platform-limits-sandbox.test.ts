import { PLATFORM_LIMITS } from '@shared/platform-limits';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkLimit } from '../../functions/domain/platform-limits';
import { IG_QUOTA_TOTAL } from '../../local/sandbox/platforms/instagram-publish';
import { DIRECT_POSTS_PER_DAY } from '../../local/sandbox/platforms/tiktok-publish';
import { INSERTS_PER_DAY } from '../../local/sandbox/platforms/youtube-publish';
import { TWEETS_PER_3_HOURS } from '../../local/sandbox/platforms/x-publish';

/**
 * Issue 12: the caps compose forecasts are the ones the sandbox platforms enforce, so the warning
 * comes exactly where the platform would refuse. Driven over HTTP against the sandbox.
 */
const { env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox}/control${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return (await res.json()) as Record<string, any>;
}

async function xToken(): Promise<string> {
  const { createHash } = await import('node:crypto');
  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirect = `${new URL(sandbox).origin}/api/oauth/x/callback`;
  const authorize = `${sandbox}/x/www/i/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'sandbox-x-client', redirect_uri: redirect, scope: 'tweet.read tweet.write users.read', state: 's', code_challenge: challenge, code_challenge_method: 'S256' })}`;
  const res = await fetch(authorize, { method: 'POST', body: new URLSearchParams({ decision: 'allow', identity: '1790000000000000001' }), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${sandbox}/x/api/2/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('sandbox-x-client:sandbox-x-secret').toString('base64')}` },
    body: new URLSearchParams({ code, grant_type: 'authorization_code', redirect_uri: redirect, code_verifier: verifier }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

const tweet = (token: string, text: string) =>
  fetch(`${sandbox}/x/api/2/tweets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ text }) });

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
      sent.push(Date.parse(now));
    }

    // Act: the 301st, 48 minutes after the first
    const refused = await tweet(token, 'One too many');

    // Assess: the platform refuses it until the first burst is 3 hours old; compose would have said so
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-rate-limit-limit')).toBe('300');
    expect(PLATFORM_LIMITS.x!.cap).toBe(TWEETS_PER_3_HOURS);
    const { now } = await control('GET', '/state');
    const at = Date.parse(now);
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
