/**
 * Route selection as API Gateway HTTP APIs do it: of the routes whose method (or `ANY`) and path
 * match a request, the most specific wins, whatever the order they were declared in. Segment by
 * segment, a literal beats a `{variable}`, which beats a greedy `{proxy+}` (so the longest greedy
 * prefix wins among greedy routes); at equal paths, the route with the request's method beats `ANY`.
 */
export interface RouteKey {
  readonly method: string;
  readonly path: string;
}

export interface RouteMatch<R> {
  route: R;
  /** Path parameters, decoded; null when one is not valid percent-encoding (API Gateway answers 400). */
  params: Record<string, string> | null;
}

/** A path segment's kind, in order of precedence. */
const Kind = { Literal: 0, Variable: 1, Greedy: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

interface Compiled<R> {
  route: R;
  method: string;
  pattern: RegExp;
  names: string[];
  kinds: Kind[];
}

function compile<R extends RouteKey>(route: R): Compiled<R> {
  const names: string[] = [];
  const kinds: Kind[] = [];
  const segments = route.path.split('/').slice(1);
  const source = segments
    .map((segment) => {
      const variable = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!variable) {
        kinds.push(Kind.Literal);
        return segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      }
      names.push(variable[1]!);
      kinds.push(variable[2] ? Kind.Greedy : Kind.Variable);
      return variable[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, method: route.method.toUpperCase(), pattern: new RegExp(`^/${source}$`), names, kinds };
}

/** Negative when `a` is more specific than `b`. */
function bySpecificity(a: Compiled<unknown>, b: Compiled<unknown>): number {
  for (let i = 0; i < Math.max(a.kinds.length, b.kinds.length); i++) {
    const ka = a.kinds[i] ?? Kind.Greedy;
    const kb = b.kinds[i] ?? Kind.Greedy;
    if (ka !== kb) return ka - kb;
  }
  return (a.method === 'ANY' ? 1 : 0) - (b.method === 'ANY' ? 1 : 0);
}

function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Compiles `routes` once; the returned function picks the route for one request, or null. */
export function routeMatcher<R extends RouteKey>(routes: readonly R[]): (method: string, pathname: string) => RouteMatch<R> | null {
  const compiled = routes.map(compile).sort(bySpecificity);
  return (method, pathname) => {
    const wanted = method.toUpperCase();
    for (const { route, method: routeMethod, pattern, names } of compiled) {
      if (routeMethod !== wanted && routeMethod !== 'ANY') continue;
      const m = pattern.exec(pathname);
      if (!m) continue;
      const values = names.map((_n, i) => decodeParam(m[i + 1]!));
      // API Gateway answers a path it cannot decode with 400 before any Lambda runs.
      if (values.some((v) => v === null)) return { route, params: null };
      return { route, params: Object.fromEntries(names.map((n, i) => [n, values[i]!])) };
    }
    return null;
  };
}
