import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { secretsClient } from './aws';
import { env } from './env';

/**
 * Signed URLs TikTok pulls photo posts from (docs/tiktok.md#photo-posts). TikTok takes photos only
 * with PULL_FROM_URL, and only from a URL prefix verified for our app
 * (https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide), which a presigned S3 URL
 * on the bucket's own host cannot be. So media objects are also served under `/media-pull/<object key>`
 * by CloudFront (infra/constructs/media-pull.ts), which requires a CloudFront signed URL (canned policy,
 * SHA-256; https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-creating-signed-url-canned-policy.html).
 * Locally the front door serves the same path and checks the same signature (local/media-pull.ts).
 */
export const MEDIA_PULL_PREFIX = '/media-pull/';

/**
 * How long a pull URL stays valid. TikTok downloads in the background after the init and gives a pull up
 * to an hour (Media Transfer Guide: 1-hour download timeout); a retry after `photo_pull_failed` signs
 * new URLs. Two hours cover the hour with margin for TikTok's queue, and a leaked URL dies the same day.
 */
export const MEDIA_PULL_TTL_SECONDS = 2 * 60 * 60;

/** `/media-pull/<key>` with each key segment encoded as the signer encodes it (so the signed text is the URL sent). */
export function pullPath(objectKey: string): string {
  return `${MEDIA_PULL_PREFIX}${objectKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** The object key a pull path names, or null for anything else (a path outside the prefix, `..`, an empty segment). */
export function objectKeyOfPullPath(pathname: string): string | null {
  if (!pathname.startsWith(MEDIA_PULL_PREFIX)) return null;
  let segments: string[];
  try {
    segments = pathname.slice(MEDIA_PULL_PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments.join('/');
}

export interface PullSigner {
  /** A URL valid for MEDIA_PULL_TTL_SECONDS from `now`. */
  sign(objectKey: string, now: Date): string;
}

/** Signs with a key pair: the CloudFront public key id and the PEM private key. */
export function pullSigner(origin: string, keyPairId: string, privateKey: string): PullSigner {
  return {
    sign: (objectKey, now) =>
      getSignedUrl({
        url: `${origin.replace(/\/$/, '')}${pullPath(objectKey)}`,
        keyPairId,
        privateKey,
        dateLessThan: new Date(now.getTime() + MEDIA_PULL_TTL_SECONDS * 1000),
        algorithm: 'SHA256',
      }),
  };
}

let loading: Promise<PullSigner | null> | undefined;

/**
 * This deployment's signer, or null when photo posts are off (TIKTOK_PHOTOS). The private key is read
 * once per container: from Secrets Manager on AWS (MEDIA_PULL_PRIVATE_KEY_SECRET), from the file the
 * local cloud generated locally. The publisher starts this at cold start (functions/handlers/publishing/publish-target.ts).
 */
export function mediaPullSigner(): Promise<PullSigner | null> {
  loading ??= (async () => {
    const e = env();
    if (e.TIKTOK_PHOTOS !== 'true' || !e.MEDIA_PULL_KEY_PAIR_ID) return null;
    const origin = e.MEDIA_PULL_ORIGIN ?? e.APP_ORIGIN;
    if (!origin) throw new Error('Set MEDIA_PULL_ORIGIN (or APP_ORIGIN locally) for TikTok pull URLs');
    let key: string | undefined;
    if (e.MEDIA_PULL_PRIVATE_KEY_FILE) key = await readFile(e.MEDIA_PULL_PRIVATE_KEY_FILE, 'utf8');
    else if (e.MEDIA_PULL_PRIVATE_KEY_SECRET) {
      const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: e.MEDIA_PULL_PRIVATE_KEY_SECRET }));
      key = out.SecretString;
    }
    if (!key?.includes('PRIVATE KEY')) throw new Error('The media-pull private key is not a PEM private key');
    return pullSigner(origin, e.MEDIA_PULL_KEY_PAIR_ID, key);
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Tests that change the environment between cases. */
export function resetMediaPullSignerForTests(): void {
  loading = undefined;
}
