import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../functions/lib/errors';
import { SessionEndedError } from '../../../functions/domain/sessions';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import { httpHandlerWith, noContent, ok, type HttpGuards } from '../../../functions/lib/http';
import { aLambdaContext, anApiEvent } from '../../helpers/when';

const call = async (handler: ReturnType<ReturnType<typeof httpHandlerWith>>, event: ReturnType<typeof anApiEvent>) => {
  const result = (await handler(event, aLambdaContext())) as { statusCode: number; body: string; headers: Record<string, string> };
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
};

/** The table-backed checks, open: this file is about the factory itself (integration tests cover the real ones). */
const open: HttpGuards = { assertSessionOpen: async () => {}, enforceRouteLimit: async () => {} };

describe('the handler factory', () => {
  const echo = httpHandlerWith(open)({ body: z.object({ name: z.string().min(1, { message: 'Name is required' }) }) }, async ({ userId, body }) =>
    ok({ userId, name: body.name }),
  );

  it('hands the handler the user id from the verified claims and the parsed body', async () => {
    const res = await call(echo, anApiEvent('user-1', { body: { name: 'Ada' } }));

    expect(res).toMatchObject({ status: 200, body: { userId: 'user-1', name: 'Ada' } });
    expect(res.headers['content-type']).toContain('application/json');
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
      assertSessionOpen: async (userId, startedAt) => {
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
