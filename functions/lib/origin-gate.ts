import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsClient } from './aws';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from './edge-headers';
import { env } from './env';
import { ForbiddenOriginError } from './errors';

/**
 * The API is reachable only through CloudFront. Its execute-api endpoint cannot be switched off
 * (it is CloudFront's origin: there is no custom domain), so CloudFront adds a secret header and
 * every API function refuses a request without it, before reading anything else. Behind that gate
 * the viewer IP header is CloudFront's own, so per-IP limits can trust it.
 */
type SecretReader = (secretId: string) => Promise<string>;

const readSecret: SecretReader = async (secretId) => {
  const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!out.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return out.SecretString;
};

/** Re-read now and then, so a rotated value (secret changed, then redeployed) is picked up. */
const CACHE_MS = 5 * 60_000;
let cached: { value: string; readAt: number } | undefined;
let reader: SecretReader = readSecret;

async function expectedValue(secretId: string, now: number): Promise<string> {
  if (!cached || now - cached.readAt > CACHE_MS) cached = { value: await reader(secretId), readAt: now };
  return cached.value;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Throws ForbiddenOriginError unless the request carries CloudFront's value (AWS only). */
export async function assertThroughCloudFront(headers: Record<string, string | undefined> | undefined, now = Date.now()): Promise<void> {
  // Only functions deployed behind CloudFront carry the setting; without it there is nothing to
  // check, and the rest of the environment is not needed for that answer.
  if (!process.env.ORIGIN_VERIFY_SECRET_ARN) return;
  const secretId = env().ORIGIN_VERIFY_SECRET_ARN!;
  const sent = headers?.[ORIGIN_VERIFY_HEADER];
  if (!sent) throw new ForbiddenOriginError();
  if (sameText(sent, await expectedValue(secretId, now))) return;
  // Perhaps the secret was rotated: read it again, at most once a minute per container, so wrong
  // values sent straight to execute-api cannot make every request a Secrets Manager call.
  if (cached && now - cached.readAt > 60_000) {
    cached = undefined;
    if (sameText(sent, await expectedValue(secretId, now))) return;
  }
  throw new ForbiddenOriginError();
}

/**
 * The client's IP: the header CloudFront's viewer-request function sets (the local gateway sets it
 * too, playing CloudFront), else the connection's address as API Gateway saw it.
 */
export function clientIp(headers: Record<string, string | undefined> | undefined, sourceIp: string | undefined): string {
  const raw = headers?.[VIEWER_IP_HEADER]?.trim() || sourceIp || 'unknown';
  // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d.
  return raw.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
}

export function setSecretReaderForTests(read: SecretReader | undefined): void {
  reader = read ?? readSecret;
  cached = undefined;
}
