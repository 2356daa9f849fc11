import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LocalModule } from '../modules';
import type { LocalPds, LocalPdsOptions } from './pds';
import type { PdsThreadReply } from './pds-thread';

/**
 * The local Bluesky as a module of the local cloud: opt-in (LOCAL_BLUESKY=on), so the default cloud
 * neither pays the PDS's start-up nor needs Node 22's better-sqlite3. It gives the handlers
 * BLUESKY_SERVICE_URL, the setting that offers Bluesky (functions/platforms/hosts.ts): without the
 * module, Bluesky is coming soon.
 *
 * The PDS runs in a worker thread of its own. On the main thread, its work for a burst of Bluesky
 * posts (SQLite, signing each repo commit, CBOR) held every sandbox network's requests behind it:
 * in the publishing benchmark, Facebook, X, Threads and LinkedIn posts due beside 100 Bluesky posts
 * arrived 7 s late. On Bluesky's side of the internet, its servers are not ours to slow down.
 */
export const blueskyModule: LocalModule = {
  name: 'bluesky',
  async start(ctx) {
    const pds = await startPdsThread({ dataDir: path.join(ctx.dataDir, 'bluesky') });
    // BLUESKY_PLC_URL: the OAuth client resolves the accounts' did:plc documents at this run's own directory.
    return { env: { BLUESKY_SERVICE_URL: pds.url, BLUESKY_PLC_URL: pds.plcUrl }, stop: () => pds.stop() };
  },
};

/** Starts the PDS in its own thread: resolves once it listens, rejects with the PDS's own error if it cannot start. */
export function startPdsThread(options: LocalPdsOptions): Promise<LocalPds> {
  const worker = new Worker(new URL('./pds-worker.mjs', import.meta.url), { workerData: options });
  // The cloud's stop() ends it; a process that exits without stopping the cloud does not wait for it.
  worker.unref();
  const next = () =>
    new Promise<PdsThreadReply>((resolve, reject) => {
      const onMessage = (reply: PdsThreadReply) => (cleanUp(), resolve(reply));
      const onError = (error: Error) => (cleanUp(), reject(error));
      const onExit = (code: number) => (cleanUp(), reject(new Error(`The local Bluesky PDS's thread exited (code ${code})`)));
      const cleanUp = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
  return next().then(async (reply) => {
    if (reply.kind !== 'started') {
      await worker.terminate();
      const error = new Error(reply.kind === 'failed' ? reply.message : 'The local Bluesky PDS stopped before it started');
      if (reply.kind === 'failed' && reply.stack) error.stack = reply.stack;
      throw error;
    }
    // A PDS that fails later says so here (an 'error' event with no listener would end the cloud's process).
    worker.on('error', (error) => console.error('The local Bluesky PDS failed:', error));
    let stopping: Promise<void> | undefined;
    return {
      url: reply.url,
      plcUrl: reply.plcUrl,
      adminPassword: reply.adminPassword,
      stop: () =>
        (stopping ??= (async () => {
          const stopped = next().catch(() => undefined);
          worker.postMessage('stop');
          await stopped;
          await worker.terminate();
        })()),
    };
  });
}

export function blueskyEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOCAL_BLUESKY === 'on';
}
