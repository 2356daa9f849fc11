import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MEDIA_URL_CREDENTIALS_MESSAGE,
  MEDIA_URL_HTTPS_MESSAGE,
  MEDIA_URL_REDIRECTS_MESSAGE,
  mediaUrlPrivateMessage,
  mediaUrlStatusMessage,
  mediaUrlTimeoutMessage,
  mediaUrlTooLargeMessage,
  mediaUrlTypeMessage,
} from '@shared/media-url';
import { sniffMediaType } from '@shared/media';
import { fetchPublicFile, isPublicAddress, localWebOrigin, type FetchPublicOptions, type RequestFn } from '../../../functions/lib/public-fetch';
import { deleteObject, putObject } from '../../../functions/data/media';
import { confirmUpload } from '../../../functions/domain/media-confirm';
import { importMediaFromUrl } from '../../../functions/domain/media-from-url';
import { resetEnvForTests } from '../../../functions/lib/env';

// The domain's storage and confirm, to see what a refused fetch writes (nothing) without S3.
vi.mock('../../../functions/data/media', () => ({
  putObject: vi.fn(async () => undefined),
  deleteObject: vi.fn(async () => undefined),
}));
vi.mock('../../../functions/domain/media-confirm', () => ({ confirmUpload: vi.fn() }));

/**
 * The media-link fetcher's guards (docs/threat-model.md#10-media-links). The "public" hosts here are
 * names an injected resolver answers with public addresses; the request function the fetcher is
 * given records what it would put on the wire (the address its pinned lookup answers, the Host
 * header, the TLS server name) and then carries the request to a server on this machine, which
 * plays the public host.
 */

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const PUBLIC_IP = '93.184.215.14';

describe('the address guard', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback, anywhere in 127/8'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local: the cloud instance metadata service'],
    ['169.254.170.2', 'link-local: the container credentials endpoint'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation (reserved)'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'IPv6 unique-local: the EC2 metadata service over IPv6'],
    ['fc00::1', 'IPv6 unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:a00:1::', '6to4 of 10.0.0.1'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not-an-address', 'not an address at all'],
  ];
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([PUBLIC_IP, '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])('takes the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the local public-web exemption', () => {
  it('is honoured off Lambda for a loopback origin only', () => {
    expect(localWebOrigin('http://127.0.0.1:4100', undefined)).toBe('http://127.0.0.1:4100');
    expect(localWebOrigin('http://127.0.0.1:4100', 'AWS_Lambda_nodejs22.x')).toBeNull();
    expect(localWebOrigin('http://10.0.0.7:80', undefined)).toBeNull();
    expect(localWebOrigin('http://169.254.169.254', undefined)).toBeNull();
    expect(localWebOrigin('http://localhost:4100', undefined)).toBeNull();
    expect(localWebOrigin(undefined, undefined)).toBeNull();
  });
});

describe('fetching a media link', () => {
  let server: http.Server;
  let port = 0;
  /** Bytes the local server managed to hand to the socket per path. */
  const sent = new Map<string, number>();
  /** When the local server saw each path's last response closed (its bytes in `sent` are then final). */
  const closed = new Map<string, Promise<void>>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/photo.jpg') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.concat([JPEG_HEAD, Buffer.alloc(1000)]));
      if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><p>hello</p>'.repeat(10));
      if (path === '/missing') return void res.writeHead(404).end('no');
      if (path === '/to-private') return void res.writeHead(302, { location: 'https://internal.example/secret.jpg' }).end();
      if (path === '/to-metadata') return void res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-photo') return void res.writeHead(301, { location: '/photo.jpg' }).end();
      if (path.startsWith('/loop')) return void res.writeHead(302, { location: `${path}x` }).end();
      if (path === '/endless') {
        // Chunked, no Content-Length: only counting stops it.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        closed.set(path, new Promise((resolve) => res.once('close', resolve)));
        let total = 0;
        const pump = () => {
          while (!res.destroyed && total < 50_000_000) {
            const chunk = total === 0 ? Buffer.concat([JPEG_HEAD, Buffer.alloc(16_384 - 16)]) : Buffer.alloc(16_384);
            total += chunk.length;
            sent.set(path, total);
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        return pump();
      }
      if (path === '/liar') return void res.writeHead(200, { 'content-length': '999999999' }).end();
      if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(JPEG_HEAD);
        const timer = setInterval(() => res.write(Buffer.alloc(1)), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  interface Wire {
    host: string;
    /** What the fetcher's pinned lookup answers for the URL's host. */
    connectsTo: string;
    hostHeader: string | undefined;
    servername: string | undefined;
  }

  /** A request function that records the wire and then serves the request from the local server. */
  function recordingTransport(wire: Wire[]): RequestFn {
    return (options, callback) => {
      let connectsTo = '';
      (options.lookup as unknown as (h: string, o: object, cb: (e: unknown, a: string) => void) => void)(String(options.hostname), {}, (_e, a) => {
        connectsTo = a;
      });
      wire.push({ host: String(options.hostname), connectsTo, hostHeader: options.hostname ?? undefined, servername: options.servername });
      return http.request({ host: '127.0.0.1', port, path: options.path, method: options.method, headers: options.headers, agent: false }, callback);
    };
  }

  function given(overrides: { resolve?: Record<string, string[][]>; maxBytes?: number; timeoutMs?: number } = {}) {
    const calls: string[] = [];
    const answers = overrides.resolve ?? { 'media.example': [[PUBLIC_IP]] };
    const wire: Wire[] = [];
    const options: FetchPublicOptions = {
      maxBytes: overrides.maxBytes ?? 1_000_000,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      maxRedirects: 3,
      headBytes: 16,
      checkHead: (head, host) => (sniffMediaType(head) ? null : mediaUrlTypeMessage(host)),
      resolve: async (hostname) => {
        const seen = calls.filter((c) => c === hostname).length;
        calls.push(hostname);
        const list = answers[hostname];
        if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
        return list[Math.min(seen, list.length - 1)]!;
      },
      request: recordingTransport(wire),
    };
    return { options, calls, wire };
  }

  it('fetches a public file, connecting to the checked address with the name kept for Host and SNI', async () => {
    const { options, wire } = given();

    const file = await fetchPublicFile('https://media.example/photo.jpg', options);

    expect(file.bytes.subarray(0, 16)).toEqual(JPEG_HEAD);
    expect(file.bytes.length).toBe(1016);
    expect(wire).toEqual([{ host: 'media.example', connectsTo: PUBLIC_IP, hostHeader: 'media.example', servername: 'media.example' }]);
  });

  it('resolves once: a second answer pointing at a private address (DNS rebinding) is never used', async () => {
    // Prepare: the first answer is public, every later one loopback
    const { options, calls, wire } = given({ resolve: { 'rebind.example': [[PUBLIC_IP], ['127.0.0.1']] } });

    // Act
    await fetchPublicFile('https://rebind.example/photo.jpg', options);

    // Assess
    expect(calls).toEqual(['rebind.example']);
    expect(wire.map((w) => w.connectsTo)).toEqual([PUBLIC_IP]);
  });

  it('hands the socket every checked address, IPv4 first, and nothing else', async () => {
    // Prepare
    const { options } = given({ resolve: { 'dual.example': [['2606:2800:21f:cb07:6820:80da:af6b:8b2c', PUBLIC_IP]] } });
    let offered: unknown;
    const transport = options.request!;
    options.request = (opts, callback) => {
      (opts.lookup as unknown as (h: string, o: object, cb: (e: unknown, a: unknown) => void) => void)('dual.example', { all: true }, (_e, all) => {
        offered = all;
      });
      return transport(opts, callback);
    };

    // Act
    await fetchPublicFile('https://dual.example/photo.jpg', options);

    // Assess
    expect(offered).toEqual([
      { address: PUBLIC_IP, family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('refuses a host with any private address among its answers, before connecting', async () => {
    const { options, wire } = given({ resolve: { 'mixed.example': [[PUBLIC_IP, '10.0.0.8']] } });

    await expect(fetchPublicFile('https://mixed.example/photo.jpg', options)).rejects.toThrow(mediaUrlPrivateMessage('mixed.example'));
    expect(wire).toEqual([]);
  });

  it.each([
    ['https://127.0.0.1/photo.jpg', '127.0.0.1'],
    ['https://[::1]/photo.jpg', '::1'],
    ['https://[::ffff:169.254.169.254]/photo.jpg', '::ffff:a9fe:a9fe'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://2130706433/photo.jpg', '127.0.0.1'],
    ['https://0x7f.1/photo.jpg', '127.0.0.1'],
  ])('refuses the address literal in %s', async (url, host) => {
    const { options, wire, calls } = given();

    await expect(fetchPublicFile(url, options)).rejects.toThrow(mediaUrlPrivateMessage(host));
    expect(wire).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('refuses http and credentials in the URL', async () => {
    const { options, wire } = given();

    await expect(fetchPublicFile('http://media.example/photo.jpg', options)).rejects.toThrow(MEDIA_URL_HTTPS_MESSAGE);
    await expect(fetchPublicFile('https://user:secret@media.example/photo.jpg', options)).rejects.toThrow(MEDIA_URL_CREDENTIALS_MESSAGE);
    await expect(fetchPublicFile('file:///etc/passwd', options)).rejects.toThrow(MEDIA_URL_HTTPS_MESSAGE);
    expect(wire).toEqual([]);
  });

  it('follows a redirect to a public path, checking the new hop', async () => {
    const { options, wire } = given();

    const file = await fetchPublicFile('https://media.example/to-photo', options);

    expect(file.url.href).toBe('https://media.example/photo.jpg');
    expect(wire).toHaveLength(2);
  });

  it('refuses a redirect to a host that resolves privately, and one to the metadata address, without connecting there', async () => {
    const { options, wire, calls } = given({ resolve: { 'media.example': [[PUBLIC_IP]], 'internal.example': [['10.1.2.3']] } });

    await expect(fetchPublicFile('https://media.example/to-private', options)).rejects.toThrow(mediaUrlPrivateMessage('internal.example'));
    await expect(fetchPublicFile('https://media.example/to-metadata', options)).rejects.toThrow(mediaUrlPrivateMessage('169.254.169.254'));
    expect(calls).toContain('internal.example');
    expect(wire.map((w) => w.host)).toEqual(['media.example', 'media.example']);
  });

  it('stops after three redirects', async () => {
    const { options, wire } = given();

    await expect(fetchPublicFile('https://media.example/loop', options)).rejects.toThrow(MEDIA_URL_REDIRECTS_MESSAGE);
    expect(wire).toHaveLength(4);
  });

  it('stops reading at the cap, mid-stream, whatever the headers said', async () => {
    // Prepare: 1 MB cap; the server would send 50 MB without a Content-Length
    const { options } = given({ maxBytes: 1_000_000 });

    // Act
    await expect(fetchPublicFile('https://media.example/endless', options)).rejects.toThrow(mediaUrlTooLargeMessage('media.example'));

    // Assess: the connection was cut long before the server was done
    await closed.get('/endless');
    expect(sent.get('/endless')).toBeLessThan(10_000_000);
  });

  it('refuses a declared length over the cap before reading', async () => {
    const { options } = given();

    await expect(fetchPublicFile('https://media.example/liar', options)).rejects.toThrow(mediaUrlTooLargeMessage('media.example'));
  });

  it('goes by the bytes: an HTML page labelled image/jpeg is refused, a JPEG labelled text/plain is taken', async () => {
    const { options } = given();

    await expect(fetchPublicFile('https://media.example/page.html', options)).rejects.toThrow(mediaUrlTypeMessage('media.example'));
    await expect(fetchPublicFile('https://media.example/photo.jpg', options)).resolves.toBeTruthy();
  });

  it('names the status of an HTTP error', async () => {
    const { options } = given();

    await expect(fetchPublicFile('https://media.example/missing', options)).rejects.toThrow(mediaUrlStatusMessage('media.example', 404));
  });

  it('gives up at the deadline on a server that trickles', async () => {
    const { options } = given({ timeoutMs: 400 });
    const started = Date.now();

    await expect(fetchPublicFile('https://media.example/slow', options)).rejects.toThrow(mediaUrlTimeoutMessage('media.example'));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('connects a real socket through the pinned lookup: a name no DNS knows reaches the checked address', async () => {
    // Prepare: the real transport; only the injected resolver knows the name (the exemption lets it be loopback here)
    const { options, calls } = given({ resolve: { 'nowhere.invalid': [['127.0.0.1']] } });
    const real = { ...options, request: undefined, exemptOrigin: `http://nowhere.invalid:${port}` };

    // Act
    const file = await fetchPublicFile(`http://nowhere.invalid:${port}/photo.jpg`, real);

    // Assess
    expect(file.bytes.length).toBe(1016);
    expect(calls).toEqual(['nowhere.invalid']);
  });

  it('takes http and loopback for the exempt local origin only', async () => {
    // Prepare: the real transport, no injected request
    const { options } = given();
    const local = { ...options, request: undefined, exemptOrigin: `http://127.0.0.1:${port}` };

    // Act + Assess
    await expect(fetchPublicFile(`http://127.0.0.1:${port}/photo.jpg`, local)).resolves.toMatchObject({ bytes: expect.any(Buffer) });
    await expect(fetchPublicFile(`http://127.0.0.1:${port + 1}/photo.jpg`, local)).rejects.toThrow(MEDIA_URL_HTTPS_MESSAGE);
    await expect(fetchPublicFile(`https://127.0.0.1:${port + 1}/photo.jpg`, local)).rejects.toThrow(mediaUrlPrivateMessage('127.0.0.1'));
  });

  describe("into the user's media (functions/domain/media-from-url.ts)", () => {
    const deps = { now: () => new Date('2026-11-26T05:00:00Z'), newId: () => 'id' };
    beforeEach(() => {
      Object.assign(process.env, { TABLE_NAME: 't', MEDIA_BUCKET: 'b', APP_ORIGIN: 'http://localhost:1' });
      resetEnvForTests();
      vi.mocked(putObject).mockClear();
      vi.mocked(deleteObject).mockClear();
      vi.mocked(confirmUpload).mockReset();
    });

    it('aborts mid-stream at the cap and writes nothing', async () => {
      const { options } = given({ maxBytes: 1_000_000 });

      await expect(importMediaFromUrl('user-1', 'https://media.example/endless', deps, options)).rejects.toThrow(mediaUrlTooLargeMessage('media.example'));
      expect(putObject).not.toHaveBeenCalled();
      expect(confirmUpload).not.toHaveBeenCalled();
    });

    it('stores the bytes under their sniffed type and confirms them as an upload', async () => {
      vi.mocked(confirmUpload).mockResolvedValue({ id: 'm1' } as never);
      const { options } = given();

      await expect(importMediaFromUrl('user-1', 'https://media.example/photo.jpg', deps, options)).resolves.toEqual({ id: 'm1' });
      const [key, bytes, type, name] = vi.mocked(putObject).mock.calls[0]!;
      expect(key).toMatch(/^user-1\/\d{13}-[0-9a-v]{8}\.jpg$/);
      expect([bytes.length, type, name]).toEqual([1016, 'image/jpeg', 'photo.jpg']);
      expect(confirmUpload).toHaveBeenCalledWith('user-1', key, deps);
    });

    it('deletes the stored object when confirm refuses it', async () => {
      vi.mocked(confirmUpload).mockRejectedValue(new Error('unreadable'));
      const { options } = given();

      await expect(importMediaFromUrl('user-1', 'https://media.example/photo.jpg', deps, options)).rejects.toThrow('unreadable');
      expect(deleteObject).toHaveBeenCalledWith(vi.mocked(putObject).mock.calls[0]![0]);
    });
  });
});
