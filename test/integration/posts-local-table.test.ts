import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { describe, expect, it, vi } from 'vitest';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import { LOCAL_TABLE_NAME, startDynamo } from '../../local/dynamo';

/** Developers' .local tables predate gsi3: starting the local cloud brings them up to TABLE_DESIGN, keeping the data. */
async function anOldLocalTable(dataDir: string) {
  const server = dynalite({ path: path.join(dataDir, 'dynamodb'), createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  const old = [TABLE_DESIGN.indexes.byUserTime, TABLE_DESIGN.indexes.openByDue];
  await client.send(
    new CreateTableCommand({
      TableName: LOCAL_TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', ...old.flatMap((i) => [i.partitionKey, i.sortKey])].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: old.map((i) => ({
        IndexName: i.indexName,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  // A table takes writes once ACTIVE (dynalite flips CREATING on a timer a busy machine delays).
  await vi.waitFor(async () => expect((await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAME }))).Table?.TableStatus).toBe('ACTIVE'), {
    timeout: 30_000,
    interval: 10,
  });
  await client.send(new PutItemCommand({ TableName: LOCAL_TABLE_NAME, Item: { pk: { S: 'USER#u1' }, sk: { S: 'SETTINGS' }, timezone: { S: 'UTC' } } }));
  client.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('the local table', () => {
  it('gains the missing keys-only gsi3 on start and keeps every item', async () => {
    // Prepare
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-old-table-'));
    await anOldLocalTable(dataDir);

    // Act
    const db = await startDynamo(dataDir);

    // Assess
    try {
      const client = new DynamoDBClient({ endpoint: db.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
      const { Table } = await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAME }));
      expect(Table?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.Projection?.ProjectionType]).sort()).toEqual([
        ['gsi1', 'ALL'],
        ['gsi2', 'ALL'],
        ['gsi3', 'KEYS_ONLY'],
      ]);
      const { Item } = await client.send(new GetItemCommand({ TableName: LOCAL_TABLE_NAME, Key: { pk: { S: 'USER#u1' }, sk: { S: 'SETTINGS' } } }));
      expect(Item?.timezone).toEqual({ S: 'UTC' });
      expect(fs.readdirSync(dataDir)).toEqual(['dynamodb']);
      client.destroy();
    } finally {
      await db.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
