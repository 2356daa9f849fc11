import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { assertEnvFor } from '../functions/lib/env';
import { apiTimeoutSeconds, memoryMBOf } from '../functions/capabilities';
import { functionOf } from '../functions/routes';

/**
 * Runs the handler modules of functions/handlers the way Lambda would: one module instance per
 * function (cached, like a warm container), an AWS-shaped context per invocation. The functions run
 * on worker threads (`LOCAL_LAMBDA_WORKERS`, default 1; 0 runs them in this thread), apart from the
 * emulated services, as on AWS: a busy minute's publishers then use a second core instead of
 * queueing behind DynamoDB, SQS and the sandbox platforms on one event loop.
 */
const HANDLERS_DIR = path.resolve(import.meta.dirname, '../functions/handlers');
/** Test-only handlers (scheduler and queue targets in tests); searched after functions/handlers. */
const FIXTURE_HANDLERS_DIR = path.resolve(import.meta.dirname, '../test/fixtures/handlers');

type Handler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<Handler>>();

function load(module: string): Promise<Handler> {
  const registered = registeredHandlers.get(module);
  if (registered) return Promise.resolve(registered);
  let handler = loaded.get(module);
  if (!handler) {
    const file =
      [HANDLERS_DIR, FIXTURE_HANDLERS_DIR].map((dir) => path.join(dir, `${module}.ts`)).find((f) => fs.existsSync(f)) ??
      path.join(HANDLERS_DIR, `${module}.ts`);
    // As the deployed bundle does at cold start (functions/lib/cold-start.ts): a missing setting fails the load.
    handler = Promise.resolve()
      .then(() => assertEnvFor(functionOf(module)?.needs ?? []))
      .then(() => import(pathToFileURL(file).href))
      .then((m: { handler?: Handler }) => {
        if (typeof m.handler !== 'function') throw new Error(`functions/handlers/${module}.ts exports no handler`);
        return m.handler;
      })
      .catch((error: unknown) => {
        // Like a failed Lambda init: the next invocation tries again (the settings may have arrived).
        loaded.delete(module);
        throw error;
      });
    loaded.set(module, handler);
  }
  return handler;
}

/**
 * Loads handler modules before their first invocation, one after another, like a provisioned
 * Lambda's init. One that fails to load is left to its first invocation, which reports the error.
 */
export async function preloadHandlers(modules: readonly string[]): Promise<void> {
  for (const module of modules) await load(module).catch(() => undefined);
}

/**
 * Function timeouts and memory as deployed: both come from the function's declaration
 * (functions/routes.ts), as infra/ sets them. middy aborts a handler whose remaining time runs out,
 * so a waiting publisher is cut off here exactly when it would be on AWS. Test-only handlers get
 * the API default.
 */

export async function invokeLambda<T = unknown>(module: string, event: unknown): Promise<T> {
  if (registeredHandlers.has(module) || workerCount() === 0) return (await runHandler(module, event)) as T;
  return (await pool().invoke(module, event)) as T;
}

/**
 * Lambda's asynchronous invocations (the Scheduler's targets) wait in Lambda's queue while the
 * function runs at its concurrency (1,000 by default, the account's unreserved concurrency) and run
 * as others end; a function's timeout counts from the moment its invocation runs. Locally every
 * invocation shares one worker, so without this bound a burst (10,000 schedules firing inside one
 * minute) started every invocation at once: each one's timeout ran while it queued behind the
 * others for the CPU, they timed out together and the Scheduler's retries piled on.
 * `LOCAL_LAMBDA_CONCURRENCY` sets the bound per function. (Synchronous callers are not queued, as
 * on AWS, and SQS mappings keep their own maximum concurrency.)
 */
export const LOCAL_LAMBDA_CONCURRENCY = 1000;

function concurrencyLimit(): number {
  const configured = Number(process.env.LOCAL_LAMBDA_CONCURRENCY || LOCAL_LAMBDA_CONCURRENCY);
  return Number.isInteger(configured) && configured >= 1 ? configured : LOCAL_LAMBDA_CONCURRENCY;
}

class Concurrency {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** Resolves with the release once the invocation may run: at once below the limit, else when one ends (first come, first run). */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.running += 1;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.running -= 1;
          this.waiting.shift()?.();
        });
      };
      if (this.running < concurrencyLimit()) start();
      else this.waiting.push(start);
    });
  }
}

const concurrency = new Map<string, Concurrency>();
function concurrencyOf(module: string): Concurrency {
  let gate = concurrency.get(module);
  if (!gate) concurrency.set(module, (gate = new Concurrency()));
  return gate;
}

/** Runs `module`'s handler in this thread (the workers call this too). */
export async function runHandler(module: string, event: unknown): Promise<unknown> {
  const handler = await load(module);
  const started = Date.now();
  const declaration = functionOf(module);
  const timeoutMs = (declaration?.timeoutSeconds ?? apiTimeoutSeconds()) * 1000;
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: module.replaceAll('/', '-'),
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${module.replaceAll('/', '-')}`,
    memoryLimitInMB: String(memoryMBOf(declaration)),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${module}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  return handler(event, context);
}

// ---------------------------------------------------------------------------------------------
// Worker threads

/** What a worker answers for one invocation; an error travels as its name, message and own fields. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
/** Asks a worker to load handler modules before their first invocation; it answers when done. */
export interface WorkerPreload {
  id: number;
  preload: readonly string[];
}
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // Not transferable (functions, sockets): the name and message carry the meaning.
    }
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

function deserializeError(e: SerializedError): Error {
  const error = Object.assign(new Error(e.message), e.fields);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  return error;
}

function workerCount(): number {
  const configured = Number(process.env.LOCAL_LAMBDA_WORKERS ?? 1);
  return Number.isInteger(configured) && configured >= 0 ? Math.min(configured, os.cpus().length * 2) : 1;
}

interface PooledWorker {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

class WorkerPool {
  private readonly workers: PooledWorker[] = [];
  private nextId = 1;

  invoke(module: string, event: unknown): Promise<unknown> {
    const target = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, module, event });
    });
  }

  /** Has every worker load these handler modules (see preloadHandlers); settles when all have. */
  async preload(modules: readonly string[]): Promise<void> {
    this.leastBusy();
    await Promise.all(
      this.workers.map(
        (target) =>
          new Promise((resolve, reject) => {
            const id = this.nextId++;
            target.pending.set(id, { resolve, reject });
            target.worker.postMessage({ id, preload: modules } satisfies WorkerPreload);
          }),
      ),
    );
  }

  /** Starts the workers now rather than on the first invocation (a worker takes ~0.3 s to boot). */
  warm(): void {
    if (workerCount() > 0) this.leastBusy();
  }

  private leastBusy(): PooledWorker {
    while (this.workers.length < workerCount()) this.workers.push(this.spawn());
    return this.workers.reduce((best, w) => (w.pending.size < best.pending.size ? w : best));
  }

  private spawn(): PooledWorker {
    // The environment is shared, so settings the local cloud adds later reach the functions too.
    const worker = new Worker(new URL('./lambda-worker.mjs', import.meta.url), { env: SHARE_ENV });
    worker.unref();
    const entry: PooledWorker = { worker, pending: new Map() };
    worker.on('message', (reply: WorkerReply) => {
      const waiting = entry.pending.get(reply.id);
      if (!waiting) return;
      entry.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(deserializeError(reply.error));
    });
    const lost = (reason: string) => {
      const index = this.workers.indexOf(entry);
      if (index >= 0) this.workers.splice(index, 1);
      for (const waiting of entry.pending.values()) waiting.reject(new Error(`The local Lambda worker stopped: ${reason}`));
      entry.pending.clear();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return entry;
  }

  async stop(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
}

let workerPool: WorkerPool | undefined;
const pool = () => (workerPool ??= new WorkerPool());

/** Boots the worker threads in the background (the local cloud's start), so the first request does not wait for one. */
export function warmLambdaWorkers(): void {
  pool().warm();
}

/**
 * Loads the handler modules now, in the background, where they will run (the worker threads, or
 * this thread): the first request to each then skips the module load (TypeScript through tsx here).
 */
export function warmLambdaHandlers(modules: readonly string[]): Promise<void> {
  return workerCount() === 0 ? preloadHandlers(modules) : pool().preload(modules);
}

/** Ends the worker threads (the local cloud's stop). Invocations after this start new ones. */
export async function stopLambdaWorkers(): Promise<void> {
  await workerPool?.stop();
}

/*
 * Functions addressed by ARN (Scheduler targets, event source mappings, DLQ consumers). Locally a
 * function is named after its handler module with slashes as dashes, so
 * `posts/dispatch-post` is `arn:aws:lambda:us-east-1:000000000000:function:posts-dispatch-post`.
 */
export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_LAMBDA_REGION = 'us-east-1';

const modulesByFunctionName = new Map<string, string>();
const registeredHandlers = new Map<string, Handler>();

export function localFunctionName(handlerModule: string): string {
  return handlerModule.replaceAll('/', '-');
}

/** The ARN the local cloud gives the function of `handlerModule` (and remembers, for the way back). */
export function localFunctionArn(handlerModule: string): string {
  const name = localFunctionName(handlerModule);
  modulesByFunctionName.set(name, handlerModule);
  return `arn:aws:lambda:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:function:${name}`;
}

/**
 * Serves `handlerModule` from a function in memory instead of a file (tests). Returns the undo.
 * Registered handlers run in the process that registered them.
 */
export function registerLocalHandler(handlerModule: string, handler: (event: never, context: Context) => Promise<unknown>): () => void {
  registeredHandlers.set(handlerModule, handler as Handler);
  localFunctionArn(handlerModule);
  return () => {
    if (registeredHandlers.get(handlerModule) === handler) registeredHandlers.delete(handlerModule);
  };
}

/**
 * The handler module behind a function ARN (or bare name, or `name:qualifier`): a remembered
 * name first, else the handler files whose dashed path matches. Undefined when none does.
 */
export function handlerModuleOf(functionArn: string): string | undefined {
  const name = /^arn:aws:lambda:[^:]+:\d{12}:function:([A-Za-z0-9_-]+)/.exec(functionArn)?.[1] ?? /^[A-Za-z0-9_-]+$/.exec(functionArn)?.[0];
  if (!name) return undefined;
  const known = modulesByFunctionName.get(name);
  if (known) return known;
  for (const dir of [HANDLERS_DIR, FIXTURE_HANDLERS_DIR]) {
    for (const module of handlerModulesIn(dir)) {
      if (localFunctionName(module) === name) {
        modulesByFunctionName.set(name, module);
        return module;
      }
    }
  }
  return undefined;
}

function handlerModulesIn(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return handlerModulesIn(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [`${prefix}${entry.name.slice(0, -3)}`] : [];
  });
}

/**
 * Invokes the function an ARN names as Lambda's asynchronous invoke runs it (within the function's
 * concurrency, see LOCAL_LAMBDA_CONCURRENCY); fails like Lambda's ResourceNotFoundException when none exists.
 */
export async function invokeFunctionArn<T = unknown>(functionArn: string, event: unknown): Promise<T> {
  const module = handlerModuleOf(functionArn);
  if (!module) throw Object.assign(new Error(`Function not found: ${functionArn}`), { name: 'ResourceNotFoundException' });
  const release = await concurrencyOf(module).acquire();
  try {
    return await invokeLambda<T>(module, event);
  } finally {
    release();
  }
}
