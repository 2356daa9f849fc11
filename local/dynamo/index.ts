import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { itemSizeBytes } from '../../functions/data/item-size';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import type { LocalModule } from '../modules';

/**
 * dynalite measures an item in UTF-16 code units (`string.length`); DynamoDB measures UTF-8 bytes
 * ("Item sizes and formats"), so an emoji caption AWS refuses (4 bytes, 2 units each) was accepted
 * here. Its PutItem, UpdateItem and BatchWriteItem checks all call `db.itemSize`, which is replaced
 * with DynamoDB's byte count: over 400 KB is "ValidationException: Item size has exceeded the
 * maximum allowed size", as on AWS.
 */
const dynaliteDb = createRequire(import.meta.url)('dynalite/db') as { itemSize: (item: Record<string, unknown>) => number };
dynaliteDb.itemSize = (item) => itemSizeBytes(item as Parameters<typeof itemSizeBytes>[0]);

/**
 * The local DynamoDB: dynalite in this process, data kept under .local/dynamodb. The table is created
 * from the same TABLE_DESIGN constant the CDK uses. (dynalite has no TTL sweeper and no
 * transactions; the data layer keeps within what it supports: docs/data-model.md#usage-counter,
 * docs/local-cloud.md#what-each-one-enforces-and-where-it-differs-from-aws.)
 */
export const LOCAL_TABLE_NAME = 'schedule-autopost-local';

/** The running local DynamoDB. */
export interface LocalDynamo {
  readonly endpoint: string;
  /**
   * The requests its endpoint has answered since start, per operation (the X-Amz-Target's
   * `DynamoDB_20120810.<Op>`): what every client, in this process or a Lambda worker thread, sent.
   */
  requests(): Readonly<Record<string, number>>;
  stop(): Promise<void>;
}

export async function startDynamo(dataDir: string): Promise<LocalDynamo> {
  const dir = path.join(dataDir, 'dynamodb');
  fs.mkdirSync(dir, { recursive: true });
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const requests: Record<string, number> = {};
  server.prependListener('request', (req: IncomingMessage) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] || 'unknown';
    requests[operation] = (requests[operation] ?? 0) + 1;
  });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve())));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await ensureTable(client, path.join(dataDir, 'dynamodb-rebuild.json'));
  } finally {
    client.destroy();
  }
  return { endpoint, requests: () => ({ ...requests }), stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

const GSIS = Object.values(TABLE_DESIGN.indexes);

/**
 * Creates the table, or brings an existing one (a developer's .local from before an index was
 * added) up to TABLE_DESIGN. On AWS, UpdateTable's GlobalSecondaryIndexUpdates.Create adds an
 * index and backfills it; dynalite 4 accepts that request but ignores it (actions/updateTable.js
 * applies throughput changes only), so here a table with a missing index is rebuilt: its items are
 * saved to `backupFile`, the table is recreated, the items are written back (which fills every
 * index), and only then is the backup removed. A run interrupted half-way finds the backup on the
 * next start and finishes the restore, so local data is never lost.
 */
async function ensureTable(client: DynamoDBClient, backupFile: string): Promise<void> {
  const { TableNames } = await client.send(new ListTablesCommand({}));
  if (!TableNames?.includes(LOCAL_TABLE_NAME)) {
    await createTable(client);
    await tableActive(client);
  } else if (
    missingIndexes(await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAME })).then((d) => d.Table?.GlobalSecondaryIndexes ?? [])).length > 0
  ) {
    if (!fs.existsSync(backupFile)) fs.writeFileSync(backupFile, JSON.stringify(await scanAll(client)));
    await client.send(new DeleteTableCommand({ TableName: LOCAL_TABLE_NAME }));
    await tableGone(client);
    await createTable(client);
    await tableActive(client);
  }
  if (fs.existsSync(backupFile)) {
    await writeAll(client, JSON.parse(fs.readFileSync(backupFile, 'utf8')) as Record<string, AttributeValue>[]);
    fs.rmSync(backupFile);
  }
}

/** How long a table may stay DELETING or CREATING: dynalite finishes both on a timer, which a busy machine delays. */
const TABLE_STATE_WAIT_MS = 60_000;

/** DeleteTable returns while the table is still DELETING (dynalite finishes on a timer). */
async function tableGone(client: DynamoDBClient): Promise<void> {
  for (const deadline = Date.now() + TABLE_STATE_WAIT_MS; Date.now() < deadline;) {
    const { TableNames } = await client.send(new ListTablesCommand({}));
    if (!TableNames?.includes(LOCAL_TABLE_NAME)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The local table ${LOCAL_TABLE_NAME} was not deleted; its items are kept in the rebuild backup`);
}

/**
 * CreateTable returns while the table is still CREATING, and writes to it are refused with
 * ResourceNotFoundException until it is ACTIVE, as on AWS (where the SDK's waitUntilTableExists
 * waits for the same status).
 */
async function tableActive(client: DynamoDBClient): Promise<void> {
  for (const deadline = Date.now() + TABLE_STATE_WAIT_MS; Date.now() < deadline;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAME }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The local table ${LOCAL_TABLE_NAME} did not become ACTIVE; its items are kept in the rebuild backup`);
}

function missingIndexes(existing: { IndexName?: string }[]): string[] {
  const names = new Set(existing.map((i) => i.IndexName));
  return GSIS.map((i) => i.indexName).filter((name) => !names.has(name));
}

function createTable(client: DynamoDBClient) {
  const { partitionKey, sortKey } = TABLE_DESIGN;
  return client.send(
    new CreateTableCommand({
      TableName: LOCAL_TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [partitionKey, sortKey, ...GSIS.flatMap((i) => [i.partitionKey, i.sortKey])].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: GSIS.map((i) => ({
        IndexName: i.indexName,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: i.projection },
      })),
    }),
  );
}

async function scanAll(client: DynamoDBClient): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let cursor: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: LOCAL_TABLE_NAME, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

async function writeAll(client: DynamoDBClient, items: Record<string, AttributeValue>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: { [LOCAL_TABLE_NAME]: requests } }));
      requests = (UnprocessedItems?.[LOCAL_TABLE_NAME] ?? []) as typeof requests;
    }
  }
}

/** DynamoDB as a module of the local cloud. */
export const dynamoModule: LocalModule = {
  name: 'DynamoDB (dynalite)',
  async start({ dataDir }) {
    const db = await startDynamo(dataDir);
    // The local stand-in for the KMS key that wraps stored platform tokens (created on first use).
    const tokenKeyFile = path.join(dataDir, 'token-key');
    return {
      env: { DYNAMODB_ENDPOINT: db.endpoint, TABLE_NAME: LOCAL_TABLE_NAME, LOCAL_TOKEN_KEY_FILE: tokenKeyFile },
      provides: { dynamo: db },
      stop: db.stop,
    };
  },
};
