import { ROLES, roleAtLeast, WORKSPACE_HEADER, type Role } from '@shared/workspaces';
import { beforeAll, describe, expect, it } from 'vitest';
import { putMember } from '../../functions/data/workspaces';
import { ROUTES, type RouteDef } from '../../functions/routes';
import { aConfirmedUser } from '../helpers/given';
import { aProbeFixture, partitionOf, pathWith, queryString, ROUTE_PROBES, routeKey, samePartition, send, type ProbeFixture } from '../helpers/route-probes';

/**
 * Roles, generated from the route table: every route that acts in a workspace is called with the
 * workspace's id by a member of each role, and by a member of another workspace. A role below the
 * route's declared one gets 403 ROLE_TOO_LOW, an outsider 403 NOT_A_MEMBER, and neither changes
 * anything of the workspace; a role at or above it is let through (whatever the route then answers,
 * never a membership refusal or a 5xx). Personal routes act on the caller and are left to the
 * isolation suite.
 */
type WorkspaceRoute = Extract<RouteDef, { auth: 'user' }>;

interface Caller {
  role: Role | 'outsider';
  accessToken: string;
}

function requestOf(route: WorkspaceRoute, a: ProbeFixture): { url: string; body?: string } {
  const probe = ROUTE_PROBES[routeKey(route)]!;
  const params = Object.fromEntries(Object.entries(probe.params?.values(a) ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  return {
    url: pathWith(route.path, params) + queryString(probe.query?.sample(a) ?? {}),
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

describe('roles across every route', { timeout: 240_000 }, () => {
  let a: ProbeFixture;
  const callers: Caller[] = [];

  beforeAll(async () => {
    const [fixture, admin, editor, contributor, outsider] = await Promise.all([
      aProbeFixture(),
      aConfirmedUser(),
      aConfirmedUser(),
      aConfirmedUser(),
      aConfirmedUser(),
    ]);
    a = fixture;
    const workspaceId = a.owner.userId;
    const at = new Date().toISOString();
    for (const [role, person] of [
      ['admin', admin],
      ['editor', editor],
      ['contributor', contributor],
    ] as const) {
      await putMember({ workspaceId, userId: person.userId, role }, { name: 'My workspace', email: person.email, at });
      callers.push({ role, accessToken: person.accessToken });
    }
    callers.push({ role: 'owner', accessToken: a.owner.accessToken }, { role: 'outsider', accessToken: outsider.accessToken });
  }, 90_000);

  it('refuses each role below the declared one and every outsider, changing nothing, and lets the others through', async () => {
    const routes = (ROUTES as readonly RouteDef[]).filter((r): r is WorkspaceRoute => r.auth === 'user' && r.access !== 'personal');
    const workspace = { [WORKSPACE_HEADER]: a.owner.userId };
    const failures: string[] = [];
    const figures = { routes: routes.length, calls: 0, refusedAsDeclared: 0, admitted: 0, leaks: 0 };

    // Act 1: every refusal first, while the workspace is as the fixture made it.
    for (const route of routes) {
      for (const caller of callers) {
        const refused = caller.role === 'outsider' || !roleAtLeast(caller.role, route.access as Role);
        if (!refused) continue;
        const { url, body } = requestOf(route, a);
        const before = await partitionOf(a.owner.userId);
        const answer = await send(route.method, url, { token: caller.accessToken, body, headers: workspace });
        const after = await partitionOf(a.owner.userId);
        figures.calls++;
        const expected = caller.role === 'outsider' ? 'NOT_A_MEMBER' : 'ROLE_TOO_LOW';
        const name = `${routeKey(route)} as ${caller.role}`;
        if (answer.status !== 403 || codeOf(answer.text) !== expected) {
          failures.push(`${name}: answered ${answer.status} ${answer.text.slice(0, 160)}, expected 403 ${expected}`);
          if (answer.status < 400) figures.leaks++;
        } else figures.refusedAsDeclared++;
        if (!samePartition(before, after)) {
          failures.push(`${name}: changed the workspace's items`);
          figures.leaks++;
        }
      }
    }

    // Act 2: the admitted calls; those that delete go last so the others find what they name, and
    // those that end the caller's membership (leaving) after them.
    const rank = (r: WorkspaceRoute) => (ROUTE_PROBES[routeKey(r)]?.last ? 2 : r.method === 'DELETE' ? 1 : 0);
    const ordered = [...routes].sort((x, y) => rank(x) - rank(y));
    for (const route of ordered) {
      for (const caller of callers) {
        if (caller.role === 'outsider' || !roleAtLeast(caller.role, route.access as Role)) continue;
        const { url, body } = requestOf(route, a);
        const answer = await send(route.method, url, { token: caller.accessToken, body, headers: workspace });
        figures.calls++;
        const code = codeOf(answer.text);
        if (answer.status >= 500 || answer.status === 401 || code === 'NOT_A_MEMBER' || code === 'ROLE_TOO_LOW')
          failures.push(`${routeKey(route)} as ${caller.role}: answered ${answer.status} ${answer.text.slice(0, 160)}`);
        else figures.admitted++;
      }
    }

    // Assess
    console.log(
      `role probe: ${figures.routes} workspace routes × ${ROLES.length} roles + an outsider = ${figures.calls} calls; ` +
        `${figures.refusedAsDeclared} refused as declared, ${figures.admitted} admitted as declared, ${figures.leaks} leaks, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(figures.calls).toBe(routes.length * (ROLES.length + 1));
  });
});
