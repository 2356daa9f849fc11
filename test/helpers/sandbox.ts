import { createHash } from 'node:crypto';
import type { Platform } from '@shared/platforms';
import { expect } from 'vitest';
import type { Receipt } from '../../local/sandbox/publish-store';
import { cloud } from './given';

/**
 * The sandbox platforms over HTTP, for tests that drive them directly: the control API (faults,
 * clock, reset, receipts, posts) and an X token from the sandbox's own consent flow. THE way tests
 * reach the control API: no test builds its own control fetch.
 */
export const sandboxUrl = (): string => cloud().env.PLATFORM_SANDBOX_URL!;

/** One call to the control API, whatever it answers: its status and JSON body (for tests of the control API itself). */
export async function sandboxControlCall(
  method: string,
  path: string,
  body?: unknown,
  sandbox = sandboxUrl(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sandbox}/control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A control step that must work (a fault, the clock, a reset…): its JSON answer; the test fails on an error answer. */
export async function sandboxControl(sandbox: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await sandboxControlCall(method, path, body, sandbox);
  expect(res.status, `${method} /control${path}: ${JSON.stringify(res.body)}`).toBeLessThan(400);
  return res.body;
}

/** A control step on the local cloud's sandbox. */
export const controlTheSandbox = (method: string, path: string, body?: unknown) => sandboxControl(sandboxUrl(), method, path, body);

/** What the sandbox platforms received (optionally one platform's), oldest first. */
export const sandboxReceipts = async (platform?: Platform, sandbox = sandboxUrl()): Promise<Receipt[]> =>
  ((await sandboxControl(sandbox, 'GET', platform ? `/receipts?platform=${platform}` : '/receipts')).receipts ?? []) as Receipt[];

/** The receipts of posts with exactly this caption. */
export const sandboxReceiptsFor = async (caption: string): Promise<Receipt[]> => (await sandboxReceipts()).filter((r) => r.caption === caption);

/** An X user token for the first demo identity, through consent → code → token with PKCE. */
export async function sandboxXToken(sandbox: string, scope = 'tweet.read tweet.write users.read'): Promise<string> {
  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirect = `${new URL(sandbox).origin}/api/oauth/x/callback`;
  const authorize = `${sandbox}/x/www/i/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'sandbox-x-client', redirect_uri: redirect, scope, state: 's', code_challenge: challenge, code_challenge_method: 'S256' })}`;
  const res = await fetch(authorize, { method: 'POST', body: new URLSearchParams({ decision: 'allow', identity: '1790000000000000001' }), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${sandbox}/x/api/2/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('sandbox-x-client:sandbox-x-secret').toString('base64')}` },
    body: new URLSearchParams({ code, grant_type: 'authorization_code', redirect_uri: redirect, code_verifier: verifier }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** `POST /2/tweets` on the sandbox X. */
export const sandboxTweet = (sandbox: string, token: string, text: string) =>
  fetch(`${sandbox}/x/api/2/tweets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

/** What the TikTok sandbox answers for a demo creator's info by default: every privacy level, Stitch off, up to 10 minutes. */
export const sandboxCreatorInfoOf = (who: { name: string; username: string }) => ({
  creator_nickname: who.name,
  creator_username: who.username,
  creator_avatar_url: expect.stringContaining('/avatar.svg'),
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  comment_disabled: false,
  duet_disabled: false,
  stitch_disabled: true,
  max_video_post_duration_sec: 600,
});
