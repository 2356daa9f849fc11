import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { connectionExpiry, nextExpiryNotice, type ExpiryNoticeKind } from '@shared/connection-health';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { NotFoundError } from '../lib/errors';
import { TOKEN_NOTICE_PK, TOKEN_PREFIX, tokenNoticeSk, tokenSk, workspacePk } from './keys';
import { conditional, db, queryAll, tableName } from './table';
import { TABLE_DESIGN } from './table-design';
import type { TokenSet } from '../lib/token-set';

/**
 * A connected account's platform tokens: pk = USER#<id>, sk = TOKEN#<accountId> (access pattern 12).
 * Access and refresh tokens are stored only envelope-encrypted (lib/secrets.ts). The expiry is
 * `tokenExpiresAt`, never `expiresAt`: that name is the table's TTL attribute.
 *
 * Connection health: each write also stores `connectionExpiresAt` (when the connection
 * stops working without the user, shared/connection-health.ts) and, while an expiry notice is ahead,
 * the sparse gsi2 entry gsi2pk = TOKENNOTICE, gsi2sk = <notice time>#<userId>#<accountId> with
 * `expiryNoticeKind` (access pattern 7e), so the hourly sweep finds due notices without a Scan.
 */
const NOTICES = TABLE_DESIGN.indexes.openByDue;

/** Writes the tokens. A missing or empty refresh token leaves the stored one in place. */
export async function saveTokens(userId: string, accountId: string, tokens: TokenSet, now: Date): Promise<void> {
  const names: Record<string, string> = { '#type': 'type', '#access': 'accessToken', '#exp': 'tokenExpiresAt', '#updated': 'updated_at' };
  const values: Record<string, unknown> = {
    ':type': 'PlatformTokens',
    ':access': await encryptSecret(tokens.accessToken),
    ':exp': tokens.expiresAt,
    ':updated': now.toISOString(),
  };
  const sets = ['#type = :type', '#access = :access', '#exp = :exp', '#updated = :updated', '#issued = :issued'];
  // A token handed back unchanged keeps its issue time; a new one without it was issued just now.
  names['#issued'] = 'tokenIssuedAt';
  values[':issued'] = tokens.issuedAt ?? now.toISOString();
  if (tokens.refreshToken) {
    names['#refresh'] = 'refreshToken';
    values[':refresh'] = await encryptSecret(tokens.refreshToken);
    sets.push('#refresh = :refresh');
  }
  if (tokens.refreshExpiresAt !== undefined) {
    names['#refreshExp'] = 'refreshTokenExpiresAt';
    values[':refreshExp'] = tokens.refreshExpiresAt;
    sets.push('#refreshExp = :refreshExp');
  }
  if (tokens.scopes) {
    names['#scopes'] = 'scopes';
    values[':scopes'] = [...tokens.scopes];
    sets.push('#scopes = :scopes');
  }
  // The adapters hand back the whole TokenSet (refresh token included) after a refresh, so the
  // refresh token in hand says which credential ends the connection.
  const expiry = connectionExpiry({ expiresAt: tokens.expiresAt, refreshExpiresAt: tokens.refreshExpiresAt, hasRefreshToken: Boolean(tokens.refreshToken) });
  const notice = nextExpiryNotice(expiry, now);
  names['#connExp'] = 'connectionExpiresAt';
  values[':connExp'] = expiry;
  sets.push('#connExp = :connExp');
  names['#npk'] = NOTICES.partitionKey;
  names['#nsk'] = NOTICES.sortKey;
  names['#nkind'] = 'expiryNoticeKind';
  const removes: string[] = [];
  if (notice) {
    values[':npk'] = TOKEN_NOTICE_PK;
    values[':nsk'] = tokenNoticeSk(notice.at, userId, accountId);
    values[':nkind'] = notice.kind;
    sets.push('#npk = :npk', '#nsk = :nsk', '#nkind = :nkind');
  } else {
    removes.push('#npk', '#nsk', '#nkind');
  }
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: workspacePk(userId), sk: tokenSk(accountId) },
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** The tokens row's key, for reads that batch it with others (the publisher's first read). */
export const tokensKey = (userId: string, accountId: string) => ({ pk: workspacePk(userId), sk: tokenSk(accountId) });

export async function getTokens(userId: string, accountId: string): Promise<TokenSet> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: tokensKey(userId, accountId), ConsistentRead: true }));
  return toTokens(Item);
}

/** The tokens a row holds, decrypted; a missing row is a disconnected account. */
export async function toTokens(Item: Record<string, unknown> | undefined): Promise<TokenSet> {
  if (!Item || typeof Item.accessToken !== 'string') throw new NotFoundError('Account not found');
  const refreshToken = typeof Item.refreshToken === 'string' ? await decryptSecret(Item.refreshToken) : undefined;
  return {
    accessToken: await decryptSecret(Item.accessToken),
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: typeof Item.tokenExpiresAt === 'string' ? Item.tokenExpiresAt : null,
    ...(typeof Item.tokenIssuedAt === 'string' ? { issuedAt: Item.tokenIssuedAt } : {}),
    ...(Item.refreshTokenExpiresAt !== undefined
      ? { refreshExpiresAt: typeof Item.refreshTokenExpiresAt === 'string' ? Item.refreshTokenExpiresAt : null }
      : {}),
    ...(Array.isArray(Item.scopes) ? { scopes: Item.scopes.map(String) } : {}),
  };
}

/** What health needs from an account's tokens: times and granted scopes, never a token. */
export interface TokenHealthRow {
  readonly connectionId: string;
  readonly connectionExpiresAt: string | null | undefined;
  readonly expiresAt: string | null;
  readonly refreshExpiresAt: string | null;
  readonly scopes: readonly string[] | undefined;
}

/** Every account's token times for a user: one query on pk = USER#<id>, sk begins_with TOKEN#, projected. */
export async function listTokenHealth(userId: string): Promise<TokenHealthRow[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ProjectionExpression: 'sk, connectionExpiresAt, tokenExpiresAt, refreshTokenExpiresAt, scopes',
    ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': TOKEN_PREFIX },
  });
  return items.map((item) => ({
    connectionId: String(item.sk).slice(TOKEN_PREFIX.length),
    connectionExpiresAt: item.connectionExpiresAt === undefined ? undefined : typeof item.connectionExpiresAt === 'string' ? item.connectionExpiresAt : null,
    expiresAt: typeof item.tokenExpiresAt === 'string' ? item.tokenExpiresAt : null,
    refreshExpiresAt: typeof item.refreshTokenExpiresAt === 'string' ? item.refreshTokenExpiresAt : null,
    scopes: Array.isArray(item.scopes) ? item.scopes.map(String) : undefined,
  }));
}

export interface DueExpiryNotice {
  readonly userId: string;
  readonly connectionId: string;
  readonly kind: ExpiryNoticeKind;
  readonly connectionExpiresAt: string;
  /** The index value read; the claim is conditional on it. */
  readonly key: string;
}

/** Expiry notices due at `now` across users (access pattern 7e: gsi2 TOKENNOTICE, sorted by notice time). */
export async function listDueExpiryNotices(now: Date): Promise<DueExpiryNotice[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: NOTICES.indexName,
    // '$' sorts right after '#', so every key whose time is <= now is in.
    KeyConditionExpression: '#pk = :pk AND #sk < :cut',
    ExpressionAttributeNames: { '#pk': NOTICES.partitionKey, '#sk': NOTICES.sortKey },
    ExpressionAttributeValues: { ':pk': TOKEN_NOTICE_PK, ':cut': `${now.toISOString()}$` },
  });
  return items.flatMap((item) => {
    const key = String(item[NOTICES.sortKey]);
    const [, userId, connectionId] = key.split('#');
    if (!userId || !connectionId || typeof item.connectionExpiresAt !== 'string') return [];
    return [{ userId, connectionId, kind: item.expiryNoticeKind as ExpiryNoticeKind, connectionExpiresAt: item.connectionExpiresAt, key }];
  });
}

/**
 * Takes a due notice: moves the entry to the next notice (or removes it) only if it is still the one
 * read, so two sweeps never both send it. `false`: someone else took it, or the tokens changed.
 */
export async function claimExpiryNotice(notice: DueExpiryNotice, next: { kind: ExpiryNoticeKind; at: string } | null): Promise<boolean> {
  const names: Record<string, string> = { '#nsk': NOTICES.sortKey, '#nkind': 'expiryNoticeKind', ...(next ? {} : { '#npk': NOTICES.partitionKey }) };
  return conditional(
    async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: workspacePk(notice.userId), sk: tokenSk(notice.connectionId) },
          UpdateExpression: next ? 'SET #nsk = :next, #nkind = :kind' : 'REMOVE #npk, #nsk, #nkind',
          ConditionExpression: '#nsk = :key',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ':key': notice.key,
            ...(next ? { ':next': tokenNoticeSk(next.at, notice.userId, notice.connectionId), ':kind': next.kind } : {}),
          },
        }),
      );
      return true;
    },
    () => false,
  );
}

/** Puts a claimed notice back (its notification could not be written), unless the tokens moved on meanwhile. */
export async function restoreExpiryNotice(notice: DueExpiryNotice, next: { kind: ExpiryNoticeKind; at: string } | null): Promise<void> {
  await conditional(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: workspacePk(notice.userId), sk: tokenSk(notice.connectionId) },
          UpdateExpression: 'SET #npk = :pk, #nsk = :key, #nkind = :kind',
          ConditionExpression: next ? '#nsk = :next' : 'attribute_exists(pk) AND attribute_not_exists(#nsk)',
          ExpressionAttributeNames: { '#npk': NOTICES.partitionKey, '#nsk': NOTICES.sortKey, '#nkind': 'expiryNoticeKind' },
          ExpressionAttributeValues: {
            ':pk': TOKEN_NOTICE_PK,
            ':key': notice.key,
            ':kind': notice.kind,
            ...(next ? { ':next': tokenNoticeSk(next.at, notice.userId, notice.connectionId) } : {}),
          },
        }),
      ),
    () => undefined,
  );
}
