import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import {
  MEDIA_URL_CREDENTIALS_MESSAGE,
  MEDIA_URL_HTTPS_MESSAGE,
  MEDIA_URL_INVALID_MESSAGE,
  MEDIA_URL_REDIRECTS_MESSAGE,
  mediaUrlNoHostMessage,
  mediaUrlPrivateMessage,
  mediaUrlStatusMessage,
  mediaUrlTimeoutMessage,
  mediaUrlTooLargeMessage,
  mediaUrlUnreachableMessage,
} from '@shared/media-url';
import { ValidationError } from './errors';

/**
 * Fetching a file from a URL a user typed, without becoming a proxy into our own network
 * (docs/threat-model.md#10-media-links). The guards, in the order they apply to every hop:
 *
 * 1. https only, no user name or password in the URL;
 * 2. the host is resolved ONCE and every address it resolves to must be public unicast
 *    (`isPublicAddress`); one private address refuses the whole host, because a client picks any;
 * 3. the connection is pinned to the checked address with a custom `lookup`, while the URL's host
 *    stays the Host header and the TLS server name (SNI, certificate check). A DNS answer that
 *    changes between the check and the connect (rebinding) is never asked for;
 * 4. at most MEDIA_URL_MAX_REDIRECTS redirects, each one a new hop through 1–3;
 * 5. the body is counted as it arrives and the request destroyed past `maxBytes` (Content-Length is
 *    only used to refuse early, never trusted to be small); the first bytes go to `checkHead`, so an
 *    HTML page is refused after a few bytes, not after its whole body;
 * 6. one deadline over everything (DNS, connects, redirects, the body).
 *
 * Every refusal is a ValidationError with a message for the user. Nothing is written here: the
 * caller stores the bytes only after this returns.
 */

/**
 * Which addresses may be connected to: ipaddr.js's `unicast`, i.e. none of its special ranges. The
 * instance metadata service answers on 169.254.169.254 and fd00:ec2::254, both link-local or
 * unique-local (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html);
 * Lambda's own runtime API is on loopback.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1), NAT64, 6to4 and Teredo are refused by their own ranges:
  // each can carry a private IPv4 address to a gateway that unwraps it.
  return ipaddr.parse(address).range() === 'unicast';
}

/** Every address `hostname` resolves to (A and AAAA), as the OS resolver answers. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * A `lookup` for net.connect that answers the checked `addresses` (IPv4 first: Lambda outside a VPC
 * has no IPv6 route), whatever name it is asked about. With `all`, Node tries them in turn.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const family = (address: string) => (ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4);
  const ordered = [...addresses].sort((a, b) => family(a) - family(b)).map((address) => ({ address, family: family(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, ordered);
    else callback(null, ordered[0].address, ordered[0].family);
  }) as LookupFunction;
}

export type RequestFn = (options: https.RequestOptions, callback: (res: http.IncomingMessage) => void) => http.ClientRequest;

export interface FetchPublicOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Sees the first `headBytes` bytes (or the whole body when shorter) once; a message refuses the file. */
  checkHead?: (head: Buffer, host: string) => string | null;
  headBytes?: number;
  /**
   * The local cloud's public-web stand-in (docs/local-cloud.md#the-public-web-stand-in): this exact
   * origin may be http:// and loopback. Only `localWebOrigin()` gives one; on AWS it is null.
   */
  exemptOrigin?: string | null;
  resolve?: Resolver;
  /** http(s).request; tests wrap it to see what would go on the wire. */
  request?: RequestFn;
}

export interface FetchedFile {
  bytes: Buffer;
  /** The URL the bytes came from, after redirects. */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The exempt origin of the local cloud, or null. Honoured only off Lambda (Lambda always sets
 * AWS_EXECUTION_ENV) and only for an http(s) origin on a loopback address literal, so a stray
 * setting on AWS can neither reach the Lambda runtime API nor any other address.
 */
export function localWebOrigin(setting: string | undefined, executionEnv: string | undefined): string | null {
  if (!setting || executionEnv?.startsWith('AWS_Lambda')) return null;
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!['http:', 'https:'].includes(url.protocol) || !ipaddr.isValid(host) || ipaddr.parse(host).range() !== 'loopback') return null;
  return url.origin;
}

/** Fetches `rawUrl` under the guards above; see the module comment. */
export async function fetchPublicFile(rawUrl: string, options: FetchPublicOptions): Promise<FetchedFile> {
  const deadline = Date.now() + options.timeoutMs;
  let url = parseUrl(rawUrl);
  for (let hop = 0; ; hop += 1) {
    const result = await fetchHop(url, options, deadline);
    if ('bytes' in result) return { bytes: result.bytes, url };
    if (hop >= options.maxRedirects) throw new ValidationError(MEDIA_URL_REDIRECTS_MESSAGE);
    url = parseUrl(result.location, url);
  }
}

function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch {
    throw new ValidationError(MEDIA_URL_INVALID_MESSAGE);
  }
}

/** A URL's host as the user would read it (an IPv6 literal without brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** What guards 1 and 2 say when they refuse; media links by default. */
export interface GuardMessages {
  readonly https: string;
  readonly credentials: string;
  readonly noHost: (host: string) => string;
  readonly privateHost: (host: string) => string;
  readonly timeout: (host: string) => string;
}

const MEDIA_GUARD_MESSAGES: GuardMessages = {
  https: MEDIA_URL_HTTPS_MESSAGE,
  credentials: MEDIA_URL_CREDENTIALS_MESSAGE,
  noHost: mediaUrlNoHostMessage,
  privateHost: mediaUrlPrivateMessage,
  timeout: mediaUrlTimeoutMessage,
};

export interface GuardOptions {
  exemptOrigin?: string | null;
  resolve?: Resolver;
  messages?: GuardMessages;
}

/** The checked addresses to connect to for `url`: guards 1 and 2. */
async function checkedAddresses(url: URL, options: GuardOptions, deadline: number): Promise<string[]> {
  const messages = options.messages ?? MEDIA_GUARD_MESSAGES;
  const exempt = !!options.exemptOrigin && url.origin === options.exemptOrigin;
  if (url.protocol !== 'https:' && !exempt) throw new ValidationError(messages.https);
  if (url.username || url.password) throw new ValidationError(messages.credentials);
  const host = hostOf(url);
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await withDeadline((options.resolve ?? systemResolver)(host), deadline, host, messages);
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      throw new ValidationError(messages.noHost(host));
    }
  }
  if (addresses.length === 0) throw new ValidationError(messages.noHost(host));
  if (!exempt && !addresses.every(isPublicAddress)) throw new ValidationError(messages.privateHost(host));
  return addresses;
}

/**
 * Guards 1 and 2 alone, for a URL stored now and called later (a webhook endpoint): refuses what
 * would be refused at call time, so a user hears it while typing. The call itself checks again
 * (`postPublicJson`): DNS may answer differently by then.
 */
export async function checkPublicUrl(url: URL, options: GuardOptions & { timeoutMs: number }): Promise<void> {
  await checkedAddresses(url, options, Date.now() + options.timeoutMs);
}

export interface PostOutcome {
  /** The receiver's status; redirects are not followed and count as an answer like any other. */
  readonly status: number;
}

/**
 * POSTs `body` to `url` under guards 1–3 and 6: https only, every resolved address public, the socket
 * pinned to the checked address, one deadline. Never follows a redirect (a receiver that moved must be
 * edited, not chased into our network). The answer's body is read and dropped, at most 64 KB of it.
 * A refusal or no answer is a ValidationError saying why.
 */
export async function postPublicJson(
  rawUrl: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: GuardOptions & { timeoutMs: number; userAgent: string; request?: RequestFn },
): Promise<PostOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  return pinnedRequest<PostOutcome>(new URL(rawUrl), options, deadline, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': options.userAgent },
    body,
    onResponse: (res, _req, settle) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) res.destroy();
      });
      res.on('close', () => settle(null, { status: res.statusCode ?? 0 }));
      res.on('error', () => settle(null, { status: res.statusCode ?? 0 }));
    },
  });
}

interface PinnedRequestInit<T> {
  method: 'GET' | 'POST';
  headers: http.OutgoingHttpHeaders;
  body?: string;
  /** Reads the response and settles the request once; later settlements are ignored. */
  onResponse: (res: http.IncomingMessage, req: http.ClientRequest, settle: (error: Error | null, value?: T) => void) => void;
}

/**
 * One request under guards 1–3 and 6, shared by every caller so the pinning cannot drift apart:
 * checks the URL and its addresses, connects only to a checked address, and refuses once
 * `deadline` passes. A connection that fails is the host being unreachable.
 */
async function pinnedRequest<T>(url: URL, options: GuardOptions & { request?: RequestFn }, deadline: number, init: PinnedRequestInit<T>): Promise<T> {
  const messages = options.messages ?? MEDIA_GUARD_MESSAGES;
  const host = hostOf(url);
  const addresses = await checkedAddresses(url, options, deadline);
  const secure = url.protocol === 'https:';
  const request: RequestFn = options.request ?? (secure ? https.request : http.request);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value!);
    };
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: init.method,
        // The Host header and SNI stay the URL's name; only the socket goes to the checked address.
        lookup: pinnedLookup(addresses),
        ...(secure && !ipaddr.isValid(host) ? { servername: host } : {}),
        headers: init.headers,
        // A fresh connection per request: a pooled socket could belong to an earlier, differently checked address.
        agent: false,
      },
      (res) => init.onResponse(res, req, settle),
    );
    const timer = setTimeout(
      () => {
        settle(new ValidationError(messages.timeout(host)));
        req.destroy();
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', () => settle(new ValidationError(mediaUrlUnreachableMessage(host))));
    req.end(init.body);
  });
}

async function withDeadline<T>(work: Promise<T>, deadline: number, host: string, messages: GuardMessages = MEDIA_GUARD_MESSAGES): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ValidationError(messages.timeout(host))), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One request: the body, or where a redirect points. */
async function fetchHop(url: URL, options: FetchPublicOptions, deadline: number): Promise<{ bytes: Buffer } | { location: string }> {
  const host = hostOf(url);
  return pinnedRequest<{ bytes: Buffer } | { location: string }>(url, options, deadline, {
    method: 'GET',
    headers: { accept: 'image/*,video/*', 'accept-encoding': 'identity', 'user-agent': 'ScheduleAndAutopost-MediaFetcher/1.0' },
    onResponse: (res, req, settle) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        return settle(null, { location: res.headers.location });
      }
      if (status < 200 || status > 299) {
        res.resume();
        return settle(new ValidationError(mediaUrlStatusMessage(host, status)));
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        req.destroy();
        return settle(new ValidationError(mediaUrlTooLargeMessage(host)));
      }
      readBody(res, host, options, (error, bytes) => {
        if (error) req.destroy();
        settle(error, bytes && { bytes });
      });
    },
  });
}

/** Guard 5: counts the bytes, stops at the cap, lets `checkHead` refuse after the first ones. */
function readBody(res: http.IncomingMessage, host: string, options: FetchPublicOptions, done: (error: Error | null, bytes?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const headBytes = options.headBytes ?? 16;
  let received = 0;
  let headChecked = !options.checkHead;
  let over = false;
  const checkHead = () => {
    headChecked = true;
    return options.checkHead?.(Buffer.concat(chunks).subarray(0, headBytes), host) ?? null;
  };
  res.on('data', (chunk: Buffer) => {
    if (over) return;
    received += chunk.length;
    if (received > options.maxBytes) {
      over = true;
      res.destroy();
      return done(new ValidationError(mediaUrlTooLargeMessage(host)));
    }
    chunks.push(chunk);
    if (!headChecked && received >= headBytes) {
      const refusal = checkHead();
      if (refusal) {
        over = true;
        res.destroy();
        done(new ValidationError(refusal));
      }
    }
  });
  res.on('end', () => {
    if (over) return;
    const refusal = headChecked ? null : checkHead();
    if (refusal) done(new ValidationError(refusal));
    else done(null, Buffer.concat(chunks, received));
  });
  res.on('aborted', () => !over && done(new ValidationError(mediaUrlUnreachableMessage(host))));
  res.on('error', () => !over && done(new ValidationError(mediaUrlUnreachableMessage(host))));
}
