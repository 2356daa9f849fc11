import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { allHandlerModules } from '../functions/routes';

/**
 * `npm run bench`: prints the figures the foundation issue asks for. Each is measured, not asserted.
 *   1. `npm start` to ready (fresh data dir), and to the landing rendered in Chromium with a cold
 *      Vite cache (dev mode optimizes dependencies on the first visit)
 *   2. gzip size of the JavaScript the landing route loads (budget 150 KB)
 *   3. the largest Lambda bundle, minified (budget 300 KB)
 *   4. `npx cdk synth` time
 * Pass --skip=synth,start,… to leave some out.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const skip = new Set((process.argv.find((a) => a.startsWith('--skip='))?.slice(7) ?? '').split(','));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ROOT = path.resolve(import.meta.dirname, '..');

async function startToReady() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const port = String(30000 + Math.floor(Math.random() * 20000));
  fs.rmSync(path.join(ROOT, 'node_modules/.vite'), { recursive: true, force: true });
  const t0 = Date.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: port, LOCAL_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('Ready in') && resolve());
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  const ready = Date.now() - t0;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/`);
  await page.getByTestId('plan-free').waitFor({ timeout: 60_000 });
  const rendered = Date.now() - t0;
  await browser.close();
  process.kill(-child.pid!, 'SIGINT');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`npm start → "Ready":          ${(ready / 1000).toFixed(1)} s   (goal ≤ 20 s)`);
  console.log(`npm start → landing rendered:  ${(rendered / 1000).toFixed(1)} s   (Chromium, cold Vite dependency cache)`);
}

async function landingJs() {
  spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  const { startLocalCloud } = await import('../local/cloud');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const cloud = await startLocalCloud({ dataDir, web: 'dist' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const files = new Map<string, number>();
  const page = await browser.newPage();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') files.set(new URL(res.url()).pathname, gzipSync(await res.body()).length);
  });
  await page.goto(`${cloud.url}/`, { waitUntil: 'networkidle' });
  await browser.close();
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(`Landing route JavaScript:       ${kb(total)} gzip in ${files.size} files   (budget ≤ 150 KB)`);
  for (const [file, size] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`    ${kb(size).padStart(9)}  ${file}`);
}

async function lambdaBundles() {
  const sizes: [string, number, number][] = [];
  for (const module of allHandlerModules()) {
    const result = await build({
      entryPoints: [path.join(ROOT, 'functions/handlers', `${module}.ts`)],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      external: ['@aws-sdk/*'],
      write: false,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      logLevel: 'error',
    });
    const code = result.outputFiles[0]!.contents;
    sizes.push([module, code.length, gzipSync(code).length]);
  }
  sizes.sort((a, b) => b[1] - a[1]);
  const [name, min, gz] = sizes[0]!;
  console.log(`Largest Lambda bundle:          ${kb(min)} minified (${kb(gz)} gzip), ${name}   (budget ≤ 300 KB; @aws-sdk/* from the runtime)`);
}

function synth() {
  const t0 = Date.now();
  const out = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cdk-'))], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' } });
  if (out.status !== 0) return console.log(`npx cdk synth FAILED:\n${out.stderr}`);
  console.log(`npx cdk synth (with bundling):  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (!skip.has('start')) await startToReady();
if (!skip.has('landing')) await landingJs();
if (!skip.has('lambda')) await lambdaBundles();
if (!skip.has('synth')) synth();
process.exit(0);
