import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { API_GATEWAY_MAX_BODY_BYTES, PAYLOAD_TOO_LARGE_TEXT } from '../../local/gateway';
import { aConfirmedUser, cloud } from '../helpers/given';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const userRoutes = ROUTES.filter((r) => r.auth === 'user').map((r) => [r.method, r.path.replace('{id}', '01ARZ3NDEKTSV4RRFFQ69G5FAV')] as const);

describe('the API front door', () => {
  it.each(userRoutes)('answers %s %s without a token with 401 "Not authenticated"', async (method, path) => {
    const res = await weCallTheApi(method, path);

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } });
  });

  it('refuses a token that was tampered with', async () => {
    const user = await aConfirmedUser();
    const [header, payload, signature] = user.accessToken.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = 'someone-else';
    const token = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.');

    const res = await weCallTheApi('GET', '/api/me', { token });

    expect(res.status).toBe(401);
  });

  it('serves the public plans without a token', async () => {
    const res = await weCallTheApi('GET', '/api/plans');

    expect(res.status).toBe(200);
    expect(res.body.plans.map((p: { name: string; price: number }) => `${p.name} ${p.price}`)).toEqual(['Free 0', 'Basic 4.99', 'Pro 19.99']);
  });

  it('sells Pro in the local cloud, where its "Coming Soon" deployment setting is off', async () => {
    const plans = await weCallTheApi('GET', '/api/plans');
    const config = await (await fetch(`${cloud().url}/config.json`)).json();

    expect(plans.body.plans.find((p: { id: string }) => p.id === 'pro').comingSoon).toBe(false);
    expect(config.proComingSoon).toBe(false);
  });

  it.each(['%zz', '%E0%A4', '%ED%A0%80', '%'])('answers a path parameter with the malformed escape %s with 400, not 500', async (escape) => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', `/api/posts/${escape}`, { token: user.accessToken });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address has a malformed %-escape' } });
  });

  it('answers an unknown path with 404 in the error shape', async () => {
    const res = await weCallTheApi('GET', '/api/nothing-here');

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  describe("refuses a body over API Gateway's 10 MB payload quota as API Gateway does, before any handler runs", () => {
    /** A caption that makes the import request's JSON `bytes` long. */
    const importBodyOf = (bytes: number) => {
      const shell = (caption: string) =>
        JSON.stringify({ timezone: 'UTC', rows: [{ row: 1, fields: { date: '2030-01-01', time: '09:00', platforms: 'x', caption } }] });
      return shell('a'.repeat(bytes - shell('').length));
    };
    const post = (token: string, body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${cloud().url}/api/posts/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit);

    it('answers 413 to a 12 MB body and writes nothing', async () => {
      const user = await aConfirmedUser();
      const before = await itemsOfUser(user.userId);

      const res = await post(user.accessToken, importBodyOf(12 * 1024 * 1024));

      expect(res.status).toBe(413);
      expect(await res.text()).toBe(PAYLOAD_TOO_LARGE_TEXT);
      expect(await itemsOfUser(user.userId)).toEqual(before);
    });

    it('answers 413 to a body streamed without a Content-Length once it passes 10 MB', async () => {
      const user = await aConfirmedUser();
      const bytes = new TextEncoder().encode(importBodyOf(API_GATEWAY_MAX_BODY_BYTES + 1));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1024 * 1024) controller.enqueue(bytes.subarray(i, i + 1024 * 1024));
          controller.close();
        },
      });

      const res = await post(user.accessToken, stream);

      expect(res.status).toBe(413);
      expect(await res.text()).toBe(PAYLOAD_TOO_LARGE_TEXT);
    });

    it('hands a body of exactly 10 MB to the handler, which judges it', async () => {
      const user = await aConfirmedUser();

      const res = await post(user.accessToken, importBodyOf(API_GATEWAY_MAX_BODY_BYTES));

      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBeDefined();
    });
  });
});
