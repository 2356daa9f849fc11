import { beforeEach, describe, expect, inject, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import type { Receipt } from '../../local/sandbox/publish-store';
import { controlTheSandbox as control, sandboxControlCall, sandboxXToken, sandboxTweet } from '../helpers/sandbox';

/** The sandbox's own publishing rules, driven over HTTP with a token from its consent flow. */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;

const xToken = () => sandboxXToken(sandbox);

const tweet = (token: string, text: string) => sandboxTweet(sandbox, token, text);

/** The first demo Page and its Page token, through the sandbox consent flow. */
async function facebookPage(): Promise<{ pageId: string; token: string }> {
  const { clientId, clientSecret } = (JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<string, { clientId: string; clientSecret: string }>).facebook!;
  const adapter = createAdapter('facebook', {
    app: { clientId, clientSecret, redirectUri: `${frontDoor}/api/oauth/facebook/callback` },
    hosts: hostsFor('facebook', sandbox),
  });
  const who = DEMO_IDENTITIES.facebook[0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(adapter.authorizeUrl({ state: 's' }), { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const [page] = await adapter.profiles(await adapter.exchangeCode({ code }));
  return { pageId: page!.accountId, token: page!.tokens.accessToken };
}

const graph = `${sandbox}/facebook/graph/${GRAPH_VERSION}`;
const pagePost = (pageId: string, token: string, message: string) =>
  fetch(`${graph}/${pageId}/feed`, { method: 'POST', body: new URLSearchParams({ message, access_token: token }) });

/** What the platform recorded for an account, oldest first (the order the creates arrived). */
const postedIds = async (platform: string, account: string) =>
  ((await control('GET', `/posts?platform=${platform}&account=${account}`)).posts as { id: string }[]).map((p) => p.id);

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

    const receipts = (await control('GET', `/receipts?platform=x&since=${before}`)).receipts as Receipt[];

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

  it('pages the X timeline with next_token: every post once, newest first, no next_token on the last page', async () => {
    const token = await xToken();
    const user = '1790000000000000001';
    await control('POST', '/limits', { enabled: false });
    try {
      const before = new Date(Date.now() - 1000).toISOString();
      for (let i = 0; i < 5; i++) await Promise.all(Array.from({ length: 50 }, (_, j) => tweet(token, `Timeline post ${i * 50 + j}`)));

      const pages: { data?: { id: string }[]; meta: { result_count: number; next_token?: string; newest_id?: string; oldest_id?: string } }[] = [];
      let next: string | undefined;
      do {
        const query = new URLSearchParams({ max_results: '100', start_time: before, ...(next ? { pagination_token: next } : {}) });
        const res = await fetch(`${sandbox}/x/api/2/users/${user}/tweets?${query}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as (typeof pages)[number];
        pages.push(body);
        next = body.meta.next_token;
      } while (next && pages.length < 10);

      expect(pages.map((p) => p.meta.result_count)).toEqual([100, 100, 50]);
      expect(pages.map((p) => typeof p.meta.next_token)).toEqual(['string', 'string', 'undefined']);
      for (const p of pages) expect([p.meta.newest_id, p.meta.oldest_id]).toEqual([p.data![0]!.id, p.data!.at(-1)!.id]);
      const walked = pages.flatMap((p) => p.data!.map((t) => t.id));
      expect(walked).toEqual((await postedIds('x', user)).reverse());
      expect(new Set(walked).size).toBe(250);

      const untilBefore = await fetch(`${sandbox}/x/api/2/users/${user}/tweets?${new URLSearchParams({ end_time: before })}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await untilBefore.json()).toEqual({ meta: { result_count: 0 } });
      const badToken = await fetch(`${sandbox}/x/api/2/users/${user}/tweets?pagination_token=bm90LWEtcG9zdA`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(badToken.status).toBe(400);
    } finally {
      await control('POST', '/limits', { enabled: true });
    }
  });

  it('pages a Facebook feed with paging.next: every post once, newest first, no next on the last page', async () => {
    const { pageId, token } = await facebookPage();
    for (let i = 0; i < 60; i++) expect((await pagePost(pageId, token, `Feed post ${i}`)).status).toBe(200);

    const pages: { data: { id: string; message?: string }[]; paging?: { cursors: { before: string; after: string }; next?: string } }[] = [];
    let url: string | undefined =
      `${graph}/${pageId}/feed?${new URLSearchParams({ fields: 'id,message', since: String(Math.floor(Date.now() / 1000) - 3600), access_token: token })}`;
    while (url && pages.length < 10) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const body = (await res.json()) as (typeof pages)[number];
      pages.push(body);
      url = body.paging?.next;
      if (url) {
        expect(url.startsWith(`${graph}/${pageId}/feed?`)).toBe(true);
        expect(new URL(url).searchParams.get('after')).toBe(body.paging!.cursors.after);
        expect(new URL(url).searchParams.get('fields')).toBe('id,message');
      }
    }

    expect(pages.map((p) => p.data.length)).toEqual([25, 25, 10]);
    expect(pages.map((p) => p.paging?.next === undefined)).toEqual([false, false, true]);
    const walked = pages.flatMap((p) => p.data.map((post) => post.id));
    expect(walked).toEqual((await postedIds('facebook', pageId)).reverse());
    expect(pages[0]!.data[0]!.message).toBe('Feed post 59');

    const hundred = (await (
      await fetch(`${graph}/${pageId}/posts?${new URLSearchParams({ limit: '100', access_token: token })}`)
    ).json()) as (typeof pages)[number];
    expect(hundred.data).toHaveLength(60);
    expect(hundred.paging?.next).toBeUndefined();
    const none = await (
      await fetch(`${graph}/${pageId}/feed?${new URLSearchParams({ since: String(Math.floor(Date.now() / 1000) + 3600), access_token: token })}`)
    ).json();
    expect(none).toEqual({ data: [] });
  });

  it('refuses faults a platform does not document', async () => {
    const res = await sandboxControlCall('POST', '/faults', { platform: 'instagram', error: 'duplicate' });

    expect(res.status).toBe(400);
  });
});
