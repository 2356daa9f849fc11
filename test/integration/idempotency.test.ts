import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MSG } from '../../functions/lib/http';
import { aConfirmedUser } from '../helpers/given';
import { aComposeBody, aConnectedAccount, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Idempotency keys on the routes that make a post (docs/idempotency.md): a repeat of a request with
 * the same key, one after the other or at the same moment, makes one post, counts one against the
 * month's allowance, and gets the first answer.
 */
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));
const usedThisMonth = async (token: string) => (await weCallTheApi('GET', '/api/usage', { token })).body.used as number;

type User = Awaited<ReturnType<typeof aConfirmedUser>>;
interface Route {
  readonly path: string;
  body(account: Awaited<ReturnType<typeof aConnectedAccount>>): Record<string, unknown>;
  prepare?(user: User, accountId: string): Promise<void>;
}

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, time: '09:00' }));
const ROUTES: Record<string, Route> = {
  'create post': { path: '/api/posts', body: (account) => ({ ...aComposeBody(account), media_ids: [], scheduled_at: inDays(2) }) },
  'add to queue': {
    path: '/api/queue/posts',
    body: (account) => ({ ...aComposeBody(account), media_ids: [] }),
    prepare: async (user, accountId) => {
      const res = await weCallTheApi('PUT', `/api/queue/schedules/${accountId}`, { token: user.accessToken, body: { slots: EVERY_DAY } });
      expect(res.status).toBe(200);
    },
  },
  'publish now': { path: '/api/posts/publish-now', body: (account) => ({ ...aComposeBody(account), media_ids: [] }) },
};

async function aUserReadyFor(route: Route) {
  const user = await aConfirmedUser({ plan: 'basic' });
  const account = await aConnectedAccount(user.userId, 'facebook');
  await route.prepare?.(user, account.id);
  return { user, account };
}

const send = (route: Route, user: User, body: unknown, key: string) =>
  weCallTheApi('POST', route.path, { token: user.accessToken, body, headers: { 'Idempotency-Key': key } });

describe.each(Object.entries(ROUTES))('%s with an Idempotency-Key', (_name, route) => {
  it('sent twice, one after the other: one post, counted once, and the same answer again', async () => {
    const { user, account } = await aUserReadyFor(route);
    const [key, body] = [randomUUID(), route.body(account)];

    const first = await send(route, user, body, key);
    const again = await send(route, user, body, key);

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await postsOf(user.userId)).map((p) => p.id)).toEqual([first.body.id]);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });

  it('sent twice at once: one post, counted once; the other gets the same post or is told the first is still running', async () => {
    const { user, account } = await aUserReadyFor(route);
    const [key, body] = [randomUUID(), route.body(account)];

    const answers = await Promise.all([send(route, user, body, key), send(route, user, body, key)]);

    const posts = await postsOf(user.userId);
    expect(posts, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body.id).toBe(posts[0]!.id);
      else expect([answer.status, answer.body.error.message]).toEqual([409, IDEMPOTENCY_MSG.inProgress]);
    }
    expect(answers.some((a) => a.status === 201)).toBe(true);
  });

  it('refuses the same key with a different request, writing nothing more', async () => {
    const { user, account } = await aUserReadyFor(route);
    const [key, body] = [randomUUID(), route.body(account)];
    const first = await send(route, user, body, key);

    const other = await send(route, user, { ...body, platforms: [{ ...aComposeBody(account).platforms[0], caption: 'Another text' }] }, key);

    expect(first.status).toBe(201);
    expect([other.status, other.body.error.message]).toEqual([400, IDEMPOTENCY_MSG.otherRequest]);
    expect(await postsOf(user.userId)).toHaveLength(1);
    expect(await usedThisMonth(user.accessToken)).toBe(1);
  });
});

describe('an Idempotency-Key', () => {
  it('is not used up by a request refused for its input: corrected, the same key makes the post', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aConnectedAccount(user.userId, 'facebook');
    const key = randomUUID();
    const body = { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(2) };

    const refused = await send(ROUTES['create post']!, user, { ...body, platforms: [] }, key);
    const corrected = await send(ROUTES['create post']!, user, body, key);

    expect(refused.status).toBe(400);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(await postsOf(user.userId)).toHaveLength(1);
  });

  it('keeps an error answer too: a repeat of a refused create gets the same refusal and writes nothing', async () => {
    // The free plan's five posts this month are used; the sixth is refused by the plan, after the work began.
    const user = await aConfirmedUser({ plan: 'free' });
    const account = await aConnectedAccount(user.userId, 'facebook');
    for (let i = 0; i < 5; i++)
      await send(ROUTES['create post']!, user, { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(2 + i) }, randomUUID());
    const key = randomUUID();
    const body = { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(9) };

    const first = await send(ROUTES['create post']!, user, body, key);
    const again = await send(ROUTES['create post']!, user, body, key);

    expect(first.status).toBe(403);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await postsOf(user.userId)).toHaveLength(5);
  });

  it('of the wrong shape is refused with a clear message, and nothing is written', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aConnectedAccount(user.userId, 'facebook');

    const res = await send(ROUTES['create post']!, user, { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(2) }, 'x'.repeat(256));

    expect([res.status, res.body.error.message]).toEqual([400, IDEMPOTENCY_MSG.badKey]);
    expect(await postsOf(user.userId)).toEqual([]);
  });
});
