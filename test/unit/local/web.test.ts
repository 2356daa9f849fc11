import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, pickEncoding, serveStatic } from '../../../local/web';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'web-test-'));

describe('npm start rebuilds the web app only when its sources changed', () => {
  let src: string;
  let outDir: string;
  let builds: number;
  const build = async (out: string) => {
    builds++;
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'index.html'), `<p>build ${builds}</p>`);
  };
  const ensure = () => ensureWebBuild({ build, sources: [src], outDir });

  beforeAll(async () => {
    src = tmp();
    outDir = path.join(src, 'dist');
    fs.mkdirSync(path.join(src, 'src'));
    fs.writeFileSync(path.join(src, 'src/main.tsx'), 'render()');
    builds = 0;
  });

  it('builds when there is no build, then not again while nothing changed', async () => {
    expect(await ensure()).toMatchObject({ built: true });
    expect(await ensure()).toMatchObject({ built: false });
    expect(builds).toBe(1);
  });

  it('rebuilds when a source file is edited', async () => {
    const file = path.join(src, 'src/main.tsx');
    fs.writeFileSync(file, 'render(<App />)');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(await ensure()).toMatchObject({ built: true });
    expect(await ensure()).toMatchObject({ built: false });
  });

  it('rebuilds when a file is added or removed, and ignores what the build writes', async () => {
    fs.writeFileSync(path.join(src, 'src/new.ts'), 'export {}');
    expect(await ensure()).toMatchObject({ built: true });
    fs.rmSync(path.join(src, 'src/new.ts'));
    expect(await ensure()).toMatchObject({ built: true });
    fs.writeFileSync(path.join(outDir, 'extra.js'), '1');
    expect(await ensure()).toMatchObject({ built: false });
  });

  it('rebuilds a build made without a stamp (npm run build:web, the e2e setup)', async () => {
    fs.rmSync(path.join(outDir, '.build-stamp'));
    expect(await ensure()).toMatchObject({ built: true });
  });
});

describe('the local server compresses as CloudFront does', () => {
  let root: string;
  let server: http.Server;
  let base: string;
  const js = `export const value = ${JSON.stringify('x'.repeat(5_000))};\n`;

  beforeAll(async () => {
    root = tmp();
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- pad -->'.repeat(100)}`);
    fs.writeFileSync(path.join(root, 'assets/index-abc.js'), js);
    fs.writeFileSync(path.join(root, 'assets/tiny-abc.js'), 'export {};');
    fs.writeFileSync(path.join(root, 'assets/logo-abc.png'), Buffer.alloc(4_000, 1));
    server = http.createServer((req, res) => serveStatic(req, res, root));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (url: string, acceptEncoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number }>((resolve, reject) => {
      http
        .get(`${base}${url}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode! }));
        })
        .on('error', reject);
    });

  it('sends brotli when the browser takes it, gzip when only that, else the file as is', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    expect(br.body.length).toBeLessThan(js.length / 10);
    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await get('/assets/index-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('prefers the precompressed file of the build', async () => {
    fs.writeFileSync(path.join(root, 'assets/built-abc.js'), js);
    fs.writeFileSync(path.join(root, 'assets/built-abc.js.gz'), Buffer.from('precompressed'));
    expect((await get('/assets/built-abc.js', 'gzip')).body.toString()).toBe('precompressed');
  });

  it('leaves small files and images uncompressed', async () => {
    expect((await get('/assets/tiny-abc.js', 'br')).headers['content-encoding']).toBeUndefined();
    const png = await get('/assets/logo-abc.png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
  });

  it('caches hashed assets for good and revalidates index.html, also as the SPA fallback', async () => {
    expect((await get('/assets/index-abc.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const route = await get('/home/posts', 'br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.body).toString()).toContain('<div id="root">');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('honours q-values in Accept-Encoding', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=1')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
