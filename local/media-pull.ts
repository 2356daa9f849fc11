import { createVerify, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { MEDIA_PULL_PREFIX, objectKeyOfPullPath } from '../functions/lib/media-pull';
import type { LocalModule } from './modules';

/**
 * The local stand-in for the media-pull distribution (infra/constructs/media-pull.ts, docs/tiktok.md#photo-posts):
 * the front door serves `/media-pull/<object key>` from the local S3, and only with a valid CloudFront signed
 * URL (canned policy), checked as CloudFront checks it
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-creating-signed-url-canned-policy.html):
 * the policy is rebuilt from the URL without the signing parameters, the signature (CloudFront's base64 with
 * `-_~` for `+=/`) is verified with the public key of Key-Pair-Id, and an expired URL is refused. The key
 * pair is generated at first start under the state directory (never committed).
 */
export const LOCAL_PULL_KEY_PAIR_ID = 'K0LOCALMEDIAPULL';

export interface PullKeyFiles {
  readonly privateKeyFile: string;
  readonly publicKeyFile: string;
}

/** The state directory's key pair, created at first start. */
export function ensurePullKeyPair(dataDir: string): PullKeyFiles {
  const dir = path.join(dataDir, 'media-pull');
  const files = { privateKeyFile: path.join(dir, 'private-key.pem'), publicKeyFile: path.join(dir, 'public-key.pem') };
  if (!fs.existsSync(files.privateKeyFile) || !fs.existsSync(files.publicKeyFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    fs.writeFileSync(files.privateKeyFile, privateKey, { mode: 0o600 });
    fs.writeFileSync(files.publicKeyFile, publicKey);
  }
  return files;
}

const SIGNING_PARAMS = ['Expires', 'Signature', 'Key-Pair-Id', 'Hash-Algorithm', 'Policy'];

/**
 * Why CloudFront would refuse this URL, or null. `url` is the full URL as requested; `publicKeys` maps a
 * Key-Pair-Id to its PEM public key (the trusted key group).
 */
export function pullSignatureProblem(url: string, publicKeys: Readonly<Record<string, string>>, now: Date): string | null {
  const parsed = new URL(url);
  const q = parsed.searchParams;
  const expires = q.get('Expires');
  const signature = q.get('Signature');
  const keyPairId = q.get('Key-Pair-Id');
  const algorithm = q.get('Hash-Algorithm') ?? 'SHA1';
  if (!expires || !signature || !keyPairId) return 'missing Expires, Signature or Key-Pair-Id';
  if (!/^\d+$/.test(expires)) return 'malformed Expires';
  const key = publicKeys[keyPairId];
  if (!key) return 'unknown Key-Pair-Id';
  if (algorithm !== 'SHA1' && algorithm !== 'SHA256') return 'unsupported Hash-Algorithm';
  // The resource is the URL as requested, less the signing parameters (canned policy).
  const raw = url.split('?');
  const kept = (raw[1] ?? '').split('&').filter((pair) => pair && !SIGNING_PARAMS.includes(decodeURIComponent(pair.split('=')[0] ?? '')));
  const resource = kept.length ? `${raw[0]}?${kept.join('&')}` : raw[0]!;
  const policy = JSON.stringify({ Statement: [{ Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': Number(expires) } } }] });
  const bytes = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');
  const verifier = createVerify(algorithm === 'SHA256' ? 'RSA-SHA256' : 'RSA-SHA1');
  verifier.update(policy);
  if (!verifier.verify(key, bytes)) return 'signature does not match';
  if (Number(expires) * 1000 <= now.getTime()) return 'expired';
  return null;
}

/**
 * `TIKTOK_PHOTOS=false npm start` turns photo posts off, as a deployment without the media-pull
 * settings has them off. Otherwise the local cloud serves pulls and tells compose (config tiktokPhotos).
 */
export const mediaPullModule: LocalModule = {
  name: 'Media pulls (/media-pull/, signed URLs)',
  async start({ dataDir, publicUrl, env }) {
    const flag = process.env.TIKTOK_PHOTOS;
    if (flag !== undefined && flag !== '' && flag !== 'true' && flag !== 'false') throw new Error(`TIKTOK_PHOTOS must be true or false (got "${flag}")`);
    if (flag === 'false') return { env: { TIKTOK_PHOTOS: 'false' } as Record<string, string>, config: { tiktokPhotos: false }, stop: async () => undefined };
    const files = ensurePullKeyPair(dataDir);
    const s3 = new S3Client({
      region: env.AWS_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'local', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'local' },
    });
    const bucket = env.MEDIA_BUCKET;
    if (!bucket || !env.S3_ENDPOINT) throw new Error('The media-pull module needs the local S3, started before it');
    const refuse = (res: http.ServerResponse, status: number, text: string) =>
      void res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
    const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed');
      const requested = `${publicUrl}${req.url ?? '/'}`;
      const key = objectKeyOfPullPath(new URL(requested).pathname);
      if (!key) return refuse(res, 404, 'Not found');
      // Read per request: a test (or an operator rotating keys) swaps the trusted key as CloudFront's key group would change.
      const problem = pullSignatureProblem(requested, { [LOCAL_PULL_KEY_PAIR_ID]: fs.readFileSync(files.publicKeyFile, 'utf8') }, new Date());
      if (problem) return refuse(res, 403, `Access denied: ${problem}`);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from(await object.Body!.transformToByteArray());
        res.writeHead(200, {
          'content-type': object.ContentType ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': 'private, no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return refuse(res, 404, 'Not found');
        throw error;
      }
    };
    return {
      env: {
        TIKTOK_PHOTOS: 'true',
        MEDIA_PULL_KEY_PAIR_ID: LOCAL_PULL_KEY_PAIR_ID,
        MEDIA_PULL_PRIVATE_KEY_FILE: files.privateKeyFile,
        MEDIA_PULL_ORIGIN: publicUrl,
      },
      config: { tiktokPhotos: true },
      routes: [{ prefix: MEDIA_PULL_PREFIX, handle }],
      stop: async () => s3.destroy(),
    };
  },
};
