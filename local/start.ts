/**
 * `npm start`: the whole product on the local cloud, behind one URL, with a production build of the
 * SPA (rebuilt first when its sources changed). `npm run dev` (--dev) serves Vite's dev server with
 * hot reload instead.
 */
export {};

// Quiet the AWS SDK v2 maintenance notice (cognito-local brings SDK v2) before anything loads an SDK
// (hence the dynamic import).
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const { assertProjectNode, nodeRuntimeLine } = await import('./node-runtime');
assertProjectNode();
const { DEFAULT_DATA_DIR, startLocalCloud } = await import('./cloud');
const { dataDirLine, webBuildLine } = await import('./launcher-text');
const { ensureWebBuild } = await import('./web');
const { warmLambdaHandlers } = await import('./lambda-runtime');
const { ROUTES } = await import('../functions/routes');

const t0 = Date.now();
const web = process.argv.includes('--dev') ? 'dev' : 'dist';
const port = Number(process.env.PORT ?? 3000);
console.log(`Starting Schedule & Autopost on the local cloud (${nodeRuntimeLine()})${web === 'dev' ? ' (Vite dev server, hot reload)' : ''}…`);
// The build (when stale) runs while the services start; the web app waits for it.
const built =
  web === 'dist'
    ? ensureWebBuild().then(
        (result) => console.log(webBuildLine(result)),
        (error: unknown) => {
          console.error('\nThe web app failed to build:', error);
          process.exit(1);
        },
      )
    : undefined;

const cloud = await startLocalCloud({ port, host: process.env.HOST ?? '127.0.0.1', web, log: (line) => console.log(line) }).catch(
  (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') console.error(`\nPort ${port} is in use. Stop the other process or run: PORT=3001 npm start`);
    else console.error('\nThe local cloud failed to start:', error);
    process.exit(1);
  },
);
await built;

console.log(`\nReady in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
// Like provisioned concurrency, after "Ready": the functions behind the pages' first reads load now,
// so a visitor's first page does not wait for each one's cold start.
void warmLambdaHandlers(ROUTES.filter((route) => route.method === 'GET' && route.auth === 'user').map((route) => route.handler));
console.log(`  ➜ Open ${cloud.url}\n`);
console.log(`    Local inbox (verification e-mails): ${cloud.url}/_local/inbox`);
console.log(`    Sandbox platforms (OAuth consent, control API): ${cloud.url}/_sandbox`);
console.log(`    Public-web stand-in (links for "Add from URL"): ${cloud.env.LOCAL_PUBLIC_WEB_ORIGIN}/photo.jpg`);
// atproto's loopback client must come back to 127.0.0.1, and the connect's binding cookie is per host.
if (cloud.env.BLUESKY_SERVICE_URL) console.log(`    Connect Bluesky from ${cloud.url.replace('//localhost:', '//127.0.0.1:')} (docs/bluesky.md#connecting)`);
// startLocalCloud keeps its data in DEFAULT_DATA_DIR (LOCAL_DATA_DIR, else .local/) when given none.
console.log(`    ${dataDirLine(DEFAULT_DATA_DIR, process.cwd())}\n`);

let stoppingSince = 0;
const shutdown = async () => {
  // One Ctrl-C reaches this process several times (the terminal's process group, npm and tsx all
  // pass it on); only a second press, a moment later, forces an immediate exit.
  if (stoppingSince) {
    if (Date.now() - stoppingSince > 1500) process.exit(1);
    return;
  }
  stoppingSince = Date.now();
  console.log('\nStopping…');
  await cloud.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
