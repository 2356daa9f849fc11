import { registerSandboxComments } from './platforms/comments';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PLATFORM_LABELS } from '@shared/platforms';
import { PLATFORM_HOSTS } from '../../functions/platforms/hosts';
import type { LocalModule } from '../modules';
import { SANDBOX_APPS, SANDBOX_PLATFORMS, isSandboxPlatform, registeredRedirectUri } from './apps';
import type { SandboxContext } from './context';
import { control } from './control';
import { faultResponse } from './faults';
import { registerFacebook } from './platforms/facebook';
import { registerInstagram } from './platforms/instagram';
import { registerLinkedIn } from './platforms/linkedin';
import { registerThreads } from './platforms/threads';
import { registerPinterest } from './platforms/pinterest';
import { registerTikTok } from './platforms/tiktok';
import { registerX } from './platforms/x';
import { registerYouTube } from './platforms/youtube';
import { feedsHub, registerFeeds } from './feeds';
import { settle } from './publishing';
import { Router, json, parseRequest, send } from './router';
import { SandboxState, type Fault } from './state';

export { SANDBOX_APPS, DEMO_IDENTITIES } from './apps';

export const SANDBOX_PREFIX = '/_sandbox';

/**
 * The sandbox platforms (docs/decisions/0004-sandbox-platforms-enforce-official-rules.md): every network's OAuth and publishing endpoints (but Bluesky's: its own PDS),
 * served at `/_sandbox/<platform>/<hostKey><real path>`, plus a control API for tests.
 */
export function createSandbox(options: { publicUrl: string; dataDir?: string; youtubeUnverified?: boolean }) {
  const state = new SandboxState(options.dataDir ? path.join(options.dataDir, 'sandbox.json') : undefined);
  const ctx: SandboxContext = {
    state,
    router: new Router(),
    publicUrl: options.publicUrl,
    sandboxUrl: `${options.publicUrl}${SANDBOX_PREFIX}`,
    youtubeUnverified: options.youtubeUnverified ?? true,
  };
  // Before the Graph version guards' catch-alls, which answer any path not registered before them.
  registerSandboxComments(ctx);
  registerX(ctx);
  registerFacebook(ctx);
  registerInstagram(ctx);
  registerTikTok(ctx);
  registerYouTube(ctx);
  registerThreads(ctx);
  registerLinkedIn(ctx);
  registerPinterest(ctx);
  registerFeeds(ctx);

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const receivedAtMs = Date.now();
    settle(ctx);
    const url = new URL(req.url ?? '/', options.publicUrl);
    const rest = url.pathname.slice(SANDBOX_PREFIX.length) || '/';
    const method = req.method ?? 'GET';
    if (rest === '/' || rest === '') return send(res, { status: 200, html: indexPage(ctx) });
    if (rest === '/avatar.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }).end(avatar(url.searchParams.get('name') ?? '?'));
      return;
    }
    if (rest === '/cover.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }).end(cover(url.searchParams.get('name') ?? '?'));
      return;
    }
    if (rest === '/feeds' || rest === '/feeds/') return send(res, { status: 200, html: feedsHub(ctx) });
    if (rest.startsWith('/control/') || rest === '/control') {
      let input: unknown;
      try {
        input = body.length ? JSON.parse(body.toString('utf8')) : {};
      } catch {
        return send(res, json(400, { error: 'body must be JSON' }));
      }
      return send(res, control(ctx, method, rest.slice('/control'.length) || '/', input, url.searchParams));
    }
    const [, platform = '', hostKey = '', ...parts] = rest.split('/');
    const realPath = `/${parts.join('/')}`;
    if (!isSandboxPlatform(platform) || !(hostKey in PLATFORM_HOSTS[platform])) {
      return send(res, json(404, { error: `no sandbox host ${platform}/${hostKey}` }));
    }
    const found = ctx.router.find(method, platform, hostKey, realPath);
    if (!found) {
      const status = ctx.router.knows(platform, hostKey, realPath) ? 405 : 404;
      return send(
        res,
        json(status, { error: status === 405 ? 'method not allowed' : `the sandbox does not serve ${method} ${realPath} on ${platform}/${hostKey} yet` }),
      );
    }
    let actThenDrop: Fault | undefined;
    if (found.route.faults) {
      const fault = state.takeFault(platform, method, `/${hostKey}${realPath}`, found.route.publish);
      if (fault?.error === 'timeout_after_acting') actThenDrop = fault;
      else {
        if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        if (fault && (fault.error || fault.status !== undefined)) return send(res, faultResponse(platform, fault, state.now()));
      }
    }
    const request = parseRequest(req, body, platform, hostKey, realPath, found.params, options.publicUrl, receivedAtMs);
    const response = await found.route.handler(request);
    if (actThenDrop) {
      // The platform did act (the post is recorded); the client never hears back: a stall, then a dropped connection.
      // Unref: a long stall must not keep a stopping local cloud alive.
      await new Promise((resolve) => setTimeout(resolve, actThenDrop.delayMs ?? 50).unref());
      req.socket.destroy();
      return;
    }
    send(res, response);
  }

  return { ctx, state, handle };
}

export const sandboxModule: LocalModule = {
  name: 'Sandbox platforms',
  async start({ publicUrl, dataDir }) {
    // The same setting as a deployment's youtubeUnverified: the sandbox's Google project is unverified
    // unless YOUTUBE_UNVERIFIED=false, and compose (through /config.json) says what that means.
    const flag = process.env.YOUTUBE_UNVERIFIED;
    if (flag !== undefined && flag !== '' && flag !== 'true' && flag !== 'false') throw new Error(`YOUTUBE_UNVERIFIED must be true or false (got "${flag}")`);
    const youtubeUnverified = flag !== 'false';
    const sandbox = createSandbox({ publicUrl, dataDir, youtubeUnverified });
    const credentials = Object.fromEntries(
      SANDBOX_PLATFORMS.map((p) => [p, { clientId: SANDBOX_APPS[p].clientId, clientSecret: SANDBOX_APPS[p].clientSecret }]),
    );
    return {
      config: { youtubeUnverified },
      env: { PLATFORM_SANDBOX_URL: `${publicUrl}${SANDBOX_PREFIX}`, PLATFORM_CREDENTIALS: JSON.stringify(credentials) },
      routes: [{ prefix: SANDBOX_PREFIX, handle: sandbox.handle }],
      stop: async () => sandbox.state.flush(),
    };
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function indexPage(ctx: SandboxContext): string {
  const rows = SANDBOX_PLATFORMS.map((p) => {
    const hosts = Object.keys(PLATFORM_HOSTS[p])
      .map((k) => `<code>${escapeHtml(`${ctx.sandboxUrl}/${p}/${k}`)}</code> ← ${escapeHtml((PLATFORM_HOSTS[p] as Record<string, string>)[k]!)}`)
      .join('<br>');
    return `<tr><td><strong>${escapeHtml(PLATFORM_LABELS[p])}</strong></td><td><code>${escapeHtml(SANDBOX_APPS[p].clientId)}</code><br><code>${escapeHtml(SANDBOX_APPS[p].clientSecret)}</code></td><td><code>${escapeHtml(registeredRedirectUri(ctx.publicUrl, p))}</code></td><td>${hosts}</td></tr>`;
  }).join('');
  const summary = ctx.state.summary();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox platforms · Schedule &amp; Autopost</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0d12;color:#e6e8ee;margin:0;padding:32px} main{max-width:1100px;margin:0 auto}
table{border-collapse:collapse;width:100%;font-size:13px} td,th{border-bottom:1px solid #262c38;padding:10px;text-align:left;vertical-align:top} code{color:#8ab4ff} p{color:#9aa3b2}</style></head>
<body><main><h1>Sandbox platforms</h1><p>Local stand-ins for the networks. Sandbox clock: ${escapeHtml(summary.now)} · ${summary.activeTokens} active tokens · ${summary.faults.length} pending faults. Control API under <code>/_sandbox/control</code>. <a style="color:#8ab4ff" href="${escapeHtml(ctx.sandboxUrl)}/feeds">What was published →</a></p>
<table><tr><th>Platform</th><th>Registered app (client id / secret)</th><th>Redirect URI</th><th>Hosts</th></tr>${rows}</table></main></body></html>`;
}

/** A Page cover: a wide gradient banner with the Page's name (not the square avatar, which a cover frame crops to a blur). */
function cover(name: string): string {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="820" height="312" viewBox="0 0 820 312"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 30%)"/></linearGradient></defs><rect width="820" height="312" fill="url(#g)"/><text x="410" y="172" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" fill-opacity="0.9" text-anchor="middle">${escapeHtml(name)}</text></svg>`;
}

function avatar(name: string): string {
  const letters =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="hsl(${hash % 360} 55% 45%)"/><text x="64" y="78" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(letters)}</text></svg>`;
}
