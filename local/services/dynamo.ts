import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { TABLE_DESIGN } from '../../functions/data/table-design';

/**
 * The local DynamoDB: dynalite in this process, data kept under .local/dynamodb. The table is created
 * from the same TABLE_DESIGN constant the CDK uses. (dynalite has no TTL sweeper and no
 * transactions; DESIGN §5 keeps the data layer within what it supports.)
 */
export const LOCAL_TABLE_NAME = 'schedule-autopost-local';

export async function startDynamo(dataDir: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const dir = path.join(dataDir, 'dynamodb');
  fs.mkdirSync(dir, { recursive: true });
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve())));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureTable(endpoint);
  return { endpoint, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function ensureTable(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { TableNames } = await client.send(new ListTablesCommand({}));
  if (TableNames?.includes(LOCAL_TABLE_NAME)) return;
  const { partitionKey, sortKey, indexes } = TABLE_DESIGN;
  const gsis = Object.values(indexes);
  await client.send(
    new CreateTableCommand({
      TableName: LOCAL_TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [partitionKey, sortKey, ...gsis.flatMap((i) => [i.partitionKey, i.sortKey])].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: gsis.map((i) => ({
        IndexName: i.indexName,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  client.destroy();
}
