import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../../../functions/public-routes';
import { type Capability, type FunctionDef } from '../../../functions/capabilities';
import { allFunctions, ROUTES } from '../../../functions/routes';
import { API_KEY_USE_MODULE, handlerReach, IDEMPOTENCY_MODULE, ROUTE_LIMIT_MODULE, type Reach } from './handler-reach';

/**
 * Every function declares what it needs next to its route or engine entry (functions/routes.ts), and
 * infra/ grants exactly that. Here each handler is bundled as for deployment and what the bundle can
 * reach is compared with the declaration: an undeclared capability would fail on AWS (no grant, no
 * setting); a declared one it never reaches is a grant too many.
 */
/** Every /v1 route counts its key's requests (docs/public-api.md), so its function writes the counter too. */
const servedOnV1 = new Set<string>(PUBLIC_ROUTES.map((r) => r.handler));
const limited = new Set<string>([...ROUTES.filter((r) => 'limit' in r).map((r) => r.handler), ...servedOnV1]);
const idempotent = new Set<string>([...ROUTES, ...PUBLIC_ROUTES].filter((r) => 'idempotent' in r && r.idempotent).map((r) => r.handler));
/** The handler factory's own writes, and the routes they happen on. */
const factoryWrites = new Map<string, ReadonlySet<string>>([
  [ROUTE_LIMIT_MODULE, limited],
  [IDEMPOTENCY_MODULE, idempotent],
  [API_KEY_USE_MODULE, servedOnV1],
]);

/** What `fn` needs according to its bundle. */
function required(fn: FunctionDef, reach: Reach): Set<Capability> {
  const needs = new Set<Capability>();
  for (const [capability, modules] of reach.uses) {
    // The handler factory's route counter writes only for routes with a limit, its idempotency keys only for idempotent routes.
    const needed = capability !== 'table:write' || [...modules].some((m) => factoryWrites.get(m)?.has(fn.handler) ?? true);
    if (needed) needs.add(capability);
  }
  return needs;
}

describe('function capabilities', () => {
  const functions = allFunctions();
  const reaches = new Map<string, Reach>();

  beforeAll(async () => {
    for (const fn of functions) reaches.set(fn.handler, await handlerReach(fn.handler));
  }, 300_000);

  it('classifies every AWS SDK command the handlers send', () => {
    // Assess
    expect(functions.flatMap((fn) => reaches.get(fn.handler)!.unknownCommands.map((c) => `${fn.handler}: ${c}`))).toEqual([]);
  });

  it('declares every capability a handler reaches', () => {
    // Act
    const undeclared = functions.flatMap((fn) => {
      const reach = reaches.get(fn.handler)!;
      return [...required(fn, reach)]
        .filter((c) => !fn.needs.includes(c))
        .map((c) => `${fn.handler} reaches ${c} (${[...reach.uses.get(c)!].join(', ')}) but does not declare it`);
    });

    // Assess
    expect(undeclared).toEqual([]);
  });

  it('bundles the platform clients only into functions that use our platform apps', () => {
    // Act: the registry brings every network's client (Bluesky's OAuth client is megabytes), which a
    // function that never calls a platform would load on each cold start for nothing.
    const carrying = functions
      .filter((fn) => !fn.needs.includes('platform-apps') && reaches.get(fn.handler)!.bundled.has('functions/platforms/registry.ts'))
      .map((fn) => fn.handler);

    // Assess
    expect(carrying).toEqual([]);
  });

  it('declares nothing a handler does not reach', () => {
    // Act
    const unused = functions.flatMap((fn) => {
      const needs = required(fn, reaches.get(fn.handler)!);
      return fn.needs.filter((c) => !needs.has(c)).map((c) => `${fn.handler} declares ${c} but never reaches it`);
    });

    // Assess
    expect(unused).toEqual([]);
  });

  it('declares each handler once, the same wherever it is used, with read beside write', () => {
    // Assess
    const all = [...ROUTES] as FunctionDef[];
    for (const fn of functions) {
      for (const other of all.filter((r) => r.handler === fn.handler)) expect(other.needs).toEqual(fn.needs);
      if (fn.needs.includes('table:write')) expect(fn.needs).toContain('table:read');
    }
    // A route with a limit writes its counter.
    for (const handler of limited) expect(functions.find((fn) => fn.handler === handler)!.needs).toContain('table:write');
  });
});

describe('a handler that sends e-mail', () => {
  it("reaches 'mail:send' through SES's SendEmail, and nothing else", async () => {
    // Act
    const reach = await handlerReach('sends-mail', path.join(import.meta.dirname, '../../fixtures/handlers'));

    // Assess
    expect(reach.unknownCommands).toEqual([]);
    expect(Object.fromEntries([...reach.uses].map(([capability, modules]) => [capability, [...modules]]))).toEqual({ 'mail:send': ['functions/lib/mail.ts'] });
  }, 60_000);
});
