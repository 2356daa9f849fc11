import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ConfirmSignUpCommand, CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { build } from 'esbuild';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { allHandlerModules } from '../functions/routes';
import { SIGNED_IN_ROUTES as ALL_SIGNED_IN_ROUTES } from '../test/helpers/routes';

/**
 * `npm run bench`: prints the figures the foundation and reshape issues ask for. Each is measured, not asserted.
 *   1. `npm start` to ready (fresh data dir), then every route's first load in Chromium with a cold
 *      browser cache (time to its h1 and the load event), and the JavaScript it loaded: raw and as
 *      sent (the server compresses as CloudFront does). --web=dev measures `npm run dev` instead.
 *      Then each route's budget: the JavaScript whose download started before the page's first h1
 *      was in the document (what its first paint waited for), gzipped and as sent (brotli), against
 *      PAINT_BUDGET; what loads after (the realtime client, charts) does not count.
 *   2. Lighthouse (mobile defaults) performance and accessibility of every route, on the same server
 *   3. the largest Lambda bundle, minified (budget 300 KB)
 *   4. `npx cdk synth` time
 * Pass --skip=synth,lambda,lighthouse,… to leave some out, --routes=/auth,/home,… to measure only those
 * routes, --metrics to print each route's Lighthouse metrics (what its performance score is made of),
 * --paint-scripts to list the files each route loaded before its first paint (what to cut when it is
 * over budget), and --reports=DIR to keep each route's Lighthouse report (JSON) there.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const skip = new Set((process.argv.find((a) => a.startsWith('--skip='))?.slice(7) ?? '').split(','));
const dev = process.argv.includes('--web=dev');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'secret123';

const only = process.argv
  .find((a) => a.startsWith('--routes='))
  ?.slice(9)
  .split(',');
const chosen = (routes: string[]) => (only ? routes.filter((r) => only.includes(r)) : routes);
const PUBLIC_ROUTES = chosen(['/', '/auth', '/auth?mode=signup', '/about-us', '/privacy-policy', '/terms-of-service', '/contact-us', '/no-such-page']);
const SIGNED_IN_ROUTES = chosen(ALL_SIGNED_IN_ROUTES);
const reports = process.argv.find((a) => a.startsWith('--reports='))?.slice(10);
/** Compressed JavaScript a route may download before its first paint. */
const PAINT_BUDGET = 170 * 1024;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'];

interface RouteFigures {
  loadMs?: number;
  jsRaw?: number;
  jsSent?: number;
  jsFiles?: number;
  /** The scripts (paths) whose download started before the page's first h1 was in the document. */
  paintScripts?: string[];
  paintSent?: number;
  performance?: number;
  accessibility?: number;
  metrics?: string;
}
const figures = new Map<string, RouteFigures>();
const figure = (route: string) => figures.get(route) ?? figures.set(route, {}).get(route)!;

/** `npm start` (or `npm run dev`) in its own process group, on a free port with a throw-away data dir. */
async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string; readyMs: number; output: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const port = String(30000 + Math.floor(Math.random() * 20000));
  if (dev) fs.rmSync(path.join(ROOT, 'node_modules/.vite'), { recursive: true, force: true });
  const output: string[] = [];
  const t0 = Date.now();
  const child = spawn('npm', [dev ? 'run' : 'start', ...(dev ? ['dev'] : [])], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, LOCAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output.push(
        ...d
          .toString()
          .split('\n')
          .filter((line) => /built|build|Web app/i.test(line)),
      );
      if (d.toString().includes('Ready in')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  return { url: `http://localhost:${port}`, child, dataDir, readyMs: Date.now() - t0, output };
}

async function stopServer(server: { child: ChildProcess; dataDir: string }) {
  process.kill(-server.child.pid!, 'SIGINT');
  await new Promise((r) => server.child.on('exit', r));
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Signs up and confirms a user through the local Cognito and its inbox, as a new user does. */
async function aUser(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string };
  const cognito = new CognitoIdentityProviderClient({
    endpoint: `${url}/_local/cognito/`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  const email = `bench-${Date.now()}@example.com`;
  await cognito.send(
    new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const { messages } = (await (await fetch(`${url}/_local/inbox/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { html: string }[] };
  const code = /[?&]code=(\d+)/.exec(messages[0]!.html)![1]!;
  await cognito.send(new ConfirmSignUpCommand({ ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code }));
  return email;
}

async function signIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/auth`);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/home');
}

/** One route's first load in a fresh context (cold cache): ms to its h1 and the load event, and its scripts. */
async function firstLoad(context: BrowserContext, url: string, route: string) {
  const page = await context.newPage();
  // When the first h1 enters the document: the page's own first content (every route has one).
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  await page.addInitScript(`new MutationObserver(function (_, observer) {
    if (document.querySelector('h1')) { window.__firstH1 = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });`);
  const scripts: Promise<[number, number]>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    // A script that answers after the sizes were read (a late deferred chunk) is read while the page
    // closes: its body is gone then, and it is not counted, so its failure must not end the run.
    const sizes = Promise.all([
      res.body().then((b) => b.length),
      res
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
    ]);
    sizes.catch(() => undefined);
    scripts.push(sizes);
  });
  const t0 = Date.now();
  await page.goto(`${url}${route}`, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  const loadMs = Date.now() - t0;
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const sizes = await Promise.all(scripts);
  const beforePaint = await page.evaluate(() => {
    const h1 = (window as unknown as { __firstH1?: number }).__firstH1 ?? Infinity;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime < h1 && /\.m?js(\?|$)/.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname, sent: e.encodedBodySize }));
  });
  Object.assign(figure(route), {
    loadMs,
    jsFiles: sizes.length,
    jsRaw: sizes.reduce((a, [raw]) => a + raw, 0),
    jsSent: sizes.reduce((a, [, sent]) => a + sent, 0),
    paintScripts: beforePaint.map((s) => s.path),
    paintSent: beforePaint.reduce((a, s) => a + s.sent, 0),
  });
  await page.close();
}

async function lighthouseRuns(url: string, email: string) {
  const port = 9222 + Math.floor(Math.random() * 1000);
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-chrome-'));
  const context = await chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    const audit = async (route: string, signedIn: boolean) => {
      // Signed in: keep the session (no storage reset) but still start from a cold HTTP cache.
      if (signedIn) {
        const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const result = await lighthouse(`${url}${route}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: signedIn,
      });
      const categories = result?.lhr.categories;
      if (reports) fs.writeFileSync(path.join(reports, `${route.replace(/\W+/g, '_')}.json`), JSON.stringify(result?.lhr));
      const metrics = METRICS.map((id) => `${id.replace(/(^|-)(\w)\w*/g, '$2').toUpperCase()} ${result?.lhr.audits[id]?.displayValue ?? '—'}`).join(', ');
      Object.assign(figure(route), {
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        metrics,
      });
    };
    for (const route of PUBLIC_ROUTES) await audit(route, false);
    if (SIGNED_IN_ROUTES.length) await signIn(context.pages()[0] ?? (await context.newPage()), url, email);
    for (const route of SIGNED_IN_ROUTES) await audit(route, true);
  } finally {
    await context.close();
    fs.rmSync(userDir, { recursive: true, force: true });
  }
}

async function routes() {
  const server = await startServer();
  try {
    console.log(`${dev ? 'npm run dev' : 'npm start'} → "Ready":          ${(server.readyMs / 1000).toFixed(1)} s   (goal ≤ 20 s)`);
    for (const line of server.output) console.log(`    ${line.trim()}`);
    const email = await aUser(server.url);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const route of PUBLIC_ROUTES) {
      const context = await browser.newContext();
      await firstLoad(context, server.url, route);
      await context.close();
    }
    // Signed in once; each signed-in route then starts from that session with a cold cache.
    const signInContext = await browser.newContext();
    if (SIGNED_IN_ROUTES.length) await signIn(await signInContext.newPage(), server.url, email);
    const storageState = await signInContext.storageState();
    await signInContext.close();
    for (const route of SIGNED_IN_ROUTES) {
      const context = await browser.newContext({ storageState });
      await firstLoad(context, server.url, route);
      await context.close();
    }
    await browser.close();
    if (!skip.has('lighthouse')) await lighthouseRuns(server.url, email);
  } finally {
    await stopServer(server);
  }
  console.log(
    `\nEvery route's first load (cold cache; goal < 1 s), its JavaScript, and Lighthouse mobile (goals: public perf ≥ 90, a11y 100; signed in perf ≥ 80)`,
  );
  console.log(
    `  ${'route'.padEnd(22)} ${'load'.padStart(7)} ${'JS raw'.padStart(10)} ${'JS sent'.padStart(10)} ${'files'.padStart(5)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)}`,
  );
  for (const [route, f] of figures) {
    const cell = (v: number | undefined, fmt: (n: number) => string, width: number) => (v === undefined ? '—' : fmt(v)).padStart(width);
    console.log(
      `  ${route.padEnd(22)} ${cell(f.loadMs, (n) => `${(n / 1000).toFixed(2)} s`, 7)} ${cell(f.jsRaw, kb, 10)} ${cell(f.jsSent, kb, 10)} ${cell(f.jsFiles, String, 5)} ${cell(f.performance, String, 5)} ${cell(f.accessibility, String, 5)}`,
    );
    if (process.argv.includes('--metrics') && f.metrics) console.log(`  ${''.padEnd(22)} ${f.metrics}`);
  }
}

/** A built file gzipped as precompress (frontend/vite.config.ts) wrote it, or gzipped here when it was too small to be. */
function gzipBytes(file: string): number {
  const gz = `${file}.gz`;
  return fs.existsSync(gz) ? fs.statSync(gz).size : gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * Each route's JavaScript before its first paint, against PAINT_BUDGET: gzipped from the build's files
 * (the same bytes on every run) and as this server sent it (brotli, as CloudFront sends it to browsers
 * that accept it), each marked ✗ where it is over.
 */
function paintBudget() {
  const dist = path.join(ROOT, 'frontend/dist');
  const measured = [...figures].filter(([, f]) => f.paintScripts);
  if (dev || !measured.length) return;
  console.log(`\nJavaScript before first paint (scripts requested before the page's first h1; budget ${kb(PAINT_BUDGET)} gzip)`);
  console.log(`  ${'route'.padEnd(22)} ${'gzip'.padStart(12)} ${'sent'.padStart(12)} ${'files'.padStart(5)}`);
  const missed = { gzip: 0, sent: 0 };
  const mark = (bytes: number, over: keyof typeof missed) => {
    if (bytes > PAINT_BUDGET) missed[over]++;
    return `${kb(bytes)} ${bytes > PAINT_BUDGET ? '✗' : '✓'}`.padStart(12);
  };
  for (const [route, f] of measured) {
    const gz = f.paintScripts!.reduce((a, p) => a + gzipBytes(path.join(dist, p)), 0);
    console.log(`  ${route.padEnd(22)} ${mark(gz, 'gzip')} ${mark(f.paintSent!, 'sent')} ${String(f.paintScripts!.length).padStart(5)}`);
    if (process.argv.includes('--paint-scripts'))
      for (const script of f.paintScripts!) console.log(`  ${''.padEnd(22)} ${kb(gzipBytes(path.join(dist, script))).padStart(12)} ${script}`);
  }
  console.log(`  over budget: ${missed.gzip} of ${measured.length} routes gzipped, ${missed.sent} as sent`);
}

/** What the build would weigh on the wire, independent of the server: the landing's budget is 150 KB gzip. */
function buildWeight() {
  const assets = path.join(ROOT, 'frontend/dist/assets');
  if (!fs.existsSync(assets)) return;
  const js = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const sizes = js.map((f) => fs.readFileSync(path.join(assets, f))).map((b) => [b.length, gzipSync(b).length, brotliCompressSync(b).length] as const);
  const sum = (i: 0 | 1 | 2) => sizes.reduce((a, s) => a + s[i], 0);
  console.log(`\nWhole build: ${js.length} JS files, ${kb(sum(0))} raw, ${kb(sum(1))} gzip, ${kb(sum(2))} brotli`);
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
  const out = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cdk-'))], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' },
  });
  if (out.status !== 0) return console.log(`npx cdk synth FAILED:\n${out.stderr}`);
  console.log(`npx cdk synth (with bundling):  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (!skip.has('start')) await routes();
if (!skip.has('start') && !dev) buildWeight();
if (!skip.has('start')) paintBudget();
if (!skip.has('lambda')) await lambdaBundles();
if (!skip.has('synth')) synth();
process.exit(0);
