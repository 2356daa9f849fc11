import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CLIENT_NAME } from '@shared/settings';
import { db, tableName, userPk } from './table';

/** Agency clients: pk = USER#<id>, sk = CLIENT#<ulid> (access pattern 3; ULIDs sort by creation). */
const CLIENT_PREFIX = 'CLIENT#';

export interface Client {
  id: string;
  name: string;
  logo_url: string | null;
  created_at: string;
}

export async function hasAnyClient(userId: string): Promise<boolean> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': CLIENT_PREFIX },
      Limit: 1,
      ProjectionExpression: 'sk',
    }),
  );
  return (Items?.length ?? 0) > 0;
}

export async function createClient(userId: string, client: Client): Promise<Client> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: userPk(userId), sk: `${CLIENT_PREFIX}${client.id}`, type: 'Client', ...client, logo_url: client.logo_url ?? undefined },
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
