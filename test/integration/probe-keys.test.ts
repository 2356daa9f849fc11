import { ROLES, roleAtLeast, type Role } from '@shared/workspaces';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, type PublicRouteDef } from '../../functions/public-routes';
import { ROUTES } from '../../functions/routes';
import { aConfirmedUser } from '../helpers/given';
import { aProbeFixture, partitionOf, pathWith, queryString, ROUTE_PROBES, routeKey, samePartition, send, type ProbeFixture } from '../helpers/route-probes';
import { weCallTheApi } from '../helpers/when';

/**
 * API keys across every route of the public API, generated from its table (functions/public-routes.ts)
 * and the probes of the app routes the /v1 routes serve (test/helpers/route-probes.ts): a key of
 * another workspace gets nothing of workspace A; a key of each role is refused exactly what a member
 * of that role is; a revoked key is refused at once; a Cognito token is refused on /v1 and a key on /api.
 */

function requestOf(path: string, serves: string, a: ProbeFixture): { url: string; body?: string } {
  const probe = ROUTE_PROBES[serves];
  if (!probe) throw new Error(`${serves} has no probe`);
  const params = Object.fromEntries(Object.entries(probe.params?.values(a) ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  return {
    url: pathWith(path, params) + queryString(probe.query?.sample(a) ?? {}),
    body: probe.body ? JSON.stringify(probe.body.sample(a)) : undefined,
  };
}

const codeOf = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

async function aKey(token: string, role: Role, headers: Record<string, string> = {}): Promise<{ id: string; key: string }> {
  const made = await weCallTheApi('POST', '/api/workspace/api-keys', { token, body: { name: `A ${role} key`, role }, headers });
  if (made.status !== 201) throw new Error(`the key was refused: ${JSON.stringify(made.body)}`);
  return { id: made.body.id as string, key: made.body.key as string };
}

/** Deletes last, so the other routes find what they name. */
const inSafeOrder = (routes: readonly PublicRouteDef[]) => [...routes].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));

describe('API keys across every /v1 route', { timeout: 240_000 }, () => {
  let a: ProbeFixture;
  let outsiderKey: string;
  const keysOfA = new Map<Role, string>();

  beforeAll(async () => {
    const [fixture, outsider] = await Promise.all([aProbeFixture(), aConfirmedUser()]);
    a = fixture;
    outsiderKey = (await aKey(outsider.accessToken, 'owner')).key;
    for (const role of ROLES) keysOfA.set(role, (await aKey(a.owner.accessToken, role)).key);
  }, 90_000);

  it('serves every /v1 route from a probed workspace route of the app', () => {
    const served = PUBLIC_ROUTES.map((r) => r.serves);
    expect(served.filter((key) => !ROUTES.some((r) => routeKey(r) === key) || !ROUTE_PROBES[key])).toEqual([]);
  });

  it("gives a key of another workspace nothing of workspace A on any /v1 route, and leaves A's data unchanged", async () => {
    const failures: string[] = [];
    for (const route of inSafeOrder(PUBLIC_ROUTES)) {
      const probe = ROUTE_PROBES[route.serves]!;
      const { url, body } = requestOf(route.path, route.serves, a);
      const before = await partitionOf(a.owner.userId);
      const answer = await send(route.method, url, { token: outsiderKey, body });
      const after = await partitionOf(a.owner.userId);
      const name = routeKey(route);
      if (answer.status >= 500 || answer.status === 401) failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (!probe.isolation.includes(answer.status)) failures.push(`${name}: answered ${answer.status}, expected one of ${probe.isolation.join('/')}`);
      const leaked = a.secrets.filter((secret) => answer.text.includes(secret));
      if (leaked.length > 0) failures.push(`${name}: the answer holds A's ${leaked.join(', ')}`);
      if (!samePartition(before, after)) failures.push(`${name}: changed A's data`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a key of each role what a member of that role is refused, changing nothing, and lets the others through', async () => {
    const failures: string[] = [];
    let calls = 0;
    // Refusals first, while the workspace is as the fixture made it.
    for (const route of PUBLIC_ROUTES) {
      for (const role of ROLES.filter((r) => !roleAtLeast(r, route.access))) {
        const { url, body } = requestOf(route.path, route.serves, a);
        const before = await partitionOf(a.owner.userId);
        const answer = await send(route.method, url, { token: keysOfA.get(role)!, body });
        const after = await partitionOf(a.owner.userId);
        calls++;
        if (answer.status !== 403 || codeOf(answer.text) !== 'ROLE_TOO_LOW')
          failures.push(`${routeKey(route)} as a ${role} key: ${answer.status} ${answer.text.slice(0, 160)}`);
        if (!samePartition(before, after)) failures.push(`${routeKey(route)} as a ${role} key: changed the workspace's items`);
      }
    }
    for (const route of inSafeOrder(PUBLIC_ROUTES)) {
      for (const role of ROLES.filter((r) => roleAtLeast(r, route.access))) {
        const { url, body } = requestOf(route.path, route.serves, a);
        const answer = await send(route.method, url, { token: keysOfA.get(role)!, body });
        calls++;
        const code = codeOf(answer.text);
        if (answer.status >= 500 || answer.status === 401 || code === 'ROLE_TOO_LOW' || code === 'NOT_A_MEMBER')
          failures.push(`${routeKey(route)} as a ${role} key: ${answer.status} ${answer.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(PUBLIC_ROUTES.length * ROLES.length);
  });

  it('refuses a revoked key on every /v1 route from the next request on', async () => {
    const { id, key } = await aKey(a.owner.accessToken, 'editor');
    const accounts = await send('GET', '/v1/accounts', { token: key });
    expect(accounts.status).toBe(200);

    const revoked = await weCallTheApi('DELETE', `/api/workspace/api-keys/${id}`, { token: a.owner.accessToken });
    expect(revoked.status).toBe(204);

    const answers = await Promise.all(
      PUBLIC_ROUTES.map(async (route) => {
        const { url, body } = requestOf(route.path, route.serves, a);
        return `${routeKey(route)}: ${(await send(route.method, url, { token: key, body })).status}`;
      }),
    );
    expect(answers).toEqual(PUBLIC_ROUTES.map((route) => `${routeKey(route)}: 401`));
  });

  it('refuses a Cognito token on every /v1 route and an API key on every /api route they serve', async () => {
    const key = keysOfA.get('owner')!;
    const answers = await Promise.all(
      PUBLIC_ROUTES.flatMap((route) => {
        const v1 = requestOf(route.path, route.serves, a);
        const [method, appPath] = route.serves.split(' ') as [string, string];
        const app = requestOf(appPath, route.serves, a);
        return [
          send(route.method, v1.url, { token: a.owner.accessToken, body: v1.body }).then((r) => `${routeKey(route)} with a Cognito token: ${r.status}`),
          send(method, app.url, { token: key, body: app.body }).then((r) => `${route.serves} with an API key: ${r.status}`),
        ];
      }),
    );
    expect(answers).toEqual(PUBLIC_ROUTES.flatMap((route) => [`${routeKey(route)} with a Cognito token: 401`, `${route.serves} with an API key: 401`]));
  });
});
