import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { aConfirmedUser, cloud } from '../helpers/given';
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
});
