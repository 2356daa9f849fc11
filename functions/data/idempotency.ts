import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiKeyIdempotencySk, idempotencySk, userPk, workspacePk } from './keys';
import { conditional, db, tableName } from './table';

/**
 * Idempotency keys (docs/idempotency.md, pattern 23): pk = USER#<id>, sk = IDEMPOTENCY#<key>, TTL
 * expiresAt. The item holds which request the key was first used for (`route`, `fingerprint`),
 * `state` ('in_progress' while the first request runs, then 'done') and, once done, its answer.
 * Under USER#<id>, so account deletion's sweep removes the keys with everything else.
 */
/**
 * A signed-in person's keys live under USER#<id>; an API key's under its workspace, per API key
 * (WS#<id>, IDEMPOTENCY#APIKEY#<keyId>#<key>), so deleting the workspace removes them too.
 */
export type IdempotencyHolder = { readonly userId: string } | { readonly workspaceId: string; readonly apiKeyId: string };
const keyOf = (holder: IdempotencyHolder, key: string) =>
  'userId' in holder
    ? { pk: userPk(holder.userId), sk: idempotencySk(key) }
    : { pk: workspacePk(holder.workspaceId), sk: apiKeyIdempotencySk(holder.apiKeyId, key) };

/** How long a key is remembered: a repeat within this time gets the first answer; after it, the key is new again. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** The first request's answer as the handler factory gave it (status, headers, body text). */
export interface StoredAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface IdempotencyRecord {
  readonly route: string;
  readonly fingerprint: string;
  readonly state: 'in_progress' | 'done';
  readonly answer: StoredAnswer | null;
}

const toRecord = (item: Record<string, unknown>): IdempotencyRecord => ({
  route: String(item.route),
  fingerprint: String(item.fingerprint),
  state: item.state === 'done' ? 'done' : 'in_progress',
  // Stored compressed: a post's answer can be most of a post's 384 KB, and one item may hold 400 KB.
  answer: item.answer instanceof Uint8Array ? (JSON.parse(gunzipSync(item.answer).toString('utf8')) as StoredAnswer) : null,
});

/**
 * Claims `key` for this request: null when claimed (the caller does the work, then saves the answer),
 * or the record of the request that holds it. A key past its 24 h counts as free even before TTL
 * deletion (which is lazy, up to days on AWS) has removed it.
 */
export async function claimIdempotencyKey(
  holder: IdempotencyHolder,
  key: string,
  request: { readonly route: string; readonly fingerprint: string },
  now: Date,
): Promise<IdempotencyRecord | null> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (let attempt = 0; attempt < 2; attempt++) {
    // Its own PutCommand rather than table.ts's putIf: the capability check (test/unit/infra) then sees
    // that this module's writes happen only on idempotent routes, as the rate counter's do on limited ones.
    const claimed = await conditional(
      async () => {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keyOf(holder, key), type: 'IdempotencyKey', ...request, state: 'in_progress', expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          }),
        );
        return true;
      },
      () => false,
    );
    if (claimed) return null;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keyOf(holder, key), ConsistentRead: true }));
    // Gone between the two calls (deleted by TTL or account deletion): claim again.
    if (Item) return toRecord(Item);
  }
  throw new Error('An idempotency key could be neither claimed nor read');
}

/** Keeps the first request's answer under its key, for the rest of the key's 24 h. */
export async function saveIdempotentAnswer(holder: IdempotencyHolder, key: string, answer: StoredAnswer): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(holder, key),
      UpdateExpression: 'SET #state = :done, answer = :answer',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done', ':answer': gzipSync(JSON.stringify(answer)) },
    }),
  );
}
