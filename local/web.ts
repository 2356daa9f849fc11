import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '../infra/security-headers';

/**
 * Serves the SPA: `dev` runs Vite in middleware mode on the front door's own server (HMR included,
 * `npm run dev`); `dist` serves a production build (`npm start`) as CloudFront does on AWS: the SPA
 * fallback, compression per Accept-Encoding, immutable hashed assets and a no-cache index.html.
 */
export type WebMode = 'dev' | 'dist' | 'none';
export type WebHandler = { handle(req: IncomingMessage, res: ServerResponse): void; stop(): Promise<void> };

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(ROOT, 'frontend/dist');
/** What a build depends on: the SPA's sources and config, the code it shares with the functions, the installed versions. */
export const WEB_SOURCES = [path.join(ROOT, 'frontend'), path.join(ROOT, 'shared'), path.join(ROOT, 'package-lock.json')];
const STAMP = '.build-stamp';

/** A build started by ensureWebBuild; `dist` mode waits for it before serving. */
let pendingBuild: Promise<unknown> | undefined;

/**
 * A fingerprint of the sources: every file's path, size and mtime (frontend/dist and node_modules
 * left out). Cheap enough to take on every start (a few hundred stats), and it changes when a file
 * is edited, added, removed or renamed.
 */
export function sourceFingerprint(sources: readonly string[] = WEB_SOURCES, outDir = WEB_DIST): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    if (path.basename(file) === 'node_modules' || file === outDir || !fs.existsSync(file)) return;
    const stat = fs.statSync(file);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file).sort()) visit(path.join(file, name));
    else if (stat.isFile()) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const source of sources) visit(source);
  return hash.digest('hex');
}

/** True when outDir holds a build whose stamp matches the sources as they are now. */
export function isBuildCurrent(fingerprint: string, outDir = WEB_DIST): boolean {
  try {
    return fs.existsSync(path.join(outDir, 'index.html')) && fs.readFileSync(path.join(outDir, STAMP), 'utf8') === fingerprint;
  } catch {
    return false;
  }
}

export interface WebBuildResult {
  built: boolean;
  ms: number;
}

/**
 * `npm start`: rebuilds frontend/dist with Vite's JS API when the sources changed since the build's
 * stamp (or there is no build, or one made without a stamp), else returns at once.
 */
export function ensureWebBuild(
  options: { build?: (outDir: string) => Promise<unknown>; sources?: readonly string[]; outDir?: string } = {},
): Promise<WebBuildResult> {
  const outDir = options.outDir ?? WEB_DIST;
  const run = async (): Promise<WebBuildResult> => {
    const t0 = Date.now();
    const fingerprint = sourceFingerprint(options.sources ?? WEB_SOURCES, outDir);
    if (isBuildCurrent(fingerprint, outDir)) return { built: false, ms: Date.now() - t0 };
    await (options.build ?? viteBuild)(outDir);
    fs.writeFileSync(path.join(outDir, STAMP), fingerprint);
    return { built: true, ms: Date.now() - t0 };
  };
  const result = run();
  if (outDir === WEB_DIST) pendingBuild = result.catch(() => undefined);
  return result;
}

async function viteBuild(outDir: string): Promise<void> {
  // A production React build even when the caller's NODE_ENV says otherwise (vitest sets `test`).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({ configFile: path.join(ROOT, 'frontend/vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir } });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/**
 * The security headers CloudFront sends with the SPA (infra/security-headers.ts), for this build and
 * the local endpoints the SPA talks to: the local S3 is another origin (uploads, and images and
 * videos over http), and the realtime socket is named by the page's own host.
 */
export function localSecurityHeaders(indexHtml: string, s3Origin: string | undefined): (host: string | undefined) => Record<string, string> {
  const scripts = inlineScriptHashes(indexHtml);
  const s3 = s3Origin ? [new URL(s3Origin).origin] : [];
  return (host) => securityHeaders(contentSecurityPolicy({ scripts, connect: [...s3, ...(host ? [`ws://${host}`] : [])], media: s3, images: s3 }));
}

/**
 * `dist` serves the build under the same security headers as CloudFront (`s3Origin`: the local
 * S3's endpoint, which the CSP must allow). `dev` sends none: Vite's dev server injects inline
 * scripts (HMR, React Refresh) that a production CSP refuses.
 */
export async function startWeb(mode: WebMode, httpServer: Server, options: { s3Origin?: string } = {}): Promise<WebHandler> {
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
    await pendingBuild;
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build:web` first');
    const headersFor = localSecurityHeaders(fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'), options.s3Origin);
    return { handle: (req, res) => serveStatic(req, res, WEB_DIST, headersFor(req.headers.host)), stop: async () => undefined };
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
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
/** The types CloudFront compresses (of those a build holds), and its size window. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
const MIN_COMPRESS = 1000;
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof PRECOMPRESSED;

/** The encoding to answer with: brotli over gzip, as CloudFront prefers; q=0 refuses one. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** The compressed bytes of one file: its precompressed sibling from the build, else compressed now and kept. */
const compressedCache = new Map<string, Buffer>();
function compressed(file: string, encoding: Encoding): Buffer {
  const sibling = file + PRECOMPRESSED[encoding];
  const key = `${sibling}\0${fs.statSync(file).mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    if (fs.existsSync(sibling)) body = fs.readFileSync(sibling);
    else {
      const raw = fs.readFileSync(file);
      body =
        encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gzipSync(raw);
    }
    compressedCache.set(key, body);
  }
  return body;
}

export function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, extraHeaders: Record<string, string> = {}): void {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  // Like the CloudFront function on AWS: extension-less paths are SPA routes.
  if (!file.startsWith(root) || !path.extname(file) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    if (path.extname(pathname)) return void res.writeHead(404, extraHeaders).end('Not found');
    file = path.join(root, 'index.html');
  }
  const ext = path.extname(file);
  const immutable = file.startsWith(path.join(root, 'assets') + path.sep);
  const headers: Record<string, string | number> = {
    ...extraHeaders,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const size = fs.statSync(file).size;
  const compressible = COMPRESSIBLE.has(ext);
  if (compressible) headers.vary = 'Accept-Encoding';
  const encoding = compressible && size >= MIN_COMPRESS ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = compressed(file, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, { ...headers, 'content-length': size });
  if (req.method === 'HEAD') return void res.end();
  fs.createReadStream(file).pipe(res);
}
