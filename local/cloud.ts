import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { RuntimeConfig } from '@shared/api';
import { blueskyEnabled, blueskyModule } from './bluesky';
import { apiModule } from './gateway';
import { stopLambdaWorkers, warmLambdaWorkers } from './lambda-runtime';
import { cognitoModule, LOCAL_REGION } from './cognito';
import { dynamoModule } from './dynamo';
import { Inbox } from './inbox';
import { mediaPullModule } from './media-pull';
import { requireService, type LocalModule, type LocalServices, type StartedModule } from './modules';
import { realtimeModule } from './realtime';
import { s3Module } from './s3';
import { schedulerModule } from './scheduler';
import { sesModule } from './ses';
import { sqsModule } from './sqs';
import { publishingModule } from './services/publishing';
import { jobsModule, localFunctionArns } from './services/jobs';
import { migrationsModule } from './services/migrations';
import { sandboxModule } from './sandbox';
import { publicWebModule } from './sandbox/public-web';
import { stripeModule } from './stripe';
import { startWeb, type WebMode } from './web';

/**
 * The local cloud behind `npm start` and the test harness: it starts the emulators' modules
 * (modules.ts) in order, gives each the environment and services of those before it, and serves
 * their routes behind one front door.
 */
export interface LocalCloudOptions {
  dataDir?: string;
  port?: number;
  host?: string;
  web?: WebMode;
  log?: (line: string) => void;
  /**
   * The API functions' timeout, shorter than the deployed API_FUNCTION_TIMEOUT_SECONDS. The test suites
   * use it so that what waits for it (account deletion's in-flight grace) waits seconds, not ten; the
   * local runtime cuts API functions off at the same time, so the grace still outlasts every request.
   */
  apiTimeoutSeconds?: number;
  /** Runs Bluesky's own PDS (the opt-in `bluesky` module). @default LOCAL_BLUESKY=on when the cloud starts */
  bluesky?: boolean;
}

export interface LocalCloud {
  url: string;
  env: Record<string, string>;
  cognito: { poolId: string; clientId: string; endpoint: string };
  inbox: Inbox;
  /** The running emulators' handles (e.g. `services.dynamo.requests()` for what the handlers sent DynamoDB). */
  services: LocalServices;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
export const DEFAULT_DATA_DIR = process.env.LOCAL_DATA_DIR ?? path.join(ROOT, '.local');

/** Functions addressed by ARN (the job table's Scheduler targets): env var → handler module under functions/handlers. */
export const LOCAL_FUNCTION_ARNS: Readonly<Record<string, string>> = localFunctionArns();

/** The modules, in start order. The Scheduler stays last: overdue schedules fire as it starts. */
export const MODULES: readonly LocalModule[] = localModules(blueskyEnabled());

/** The modules with or without the opt-in Bluesky PDS, decided when a cloud starts (not when this file loads). */
function localModules(bluesky: boolean): readonly LocalModule[] {
  return [
    dynamoModule,
    s3Module,
    mediaPullModule,
    cognitoModule,
    sesModule,
    sandboxModule,
    publicWebModule,
    apiModule,
    migrationsModule,
    realtimeModule(LOCAL_REGION),
    stripeModule,
    sqsModule,
    publishingModule,
    jobsModule,
    // Opt-in: Bluesky's own PDS (docs/bluesky.md), before the Scheduler so it is up when schedules fire.
    ...(bluesky ? [blueskyModule] : []),
    schedulerModule(LOCAL_FUNCTION_ARNS),
  ];
}

export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(dataDir, { recursive: true });

  const routes: NonNullable<StartedModule['routes']> = [];
  const upgrades: NonNullable<StartedModule['upgrades']> = [];
  const started: StartedModule[] = [];
  const services: LocalServices = {};
  let web: Awaited<ReturnType<typeof startWeb>> | undefined;
  // Pro's "Coming Soon" is off locally so that every plan and platform can be tried.
  // TikTok: unaudited as on AWS by default (the sandbox takes Only me posts); TIKTOK_UNAUDITED=false lifts it.
  let config: Partial<RuntimeConfig> = {
    region: LOCAL_REGION,
    apiBasePath: '/api',
    googleSignIn: false,
    proComingSoon: false,
    tiktokUnaudited: process.env.TIKTOK_UNAUDITED !== 'false',
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/config.json' || url.startsWith('/config.json?')) {
      // Built per request from the Host header, so the page works as localhost or 127.0.0.1 alike.
      const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
      const body = { ...config, userPoolEndpoint: config.userPoolEndpoint?.replace(publicUrl, origin), inboxUrl: '/_local/inbox' };
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
      return;
    }
    const route = routes.find((r) => url.startsWith(r.prefix));
    if (route) {
      const limit = route.bodyLimit;
      const refuse = () => {
        limit!.refuse(res);
        // Drop the rest of the body unread (the answer is on its way), so the client finishes sending and reads it.
        req.removeAllListeners('data');
        req.resume();
      };
      if (limit && Number(req.headers['content-length'] ?? 0) > limit.bytes) return refuse();
      const chunks: Buffer[] = [];
      let received = 0;
      req.on('data', (c: Buffer) => {
        received += c.length;
        if (limit && received > limit.bytes) return refuse();
        chunks.push(c);
      });
      req.on('end', () => {
        if (res.headersSent) return;
        Promise.resolve(route.handle(req, res, Buffer.concat(chunks))).catch((error: unknown) => {
          console.error(`[local] ${url} failed:`, error);
          if (!res.headersSent)
            res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Local cloud error' } }));
        });
      });
      return;
    }
    if (web) return web.handle(req, res);
    res.writeHead(503, { 'content-type': 'text/plain' }).end('Starting…');
  });
  // Other upgrades (Vite's HMR socket in dev mode) are left to their own listeners.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrades.find((u) => (req.url ?? '/').startsWith(u.prefix))?.handle(req, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Node's default backlog (511) drops connections when a busy second's publishers all call the
    // sandbox platforms at once; the dropped ones come back after TCP's 1 s, 3 s, 7 s retransmits.
    server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: 4096 }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicUrl = `http://localhost:${port}`;
  const inbox = new Inbox(dataDir);

  const env: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    APP_ORIGIN: publicUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    POWERTOOLS_DEV: 'true',
    PRO_COMING_SOON: 'false',
    // The stand-in's LinkedIn app has Community Management, so pages can be connected and tried locally.
    LINKEDIN_PAGES: 'on',
    ...(options.apiTimeoutSeconds ? { LOCAL_API_TIMEOUT_SECONDS: String(options.apiTimeoutSeconds) } : {}),
  };
  const stop = async () => {
    await web?.stop();
    for (const module of [...started].reverse()) await module.stop().catch(() => undefined);
    await stopLambdaWorkers();
    inbox.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  try {
    // The functions read their configuration from process.env (shared with their worker threads), as on
    // Lambda: the base settings first, each module's as it starts.
    Object.assign(process.env, env);
    // The functions' worker threads boot while the services start (their environment is shared).
    warmLambdaWorkers();
    for (const module of localModules(options.bluesky ?? blueskyEnabled())) {
      const t0 = Date.now();
      const result = await module.start({ dataDir, publicUrl, inbox, env, services });
      started.push(result);
      Object.assign(env, result.env);
      Object.assign(services, result.provides);
      // The functions read their configuration from process.env (shared with their worker threads), as on Lambda.
      Object.assign(process.env, result.env);
      routes.push(...(result.routes ?? []));
      upgrades.push(...(result.upgrades ?? []));
      config = { ...config, ...result.config };
      log(`  ✓ ${module.name} (${Date.now() - t0} ms)`);
    }
    Object.assign(process.env, env);
    const t0 = Date.now();
    web = await startWeb(options.web ?? 'dev', server, { s3Origin: env.S3_ENDPOINT });
    if ((options.web ?? 'dev') !== 'none') log(`  ✓ Web app, ${options.web ?? 'dev'} mode (${Date.now() - t0} ms)`);
  } catch (error) {
    await stop();
    throw error;
  }
  const local = requireService(services, 'cognito', 'The local cloud');
  return { url: publicUrl, env, cognito: { poolId: local.poolId, clientId: local.clientId, endpoint: `${publicUrl}/_local/cognito/` }, inbox, services, stop };
}
