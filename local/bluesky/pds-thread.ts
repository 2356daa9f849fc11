import { parentPort, workerData } from 'node:worker_threads';
import { startLocalPds, type LocalPdsOptions } from './pds';

/**
 * Inside the PDS's own thread (./index.ts starts it): starts the PDS, answers with its addresses,
 * and stops it when asked. Every PDS request (SQLite, repo signing, CBOR) then runs on this thread's
 * event loop instead of the one the sandbox networks, DynamoDB and S3 share.
 */
export type PdsThreadReply =
  | { readonly kind: 'started'; readonly url: string; readonly plcUrl: string; readonly adminPassword: string }
  | { readonly kind: 'failed'; readonly message: string; readonly stack?: string | undefined }
  | { readonly kind: 'stopped' };

const port = parentPort!;
const reply = (message: PdsThreadReply) => port.postMessage(message);

try {
  const pds = await startLocalPds(workerData as LocalPdsOptions);
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void pds.stop().finally(() => reply({ kind: 'stopped' }));
  });
  reply({ kind: 'started', url: pds.url, plcUrl: pds.plcUrl, adminPassword: pds.adminPassword });
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  reply({ kind: 'failed', message: failure.message, stack: failure.stack });
}
