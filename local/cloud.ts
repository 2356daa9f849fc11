import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { RuntimeConfig } from '@shared/api';
import { createGateway } from './gateway';
import { stopLambdaWorkers, warmLambdaWorkers } from './lambda-runtime';
import { startCognito, LOCAL_REGION, type LocalCognito } from './services/cognito';
import { LOCAL_TABLE_NAME, startDynamo } from './services/dynamo';
import { Inbox } from './services/inbox';
import { realtimeModule } from './services/realtime';
import { LOCAL_MEDIA_BUCKET, startS3 } from './services/s3';
import { schedulerModule } from './services/scheduler';
import { sqsModule } from './services/sqs';
import { publishingModule } from './services/publishing';
import { PUBLISHING_HANDLERS } from '../functions/routes';
import { sandboxModule } from './sandbox';
import { stripeModule } from './stripe';
import { startWeb, type WebMode } from './web';

/**
 * The local cloud behind `npm start` and the test harness. Each stand-in is one module: it starts,
 * may contribute environment for the Lambda handlers and routes on the front door, and stops.
 * Later emulators (Scheduler, SQS, AppSync realtime, Stripe, sandbox platforms) plug in the same way.
 */
export interface ModuleContext {
  readonly dataDir: string;
  /** The one URL users open, e.g. http://localhost:3000 */
  readonly publicUrl: string;
  readonly inbox: Inbox;
  /** Environment contributed by the modules started before this one. */
  readonly env: Readonly<Record<string, string>>;
}

export interface StartedModule {
  readonly env?: Record<string, string>;
  /** Front-door routes: requests whose path starts with `prefix` go to `handle`. */
  readonly routes?: { prefix: string; handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> | void }[];
  /** Front-door WebSocket upgrades: requests whose path starts with `prefix` go to `handle`. */
  readonly upgrades?: { prefix: string; handle(req: http.IncomingMessage, socket: Duplex, head: Buffer): void }[];
  readonly config?: Partial<RuntimeConfig>;
  stop(): Promise<void>;
}

export interface LocalModule {
  readonly name: string;
  start(ctx: ModuleContext): Promise<StartedModule>;
}

export interface LocalCloudOptions {
  dataDir?: string;
  port?: number;
  host?: string;
  web?: WebMode;
  log?: (line: string) => void;
}

export interface LocalCloud {
  url: string;
  env: Record<string, string>;
  cognito: { poolId: string; clientId: string; endpoint: string };
  inbox: Inbox;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
export const DEFAULT_DATA_DIR = process.env.LOCAL_DATA_DIR ?? path.join(ROOT, '.local');

const dynamoModule: LocalModule = {
  name: 'DynamoDB (dynalite)',
  async start({ dataDir }) {
    const db = await startDynamo(dataDir);
    // The local stand-in for the KMS key that wraps stored platform tokens (created on first use).
    const tokenKeyFile = path.join(dataDir, 'token-key');
    return { env: { DYNAMODB_ENDPOINT: db.endpoint, TABLE_NAME: LOCAL_TABLE_NAME, LOCAL_TOKEN_KEY_FILE: tokenKeyFile }, stop: db.stop };
  },
};

const s3Module: LocalModule = {
  name: 'S3 (s3rver)',
  async start({ dataDir }) {
    const s3 = await startS3(dataDir);
    return { env: { S3_ENDPOINT: s3.endpoint, MEDIA_BUCKET: LOCAL_MEDIA_BUCKET }, stop: s3.stop };
  },
};

let cognito: LocalCognito | undefined;
const cognitoModule: LocalModule = {
  name: 'Cognito (cognito-local) + inbox',
  async start({ dataDir, publicUrl, inbox }) {
    cognito = await startCognito({ dataDir, publicBase: `${publicUrl}/_local/cognito`, inbox });
    const local = cognito;
    return {
      // Through the front door's shim, which adds the admin calls cognito-local lacks (global sign-out).
      env: { USER_POOL_ID: local.poolId, USER_POOL_CLIENT_ID: local.clientId, COGNITO_ENDPOINT: `${publicUrl}/_local/cognito/` },
      // cognito-local has no SRP: the browser signs in with USER_PASSWORD_AUTH here only.
      config: { userPoolId: local.poolId, userPoolClientId: local.clientId, userPoolEndpoint: `${publicUrl}/_local/cognito/`, authFlow: 'USER_PASSWORD_AUTH' },
      routes: [
        { prefix: '/_local/cognito', handle: (req, res, body) => local.handle(req, res, body) },
        { prefix: '/_local/inbox', handle: (req, res) => inbox.handle(req, res, (req.url ?? '').replace(/^\/_local\/inbox/, '').split('?')[0] ?? '') },
      ],
      stop: local.stop,
    };
  },
};

const apiModule: LocalModule = {
  name: 'API gateway',
  async start() {
    if (!cognito) throw new Error('The API gateway needs the local Cognito');
    const gateway = createGateway({ issuer: cognito.issuer, audience: cognito.clientId, jwks: cognito.jwks });
    return { routes: [{ prefix: '/api/', handle: gateway }], stop: async () => undefined };
  },
};

/**
 * Functions addressed by ARN (Scheduler targets): env var → handler module under functions/handlers.
 * Each reaches the handlers' env as `arn:aws:lambda:us-east-1:000000000000:function:<module, / as ->`.
 */
export const LOCAL_FUNCTION_ARNS: Readonly<Record<string, string>> = { DISPATCHER_FUNCTION_ARN: PUBLISHING_HANDLERS.dispatcher };

/** The modules, in start order. The Scheduler stays last: overdue schedules fire as it starts. */
export const MODULES: readonly LocalModule[] = [dynamoModule, s3Module, cognitoModule, sandboxModule, apiModule, realtimeModule(() => cognito, LOCAL_REGION), stripeModule, sqsModule, publishingModule, schedulerModule(LOCAL_FUNCTION_ARNS)];

export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(dataDir, { recursive: true });

  const routes: NonNullable<StartedModule['routes']> = [];
  const upgrades: NonNullable<StartedModule['upgrades']> = [];
  const started: StartedModule[] = [];
  let web: Awaited<ReturnType<typeof startWeb>> | undefined;
  // Pro's "Coming Soon" is off locally so that every plan and platform can be tried (issue 3).
  // TikTok: unaudited as on AWS by default (the sandbox takes Only me posts); TIKTOK_UNAUDITED=false lifts it.
  let config: Partial<RuntimeConfig> = { region: LOCAL_REGION, apiBasePath: '/api', googleSignIn: false, proComingSoon: false, tiktokUnaudited: process.env.TIKTOK_UNAUDITED !== 'false' };

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
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Promise.resolve(route.handle(req, res, Buffer.concat(chunks))).catch((error: unknown) => {
          console.error(`[local] ${url} failed:`, error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Local cloud error' } }));
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
  };
  const stop = async () => {
    await web?.stop();
    for (const module of [...started].reverse()) await module.stop().catch(() => undefined);
    await stopLambdaWorkers();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  try {
    // The functions' worker threads boot while the services start (their environment is shared).
    warmLambdaWorkers();
    for (const module of MODULES) {
      const t0 = Date.now();
      const result = await module.start({ dataDir, publicUrl, inbox, env });
      started.push(result);
      Object.assign(env, result.env);
      // The functions read their configuration from process.env (shared with their worker threads), as on Lambda.
      Object.assign(process.env, result.env);
      routes.push(...(result.routes ?? []));
      upgrades.push(...(result.upgrades ?? []));
      config = { ...config, ...result.config };
      log(`  ✓ ${module.name} (${Date.now() - t0} ms)`);
    }
    Object.assign(process.env, env);
    const t0 = Date.now();
    web = await startWeb(options.web ?? 'dev', server);
    if ((options.web ?? 'dev') !== 'none') log(`  ✓ Web app, ${options.web ?? 'dev'} mode (${Date.now() - t0} ms)`);
  } catch (error) {
    await stop();
    throw error;
  }
  const local = cognito!;
  return { url: publicUrl, env, cognito: { poolId: local.poolId, clientId: local.clientId, endpoint: `${publicUrl}/_local/cognito/` }, inbox, stop };
}
