import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * Serves the SPA: `dev` runs Vite in middleware mode on the front door's own server (HMR included);
 * `dist` serves a production build with the SPA fallback CloudFront does on AWS.
 */
export type WebMode = 'dev' | 'dist' | 'none';
export type WebHandler = { handle(req: IncomingMessage, res: ServerResponse): void; stop(): Promise<void> };

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(ROOT, 'frontend/dist');

export async function startWeb(mode: WebMode, httpServer: Server): Promise<WebHandler> {
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(ROOT, 'frontend/vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server: httpServer } },
      logLevel: 'warn',
    });
    return {
      handle: (req, res) => vite.middlewares(req, res, () => res.writeHead(404).end('Not found')),
      stop: () => vite.close(),
    };
  }
  if (mode === 'dist') {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build:web` first');
    return { handle: (req, res) => serveStatic(req, res), stop: async () => undefined };
  }
  return { handle: (_req, res) => void res.writeHead(404).end('Web UI disabled'), stop: async () => undefined };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

function serveStatic(req: IncomingMessage, res: ServerResponse): void {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  let file = path.join(WEB_DIST, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  // Like the CloudFront function on AWS: extension-less paths are SPA routes.
  if (!file.startsWith(WEB_DIST) || !path.extname(file) || !fs.existsSync(file)) {
    if (path.extname(pathname)) return void res.writeHead(404).end('Not found');
    file = path.join(WEB_DIST, 'index.html');
  }
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
  fs.createReadStream(file).pipe(res);
}
