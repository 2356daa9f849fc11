import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { aConfirmedUser } from '../helpers/given';
import {
  aProbeFixture,
  partitionOf,
  pathWith,
  probeCoverageGaps,
  queryString,
  ROUTE_PROBES,
  routeKey,
  samePartition,
  send,
  type ProbeFixture,
} from '../helpers/route-probes';

/**
 * Tenant isolation, generated from the route table: every route in functions/routes.ts
 * is called by user B with user A's ids (post, media, account, client, notification, subscription,
 * checkout, upload keys, OAuth state). B must be refused, or answered with B's own data only (never
 * one of A's ids or texts), and A's whole partition must be exactly as before. A new route without
 * an entry in test/helpers/route-probes.ts fails this suite.
 */
/** The items that differ, for the failure message. */
function diffOf(before: string, after: string): string {
  const [b, a] = [JSON.parse(before) as Record<string, unknown>[], JSON.parse(after) as Record<string, unknown>[]].map(
    (items) => new Map(items.map((i) => [String(i.sk), JSON.stringify(i)])),
  );
  const keys = [...new Set([...b!.keys(), ...a!.keys()])].filter((k) => b!.get(k) !== a!.get(k));
  return keys.map((k) => `${k}: ${(b!.get(k) ?? 'none').slice(0, 300)} → ${(a!.get(k) ?? 'none').slice(0, 300)}`).join('; ');
}

describe('tenant isolation across every route', { timeout: 120_000 }, () => {
  let a: ProbeFixture;
  let b: { userId: string; accessToken: string };

  beforeAll(async () => {
    [a, b] = await Promise.all([aProbeFixture(), aConfirmedUser()]);
  }, 60_000);

  it('has a probe for every route in the route table, and none for a route that is gone', () => {
    expect(probeCoverageGaps()).toEqual({ unprobed: [], stale: [] });
  });

  it("refuses user B every one of user A's ids, leaks nothing of A, and leaves A's partition unchanged", async () => {
    // Prepare: routes that end B's session go last
    const routes = [...ROUTES].sort((x, y) => Number(ROUTE_PROBES[routeKey(x)]?.last ?? false) - Number(ROUTE_PROBES[routeKey(y)]?.last ?? false));
    const failures: string[] = [];
    const start = await partitionOf(a.owner.userId);
    let refused = 0;

    // Act
    for (const route of routes) {
      const probe = ROUTE_PROBES[routeKey(route)];
      if (!probe) continue; // reported by the coverage test
      const params = Object.fromEntries(Object.entries(probe.params?.values(a) ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
      const url = pathWith(route.path, params) + queryString(probe.query?.sample(a) ?? {});
      const body = probe.rawBody
        ? JSON.stringify({ id: 'evt_probe', type: 'customer.subscription.deleted', data: { object: { id: a.ids.subscription } } })
        : probe.body
          ? JSON.stringify(probe.body.sample(a))
          : undefined;
      const before = await partitionOf(a.owner.userId);
      const answer = await send(route.method, url, { token: b.accessToken, body });
      const after = await partitionOf(a.owner.userId);

      // Assess (collected, so one run names every route that fails)
      const name = routeKey(route);
      if (answer.status >= 500) failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (!probe.isolation.includes(answer.status))
        failures.push(`${name}: answered ${answer.status}, expected one of ${probe.isolation.join('/')}: ${answer.text.slice(0, 200)}`);
      const leaked = a.secrets.filter((secret) => answer.text.includes(secret));
      if (leaked.length > 0) failures.push(`${name}: the answer holds A's ${leaked.join(', ')}`);
      if (!samePartition(before, after, probe.maySpend)) failures.push(`${name}: changed A's partition: ${diffOf(before, after)}`);
      if (answer.status >= 400) refused++;
    }

    console.log(
      `isolation probe: ${routes.length} routes as user B with user A's ids: ${refused} refused, ${routes.length - refused} answered with B's own data, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(samePartition(start, await partitionOf(a.owner.userId), 'OAUTHSTATE#')).toBe(true);
  });
});
