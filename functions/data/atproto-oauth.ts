import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { OAUTH_STATE_TTL_SECONDS } from '@shared/accounts';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { atprotoLockKey, atprotoStateKey } from './keys';
import { conditional, db, tableName } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * What the atproto OAuth client (Bluesky's connect) keeps between requests, in our table:
 *
 * - its pending authorizations (pattern 25): between the PAR and the redirect back, by the client's
 *   own state key. The value holds the DPoP private key and the PKCE verifier, so it is stored
 *   envelope-encrypted like tokens, and lives as long as our own OAuth state.
 * - a lease per session (pattern 25a), the client's `requestLock`: a refresh spends the refresh
 *   token (atproto rotates it), so two functions refreshing one session at once would leave one of
 *   them holding a token the server no longer takes. Under the lease the client reads the session
 *   again and refreshes only if nobody did meanwhile.
 *
 * The sessions themselves live in each connection's tokens row (data/tokens.ts), encrypted there.
 */
const TTL = TABLE_DESIGN.ttlAttribute;

export const atprotoStates = {
  async get(key: string): Promise<unknown> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: atprotoStateKey(key), ConsistentRead: true }));
    if (!Item || typeof Item.value !== 'string') return undefined;
    // TTL deletion is lazy: an expired authorization is gone for us even while DynamoDB still holds it.
    if (typeof Item[TTL] === 'number' && Item[TTL] * 1000 <= Date.now()) return undefined;
    return JSON.parse(await decryptSecret(Item.value)) as unknown;
  },
  async set(key: string, value: unknown): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...atprotoStateKey(key),
          type: 'AtprotoOAuthState',
          value: await encryptSecret(JSON.stringify(value)),
          [TTL]: Math.floor(Date.now() / 1000) + OAUTH_STATE_TTL_SECONDS,
        },
      }),
    );
  },
  async del(key: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: atprotoStateKey(key) }));
  },
};

export class LockBusyError extends Error {
  override name = 'LockBusyError';
}

export interface LockOptions {
  /** How long a holder may keep the lease: a crashed holder's lease ends by itself after this. */
  readonly leaseMs?: number;
  /** How long to wait for a lease another holder has. */
  readonly waitMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` holding the lease `name`: a conditional put (absent, or its lease ended), retried while
 * another holder has it, then deleted only if still ours. LockBusyError when it stays taken past
 * `waitMs` (the client's refresh then fails as a retryable error, never as a revoked session).
 */
export async function withAtprotoLock<T>(name: string, fn: () => Promise<T>, { leaseMs = 30_000, waitMs = 20_000 }: LockOptions = {}): Promise<T> {
  const owner = randomBytes(12).toString('hex');
  const key = atprotoLockKey(name);
  const giveUpAt = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const taken = await conditional(
      async () => {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...key, type: 'AtprotoLock', owner, leaseUntil: now + leaseMs, [TTL]: Math.ceil((now + leaseMs) / 1000) + 60 },
            ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
            ExpressionAttributeValues: { ':now': now },
          }),
        );
        return true;
      },
      () => false,
    );
    if (taken) break;
    if (Date.now() >= giveUpAt) throw new LockBusyError(`The lease ${name} is held by another process`);
    // A refresh takes a few hundred milliseconds: wait about that long, a little longer each time.
    await sleep(Math.min(1000, 100 * 2 ** Math.min(attempt, 4)) + Math.floor(Math.random() * 50));
  }
  try {
    return await fn();
  } finally {
    await conditional(
      () =>
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key,
            ConditionExpression: '#owner = :owner',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': owner },
          }),
        ),
      () => undefined,
    );
  }
}
