import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import type { LocalModule } from '../modules';

/**
 * The public web, as far as media links need it (docs/local-cloud.md#the-public-web-stand-in). The
 * machines that run the local cloud have no internet, and every address they do have is loopback,
 * which the media fetcher refuses (functions/lib/public-fetch.ts). So this stand-in listens on its
 * own port and the local cloud names exactly its origin in LOCAL_PUBLIC_WEB_ORIGIN: that one origin
 * may be http:// and loopback; every other local address (the front door, S3, DynamoDB…) stays
 * refused as on AWS. The stack never sets the setting (test/infra/hardening.test.ts).
 *
 * Files, each one a case the fetcher must handle as the real web would make it:
 * - `/photo.jpg`: a 1200×900 JPEG (any platform takes it), served as `application/octet-stream`,
 *   since servers often label files wrongly and the fetcher goes by the bytes;
 * - `/broken.jpg`: the first 64 bytes of that JPEG (a JPEG by its first bytes that no decoder reads);
 * - `/clip.mp4`: an MP4 (an `ftyp` box, then data);
 * - `/large.png`: a PNG signature then zeros, 101 MB, chunked with no Content-Length;
 * - `/slow.jpg`: a JPEG's first bytes, then one byte a second for a minute;
 * - `/redirect/photo.jpg`: 302 to `/photo.jpg`;
 * - `/redirect/loop/<n>`: 302 to `/redirect/loop/<n+1>`, forever;
 * - `/redirect/metadata`: 302 to the cloud instance-metadata address, `https://169.254.169.254/…`;
 * - `/page.html`: an HTML page;
 * - `/webhook-receiver/<inbox>`: a webhook receiver (below);
 * - anything else: 404.
 *
 * The webhook receiver stands in for a customer's endpoint (docs/webhooks.md#the-local-receiver). Each
 * inbox verifies what it receives with the standardwebhooks library, as a customer would, against the
 * secret it was given: `PUT /webhook-receiver/<inbox>/config` with `{ "secret": "whsec_…",
 * "failNext": 2 }` (answer 500 to the next two deliveries), `GET /webhook-receiver/<inbox>/received`
 * lists every request with its webhook-id, whether its signature verified, and the status answered.
 * A delivery that does not verify is answered 400; one to an inbox with no secret, 401.
 */

/** What the webhook receiver saw: one request. */
export interface ReceivedWebhook {
  readonly id: string | null;
  readonly timestamp: string | null;
  readonly verified: boolean;
  readonly status: number;
  readonly body: string;
}

export const PUBLIC_WEB_LARGE_BYTES = 101 * 1024 * 1024;

function mp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isomiso2')]);
  const data = Buffer.alloc(64 * 1024);
  data.writeUInt32BE(data.length, 0);
  data.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, data]);
}

export async function startPublicWeb(): Promise<{ origin: string; stop(): Promise<void> }> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 64, g: 132, b: 196 } } })
    .jpeg()
    .toBuffer();
  const clip = mp4();
  const timers = new Set<NodeJS.Timeout>();

  const inboxes = new Map<string, { secret: string | null; failNext: number; received: ReceivedWebhook[] }>();
  const inboxOf = (name: string) => {
    let inbox = inboxes.get(name);
    if (!inbox) inboxes.set(name, (inbox = { secret: null, failNext: 0, received: [] }));
    return inbox;
  };

  function receiver(req: http.IncomingMessage, res: http.ServerResponse, name: string, action: string | undefined) {
    const inbox = inboxOf(name);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (action === 'received' && req.method === 'GET')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(inbox.received));
      if (action === 'config' && req.method === 'PUT') {
        const config = JSON.parse(body || '{}') as { secret?: string; failNext?: number };
        if (config.secret !== undefined) inbox.secret = config.secret;
        if (config.failNext !== undefined) inbox.failNext = config.failNext;
        return void res.writeHead(204).end();
      }
      if (action !== undefined || req.method !== 'POST') return void res.writeHead(405).end();
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      if (inbox.secret) {
        try {
          new Webhook(inbox.secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const status = !inbox.secret ? 401 : !verified ? 400 : inbox.failNext > 0 ? 500 : 204;
      if (status === 500) inbox.failNext -= 1;
      inbox.received.push({ id: headers['webhook-id'] ?? null, timestamp: headers['webhook-timestamp'] ?? null, verified, status, body });
      res.writeHead(status).end();
    });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://public-web').pathname;
    const hook = /^\/webhook-receiver\/([\w-]{1,64})(?:\/(config|received))?$/.exec(path);
    if (hook) return receiver(req, res, hook[1]!, hook[2]);
    const loop = /^\/redirect\/loop\/(\d+)$/.exec(path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    if (path === '/photo.jpg') return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': photo.length }).end(photo);
    if (path === '/broken.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo.subarray(0, 64));
    if (path === '/clip.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip);
    if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>A page</title><p>Not an image.</p>');
    if (path === '/redirect/photo.jpg') return void res.writeHead(302, { location: '/photo.jpg' }).end();
    if (loop) return void res.writeHead(302, { location: `/redirect/loop/${Number(loop[1]) + 1}` }).end();
    if (path === '/redirect/metadata') return void res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/iam/security-credentials/' }).end();
    if (path === '/large.png') return large(res);
    if (path === '/slow.jpg') return slow(res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });

  function large(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'image/png' });
    const zeros = Buffer.alloc(1024 * 1024);
    const first = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), zeros.subarray(8)]);
    let sent = 0;
    const pump = () => {
      while (sent < PUBLIC_WEB_LARGE_BYTES && !res.destroyed) {
        const ok = res.write(sent === 0 ? first : zeros);
        sent += zeros.length;
        if (!ok) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  }

  function slow(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.write(photo.subarray(0, 32));
    let left = 60;
    const timer = setInterval(() => {
      if (res.destroyed || left-- <= 0) {
        clearInterval(timer);
        timers.delete(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(photo.subarray(32 + 59 - left, 33 + 59 - left));
    }, 1000);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const publicWebModule: LocalModule = {
  name: 'Public web stand-in',
  async start() {
    const web = await startPublicWeb();
    return { env: { LOCAL_PUBLIC_WEB_ORIGIN: web.origin }, stop: web.stop };
  },
};
