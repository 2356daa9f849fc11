import http from 'node:http';
import { randomInt } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createClient as putClient } from '../../functions/data/clients';
import { documentClient } from '../../functions/lib/aws';
import { ROUTES } from '../../functions/routes';
import { ErrorBodySchema } from '@shared/api';
import { CLIENT_MSG, MAX_CLIENTS } from '@shared/clients';
import { productOf } from '../helpers/billing';
import { aConfirmedUser, aRandomEmail, cloud } from '../helpers/given';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { DECISIONS_PER_LINK_PER_HOUR } from '../../functions/domain/review-links';

/*
 * 500 drafts, 300 clients, 200 OAuth starts and 200 anonymous checkouts were all
 * accepted in seconds. Each limited route answers 429 with Retry-After once its window is full, and
 * the refused request writes nothing. Per-IP limits are exercised from distinct loopback addresses
 * (127.x.y.z all reach the local cloud), the way distinct visitors reach CloudFront.
 */
interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** One API request from the given local address (the client IP the local front door sees). */
function request(method: string, path: string, options: { token?: string; body?: unknown; from?: string } = {}): Promise<Reply> {
  const url = new URL(path, cloud().url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress: options.from,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          // A client cannot choose its IP by sending the header CloudFront sets.
          'x-viewer-ip': '192.0.2.1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const aLoopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
const limitOf = (method: string, path: string) => {
  const route = ROUTES.find((r) => r.method === method && r.path === path);
  if (!route || !('limit' in route)) throw new Error(`${method} ${path} has no limit`);
  return route.limit;
};

/**
 * Fixed windows: a burst that a window edge falls into is counted in two windows and shows nothing.
 * Runs `burst` (which makes its own user or address) and, if the clock crossed into another window
 * meanwhile, runs it again: it then starts at the beginning of a fresh window, whatever the machine's
 * speed, instead of waiting for the edge to pass.
 */
async function inOneWindow<T>(windowSeconds: number, burst: () => Promise<T>): Promise<T> {
  const window = () => Math.floor(Date.now() / 1000 / windowSeconds);
  for (let tries = 1; ; tries++) {
    const began = window();
    const result = await burst();
    if (window() === began) return result;
    if (tries === 2) throw new Error(`Two bursts in a row each spanned a ${windowSeconds} s window edge`);
  }
}

async function burst(count: number, send: (i: number) => Promise<Reply>): Promise<Reply[]> {
  const replies: Reply[] = [];
  // In small parallel groups: fast, and concurrent claims on one window are part of what is tested.
  for (let i = 0; i < count; i += 10) replies.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => send(i + j)))));
  return replies;
}

function expectRefusal(reply: Reply, windowSeconds: number) {
  expect(reply.status).toBe(429);
  const { error } = ErrorBodySchema.parse(reply.body);
  expect(error.code).toBe('TOO_MANY_REQUESTS');
  expect(error.message).toMatch(/^Too many requests; try again in \d+ (second|minute|hour)s?\.$/);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('per-user limits', () => {
  it('lets a user create clients up to the window limit, then answers 429 with Retry-After and stores nothing more', { timeout: 60_000 }, async () => {
    const { max, windowSeconds } = limitOf('POST', '/api/clients');

    const { user, replies } = await inOneWindow(windowSeconds, async () => {
      const user = await aConfirmedUser();
      const replies = await burst(max + 5, (i) => request('POST', '/api/clients', { token: user.accessToken, body: { name: `Client ${i}` } }));
      return { user, replies };
    });

    expect(replies.filter((r) => r.status === 201 || r.status === 200)).toHaveLength(max);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expectRefusal(refused[0]!, windowSeconds);
    const clients = (await itemsOfUser(user.userId)).filter((item) => item.type === 'Client');
    expect(clients).toHaveLength(max + 1); // + the default "My Account"
    // Another user is not affected by this one's window.
    const other = await aConfirmedUser();
    expect((await request('POST', '/api/clients', { token: other.accessToken, body: { name: 'Mine' } })).status).toBeLessThan(300);
  });

  it(`holds a user to ${MAX_CLIENTS} clients in all, whatever the rate`, async () => {
    const user = await aConfirmedUser();
    // Seeded straight into the table: the route's rate limit would take hours to reach the quota.
    const now = new Date().toISOString();
    for (let i = 0; i < MAX_CLIENTS - 2; i++) {
      await putClient(user.userId, { id: `01J${String(i).padStart(23, '0')}`, name: `Seeded ${i}`, logo_url: null, created_at: now });
    }

    const last = await request('POST', '/api/clients', { token: user.accessToken, body: { name: 'The hundredth' } });
    const over = await request('POST', '/api/clients', { token: user.accessToken, body: { name: 'One too many' } });

    expect(last.status).toBeLessThan(300);
    expect(over.status).toBe(409);
    expect(ErrorBodySchema.parse(over.body).error).toMatchObject({ code: 'CLIENT_LIMIT_REACHED', message: CLIENT_MSG.limitReached });
    const clients = (await itemsOfUser(user.userId)).filter((item) => item.type === 'Client');
    expect(clients).toHaveLength(MAX_CLIENTS);
    expect(clients.map((c) => c.name)).not.toContain('One too many');
  });

  it('limits OAuth starts per user, and a refused start stores no state', { timeout: 60_000 }, async () => {
    const { max, windowSeconds } = limitOf('POST', '/api/accounts/{platform}/oauth/initiate');

    const { user, replies, statesBefore, refused } = await inOneWindow(windowSeconds, async () => {
      const user = await aConfirmedUser();
      const replies = await burst(max, () => request('POST', '/api/accounts/facebook/oauth/initiate', { token: user.accessToken }));
      const statesBefore = (await itemsOfUser(user.userId)).filter((item) => String(item.sk).startsWith('OAUTHSTATE#')).length;
      const refused = await request('POST', '/api/accounts/instagram/oauth/initiate', { token: user.accessToken });
      return { user, replies, statesBefore, refused };
    });

    expect(replies.every((r) => r.status === 200)).toBe(true);
    expectRefusal(refused, windowSeconds);
    expect((await itemsOfUser(user.userId)).filter((item) => String(item.sk).startsWith('OAUTHSTATE#'))).toHaveLength(statesBefore);
  });
});

describe('per-IP limits on public routes', () => {
  const checkout = (email: string, from: string) =>
    request('POST', '/api/billing/public-checkout', { body: { productId: productOf('basic'), email, name: 'Buyer' }, from });

  async function checkoutsFor(email: string) {
    const { Items } = await documentClient().send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        FilterExpression: 'begins_with(pk, :checkout) AND email = :email',
        ExpressionAttributeValues: { ':checkout': 'CHECKOUT#', ':email': email },
      }),
    );
    return Items ?? [];
  }

  it('limits anonymous checkouts per client IP, refuses without creating a session, and serves other IPs', { timeout: 90_000 }, async () => {
    const { max, windowSeconds } = limitOf('POST', '/api/billing/public-checkout');

    const { replies, refusedEmail, refused } = await inOneWindow(windowSeconds, async () => {
      const crowd = aLoopbackAddress();
      const replies = await burst(max, () => checkout(aRandomEmail(), crowd));
      const refusedEmail = aRandomEmail();
      const refused = await checkout(refusedEmail, crowd);
      return { replies, refusedEmail, refused };
    });
    const elsewhere = await checkout(aRandomEmail(), aLoopbackAddress());

    expect(replies.map((r) => r.status)).toEqual(Array(max).fill(200));
    expectRefusal(refused, windowSeconds);
    expect(await checkoutsFor(refusedEmail)).toEqual([]);
    expect(elsewhere.status).toBe(200);
  });

  it('limits connect-link starts per client IP; a refused start stores no OAuth state; other IPs go on', { timeout: 90_000 }, async () => {
    const { max, windowSeconds } = limitOf('POST', '/api/connect-links/start');
    const owner = await aConfirmedUser({ plan: 'pro' });
    const client = (await request('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Bakery' } })).body as { id: string };
    const link = (await request('POST', `/api/clients/${client.id}/connect-links`, { token: owner.accessToken, body: { platforms: ['facebook'] } })).body as {
      id: string;
      url: string;
    };
    const token = new URL(link.url).searchParams.get('token')!;
    const start = (from: string) => request('POST', '/api/connect-links/start', { body: { token, platform: 'facebook' }, from });
    const statesOfLink = async () => {
      const { Items } = await documentClient().send(
        new ScanCommand({ TableName: process.env.TABLE_NAME, FilterExpression: 'linkId = :link', ExpressionAttributeValues: { ':link': link.id } }),
      );
      return (Items ?? []).length;
    };

    const { replies, refused, statesBefore } = await inOneWindow(windowSeconds, async () => {
      const crowd = aLoopbackAddress();
      const replies = await burst(max, () => start(crowd));
      const statesBefore = await statesOfLink();
      const refused = await start(crowd);
      return { replies, refused, statesBefore };
    });
    const statesAfter = await statesOfLink();
    const elsewhere = await start(aLoopbackAddress());

    expect(replies.map((r) => r.status)).toEqual(Array(max).fill(200));
    expectRefusal(refused, windowSeconds);
    expect(statesAfter).toBe(statesBefore);
    expect(elsewhere.status).toBe(200);
  });

  it('limits review-link decisions per client IP, and per link across addresses; a refused one changes nothing', { timeout: 120_000 }, async () => {
    const { max, windowSeconds } = limitOf('POST', '/api/review-links/decisions');
    const owner = await aConfirmedUser({ plan: 'pro' });
    const client = (await request('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Bakery' } })).body as { id: string };
    const account = await aConnectedAccount(owner.userId, 'facebook');
    const post = await aStoredPost(owner.userId, account, { client_id: client.id, status: 'scheduled', scheduled_at: inDays(1) });
    const link = (await request('POST', `/api/clients/${client.id}/review-links`, { token: owner.accessToken, body: {} })).body as { url: string };
    const token = new URL(link.url).searchParams.get('token')!;
    const approve = (from: string) =>
      request('POST', '/api/review-links/decisions', { body: { token, post_id: post.id, version: 1, decision: 'approved' }, from });
    const decisionOnPost = async () => JSON.stringify((await itemsOfUser(owner.userId)).find((item) => item.id === post.id)?.client_review);
    // Enough addresses for the link's own allowance to run out before any one address's does.
    const addresses = Math.ceil(DECISIONS_PER_LINK_PER_HOUR / max);

    const { perIp, perLink, before } = await inOneWindow(windowSeconds, async () => {
      const crowd = Array.from({ length: addresses }, aLoopbackAddress);
      const first = await burst(max, () => approve(crowd[0]!));
      const perIp = await approve(crowd[0]!);
      for (const from of crowd.slice(1)) await burst(Math.min(max, DECISIONS_PER_LINK_PER_HOUR - max), () => approve(from));
      const before = await decisionOnPost();
      const perLink = await approve(aLoopbackAddress());
      return { first, perIp, perLink, before };
    });

    expectRefusal(perIp, windowSeconds);
    expect(perLink.status).toBe(429);
    expect(await decisionOnPost()).toBe(before);
  });

  it('does not count bad input against the window (it is refused before the limit, writing nothing)', async () => {
    const from = aLoopbackAddress();

    const bad = await Promise.all(Array.from({ length: 40 }, () => checkout('not-an-email', from)));
    const good = await checkout(aRandomEmail(), from);

    expect(bad.every((r) => r.status === 400)).toBe(true);
    expect(good.status).toBe(200);
  });
});
