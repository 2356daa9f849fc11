import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { PUBLIC_ROUTES } from '../../../functions/public-routes';
import { functionOf, ROUTES, type RouteDef } from '../../../functions/routes';

/**
 * The /v1 table is what a generator reads (an OpenAPI document): each route must name schemas that
 * exist, and take its access and function from the app route it serves.
 */
const sharedModules = import.meta.glob('../../../shared/*.ts');

async function resolve(ref: string): Promise<unknown> {
  const [module, name] = ref.split('#') as [string, string];
  const load = sharedModules[`../../../shared/${module}.ts`];
  if (!load) return undefined;
  return ((await load()) as Record<string, unknown>)[name];
}

describe('the public route table', () => {
  it('names a zod schema of shared/ for every input and answer it declares', async () => {
    const missing: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      for (const [part, ref] of Object.entries(route.schemas)) {
        if (!((await resolve(ref)) instanceof z.ZodType)) missing.push(`${route.method} ${route.path} ${part}: ${ref}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('takes each route’s access and limit from the app route it serves, and makes every POST idempotent', () => {
    for (const route of PUBLIC_ROUTES) {
      const served = (ROUTES as readonly RouteDef[]).find((r) => `${r.method} ${r.path}` === route.serves)!;
      expect({ access: route.access, limit: route.limit, handler: route.handler }).toEqual({
        access: served.access,
        limit: 'limit' in served ? served.limit : undefined,
        handler: served.handler,
      });
      expect(route.idempotent).toBe(route.method === 'POST');
    }
  });

  it('lets every function that answers /v1 write, for its key’s rate counter and last use', () => {
    for (const route of PUBLIC_ROUTES) expect(functionOf(route.handler)?.needs).toContain('table:write');
  });

  it('lists each route once, under /v1', () => {
    const keys = PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of PUBLIC_ROUTES) expect(route.path.startsWith('/v1/')).toBe(true);
  });
});
