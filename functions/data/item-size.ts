import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../lib/errors';

/**
 * DynamoDB's item size, computed as AWS documents it ("Item sizes and formats", DynamoDB developer
 * guide): every attribute counts its name's UTF-8 bytes plus its value — a string its UTF-8 bytes, a
 * number about 1 byte per two significant digits plus 1, a binary its raw bytes, null and booleans
 * 1 byte; a list or map 3 bytes plus 1 byte per element plus the elements (a map element also
 * counts its name). An item may be at most 400 KB (409,600 bytes) including all of that.
 *
 * Characters are not bytes: an emoji is 2 UTF-16 units and 4 UTF-8 bytes, so a check on
 * `string.length` (what dynalite does) lets items through that AWS refuses.
 */
export const MAX_ITEM_BYTES = 400 * 1024;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Significant digits of a DynamoDB number (leading and trailing zeros trimmed). */
function numberSize(value: string): number {
  const mantissa = value
    .trim()
    .replace(/^[+-]/, '')
    .replace(/[eE].*$/, '');
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

/** Binary as the SDK holds it (bytes) or as the wire carries it (base64). */
const binarySize = (value: Uint8Array | string) => (typeof value === 'string' ? Buffer.from(value, 'base64').length : value.byteLength);

/** The size of one value, without its attribute name. */
export function valueSize(value: AttributeValue | Record<string, unknown>): number {
  const v = value as Record<string, unknown>;
  if (v.S !== undefined) return utf8(v.S as string);
  if (v.N !== undefined) return numberSize(v.N as string);
  if (v.B !== undefined) return binarySize(v.B as Uint8Array | string);
  if (v.NULL !== undefined || v.BOOL !== undefined) return 1;
  if (v.SS !== undefined) return (v.SS as string[]).reduce((sum, s) => sum + utf8(s), 0);
  if (v.NS !== undefined) return (v.NS as string[]).reduce((sum, n) => sum + numberSize(n), 0);
  if (v.BS !== undefined) return (v.BS as (Uint8Array | string)[]).reduce((sum, b) => sum + binarySize(b), 0);
  if (v.L !== undefined) return 3 + (v.L as AttributeValue[]).reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (v.M !== undefined)
    return 3 + Object.entries(v.M as Record<string, AttributeValue>).reduce((sum, [name, element]) => sum + 1 + utf8(name) + valueSize(element), 0);
  return 0;
}

/** The size of an item in DynamoDB's wire form (`{ name: { S: "…" } }`). */
export function itemSizeBytes(item: Record<string, AttributeValue | Record<string, unknown>>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
}

/**
 * The size of a plain JavaScript value as the document client stores it (removeUndefinedValues):
 * strings S, numbers N, booleans BOOL, null NULL, bytes B, arrays L, objects M, Sets SS/NS/BS.
 */
function plainValueSize(value: unknown): number {
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(String(value));
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + plainValueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + plainValueSize(element), 0);
  if (typeof value === 'object') {
    return (
      3 +
      Object.entries(value as Record<string, unknown>).reduce(
        (sum, [name, element]) => (element === undefined ? sum : sum + 1 + utf8(name) + plainValueSize(element)),
        0,
      )
    );
  }
  return 0;
}

/** The size of an item as the document client holds it (plain JavaScript values). */
export function documentItemSizeBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + plainValueSize(value)), 0);
}

/** "412 KB of 400 KB": rounded up, so an item one byte over never reads "400 KB of 400 KB". */
export const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);

export const itemTooLargeMessage = (bytes: number) =>
  `This is too large to save (${kilobytes(bytes)} KB of ${kilobytes(MAX_ITEM_BYTES)} KB). Shorten the text and try again.`;

type WireItem = Record<string, AttributeValue>;

/** Every item a PutItem or BatchWriteItem request would store (marshalled form). */
function itemsToStore(input: Record<string, unknown>): WireItem[] {
  if (input.Item) return [input.Item as WireItem];
  const batches = input.RequestItems as Record<string, { PutRequest?: { Item?: WireItem } }[]> | undefined;
  if (!batches || typeof batches !== 'object') return [];
  return Object.values(batches).flatMap((requests) =>
    Array.isArray(requests) ? requests.flatMap((r) => (r.PutRequest?.Item ? [r.PutRequest.Item] : [])) : [],
  );
}

const guarded = new WeakSet<object>();

/**
 * A last line for every write through this client: an item over 400 KB is refused here with a clear
 * 400 (ValidationError) and never sent, instead of DynamoDB's ValidationException becoming a 500.
 * It reads the serialized request (the build step), so it measures exactly the wire form that
 * DynamoDB would store. Repositories with a better message (posts) check first.
 */
export function guardItemSizes(client: DynamoDBDocumentClient): DynamoDBDocumentClient {
  if (guarded.has(client)) return client;
  guarded.add(client);
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown } | undefined;
      const target = Object.entries(request?.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-amz-target')?.[1] ?? '';
      const body = request?.body;
      const json = typeof body === 'string' ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : null;
      if (/\.(PutItem|BatchWriteItem)$/.test(target) && json) {
        for (const item of itemsToStore(JSON.parse(json) as Record<string, unknown>)) {
          const size = itemSizeBytes(item);
          if (size > MAX_ITEM_BYTES) throw new ValidationError(itemTooLargeMessage(size));
        }
      }
      return next(args);
    },
    { step: 'build', name: 'itemSizeGuard' },
  );
  return client;
}
