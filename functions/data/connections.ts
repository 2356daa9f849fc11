import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SocialAccount } from '@shared/accounts';
import type { Platform } from '@shared/platforms';
import { NotFoundError } from '../lib/errors';
import { CONNECTION_PREFIX, connectionSk, platformAccountSk, tokenSk, workspacePk } from './keys';
import { conditional, db, deleteIf, listWorkspaceItems, tableName, updateIf } from './table';

/**
 * Connected social accounts (access patterns 10 and 11):
 *  - row:    pk = USER#<id>, sk = ACCOUNT#<ulid>  (newest first: query begins_with ACCOUNT#, descending)
 *  - unique: pk = USER#<id>, sk = PLATFORMACCOUNT#<platform>#<platform account id> → accountId, so a
 *            reconnect finds and updates the existing row instead of adding a second one, and two
 *            racing callbacks cannot both create one (conditional put).
 * Tokens live apart (data/tokens.ts, sk = TOKEN#<accountId>) so listing accounts never reads them.
 */
/** The account row's key, for reads that batch it with others (the publisher's first read). */
export const connectionKey = (userId: string, id: string) => ({ pk: workspacePk(userId), sk: connectionSk(id) });

export function toConnection(item: Record<string, unknown>): SocialAccount {
  return {
    id: String(item.id),
    platform: item.platform as Platform,
    account_id: String(item.account_id),
    account_name: String(item.account_name),
    picture_url: typeof item.picture_url === 'string' ? item.picture_url : null,
    is_connected: item.is_connected !== false,
    needs_reconnect: item.needs_reconnect === true,
    created_at: String(item.created_at),
    ...(typeof item.client_id === 'string' ? { client_id: item.client_id } : {}),
  };
}

export interface ConnectionProfile {
  platform: Platform;
  account_id: string;
  account_name: string;
  picture_url: string | null;
}

/**
 * Creates the account, or refreshes the existing row of the same platform account (clearing
 * needs_reconnect). `clientId`: the client it was connected for (through the client's connect
 * link); without it, a reconnect keeps whatever client the row had.
 */
export async function upsertConnection(userId: string, profile: ConnectionProfile, newId: string, now: Date, clientId?: string): Promise<SocialAccount> {
  const id = await conditional(
    async () => {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { pk: workspacePk(userId), sk: platformAccountSk(profile.platform, profile.account_id), type: 'PlatformAccountRef', accountId: newId },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return newId;
    },
    async () => {
      const { Item } = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: { pk: workspacePk(userId), sk: platformAccountSk(profile.platform, profile.account_id) },
          ConsistentRead: true,
        }),
      );
      return String(Item?.accountId ?? newId);
    },
  );
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: workspacePk(userId), sk: connectionSk(id) },
      UpdateExpression:
        'SET #type = :type, #id = :id, #platform = :platform, #account_id = :account_id, #name = :name, #picture = :picture, #connected = :true, #reconnect = :false, #updated = :now, #created = if_not_exists(#created, :now)' +
        (clientId ? ', client_id = :client' : ''),
      ExpressionAttributeNames: {
        '#type': 'type',
        '#id': 'id',
        '#platform': 'platform',
        '#account_id': 'account_id',
        '#name': 'account_name',
        '#picture': 'picture_url',
        '#connected': 'is_connected',
        '#reconnect': 'needs_reconnect',
        '#updated': 'updated_at',
        '#created': 'created_at',
      },
      ExpressionAttributeValues: {
        ':type': 'SocialAccount',
        ':id': id,
        ':platform': profile.platform,
        ':account_id': profile.account_id,
        ':name': profile.account_name,
        ':picture': profile.picture_url,
        ':true': true,
        ':false': false,
        ':now': now.toISOString(),
        ...(clientId ? { ':client': clientId } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toConnection(Attributes ?? {});
}

export async function listConnections(userId: string): Promise<SocialAccount[]> {
  return (await listWorkspaceItems(userId, CONNECTION_PREFIX)).map(toConnection);
}

export async function getConnection(userId: string, id: string): Promise<SocialAccount> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: connectionSk(id) } }));
  if (!Item) throw new NotFoundError('Account not found');
  return toConnection(Item);
}

/** A recognised auth error was seen: the UI shows "Reconnect". A deleted account stays deleted. */
export async function markNeedsReconnect(userId: string, id: string, now: Date): Promise<void> {
  await updateIf({
    Key: { pk: workspacePk(userId), sk: connectionSk(id) },
    UpdateExpression: 'SET needs_reconnect = :true, updated_at = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
  });
}

/** Removes the account, its tokens and its uniqueness row. Unknown ids (or another user's) are a 404. */
export async function deleteConnection(userId: string, id: string): Promise<void> {
  const old = await deleteIf({ Key: { pk: workspacePk(userId), sk: connectionSk(id) }, ConditionExpression: 'attribute_exists(pk)' });
  if (!old) throw new NotFoundError('Account not found');
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: workspacePk(userId), sk: tokenSk(id) } }));
  await db()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: workspacePk(userId), sk: platformAccountSk(old.platform as Platform, String(old.account_id)) },
        // Only the pointer to this row; anything else under that key is not ours to remove.
        ConditionExpression: 'accountId = :id',
        ExpressionAttributeValues: { ':id': id },
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error)?.name !== 'ConditionalCheckFailedException') throw error;
    });
}
