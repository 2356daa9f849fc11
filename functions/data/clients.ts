import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CLIENT_NAME } from '@shared/settings';
import { CLIENT_PREFIX, clientSk, workspacePk } from './keys';
import { conditional, countAll, db, listWorkspaceItems, tableName } from './table';

/**
 * Agency clients: pk = USER#<id>, sk = CLIENT#<ulid> (access pattern 3; ULIDs sort by creation, so
 * a descending query is newest first). Every key starts from the caller's user id: another user's
 * client id simply finds nothing.
 */
const clientKey = (userId: string, id: string) => ({ pk: workspacePk(userId), sk: clientSk(id) });

export interface Client {
  id: string;
  name: string;
  logo_url: string | null;
  created_at: string;
}

function toClient(item: Record<string, unknown>): Client {
  return {
    id: String(item.id),
    name: String(item.name),
    logo_url: typeof item.logo_url === 'string' ? item.logo_url : null,
    created_at: String(item.created_at),
  };
}

export async function hasAnyClient(userId: string): Promise<boolean> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': CLIENT_PREFIX },
      Limit: 1,
      ProjectionExpression: 'sk',
    }),
  );
  return (Items?.length ?? 0) > 0;
}

/** How many clients the user has (pattern 3, counted: no client bodies are read). */
export async function countClients(userId: string): Promise<number> {
  return countAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePk(userId), ':prefix': CLIENT_PREFIX },
  });
}

export async function createClient(userId: string, client: Client): Promise<Client> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: workspacePk(userId), sk: clientSk(client.id), type: 'Client', ...client, logo_url: client.logo_url ?? undefined },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return client;
}

/** The default client "My Account" is created at sign-up unless the user already has one. */
export async function ensureDefaultClient(userId: string, id: string, now: Date): Promise<boolean> {
  if (await hasAnyClient(userId)) return false;
  await createClient(userId, { id, name: DEFAULT_CLIENT_NAME, logo_url: null, created_at: now.toISOString() });
  return true;
}

/** All of the user's clients, newest first (a user has a handful; the query follows every page). */
export async function listClients(userId: string): Promise<Client[]> {
  return (await listWorkspaceItems(userId, CLIENT_PREFIX)).map(toClient);
}

export async function getClient(userId: string, id: string): Promise<Client | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: clientKey(userId, id), ConsistentRead: true }));
  return Item ? toClient(Item) : null;
}

/** Whether the client is one of the user's (a post may only name the user's own clients). */
export async function isUsersClient(userId: string, clientId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: clientKey(userId, clientId), ProjectionExpression: 'pk' }));
  return Boolean(Item);
}

/** Sets the given fields of an existing client; null when the user has no such client (nothing written). */
export async function updateClient(userId: string, id: string, changes: { name?: string; logo_url?: string | null }, now: Date): Promise<Client | null> {
  const names: Record<string, string> = { '#updated': 'updated_at' };
  const values: Record<string, unknown> = { ':updated': now.toISOString() };
  const sets = ['#updated = :updated'];
  const removes: string[] = [];
  if (changes.name !== undefined) {
    names['#name'] = 'name';
    values[':name'] = changes.name;
    sets.push('#name = :name');
  }
  if (changes.logo_url !== undefined) {
    names['#logo'] = 'logo_url';
    if (changes.logo_url === null) removes.push('#logo');
    else {
      values[':logo'] = changes.logo_url;
      sets.push('#logo = :logo');
    }
  }
  return conditional(
    async () => {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: clientKey(userId, id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? toClient(Attributes) : null;
    },
    () => null,
  );
}

/** Deletes the client; false when the user has no such client. */
export async function deleteClientItem(userId: string, id: string): Promise<boolean> {
  return conditional(
    async () => {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: clientKey(userId, id), ConditionExpression: 'attribute_exists(pk)' }));
      return true;
    },
    () => false,
  );
}
