import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/routes';
import { routeMatcher, type RouteKey } from '../../../local/route-matching';

type Route = RouteKey & { name: string };
const route = (method: string, path: string): Route => ({ method, path, name: `${method} ${path}` });
/** Both declaration orders must pick the same route: a first-match gateway passes only one of them. */
const inBothOrders = (routes: Route[]) => [routes, [...routes].reverse()];
const picked = (routes: Route[], method: string, path: string) => routeMatcher(routes)(method, path)?.route.name ?? null;

describe('the local gateway picks routes as API Gateway HTTP APIs do', () => {
  it('prefers an exact path over a path with a variable, whatever the declaration order', () => {
    for (const routes of inBothOrders([route('GET', '/api/posts/{id}'), route('GET', '/api/posts/counts')])) {
      expect(picked(routes, 'GET', '/api/posts/counts')).toBe('GET /api/posts/counts');
      expect(picked(routes, 'GET', '/api/posts/01HX')).toBe('GET /api/posts/{id}');
    }
  });

  it('decides segment by segment: a literal earlier in the path outranks one later', () => {
    for (const routes of inBothOrders([route('GET', '/api/{kind}/drafts'), route('GET', '/api/posts/{tab}')])) {
      expect(picked(routes, 'GET', '/api/posts/drafts')).toBe('GET /api/posts/{tab}');
    }
  });

  it('tries a greedy {proxy+} last, the longest greedy prefix first', () => {
    for (const routes of inBothOrders([
      route('GET', '/{proxy+}'),
      route('GET', '/pets/{proxy+}'),
      route('GET', '/pets/dog/{id}'),
      route('GET', '/pets/dog/1'),
    ])) {
      expect(picked(routes, 'GET', '/pets/dog/1')).toBe('GET /pets/dog/1');
      expect(picked(routes, 'GET', '/pets/dog/2')).toBe('GET /pets/dog/{id}');
      expect(picked(routes, 'GET', '/pets/cat/1')).toBe('GET /pets/{proxy+}');
      expect(picked(routes, 'GET', '/shop/cart')).toBe('GET /{proxy+}');
    }
  });

  it('prefers the request method over ANY on the same path, and falls back to ANY for other methods', () => {
    for (const routes of inBothOrders([route('ANY', '/api/media/{id}'), route('DELETE', '/api/media/{id}')])) {
      expect(picked(routes, 'DELETE', '/api/media/1')).toBe('DELETE /api/media/{id}');
      expect(picked(routes, 'GET', '/api/media/1')).toBe('ANY /api/media/{id}');
    }
  });

  it('ranks path specificity above the method: an exact ANY path beats a GET with a variable', () => {
    for (const routes of inBothOrders([route('GET', '/api/posts/{id}'), route('ANY', '/api/posts/counts')])) {
      expect(picked(routes, 'GET', '/api/posts/counts')).toBe('ANY /api/posts/counts');
    }
  });

  it('matches no route for another method or path, and decodes parameters (null for a malformed escape)', () => {
    const match = routeMatcher([route('GET', '/api/accounts/{id}')]);
    expect(match('POST', '/api/accounts/1')).toBeNull();
    expect(match('GET', '/api/accounts/1/extra')).toBeNull();
    expect(match('GET', '/api/accounts/a%20b')?.params).toEqual({ id: 'a b' });
    expect(match('GET', '/api/accounts/%zz')?.params).toBeNull();
  });

  it('sends every route of the app table to itself, never to a more general neighbour', () => {
    const match = routeMatcher(ROUTES);
    for (const r of ROUTES) {
      const path = r.path.replace(/\{(\w+)\+?\}/g, 'x-$1');
      expect(match(r.method, path)?.route, `${r.method} ${r.path}`).toBe(r);
    }
  });
});
