import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An emulator's own HTTP endpoint on 127.0.0.1: `handle` gets each request with its whole body. */
export interface LocalHttpServer {
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function listenLocal(
  port: number | undefined,
  handle: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void,
): Promise<LocalHttpServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
