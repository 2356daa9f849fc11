import { beforeEach, describe, expect, inject, it } from 'vitest';

/** The sandbox's own publishing rules, driven over HTTP with a token from its consent flow. */
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

describe('the sandbox publishing rules', () => {
  it('X answers 201 with rate-limit headers, then 403 duplicate content for the same text', async () => {
    const token = await xToken();

    const first = await tweet(token, 'Hello bakery');
    const again = await tweet(token, 'Hello bakery');

    expect(first.status).toBe(201);
    expect(first.headers.get('x-rate-limit-limit')).toBe('100');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('99');
    expect(again.status).toBe(403);
    expect(((await again.json()) as { detail: string }).detail).toBe('You are not allowed to create a Tweet with duplicate content.');
  });

  it('records receipts with the server receive time, filterable by platform and time', async () => {
    const token = await xToken();
    const before = Date.now();
    await tweet(token, 'Receipt me');

    const { receipts } = await control('GET', `/receipts?platform=x&since=${before}`);

    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ platform: 'x', accountId: '1790000000000000001', caption: 'Receipt me' });
    expect(receipts[0].receivedAtMs).toBeGreaterThanOrEqual(before);
    expect((await control('GET', `/receipts?since=${Date.now() + 60_000}`)).receipts).toHaveLength(0);
  });

  it('shows what was posted on the account page and on the post page', async () => {
    const token = await xToken();
    const { data } = (await (await tweet(token, 'On the feed page')).json()) as { data: { id: string } };

    const profile = await (await fetch(`${sandbox}/x/www/ada_bakes`)).text();
    const single = await fetch(`${sandbox}/x/www/ada_bakes/status/${data.id}`);
    const hub = await (await fetch(`${sandbox}/feeds`)).text();

    expect(profile).toContain('On the feed page');
    expect(single.status).toBe(200);
    expect(hub).toContain(`${sandbox}/x/www/ada_bakes`);
    expect((await fetch(`${sandbox}/x/www/ada_bakes/status/1`)).status).toBe(404);
  });

  it('answers the publishing fault it was told to, only on publishing calls', async () => {
    const token = await xToken();
    await control('POST', '/faults', { platform: 'x', error: 'rate_limit', publish: true, resetSeconds: 120 });

    const me = await fetch(`${sandbox}/x/api/2/users/me`, { headers: { authorization: `Bearer ${token}` } });
    const post = await tweet(token, 'Limited');

    expect(me.status).toBe(200);
    expect(post.status).toBe(429);
    expect(Number(post.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000 + 100);
  });

  it('refuses faults a platform does not document', async () => {
    const res = await fetch(`${sandbox}/control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'instagram', error: 'duplicate' }) });

    expect(res.status).toBe(400);
  });
});
