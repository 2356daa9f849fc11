import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_MSG } from '@shared/workspaces';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../../functions/lib/errors';
import { SessionEndedError } from '../../../functions/domain/sessions';
import {
  httpHandlerWith,
  IDEMPOTENCY_MSG,
  IDEMPOTENT_REPLAYED_HEADER,
  noContent,
  ok,
  type HttpGuards,
  type IdempotencyGuard,
  type IdempotencyHolder,
} from '../../../functions/lib/http';
import { UnauthorizedError } from '../../../functions/lib/errors';
import { aLambdaContext, anApiEvent } from '../../helpers/when';

const call = async (handler: ReturnType<ReturnType<typeof httpHandlerWith>>, event: ReturnType<typeof anApiEvent>) => {
  const result = (await handler(event, aLambdaContext())) as { statusCode: number; body: string; headers: Record<string, string> };
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
};

/** The table-backed checks, open: this file is about the factory itself (integration tests cover the real ones). */
const open: HttpGuards = { admit: async ({ userId }) => ({ workspaceId: `ws-of-${userId}`, role: 'owner' }), enforceRouteLimit: async () => {} };

describe('the handler factory', () => {
  const echo = httpHandlerWith(open)({ body: z.object({ name: z.string().min(1, { message: 'Name is required' }) }) }, async ({ userId, body }) =>
    ok({ userId, name: body.name }),
  );

  it('hands the handler the user id from the verified claims and the parsed body', async () => {
    const res = await call(echo, anApiEvent('user-1', { body: { name: 'Ada' } }));

    expect(res).toMatchObject({ status: 200, body: { userId: 'user-1', name: 'Ada' } });
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('acts in the workspace the X-Workspace-Id header names, with the role admission found', async () => {
    const asked: unknown[] = [];
    const handler = httpHandlerWith({
      ...open,
      admit: async ({ userId, workspaceId, routeKey }) => {
        asked.push({ userId, workspaceId, routeKey });
        return { workspaceId: workspaceId ?? userId, role: 'editor' };
      },
    })({}, async ({ workspaceId, role }) => ok({ workspaceId, role }));
    const workspace = '01JD7Q8Z2X3Y4V5W6T7S8R9Q0P';
    const event = anApiEvent('user-1');
    event.headers['x-workspace-id'] = workspace;

    const res = await call(handler, event);

    expect(res).toMatchObject({ status: 200, body: { workspaceId: workspace, role: 'editor' } });
    expect(asked).toEqual([{ userId: 'user-1', workspaceId: workspace, routeKey: 'TEST' }]);
  });

  it('refuses a malformed X-Workspace-Id with 400 before admission or the handler', async () => {
    let admitted = false;
    let ran = false;
    const handler = httpHandlerWith({
      ...open,
      admit: async () => {
        admitted = true;
        return null;
      },
    })({}, async () => {
      ran = true;
      return noContent();
    });
    const event = anApiEvent('user-1');
    event.headers['x-workspace-id'] = 'WS#../../other';

    const res = await call(handler, event);

    expect(res).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Not a workspace id.' } } });
    expect([admitted, ran]).toEqual([false, false]);
  });

  it('answers 403 with the reason when admission refuses the caller, without running the handler', async () => {
    let ran = false;
    const handler = httpHandlerWith({
      ...open,
      admit: async () => {
        throw new ForbiddenError('NOT_A_MEMBER', WORKSPACE_MSG.notMember);
      },
    })({}, async () => {
      ran = true;
      return noContent();
    });

    const res = await call(handler, anApiEvent('user-1'));

    expect(res).toMatchObject({ status: 403, body: { error: { code: 'NOT_A_MEMBER', message: 'You are not a member of this workspace.' } } });
    expect(ran).toBe(false);
  });

  it('fails a personal route whose handler reads a workspace, rather than acting in one', async () => {
    const handler = httpHandlerWith({ ...open, admit: async () => null })({}, async ({ userId, workspaceId }) => ok({ userId, workspaceId }));

    const res = await call(handler, anApiEvent('user-1'));

    expect(res.status).toBe(500);
  });

  it('answers 401 "Not authenticated" when there are no claims, without running the handler', async () => {
    let ran = false;
    const handler = httpHandlerWith(open)({}, async () => {
      ran = true;
      return noContent();
    });

    const res = await call(handler, anApiEvent(undefined));

    expect(res).toMatchObject({ status: 401, body: { error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } } });
    expect(ran).toBe(false);
  });

  it("answers 400 with the schema's own message for bad input", async () => {
    const res = await call(echo, anApiEvent('user-1', { body: { name: '' } }));

    expect(res).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: 'Name is required', details: [{ path: 'name', message: 'Name is required' }] } },
    });
  });

  it('maps an AppError to its status and shape', async () => {
    const handler = httpHandlerWith(open)({}, async () => {
      throw new NotFoundError('Post not found');
    });

    const res = await call(handler, anApiEvent('user-1'));

    expect(res).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Post not found' } } });
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const handler = httpHandlerWith(open)({}, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
    });

    const res = await call(handler, anApiEvent('user-1'));

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('lets public routes through without claims', async () => {
    const handler = httpHandlerWith(open)({ auth: 'public' }, async ({ userId }) => ok({ userId: userId ?? null }));

    const res = await call(handler, anApiEvent(undefined));

    expect(res).toMatchObject({ status: 200, body: { userId: null } });
  });

  it('answers 401 "Your session has ended" for a revoked session, without running the handler', async () => {
    let ran = false;
    const seen: unknown[] = [];
    const handler = httpHandlerWith({
      ...open,
      admit: async ({ userId, startedAt }) => {
        seen.push({ userId, startedAt });
        throw new SessionEndedError();
      },
    })({}, async () => {
      ran = true;
      return noContent();
    });

    const res = await call(handler, anApiEvent('user-1'));

    expect(res).toMatchObject({ status: 401, body: { error: { code: 'SESSION_ENDED', message: 'Your session has ended; please sign in again.' } } });
    expect(seen).toEqual([{ userId: 'user-1', startedAt: expect.any(Number) }]);
    expect(ran).toBe(false);
  });

  it('answers 429 with Retry-After when the route limit is reached, without running the handler', async () => {
    let ran = false;
    const handler = httpHandlerWith({
      ...open,
      enforceRouteLimit: async () => {
        throw new TooManyRequestsError(180);
      },
    })({}, async () => {
      ran = true;
      return noContent();
    });

    const res = await call(handler, anApiEvent('user-1'));

    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Too many requests; try again in 3 minutes.');
    expect(res.headers['retry-after']).toBe('180');
    expect(ran).toBe(false);
  });
});

const holderId = (holder: IdempotencyHolder) => ('userId' in holder ? holder.userId : `${holder.workspaceId}:${holder.apiKeyId}`);

describe('the handler factory with idempotency keys', () => {
  /** An in-memory key store with the table's semantics (claim once; then replay, in progress, or another request). */
  function aKeyStore() {
    const kept = new Map<string, { fingerprint: string; answer?: { statusCode: number; headers: Record<string, string>; body: string } }>();
    const guard: IdempotencyGuard = {
      appliesTo: (routeKey) => routeKey === 'POST /things',
      claim: async (holder, key, request) => {
        const held = kept.get(`${holderId(holder)}/${key}`);
        if (!held) {
          kept.set(`${holderId(holder)}/${key}`, { fingerprint: request.fingerprint });
          return { kind: 'claimed' };
        }
        if (held.fingerprint !== request.fingerprint) return { kind: 'other-request' };
        return held.answer ? { kind: 'replay', answer: held.answer } : { kind: 'in-progress' };
      },
      save: async (holder, key, answer) => {
        kept.get(`${holderId(holder)}/${key}`)!.answer = answer;
      },
    };
    return { guard, kept };
  }
  const aRequest = (body: unknown, key?: string, routeKey = 'POST /things') =>
    ({ ...anApiEvent('user-1', { body }), routeKey, headers: key ? { 'idempotency-key': key } : {} }) as ReturnType<typeof anApiEvent>;

  it('runs the handler once per key and answers the repeat with the first answer, marked as replayed', async () => {
    const { guard } = aKeyStore();
    let made = 0;
    const handler = httpHandlerWith({ ...open, idempotency: guard })({ body: z.object({ name: z.string() }) }, async () => ({
      statusCode: 201,
      body: { made: ++made },
    }));

    const first = await call(handler, aRequest({ name: 'a' }, 'k1'));
    const again = await call(handler, aRequest({ name: 'a' }, 'k1'));
    const otherKey = await call(handler, aRequest({ name: 'a' }, 'k2'));

    expect([first.status, first.body]).toEqual([201, { made: 1 }]);
    expect([again.status, again.body, again.headers[IDEMPOTENT_REPLAYED_HEADER]]).toEqual([201, { made: 1 }, 'true']);
    expect(otherKey.body).toEqual({ made: 2 });
  });

  it('keeps an error the handler threw, and replays it', async () => {
    const { guard } = aKeyStore();
    let runs = 0;
    const handler = httpHandlerWith({ ...open, idempotency: guard })({}, async () => {
      runs += 1;
      throw new NotFoundError('Gone');
    });

    const first = await call(handler, aRequest({}, 'k1'));
    const again = await call(handler, aRequest({}, 'k1'));

    expect([first.status, again.status, again.body]).toEqual([404, 404, first.body]);
    expect(runs).toBe(1);
  });

  it('refuses the key with another body (400) and while the first is running (409), running nothing', async () => {
    const { guard, kept } = aKeyStore();
    let runs = 0;
    const handler = httpHandlerWith({ ...open, idempotency: guard })({ body: z.object({ name: z.string() }) }, async () => {
      runs += 1;
      return ok({});
    });
    await call(handler, aRequest({ name: 'a' }, 'k1'));
    kept.set('user-1/k2', { fingerprint: [...kept.values()][0]!.fingerprint });

    const otherBody = await call(handler, aRequest({ name: 'b' }, 'k1'));
    const running = await call(handler, aRequest({ name: 'a' }, 'k2'));

    expect([otherBody.status, otherBody.body.error.message]).toEqual([400, IDEMPOTENCY_MSG.otherRequest]);
    expect([running.status, running.body.error.message]).toEqual([409, IDEMPOTENCY_MSG.inProgress]);
    expect(runs).toBe(1);
  });

  it('treats bodies that differ only in field order as the same request', async () => {
    const { guard } = aKeyStore();
    const handler = httpHandlerWith({ ...open, idempotency: guard })({ body: z.object({ a: z.number(), b: z.number() }) }, async ({ body }) => ok(body));

    await call(handler, { ...aRequest({}, 'k1'), body: '{"a":1,"b":2}' });
    const again = await call(handler, { ...aRequest({}, 'k1'), body: '{"b":2,"a":1}' });

    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  it('ignores the header on a route that does not take keys, and refuses a malformed key before any work', async () => {
    const { guard, kept } = aKeyStore();
    let runs = 0;
    const handler = httpHandlerWith({ ...open, idempotency: guard })({}, async () => {
      runs += 1;
      return ok({});
    });

    await call(handler, aRequest({}, 'k1', 'POST /other'));
    await call(handler, aRequest({}, 'k1', 'POST /other'));
    const malformed = await call(handler, aRequest({}, 'with space'));

    expect(runs).toBe(2);
    expect([malformed.status, malformed.body.error.message]).toEqual([400, IDEMPOTENCY_MSG.badKey]);
    expect(kept.size).toBe(0);
  });
});

describe('the handler factory on the public prefix', () => {
  const keyGuards: HttpGuards = {
    admit: async () => {
      throw new Error('a /v1 request never goes through membership admission');
    },
    enforceRouteLimit: async () => {
      throw new Error('a /v1 request is counted per key');
    },
    admitKey: async ({ authorization }) => {
      if (authorization !== 'Bearer sap_live_good') throw new UnauthorizedError('bad key');
      return { workspaceId: 'ws-1', role: 'editor', userId: 'maker-1', apiKeyId: 'key-1' };
    },
    enforceKeyLimit: async () => ({ limit: 10, remaining: 7, resetSeconds: 42 }),
  };
  const v1 = (authorization: string | undefined, routeKey = 'GET /v1/things') =>
    ({ ...anApiEvent('cognito-user'), routeKey, headers: authorization ? { authorization } : {} }) as ReturnType<typeof anApiEvent>;
  const echo = httpHandlerWith(keyGuards)({}, async ({ userId, workspaceId, role }) => ok({ userId, workspaceId, role }));

  it("admits by the key, acting as its maker in the key's workspace with its role, and says where the key stands", async () => {
    const answer = await call(echo, v1('Bearer sap_live_good'));

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ userId: 'maker-1', workspaceId: 'ws-1', role: 'editor' });
    expect(answer.headers).toMatchObject({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '42' });
  });

  it('refuses a request whose bearer is not a key, even with verified claims, without running the handler', async () => {
    let ran = false;
    const handler = httpHandlerWith(keyGuards)({}, async () => {
      ran = true;
      return ok({});
    });

    const answer = await call(handler, v1('Bearer eyJhbGciOi.a-cognito.token'));

    expect([answer.status, answer.body.error.message, ran]).toEqual([401, 'bad key', false]);
    expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers a full window 429 with Retry-After and the X-RateLimit headers', async () => {
    const handler = httpHandlerWith({
      ...keyGuards,
      enforceKeyLimit: async () => {
        throw new TooManyRequestsError(13, { limit: 10, remaining: 0, resetSeconds: 13 });
      },
    })({}, async () => ok({}));

    const answer = await call(handler, v1('Bearer sap_live_good'));

    expect(answer.status).toBe(429);
    expect(answer.headers).toMatchObject({ 'retry-after': '13', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '13' });
  });

  it('keeps the rate-limit headers on an error the handler throws', async () => {
    const handler = httpHandlerWith(keyGuards)({}, async () => {
      throw new NotFoundError('Post not found');
    });

    const answer = await call(handler, v1('Bearer sap_live_good'));

    expect(answer.status).toBe(404);
    expect(answer.headers['x-ratelimit-remaining']).toBe('7');
  });
});
