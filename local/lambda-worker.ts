import { parentPort } from 'node:worker_threads';
import { preloadHandlers, runHandler, serializeError, type WorkerPreload, type WorkerReply } from './lambda-runtime';

/** One worker thread of local/lambda-runtime.ts: runs each invocation it is sent and answers. */
const port = parentPort;
if (!port) throw new Error('local/lambda-worker.ts runs as a worker thread of local/lambda-runtime.ts');

function reply(message: WorkerReply): void {
  try {
    port!.postMessage(message);
  } catch (error) {
    // A result that cannot cross threads is the handler's bug; the caller hears of it.
    port!.postMessage({ id: message.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
  }
}

port.on('message', (message: { id: number; module: string; event: unknown } | WorkerPreload) => {
  if ('preload' in message) return void preloadHandlers(message.preload).then(() => reply({ id: message.id, ok: true, value: null }));
  const { id, module, event } = message;
  runHandler(module, event).then(
    (value) => reply({ id, ok: true, value }),
    (error: unknown) => reply({ id, ok: false, error: serializeError(error) }),
  );
});

// Like a provisioned Lambda's init: load what nearly every function imports before the first call.
void Promise.all([import('../functions/domain/http-api'), import('../functions/lib/aws')]).catch(() => undefined);
