import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { setRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { TEST_CONFIG } from './helpers/render-app';

const Thing = z.object({ name: z.string() });

describe('the API client', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    setRuntimeConfig(TEST_CONFIG);
  });

  it('calls the API base path with the bearer token and a JSON body, and parses the answer', async () => {
    signedInAs();
    const server = mockApi({ 'PATCH /things': { body: { name: 'ok' } } });
    await expect(api('/things', { method: 'PATCH', body: { a: 1 }, schema: Thing })).resolves.toEqual({ name: 'ok' });
    const [url, init] = server.fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({
      method: 'PATCH',
      body: '{"a":1}',
      headers: { Authorization: 'Bearer access-user-alice', 'Content-Type': 'application/json' },
    });
  });

  it('sends an idempotency key as the Idempotency-Key header, and no such header without one', async () => {
    signedInAs();
    const server = mockApi({ 'POST /things': { status: 201, body: { name: 'ok' } } });

    await api('/things', { method: 'POST', body: {}, schema: Thing, idempotencyKey: 'click-1' });
    await api('/things', { method: 'POST', body: {}, schema: Thing });

    expect(server.calls.map((c) => c.headers['Idempotency-Key'])).toEqual(['click-1', undefined]);
  });

  it("fails with 'Not authenticated' without a session and sends nothing", async () => {
    const server = mockApi({});
    await expect(api('/me', { schema: Thing })).rejects.toThrow('Not authenticated');
    expect(server.calls).toHaveLength(0);
  });

  it('turns an error body into an ApiError with status, code and message', async () => {
    signedInAs();
    mockApi({ 'GET /me': { status: 400, body: { error: { code: 'VALIDATION', message: 'Please choose a valid timezone' } } } });
    const error = await api('/me', { schema: Thing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Please choose a valid timezone' });
  });

  it('gives a generic ApiError when the error body is not ours', async () => {
    signedInAs();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api('/me', { schema: Thing })).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it("reports API Gateway's own 401 body as 'Not authenticated'", async () => {
    signedInAs();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    await expect(api('/me', { schema: Thing })).rejects.toMatchObject({ status: 401, code: 'NOT_AUTHENTICATED', message: 'Not authenticated' });
  });

  it('resolves 204 to undefined', async () => {
    signedInAs();
    mockApi({ 'POST /notifications/x/read': { status: 204 } });
    await expect(api('/notifications/x/read', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('rejects an answer that does not match the schema', async () => {
    signedInAs();
    mockApi({ 'GET /me': { body: { nope: true } } });
    await expect(api('/me', { schema: Thing })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
