import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { NotFoundError } from '../lib/errors';
import { db, tableName, userPk } from './table';

/**
 * A connected account's platform tokens: pk = USER#<id>, sk = TOKEN#<accountId> (access pattern 12).
 * Access and refresh tokens are stored only envelope-encrypted (lib/secrets.ts). The expiry is
 * `tokenExpiresAt`, never `expiresAt`: that name is the table's TTL attribute.
 */
export const tokenSk = (accountId: string) => `TOKEN#${accountId}`;

/** The same shape as the adapters' TokenSet. */
export interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly expiresAt: string | null;
  readonly issuedAt?: string;
  readonly refreshExpiresAt?: string | null;
  readonly scopes?: readonly string[];
}

/** Writes the tokens. A missing or empty refresh token leaves the stored one in place. */
export async function saveTokens(userId: string, accountId: string, tokens: StoredTokens, now: Date): Promise<void> {
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
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: tokenSk(accountId) },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

export async function getTokens(userId: string, accountId: string): Promise<StoredTokens> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: tokenSk(accountId) }, ConsistentRead: true }));
  if (!Item || typeof Item.accessToken !== 'string') throw new NotFoundError('Account not found');
  const refreshToken = typeof Item.refreshToken === 'string' ? await decryptSecret(Item.refreshToken) : undefined;
  return {
    accessToken: await decryptSecret(Item.accessToken),
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: typeof Item.tokenExpiresAt === 'string' ? Item.tokenExpiresAt : null,
    ...(typeof Item.tokenIssuedAt === 'string' ? { issuedAt: Item.tokenIssuedAt } : {}),
    ...(Item.refreshTokenExpiresAt !== undefined ? { refreshExpiresAt: typeof Item.refreshTokenExpiresAt === 'string' ? Item.refreshTokenExpiresAt : null } : {}),
    ...(Array.isArray(Item.scopes) ? { scopes: Item.scopes.map(String) } : {}),
  };
}
