import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Platform } from '@shared/platforms';
import type { PublishStage } from './state';

/**
 * A tiny router for the sandbox platforms: each platform file registers handlers for its real
 * paths under one of its hosts (PLATFORM_HOSTS), served at `/_sandbox/<platform>/<hostKey><path>`.
 */
export interface SandboxRequest {
  readonly method: string;
  readonly platform: Platform;
  readonly hostKey: string;
  /** The real path on the real host, e.g. `/2/users/me`. */
  readonly path: string;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  /** The form body (application/x-www-form-urlencoded), or empty. */
  readonly form: URLSearchParams;
  readonly json: unknown;
  /** The body as received (YouTube and TikTok upload bytes). */
  readonly raw: Buffer;
  /** Wall-clock time the request arrived, epoch ms (receipts). */
  readonly receivedAtMs: number;
  readonly headers: IncomingMessage['headers'];
  /** `Authorization: Bearer …`, or `access_token` in the query/form (Graph style). */
  readonly bearer: string | undefined;
  /** `Authorization: Basic …` decoded. */
  readonly basic: { user: string; password: string } | undefined;
  /** The full URL the request came to, on the front door. */
  readonly url: string;
}

export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (HTML pages); otherwise `body` goes out as JSON. */
  html?: string;
  /** JSON text sent as is (TikTok's int64 post ids, which JSON.stringify cannot write). */
  rawJson?: string;
  redirect?: string;
}

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

interface Route {
  method: string;
  platform: Platform;
  hostKey: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
  /** Whether control-API faults apply (not to consent pages). */
  faults: boolean;
  /** Publishing calls: the public create, or another step of the flow (publish-only faults hit these). */
  publish?: PublishStage;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): SandboxResponse => ({ status, body, headers });
export const html = (status: number, page: string): SandboxResponse => ({ status, html: page });
export const redirect = (location: string): SandboxResponse => ({ status: 302, redirect: location });

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, platform: Platform, hostKey: string, path: string, handler: Handler, options: { faults?: boolean; publish?: PublishStage } = {}): this {
    const keys: string[] = [];
    const source = path
      .replace(/\/$/, '')
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) {
          keys.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({
      method,
      platform,
      hostKey,
      pattern: new RegExp(`^${source}/?$`),
      keys,
      handler,
      faults: options.faults ?? true,
      ...(options.publish ? { publish: options.publish } : {}),
    });
    return this;
  }

  find(method: string, platform: string, hostKey: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.platform !== platform || route.hostKey !== hostKey || route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')]));
      return { route, params };
    }
    return undefined;
  }

  /** Whether some route exists for the path under another method (for 405s). */
  knows(platform: string, hostKey: string, path: string): boolean {
    return this.routes.some((r) => r.platform === platform && r.hostKey === hostKey && r.pattern.test(path));
  }
}

export function parseRequest(
  req: IncomingMessage,
  body: Buffer,
  platform: Platform,
  hostKey: string,
  path: string,
  params: Record<string, string>,
  origin: string,
  receivedAtMs = Date.now(),
): SandboxRequest {
  const url = new URL(req.url ?? '/', origin);
  const type = String(req.headers['content-type'] ?? '');
  const text = body.toString('utf8');
  const form = type.includes('application/x-www-form-urlencoded') ? new URLSearchParams(text) : new URLSearchParams();
  let parsed: unknown;
  if (type.includes('application/json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const authorization = String(req.headers.authorization ?? '');
  const bearerMatch = /^Bearer\s+(.+)$/i.exec(authorization);
  const basicMatch = /^Basic\s+(.+)$/i.exec(authorization);
  let basic: SandboxRequest['basic'];
  if (basicMatch) {
    const decoded = Buffer.from(basicMatch[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) basic = { user: decodeURIComponent(decoded.slice(0, colon)), password: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return {
    method: req.method ?? 'GET',
    platform,
    hostKey,
    path,
    params,
    query: url.searchParams,
    form,
    json: parsed,
    raw: body,
    receivedAtMs,
    headers: req.headers,
    bearer: bearerMatch?.[1]?.trim() ?? url.searchParams.get('access_token') ?? form.get('access_token') ?? undefined,
    basic,
    url: url.toString(),
  };
}

export function send(res: ServerResponse, response: SandboxResponse): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...response.headers };
  if (response.redirect) {
    res.writeHead(response.status, { ...headers, location: response.redirect }).end();
  } else if (response.html !== undefined) {
    res.writeHead(response.status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(response.html);
  } else if (response.rawJson !== undefined) {
    res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(response.rawJson);
  } else if (response.body === undefined) {
    res.writeHead(response.status, headers).end();
  } else {
    res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(response.body));
  }
}

/** Appends query parameters to a redirect URI that may already carry some. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
