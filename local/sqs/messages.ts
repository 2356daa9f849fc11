import { createHash } from 'node:crypto';
import type { DueQueue } from '../due-queue';
import { LOCAL_ACCOUNT_ID, LOCAL_LAMBDA_REGION } from '../lambda-runtime';

/** SQS's messages and queues as stored, their validation, digests and attributes (plain functions, no state). */
export type QueueAttributeName =
  'DelaySeconds' | 'VisibilityTimeout' | 'MessageRetentionPeriod' | 'ReceiveMessageWaitTimeSeconds' | 'MaximumMessageSize' | 'RedrivePolicy';
export type QueueAttributes = Partial<Record<QueueAttributeName, string>>;

export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  /** base64, as on the wire */
  BinaryValue?: string;
}

/** RedrivePolicy attribute value sending messages to `deadLetterQueueName` after `maxReceiveCount` receives. */
export function redrivePolicy(deadLetterQueueName: string, maxReceiveCount: number): string {
  return JSON.stringify({ deadLetterTargetArn: localQueueArn(deadLetterQueueName), maxReceiveCount });
}

export function localQueueArn(queueName: string): string {
  return `arn:aws:sqs:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:${queueName}`;
}

/** The queue name in one of our queue ARNs; undefined for anything else. */
export function queueNameOfArn(arn: string): string | undefined {
  return new RegExp(`^arn:aws:sqs:[^:]+:${LOCAL_ACCOUNT_ID}:([A-Za-z0-9_-]{1,80})$`).exec(arn)?.[1];
}

/** SQS's payload ceiling for one message and for the sum of a batch's bodies: 1 MiB. */
export const MAX_MESSAGE_BYTES = 1_048_576;

/**
 * The characters SQS accepts in a body (the XML 1.0 Char production): #x9 | #xA | #xD | #x20-#xD7FF |
 * #xE000-#xFFFD | #x10000-#x10FFFF. Anything else, U+0000 and lone surrogates included, is refused.
 */
const FORBIDDEN_BODY_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function checkBodyCharacters(body: string): void {
  const bad = FORBIDDEN_BODY_CHARACTER.exec(body)?.[0];
  if (bad === undefined) return;
  const hex = bad.codePointAt(0)!.toString(16).toUpperCase();
  throw new SqsError(
    'InvalidMessageContents',
    `Invalid binary character '#x${hex}' was found in the message body, the set of allowed characters is #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF`,
  );
}

export const DEFAULT_ATTRIBUTES: Record<QueueAttributeName, string> = {
  DelaySeconds: '0',
  VisibilityTimeout: '30',
  MessageRetentionPeriod: '345600',
  ReceiveMessageWaitTimeSeconds: '0',
  // SQS raised the message payload ceiling from 256 KiB to 1 MiB in August 2025, and made 1 MiB the default.
  MaximumMessageSize: String(MAX_MESSAGE_BYTES),
  RedrivePolicy: '',
};
const NUMERIC_LIMITS: Partial<Record<QueueAttributeName, [number, number]>> = {
  DelaySeconds: [0, 900],
  VisibilityTimeout: [0, 43_200],
  MessageRetentionPeriod: [60, 1_209_600],
  ReceiveMessageWaitTimeSeconds: [0, 20],
  MaximumMessageSize: [1024, MAX_MESSAGE_BYTES],
};
const SENDER_ID = 'AIDALOCALSQSSENDER000';

export interface StoredMessage {
  /** Unique per stored copy (a duplicated delivery is a second copy with the same messageId). */
  key: string;
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes: Record<string, MessageAttributeValue>;
  md5OfMessageAttributes?: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
  /** The latest receipt handle; older ones no longer act on the message. */
  receipt?: string;
  duplicated?: boolean;
  deadLetterQueueSourceArn?: string;
}

export interface Queue {
  name: string;
  attributes: Record<QueueAttributeName, string>;
  createdAt: number;
  modifiedAt: number;
  messages: Map<string, StoredMessage>;
  /** Every message's key by its `visibleAt`, soonest first: receive takes the visible ones off the top. */
  visibility: DueQueue;
  cancelTimer?: () => void;
  timerAt?: number;
  /** Woken when messages may have become visible (long polls, mappings). */
  listeners: Set<() => void>;
}

export class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly queryCode = code,
  ) {
    super(message);
  }
}

export const queueDoesNotExist = () => new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', 'AWS.SimpleQueueService.NonExistentQueue');
export const invalidParameter = (message: string) => new SqsError('InvalidParameterValue', message);

/** Mirrors the SDK's check of MD5OfMessageAttributes (the SQS developer guide's encoding). */
export function md5OfMessageAttributes(attributes: Record<string, MessageAttributeValue>): string | undefined {
  const names = Object.keys(attributes).sort();
  if (names.length === 0) return undefined;
  const parts: Buffer[] = [];
  const withLength = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    parts.push(length, bytes);
  };
  for (const name of names) {
    const value = attributes[name]!;
    withLength(Buffer.from(name, 'utf8'));
    withLength(Buffer.from(value.DataType, 'utf8'));
    if (value.DataType.startsWith('Binary')) {
      parts.push(Buffer.from([2]));
      withLength(Buffer.from(value.BinaryValue ?? '', 'base64'));
    } else {
      parts.push(Buffer.from([1]));
      withLength(Buffer.from(value.StringValue ?? '', 'utf8'));
    }
  }
  return md5(Buffer.concat(parts));
}

export const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');

export function integerParam(value: unknown, name: string, [min, max]: [number, number], fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw invalidParameter(`Value ${String(value)} for parameter ${name} is invalid. Reason: must be an integer from ${min} to ${max}.`);
  }
  return n;
}

export function normalised(name: QueueAttributeName, value: string | undefined): string {
  if (name === 'RedrivePolicy' && value) {
    const policy = parseRedrive(value);
    return policy ? `${policy.deadLetterTargetArn}|${policy.maxReceiveCount}` : value;
  }
  return value ?? '';
}

export function parseRedrive(value: string | undefined): { deadLetterTargetArn: string; maxReceiveCount: number } | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown };
    const max = Number(parsed.maxReceiveCount);
    if (typeof parsed.deadLetterTargetArn !== 'string' || !Number.isInteger(max) || max < 1 || max > 1000) return undefined;
    return { deadLetterTargetArn: parsed.deadLetterTargetArn, maxReceiveCount: max };
  } catch {
    return undefined;
  }
}

export function validateAttributes(attributes: unknown): QueueAttributes {
  if (attributes === undefined || attributes === null) return {};
  if (typeof attributes !== 'object') throw new SqsError('InvalidAttributeName', 'Attributes must be a map');
  const out: QueueAttributes = {};
  for (const [name, raw] of Object.entries(attributes as Record<string, unknown>)) {
    if (!(name in DEFAULT_ATTRIBUTES)) {
      // Policy, KMS, SSE and similar: accepted and ignored locally rather than failing the caller.
      if (['Policy', 'KmsMasterKeyId', 'KmsDataKeyReusePeriodSeconds', 'SqsManagedSseEnabled', 'RedriveAllowPolicy'].includes(name)) continue;
      throw new SqsError('InvalidAttributeName', `Unknown Attribute ${name}.`);
    }
    const value = String(raw);
    const limits = NUMERIC_LIMITS[name as QueueAttributeName];
    if (limits) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < limits[0] || n > limits[1]) throw new SqsError('InvalidAttributeValue', `Invalid value for the parameter ${name}.`);
    }
    if (name === 'RedrivePolicy' && value && !parseRedrive(value)) {
      throw new SqsError(
        'InvalidAttributeValue',
        'Value for parameter RedrivePolicy is invalid. Reason: Redrive policy is not a valid JSON map with deadLetterTargetArn and maxReceiveCount.',
      );
    }
    out[name as QueueAttributeName] = value;
  }
  return out;
}

export function validateMessageAttributes(raw: unknown): Record<string, MessageAttributeValue> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') throw invalidParameter('MessageAttributes must be a map');
  const entries = Object.entries(raw as Record<string, Partial<MessageAttributeValue>>);
  if (entries.length > 10) throw invalidParameter('Number of message attributes [' + entries.length + '] exceeds the allowed maximum [10].');
  const out: Record<string, MessageAttributeValue> = {};
  for (const [name, value] of entries) {
    if (!value || typeof value.DataType !== 'string' || !/^(String|Number|Binary)(\..+)?$/.test(value.DataType)) {
      throw invalidParameter(
        `The message attribute '${name}' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.`,
      );
    }
    const binary = value.DataType.startsWith('Binary');
    if (binary ? typeof value.BinaryValue !== 'string' : typeof value.StringValue !== 'string') {
      throw invalidParameter(`The message attribute '${name}' must contain non-empty message attribute value for message attribute type '${value.DataType}'.`);
    }
    out[name] = binary ? { DataType: value.DataType, BinaryValue: value.BinaryValue } : { DataType: value.DataType, StringValue: value.StringValue };
  }
  return out;
}

export function systemAttributes(message: StoredMessage): Record<string, string> {
  return {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
    SenderId: SENDER_ID,
    ApproximateFirstReceiveTimestamp: String(message.firstReceiveAt ?? message.sentAt),
    ...(message.deadLetterQueueSourceArn ? { DeadLetterQueueSourceArn: message.deadLetterQueueSourceArn } : {}),
  };
}

export function selectAttributes<T>(all: Record<string, T>, wanted: unknown): Record<string, T> | undefined {
  const names = Array.isArray(wanted) ? (wanted as string[]) : [];
  if (names.length === 0) return undefined;
  const picked = Object.fromEntries(
    Object.entries(all).filter(([name]) => names.some((w) => w === 'All' || w === '.*' || w === name || (w.endsWith('.*') && name.startsWith(w.slice(0, -1))))),
  );
  return Object.keys(picked).length ? picked : undefined;
}
