import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import {
  aProbeFixture,
  inBatches,
  partitionOf,
  pathWith,
  probeCoverageGaps,
  queryString,
  ROUTE_PROBES,
  routeKey,
  send,
  type ProbeFixture,
  type RouteProbe,
} from '../helpers/route-probes';

/**
 * Malformed input, generated from the route table: every route's body, query and path
 * parameters are sent values they cannot take (wrong types, huge strings, lone surrogates, deep
 * nesting, arrays for objects, JSON that is not JSON, malformed %-escapes) by their own user, with
 * that user's real ids everywhere else. Each must be refused with a 4xx, never a 5xx, and the
 * user's partition must be exactly as before. A new route without an entry in
 * test/helpers/route-probes.ts fails this suite.
 *
 * A type-changing value is sent only where the route's schema refuses it (null is a value some
 * fields take); values no field takes (lone surrogates, 100,000 characters, 2,000 levels of
 * nesting) are always sent.
 */
const HUGE = 'x'.repeat(100_000);
const LONE_SURROGATES = ['\ud800', 'a\udc00b', '😀'.slice(0, 1)];
const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });
const DEEP = nested(2_000);
/** Raw bodies no JSON route takes. */
const RAW_BODIES = [
  '{',
  'not json',
  '[]',
  'null',
  '"a string"',
  '12',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  JSON.stringify(DEEP),
  `{"${'k'.repeat(50)}": "${HUGE}"}`,
];
/** Values of the wrong type, kept only where the schema refuses them. */
const WRONG_TYPES: unknown[] = [123, -1, 1e308, true, null, [], {}, ['a'], { $ne: null }, ''];
/** Values no field takes: always sent. */
const NEVER_VALID: unknown[] = [HUGE, DEEP, ...LONE_SURROGATES, [HUGE], { a: LONE_SURROGATES[0] }];
/** Path parameter values (already as they appear in the URL). */
const BAD_PATH_VALUES = ['%zz', '%E0%A4', '%ED%A0%80', '%', 'x'.repeat(5_000), '%00', '..%2F..%2Fsettings', '%F0%9F%98%80', '{id}', "'%20OR%201=1"];
/** Query values (as they appear in the URL; the gateway decodes them as API Gateway does). */
const BAD_QUERY_VALUES = ['%zz', '%ED%A0%80', 'x'.repeat(10_000), '[object Object]', '-1', '%00', '{"$gt":""}'];

interface Probe {
  what: string;
  method: string;
  url: string;
  body?: string;
  headers?: Record<string, string>;
  /** Statuses that are not a failure besides 4xx. */
  also: readonly number[];
}

/** Workspace headers that are not a workspace id: refused (400) before admission on every signed-in route. */
const BAD_WORKSPACE_HEADERS = ['WS#other', '../USER#x', 'x'.repeat(300), '01HZZZZZZZZZZZZZZZZZZZZZZ!'];

/** Copies `sample` with the value at `path` replaced. */
function replaced(sample: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(sample)) return sample.map((v, i) => (i === head ? replaced(v, rest, value) : v));
  return { ...(sample as Record<string, unknown>), [head!]: replaced((sample as Record<string, unknown>)[head as string], rest, value) };
}

/** Every path into the sample (fields, array elements, their fields), at most three levels deep. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

const refuses = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => !schema.safeParse(value).success;

/** The malformed requests of one route, from its probe entry. */
function probesOf(route: (typeof ROUTES)[number], probe: RouteProbe, a: ProbeFixture): Probe[] {
  const also = probe.malformedAlso ?? [];
  const params = Object.fromEntries(Object.entries(probe.params?.values(a) ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  const query = probe.query?.sample(a) ?? {};
  const goodUrl = pathWith(route.path, params) + queryString(query);
  const goodBody = probe.body ? JSON.stringify(probe.body.sample(a)) : undefined;
  const probes: Probe[] = [];

  for (const name of Object.keys(params)) {
    for (const bad of BAD_PATH_VALUES)
      probes.push({
        what: `path ${name}=${bad.slice(0, 20)}`,
        method: route.method,
        url: pathWith(route.path, { ...params, [name]: bad }) + queryString(query),
        body: goodBody,
        also,
      });
  }
  if (probe.query) {
    const base = pathWith(route.path, params);
    for (const name of Object.keys(query)) {
      for (const bad of BAD_QUERY_VALUES) {
        const raw = Object.entries(query)
          .map(([k, v]) => `${encodeURIComponent(k)}=${k === name ? bad : encodeURIComponent(v)}`)
          .join('&');
        const decoded = Object.fromEntries(new URLSearchParams(raw));
        if (refuses(probe.query.schema, decoded))
          probes.push({ what: `query ${name}=${bad.slice(0, 20)}`, method: route.method, url: `${base}?${raw}`, body: goodBody, also });
      }
      const { [name]: _dropped, ...without } = query;
      if (refuses(probe.query.schema, without))
        probes.push({ what: `query without ${name}`, method: route.method, url: base + queryString(without), body: goodBody, also });
    }
  }
  if (probe.body || probe.rawBody) {
    for (const raw of RAW_BODIES) probes.push({ what: `body ${raw.slice(0, 20)}`, method: route.method, url: goodUrl, body: raw, also });
  }
  if (probe.body) {
    const sample = probe.body.sample(a);
    probes.push({ what: 'body as an array', method: route.method, url: goodUrl, body: JSON.stringify([sample]), also });
    for (const path of pathsOf(sample)) {
      const here = path.join('.');
      for (const value of WRONG_TYPES) {
        const body = replaced(sample, path, value);
        if (refuses(probe.body.schema, body))
          probes.push({ what: `body ${here}=${JSON.stringify(value)}`, method: route.method, url: goodUrl, body: JSON.stringify(body), also });
      }
      for (const value of NEVER_VALID)
        probes.push({
          what: `body ${here}=${JSON.stringify(value).slice(0, 20)}`,
          method: route.method,
          url: goodUrl,
          body: JSON.stringify(replaced(sample, path, value)),
          also,
        });
      const current = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], sample);
      if (current && typeof current === 'object' && !Array.isArray(current))
        probes.push({ what: `body ${here} as an array`, method: route.method, url: goodUrl, body: JSON.stringify(replaced(sample, path, [current])), also });
    }
  }
  if (!probe.params && !probe.query && !probe.body && !probe.rawBody && route.method === 'GET') {
    // No input to malform: junk in the query must still never break it.
    for (const bad of BAD_QUERY_VALUES)
      probes.push({ what: `junk query ${bad.slice(0, 20)}`, method: route.method, url: `${route.path}?junk=${bad}&${bad}=1`, also: [200, ...also] });
  }
  if (route.auth === 'user') {
    for (const bad of BAD_WORKSPACE_HEADERS)
      probes.push({ what: `X-Workspace-Id ${bad.slice(0, 20)}`, method: route.method, url: goodUrl, body: goodBody, headers: { 'x-workspace-id': bad }, also });
  }
  return probes;
}

describe('malformed input on every route', { timeout: 300_000 }, () => {
  let a: ProbeFixture;

  beforeAll(async () => {
    a = await aProbeFixture();
  }, 60_000);

  it('has a probe for every route in the route table, and none for a route that is gone', () => {
    expect(probeCoverageGaps()).toEqual({ unprobed: [], stale: [] });
  });

  it("refuses every malformed request with a 4xx, never a 5xx, and changes nothing of the caller's", async () => {
    const failures: string[] = [];
    const figures = { routes: 0, probed: 0, tried: 0, refused: 0, serverErrors: 0 };
    const withoutProbes: string[] = [];

    for (const route of ROUTES) {
      const probe = ROUTE_PROBES[routeKey(route)];
      if (!probe) continue; // reported by the coverage test
      figures.routes++;
      if (probe.noInput) {
        withoutProbes.push(`${routeKey(route)} (${probe.noInput})`);
        continue;
      }
      const probes = probesOf(route, probe, a);
      if (probes.length === 0) failures.push(`${routeKey(route)}: no probe could be made`);
      figures.probed++;

      // Act
      const before = await partitionOf(a.owner.userId);
      const answers = await inBatches(probes.map((p) => () => send(p.method, p.url, { token: a.owner.accessToken, body: p.body, headers: p.headers })));
      const after = await partitionOf(a.owner.userId);

      // Assess (collected, so one run names every probe that fails)
      answers.forEach((answer, i) => {
        const p = probes[i]!;
        figures.tried++;
        if (answer.status >= 500) figures.serverErrors++;
        if (answer.status >= 400 && answer.status < 500) figures.refused++;
        const fine = (answer.status >= 400 && answer.status < 500) || p.also.includes(answer.status);
        if (!fine) failures.push(`${routeKey(route)} ${p.what}: ${answer.status} ${answer.text.slice(0, 160)}`);
      });
      if (after !== before) failures.push(`${routeKey(route)}: the malformed requests changed the caller's partition`);
    }

    console.log(
      `malformed-input probe: ${figures.routes} routes (${figures.probed} with input) × their probes = ${figures.tried} requests tried, ${figures.refused} refused with 4xx, ${figures.serverErrors} answered 5xx; without input to malform: ${withoutProbes.join('; ')}`,
    );
    expect(failures).toEqual([]);
    expect(figures.serverErrors).toBe(0);
  });
});
