import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/**
 * Runs a handler module of functions/handlers in this process, the way Lambda would: one module
 * instance per function (cached, like a warm container), an AWS-shaped context per invocation.
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
    const file = [HANDLERS_DIR, FIXTURE_HANDLERS_DIR].map((dir) => path.join(dir, `${module}.ts`)).find((f) => fs.existsSync(f)) ?? path.join(HANDLERS_DIR, `${module}.ts`);
    handler = import(pathToFileURL(file).href).then((m: { handler?: Handler }) => {
      if (typeof m.handler !== 'function') throw new Error(`functions/handlers/${module}.ts exports no handler`);
      return m.handler;
    });
    loaded.set(module, handler);
  }
  return handler;
}

/**
 * Function timeouts as deployed (infra/): API handlers 10 s; the publishers 60 s, since they wait
 * for the due second after preparing (PUBLISH_LEAD_SECONDS). middy aborts a handler whose remaining
 * time runs out, so this has to match, or a waiting publisher is cut off locally.
 */
const TIMEOUT_MS: Readonly<Record<string, number>> = { 'publishing/publish-target': 60_000 };
const DEFAULT_TIMEOUT_MS = 10_000;

export async function invokeLambda<T = unknown>(module: string, event: unknown): Promise<T> {
  const handler = await load(module);
  const started = Date.now();
  const timeoutMs = TIMEOUT_MS[module] ?? DEFAULT_TIMEOUT_MS;
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: module.replaceAll('/', '-'),
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${module.replaceAll('/', '-')}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${module}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  return (await handler(event, context)) as T;
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

/** Invokes the function an ARN names; fails like Lambda's ResourceNotFoundException when none exists. */
export async function invokeFunctionArn<T = unknown>(functionArn: string, event: unknown): Promise<T> {
  const module = handlerModuleOf(functionArn);
  if (!module) throw Object.assign(new Error(`Function not found: ${functionArn}`), { name: 'ResourceNotFoundException' });
  return invokeLambda<T>(module, event);
}
