import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider, Checksum, SourceData } from '@smithy/types';
import { END_USER_SESSIONS_MUTATION, PUBLISH_USER_EVENT_MUTATION, type UserEvent } from '@shared/realtime';
import { env } from './env';
import { logger } from './logger';

/**
 * Pushes a user event to the realtime API (AppSync; the local emulator on `npm start`): the
 * `publishUserEvent` mutation, IAM-signed (SigV4, service `appsync`) with the function's own
 * credentials. AppSync fans it out to that user's `onUserEvent` subscribers only.
 *
 * Never throws: the activity_log row is the source of truth and the bell polls every 15 s, so a
 * lost push costs at most a short delay. Failures are logged with their cause.
 */
export interface PublishOptions {
  /** @default REALTIME_GRAPHQL_URL from the environment; absent there: nothing is published */
  readonly url?: string;
  /** @default the Lambda's credentials (the Node provider chain) */
  readonly credentials?: AwsCredentialIdentityProvider;
  /** @default 3000 ms, so that a slow API never holds up the publishing engine */
  readonly timeoutMs?: number;
}

/** The outcome, for tests and callers that care; production callers may ignore it. */
export type PublishResult = 'published' | 'skipped' | 'failed';

let defaultCredentials: AwsCredentialIdentityProvider | undefined;

export async function publishUserEvent(event: UserEvent, options: PublishOptions = {}): Promise<PublishResult> {
  const variables = { ...event, postId: event.postId ?? null, postStatus: event.postStatus ?? null };
  return sendMutation(PUBLISH_USER_EVENT_MUTATION, variables, options, { eventId: event.id });
}

/**
 * Closes the realtime subscriptions of every session of the user that began before `validAfter`
 * (epoch seconds, the session gate's value): the `endUserSessions` mutation, whose resolver
 * invalidates them. The gate already refuses those sessions a new subscription (the authorizer);
 * this ends the ones already open.
 */
export async function endUserSessions(userId: string, validAfter: number, options: PublishOptions = {}): Promise<PublishResult> {
  return sendMutation(END_USER_SESSIONS_MUTATION, { userId, validAfter }, options, { userId });
}

/** One IAM-signed mutation; never throws (see publishUserEvent). */
async function sendMutation(
  query: string,
  variables: Record<string, unknown>,
  options: PublishOptions,
  logContext: Record<string, string>,
): Promise<PublishResult> {
  const url = options.url ?? env().REALTIME_GRAPHQL_URL;
  if (!url) return 'skipped';
  try {
    const endpoint = new URL(url);
    const body = JSON.stringify({ query, variables });
    const signer = new SignatureV4({
      service: 'appsync',
      region: env().AWS_REGION,
      credentials: options.credentials ?? (defaultCredentials ??= defaultProvider()),
      sha256: NodeSha256,
    });
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      path: endpoint.pathname,
      query: {},
      headers: { host: endpoint.host, 'content-type': 'application/json' },
      body,
    });
    const response = await fetch(endpoint, {
      method: 'POST',
      // fetch sets Host itself, from the same URL the signature covers.
      headers: Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== 'host')),
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    const result = (await response.json().catch(() => ({}))) as { errors?: { errorType?: string; message?: string }[] };
    if (!response.ok || result.errors?.length) {
      logger.warn('Realtime mutation refused', { status: response.status, errors: result.errors, ...logContext });
      return 'failed';
    }
    return 'published';
  } catch (error) {
    logger.warn('Realtime mutation failed', { error: error as Error, ...logContext });
    return 'failed';
  }
}

/** SHA-256 / HMAC-SHA-256 for the signer from node:crypto (no extra hashing package needed). */
export class NodeSha256 implements Checksum {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    this.hash = this.create();
  }

  private create(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(this.secret));
  }
}

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
