import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/**
 * Runs a handler module of functions/handlers in this process, the way Lambda would: one module
 * instance per function (cached, like a warm container), an AWS-shaped context per invocation.
 */
const HANDLERS_DIR = path.resolve(import.meta.dirname, '../functions/handlers');

type Handler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<Handler>>();

function load(module: string): Promise<Handler> {
  let handler = loaded.get(module);
  if (!handler) {
    handler = import(pathToFileURL(path.join(HANDLERS_DIR, `${module}.ts`)).href).then((m: { handler?: Handler }) => {
      if (typeof m.handler !== 'function') throw new Error(`functions/handlers/${module}.ts exports no handler`);
      return m.handler;
    });
    loaded.set(module, handler);
  }
  return handler;
}

export async function invokeLambda<T = unknown>(module: string, event: unknown): Promise<T> {
  const handler = await load(module);
  const started = Date.now();
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: module.replaceAll('/', '-'),
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${module.replaceAll('/', '-')}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${module}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 10_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  return (await handler(event, context)) as T;
}
