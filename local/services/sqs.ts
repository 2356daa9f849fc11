import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { LocalModule } from '../cloud';
import { LOCAL_ACCOUNT_ID, LOCAL_LAMBDA_REGION, invokeLambda } from '../lambda-runtime';

/**
 * The local SQS: an emulator of the AWS JSON 1.0 protocol that current @aws-sdk/client-sqs speaks
 * (`X-Amz-Target: AmazonSQS.<Op>`), standard queues only. It keeps the semantics the publishing
 * pipeline leans on: per-message delay, visibility timeout and redelivery, ApproximateReceiveCount,
 * redrive to a DLQ after maxReceiveCount, and Lambda-style event source mappings that invoke a
 * handler in this process. Messages not yet deleted survive a restart (`<dataDir>/sqs.json`).
 *
 * Delivery is driven by one timer per queue, armed for the next message that becomes visible, so a
 * message whose delay ends at T reaches a mapping's handler within a few milliseconds of T (no
 * polling interval to wait out).
 *
 * Signatures are not checked (like s3rver); FIFO queues, tags, and the 60-second PurgeQueue limit
 * are not emulated.
 */

export type QueueAttributeName = 'DelaySeconds' | 'VisibilityTimeout' | 'MessageRetentionPeriod' | 'ReceiveMessageWaitTimeSeconds' | 'MaximumMessageSize' | 'RedrivePolicy';
export type QueueAttributes = Partial<Record<QueueAttributeName, string>>;

export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  /** base64, as on the wire */
  BinaryValue?: string;
}

export interface EventSourceMappingOptions {
  /** Records per invocation (Lambda's BatchSize). @default 10 */
  batchSize?: number;
  /** Concurrent invocations for this queue (Lambda's ScalingConfig.MaximumConcurrency). @default 10 */
  maxConcurrency?: number;
  /** FunctionResponseTypes: ['ReportBatchItemFailures']. @default true */
  reportBatchItemFailures?: boolean;
}

export interface EventSourceMapping {
  readonly queueName: string;
  readonly handlerModule: string;
  /** Stops taking new batches and waits for the running invocations. */
  stop(): Promise<void>;
}

export interface SqsFaults {
  /** Every message is delivered twice, to different receives with different receipt handles. */
  duplicateDeliveries?: boolean;
}

export interface SqsOptions {
  /** Where messages persist; in memory only when absent. */
  dataDir?: string;
  port?: number;
  faults?: SqsFaults;
  /** How mappings run a handler module. @default invokeLambda of local/lambda-runtime */
  invoke?: (handlerModule: string, event: SQSEvent) => Promise<unknown>;
  log?: (line: string) => void;
}

export interface LocalSqs {
  readonly endpoint: string;
  queueUrl(queueName: string): string;
  queueArn(queueName: string): string;
  /** CreateQueue: idempotent for the same attributes; QueueNameExists for different ones. Returns the URL. */
  createQueue(queueName: string, attributes?: QueueAttributes): string;
  sendMessage(queueName: string, body: string, options?: { delaySeconds?: number; messageAttributes?: Record<string, MessageAttributeValue> }): { messageId: string };
  /** Lambda's SQS trigger: polls `queueName` and invokes `handlerModule` (functions/handlers path) with SQS events. */
  mapQueueToHandler(queueName: string, handlerModule: string, options?: EventSourceMappingOptions): EventSourceMapping;
  /** ApproximateNumberOfMessages / …NotVisible / …Delayed, as numbers. */
  counts(queueName: string): { visible: number; inFlight: number; delayed: number };
  setFaults(faults: SqsFaults): void;
  stop(): Promise<void>;
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

function checkBodyCharacters(body: string): void {
  const bad = FORBIDDEN_BODY_CHARACTER.exec(body)?.[0];
  if (bad === undefined) return;
  const hex = bad.codePointAt(0)!.toString(16).toUpperCase();
  throw new SqsError(
    'InvalidMessageContents',
    `Invalid binary character '#x${hex}' was found in the message body, the set of allowed characters is #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF`,
  );
}

const DEFAULT_ATTRIBUTES: Record<QueueAttributeName, string> = {
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

interface StoredMessage {
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

interface Queue {
  name: string;
  attributes: Record<QueueAttributeName, string>;
  createdAt: number;
  modifiedAt: number;
  messages: Map<string, StoredMessage>;
  timer?: NodeJS.Timeout;
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

const queueDoesNotExist = () => new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', 'AWS.SimpleQueueService.NonExistentQueue');
const invalidParameter = (message: string) => new SqsError('InvalidParameterValue', message);

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

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');

function integerParam(value: unknown, name: string, [min, max]: [number, number], fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw invalidParameter(`Value ${String(value)} for parameter ${name} is invalid. Reason: must be an integer from ${min} to ${max}.`);
  }
  return n;
}

/** The engine behind the wire protocol and the in-process API. */
class SqsEngine {
  readonly queues = new Map<string, Queue>();
  private persistTimer?: NodeJS.Timeout;
  stopped = false;

  constructor(
    private readonly file: string | undefined,
    public faults: SqsFaults,
  ) {
    if (file && fs.existsSync(file)) this.restore(JSON.parse(fs.readFileSync(file, 'utf8')) as PersistedState);
  }

  queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw queueDoesNotExist();
    return queue;
  }

  queueOfUrl(url: unknown): Queue {
    if (typeof url !== 'string' || !url) throw new SqsError('MissingParameter', 'The request must contain the parameter QueueUrl.');
    return this.queue(url.replace(/\/+$/, '').split('/').pop() ?? '');
  }

  createQueue(name: string, attributes: QueueAttributes = {}): Queue {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw invalidParameter('Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
    const wanted = { ...DEFAULT_ATTRIBUTES, ...validateAttributes(attributes) };
    const existing = this.queues.get(name);
    if (existing) {
      const differs = (Object.keys(attributes) as QueueAttributeName[]).some((k) => normalised(k, existing.attributes[k]) !== normalised(k, wanted[k]));
      if (differs) throw new SqsError('QueueNameExists', `A queue already exists with the same name and a different value for attribute(s)`, 'QueueAlreadyExists');
      return existing;
    }
    const now = Date.now();
    const queue: Queue = { name, attributes: wanted, createdAt: now, modifiedAt: now, messages: new Map(), listeners: new Set() };
    this.queues.set(name, queue);
    this.persistSoon();
    return queue;
  }

  setAttributes(queue: Queue, attributes: QueueAttributes): void {
    Object.assign(queue.attributes, validateAttributes(attributes));
    queue.modifiedAt = Date.now();
    this.persistSoon();
  }

  deleteQueue(queue: Queue): void {
    clearTimeout(queue.timer);
    this.queues.delete(queue.name);
    this.persistSoon();
  }

  send(queue: Queue, body: unknown, delaySeconds: unknown, messageAttributes: unknown): StoredMessage {
    if (typeof body !== 'string' || body.length === 0) throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body) > Number(queue.attributes.MaximumMessageSize)) {
      throw invalidParameter(`One or more parameters are invalid. Reason: Message must be shorter than ${queue.attributes.MaximumMessageSize} bytes.`);
    }
    checkBodyCharacters(body);
    const delay = integerParam(delaySeconds, 'DelaySeconds', [0, 900], Number(queue.attributes.DelaySeconds));
    const attributes = validateMessageAttributes(messageAttributes);
    const now = Date.now();
    const message: StoredMessage = {
      key: randomUUID(),
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      messageAttributes: attributes,
      md5OfMessageAttributes: md5OfMessageAttributes(attributes),
      sentAt: now,
      visibleAt: now + delay * 1000,
      receiveCount: 0,
    };
    queue.messages.set(message.key, message);
    this.wakeAt(queue, message.visibleAt);
    this.persistSoon();
    return message;
  }

  /** Takes up to `max` visible messages and hides them for `visibilitySeconds`. */
  receive(queue: Queue, max: number, visibilitySeconds: number): StoredMessage[] {
    const now = Date.now();
    const retentionMs = Number(queue.attributes.MessageRetentionPeriod) * 1000;
    const redrive = parseRedrive(queue.attributes.RedrivePolicy);
    const taken: StoredMessage[] = [];
    for (const message of queue.messages.values()) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.sentAt + retentionMs <= now) {
        queue.messages.delete(message.key);
        continue;
      }
      // Like SQS, a message that has used up its receives moves to the DLQ when next received.
      if (redrive && message.receiveCount >= redrive.maxReceiveCount) {
        const dlq = this.queues.get(queueNameOfArn(redrive.deadLetterTargetArn) ?? '');
        if (dlq) {
          queue.messages.delete(message.key);
          this.moveTo(dlq, message, localQueueArn(queue.name));
          continue;
        }
      }
      message.receiveCount += 1;
      message.firstReceiveAt ??= now;
      message.visibleAt = now + visibilitySeconds * 1000;
      message.receipt = Buffer.from(`${message.key}:${randomUUID()}`).toString('base64url');
      taken.push({ ...message });
      if (this.faults.duplicateDeliveries && !message.duplicated) {
        message.duplicated = true;
        const copy: StoredMessage = { ...message, key: randomUUID(), visibleAt: now, receipt: undefined, duplicated: true };
        queue.messages.set(copy.key, copy);
        this.wakeAt(queue, now);
      }
    }
    if (taken.length > 0) {
      this.wakeAt(queue, now + visibilitySeconds * 1000);
      this.persistSoon();
    }
    return taken;
  }

  private moveTo(dlq: Queue, message: StoredMessage, sourceArn: string): void {
    const now = Date.now();
    const moved: StoredMessage = { ...message, key: randomUUID(), visibleAt: now, receiveCount: 0, firstReceiveAt: undefined, receipt: undefined, duplicated: false, deadLetterQueueSourceArn: sourceArn };
    dlq.messages.set(moved.key, moved);
    this.wakeAt(dlq, now);
  }

  private byReceipt(queue: Queue, receipt: unknown): StoredMessage | undefined {
    if (typeof receipt !== 'string' || !receipt) throw new SqsError('MissingParameter', 'The request must contain the parameter ReceiptHandle.');
    const key = /^([0-9a-f-]{36}):/.exec(Buffer.from(receipt, 'base64url').toString('utf8'))?.[1];
    if (!key) throw new SqsError('ReceiptHandleIsInvalid', `The input receipt handle "${receipt}" is not a valid receipt handle.`);
    const message = queue.messages.get(key);
    return message?.receipt === receipt ? message : undefined;
  }

  /** A stale receipt handle (the message was received again since) succeeds without deleting, as on SQS. */
  delete(queue: Queue, receipt: unknown): void {
    const message = this.byReceipt(queue, receipt);
    if (message) {
      queue.messages.delete(message.key);
      this.persistSoon();
    }
  }

  changeVisibility(queue: Queue, receipt: unknown, timeout: unknown): void {
    const seconds = integerParam(timeout, 'VisibilityTimeout', [0, 43_200], Number.NaN);
    if (Number.isNaN(seconds)) throw new SqsError('MissingParameter', 'The request must contain the parameter VisibilityTimeout.');
    const message = this.byReceipt(queue, receipt);
    const now = Date.now();
    if (!message || message.visibleAt <= now) throw new SqsError('MessageNotInflight', 'The message referred to is not in flight.', 'AWS.SimpleQueueService.MessageNotInflight');
    message.visibleAt = now + seconds * 1000;
    this.wakeAt(queue, message.visibleAt);
    this.persistSoon();
  }

  purge(queue: Queue): void {
    queue.messages.clear();
    this.persistSoon();
  }

  counts(queue: Queue): { visible: number; inFlight: number; delayed: number } {
    const now = Date.now();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const m of queue.messages.values()) {
      if (m.visibleAt <= now) visible++;
      else if (m.receipt) inFlight++;
      else delayed++;
    }
    return { visible, inFlight, delayed };
  }

  /**
   * Arms the queue's one timer for `at` if that is sooner than what it waits for. Always a timer,
   * also when `at` has come: its firing looks for the next delayed message and arms for it. (A bare
   * notify here lost that chain when `at` came due between onTimer's scan and this call: the
   * messages after it waited for an unrelated visibility timeout.)
   */
  wakeAt(queue: Queue, at: number): void {
    if (this.stopped) return;
    if (queue.timer && queue.timerAt !== undefined && queue.timerAt <= at) return;
    clearTimeout(queue.timer);
    queue.timerAt = at;
    queue.timer = setTimeout(() => this.onTimer(queue), Math.max(0, at - Date.now()));
  }

  private onTimer(queue: Queue): void {
    queue.timer = undefined;
    queue.timerAt = undefined;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const m of queue.messages.values()) if (m.visibleAt > now && m.visibleAt < next) next = m.visibleAt;
    if (next !== Number.POSITIVE_INFINITY) this.wakeAt(queue, next);
    this.notify(queue);
  }

  private notify(queue: Queue): void {
    if (this.stopped) return;
    for (const listener of [...queue.listeners]) listener();
  }

  persistSoon(): void {
    if (!this.file || this.persistTimer || this.stopped) return;
    // Coalesces a burst of sends/deletes into one write (each writes every queue: at 50 ms apart a
    // busy minute's writes took a tenth of its CPU); stop() flushes what is pending.
    this.persistTimer = setTimeout(() => this.persistNow(), 250);
  }

  persistNow(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    if (!this.file) return;
    const state: PersistedState = {
      version: 1,
      queues: [...this.queues.values()].map((q) => ({ name: q.name, attributes: q.attributes, createdAt: q.createdAt, modifiedAt: q.modifiedAt, messages: [...q.messages.values()] })),
    };
    writeAtomically(this.file, JSON.stringify(state));
  }

  private restore(state: PersistedState): void {
    for (const q of state.queues) {
      const queue: Queue = { ...q, attributes: { ...DEFAULT_ATTRIBUTES, ...q.attributes }, messages: new Map(q.messages.map((m) => [m.key, m])), listeners: new Set() };
      this.queues.set(q.name, queue);
      const now = Date.now();
      let next = Number.POSITIVE_INFINITY;
      for (const m of queue.messages.values()) if (m.visibleAt > now) next = Math.min(next, m.visibleAt);
      if (next !== Number.POSITIVE_INFINITY) this.wakeAt(queue, next);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const queue of this.queues.values()) clearTimeout(queue.timer);
    if (this.persistTimer || this.file) this.persistNow();
  }
}

interface PersistedState {
  version: 1;
  queues: { name: string; attributes: Record<QueueAttributeName, string>; createdAt: number; modifiedAt: number; messages: StoredMessage[] }[];
}

export function writeAtomically(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

function normalised(name: QueueAttributeName, value: string | undefined): string {
  if (name === 'RedrivePolicy' && value) {
    const policy = parseRedrive(value);
    return policy ? `${policy.deadLetterTargetArn}|${policy.maxReceiveCount}` : value;
  }
  return value ?? '';
}

function parseRedrive(value: string | undefined): { deadLetterTargetArn: string; maxReceiveCount: number } | undefined {
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

function validateAttributes(attributes: unknown): QueueAttributes {
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
      throw new SqsError('InvalidAttributeValue', 'Value for parameter RedrivePolicy is invalid. Reason: Redrive policy is not a valid JSON map with deadLetterTargetArn and maxReceiveCount.');
    }
    out[name as QueueAttributeName] = value;
  }
  return out;
}

function validateMessageAttributes(raw: unknown): Record<string, MessageAttributeValue> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') throw invalidParameter('MessageAttributes must be a map');
  const entries = Object.entries(raw as Record<string, Partial<MessageAttributeValue>>);
  if (entries.length > 10) throw invalidParameter('Number of message attributes [' + entries.length + '] exceeds the allowed maximum [10].');
  const out: Record<string, MessageAttributeValue> = {};
  for (const [name, value] of entries) {
    if (!value || typeof value.DataType !== 'string' || !/^(String|Number|Binary)(\..+)?$/.test(value.DataType)) {
      throw invalidParameter(`The message attribute '${name}' has an invalid message attribute type, the set of supported type prefixes is Binary, Number, and String.`);
    }
    const binary = value.DataType.startsWith('Binary');
    if (binary ? typeof value.BinaryValue !== 'string' : typeof value.StringValue !== 'string') {
      throw invalidParameter(`The message attribute '${name}' must contain non-empty message attribute value for message attribute type '${value.DataType}'.`);
    }
    out[name] = binary ? { DataType: value.DataType, BinaryValue: value.BinaryValue } : { DataType: value.DataType, StringValue: value.StringValue };
  }
  return out;
}

function systemAttributes(message: StoredMessage): Record<string, string> {
  return {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
    SenderId: SENDER_ID,
    ApproximateFirstReceiveTimestamp: String(message.firstReceiveAt ?? message.sentAt),
    ...(message.deadLetterQueueSourceArn ? { DeadLetterQueueSourceArn: message.deadLetterQueueSourceArn } : {}),
  };
}

function selectAttributes<T>(all: Record<string, T>, wanted: unknown): Record<string, T> | undefined {
  const names = Array.isArray(wanted) ? (wanted as string[]) : [];
  if (names.length === 0) return undefined;
  const picked = Object.fromEntries(
    Object.entries(all).filter(([name]) => names.some((w) => w === 'All' || w === '.*' || w === name || (w.endsWith('.*') && name.startsWith(w.slice(0, -1))))),
  );
  return Object.keys(picked).length ? picked : undefined;
}

/** One batch entry's outcome. */
type Entry = { Id?: string };
function batch<E extends Entry, R>(entries: unknown, run: (entry: E) => R): { Successful: (R & { Id: string })[]; Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] } {
  if (!Array.isArray(entries) || entries.length === 0) throw new SqsError('EmptyBatchRequest', 'There should be at least one SendMessageBatchRequestEntry in the request.', 'AWS.SimpleQueueService.EmptyBatchRequest');
  if (entries.length > 10) throw new SqsError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are 10. You have sent ${entries.length}.`, 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest');
  const ids = entries.map((e: Entry) => e.Id);
  if (new Set(ids).size !== ids.length) throw new SqsError('BatchEntryIdsNotDistinct', 'Two or more batch entries in the request have the same Id.', 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct');
  const out: ReturnType<typeof batch<E, R>> = { Successful: [], Failed: [] };
  for (const entry of entries as E[]) {
    const id = entry.Id ?? '';
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(id)) throw new SqsError('InvalidBatchEntryId', 'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.', 'AWS.SimpleQueueService.InvalidBatchEntryId');
    try {
      out.Successful.push({ ...run(entry), Id: id });
    } catch (error) {
      if (!(error instanceof SqsError)) throw error;
      out.Failed.push({ Id: id, SenderFault: true, Code: error.queryCode, Message: error.message });
    }
  }
  return out;
}

type Input = Record<string, unknown>;

/** The JSON 1.0 operations. Each takes the parsed body and returns the response body. */
function operations(engine: SqsEngine, endpoint: () => string, longPoll: (queue: Queue, input: Input) => Promise<unknown>) {
  const url = (name: string) => `${endpoint()}/${LOCAL_ACCOUNT_ID}/${name}`;
  const sendResult = (m: StoredMessage) => ({ MessageId: m.messageId, MD5OfMessageBody: m.md5OfBody, ...(m.md5OfMessageAttributes ? { MD5OfMessageAttributes: m.md5OfMessageAttributes } : {}) });
  return {
    CreateQueue: (i: Input) => ({ QueueUrl: url(engine.createQueue(String(i.QueueName ?? ''), i.Attributes as QueueAttributes).name) }),
    GetQueueUrl: (i: Input) => ({ QueueUrl: url(engine.queue(String(i.QueueName ?? '')).name) }),
    ListQueues: (i: Input) => ({
      QueueUrls: [...engine.queues.keys()].filter((n) => n.startsWith(String(i.QueueNamePrefix ?? ''))).map(url),
    }),
    DeleteQueue: (i: Input) => (engine.deleteQueue(engine.queueOfUrl(i.QueueUrl)), {}),
    SendMessage: (i: Input) => sendResult(engine.send(engine.queueOfUrl(i.QueueUrl), i.MessageBody, i.DelaySeconds, i.MessageAttributes)),
    SendMessageBatch: (i: Input) => {
      const queue = engine.queueOfUrl(i.QueueUrl);
      // The whole batch shares the one-message ceiling: the sum of its bodies may not exceed 1 MiB.
      const total = Array.isArray(i.Entries) ? i.Entries.reduce((sum: number, e: Input) => sum + (typeof e?.MessageBody === 'string' ? Buffer.byteLength(e.MessageBody) : 0), 0) : 0;
      if (total > MAX_MESSAGE_BYTES) {
        throw new SqsError('BatchRequestTooLong', `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes. You have sent ${total} bytes.`, 'AWS.SimpleQueueService.BatchRequestTooLong');
      }
      return batch(i.Entries, (e: Entry & Input) => sendResult(engine.send(queue, e.MessageBody, e.DelaySeconds, e.MessageAttributes)));
    },
    ReceiveMessage: (i: Input) => longPoll(engine.queueOfUrl(i.QueueUrl), i),
    DeleteMessage: (i: Input) => (engine.delete(engine.queueOfUrl(i.QueueUrl), i.ReceiptHandle), {}),
    DeleteMessageBatch: (i: Input) => {
      const queue = engine.queueOfUrl(i.QueueUrl);
      return batch(i.Entries, (e: Entry & Input) => (engine.delete(queue, e.ReceiptHandle), {}));
    },
    ChangeMessageVisibility: (i: Input) => (engine.changeVisibility(engine.queueOfUrl(i.QueueUrl), i.ReceiptHandle, i.VisibilityTimeout), {}),
    ChangeMessageVisibilityBatch: (i: Input) => {
      const queue = engine.queueOfUrl(i.QueueUrl);
      return batch(i.Entries, (e: Entry & Input) => (engine.changeVisibility(queue, e.ReceiptHandle, e.VisibilityTimeout), {}));
    },
    GetQueueAttributes: (i: Input) => {
      const queue = engine.queueOfUrl(i.QueueUrl);
      const { visible, inFlight, delayed } = engine.counts(queue);
      const all: Record<string, string> = {
        ...Object.fromEntries(Object.entries(queue.attributes).filter(([, v]) => v !== '')),
        QueueArn: localQueueArn(queue.name),
        ApproximateNumberOfMessages: String(visible),
        ApproximateNumberOfMessagesNotVisible: String(inFlight),
        ApproximateNumberOfMessagesDelayed: String(delayed),
        CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
        LastModifiedTimestamp: String(Math.floor(queue.modifiedAt / 1000)),
      };
      return { Attributes: selectAttributes(all, i.AttributeNames) ?? {} };
    },
    SetQueueAttributes: (i: Input) => (engine.setAttributes(engine.queueOfUrl(i.QueueUrl), i.Attributes as QueueAttributes), {}),
    PurgeQueue: (i: Input) => (engine.purge(engine.queueOfUrl(i.QueueUrl)), {}),
  } satisfies Record<string, (input: Input) => unknown>;
}

function receiveResponse(messages: StoredMessage[], input: Input) {
  if (messages.length === 0) return {};
  const wantedSystem = [...((input.AttributeNames as string[] | undefined) ?? []), ...((input.MessageSystemAttributeNames as string[] | undefined) ?? [])];
  return {
    Messages: messages.map((m) => {
      const attributes = selectAttributes(systemAttributes(m), wantedSystem);
      const messageAttributes = selectAttributes(m.messageAttributes, input.MessageAttributeNames);
      return {
        MessageId: m.messageId,
        ReceiptHandle: m.receipt,
        MD5OfBody: m.md5OfBody,
        Body: m.body,
        ...(attributes ? { Attributes: attributes } : {}),
        ...(messageAttributes ? { MessageAttributes: messageAttributes, MD5OfMessageAttributes: md5OfMessageAttributes(messageAttributes) } : {}),
      };
    }),
  };
}

function toRecord(m: StoredMessage, queueName: string): SQSRecord {
  return {
    messageId: m.messageId,
    receiptHandle: m.receipt!,
    body: m.body,
    attributes: systemAttributes(m) as unknown as SQSRecord['attributes'],
    messageAttributes: Object.fromEntries(
      Object.entries(m.messageAttributes).map(([name, v]) => [
        name,
        { dataType: v.DataType, ...(v.StringValue !== undefined ? { stringValue: v.StringValue } : {}), ...(v.BinaryValue !== undefined ? { binaryValue: v.BinaryValue } : {}), stringListValues: [], binaryListValues: [] },
      ]),
    ),
    md5OfBody: m.md5OfBody,
    ...(m.md5OfMessageAttributes ? { md5OfMessageAttributes: m.md5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: localQueueArn(queueName),
    awsRegion: LOCAL_LAMBDA_REGION,
  } as SQSRecord;
}

export async function startSqs(options: SqsOptions = {}): Promise<LocalSqs> {
  const log = options.log ?? ((line: string) => console.error(line));
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const engine = new SqsEngine(options.dataDir ? path.join(options.dataDir, 'sqs.json') : undefined, { ...options.faults });
  const invoke = options.invoke ?? ((module: string, event: SQSEvent) => invokeLambda(module, event));
  const waiting = new Set<() => void>();
  let endpoint = '';

  function longPoll(queue: Queue, input: Input): Promise<unknown> {
    const max = integerParam(input.MaxNumberOfMessages, 'MaxNumberOfMessages', [1, 10], 1);
    const visibility = integerParam(input.VisibilityTimeout, 'VisibilityTimeout', [0, 43_200], Number(queue.attributes.VisibilityTimeout));
    const wait = integerParam(input.WaitTimeSeconds, 'WaitTimeSeconds', [0, 20], Number(queue.attributes.ReceiveMessageWaitTimeSeconds));
    const first = engine.receive(queue, max, visibility);
    if (first.length > 0 || wait === 0) return Promise.resolve(receiveResponse(first, input));
    return new Promise((resolve) => {
      const done = (messages: StoredMessage[]) => {
        clearTimeout(timer);
        queue.listeners.delete(listener);
        waiting.delete(cancel);
        resolve(receiveResponse(messages, input));
      };
      const listener = () => {
        const messages = engine.receive(queue, max, visibility);
        if (messages.length > 0) done(messages);
      };
      const cancel = () => done([]);
      const timer = setTimeout(cancel, wait * 1000);
      queue.listeners.add(listener);
      waiting.add(cancel);
    });
  }

  const ops = operations(engine, () => endpoint, longPoll);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
      });
    });
  });

  async function handle(req: http.IncomingMessage, raw: Buffer): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    try {
      if ((req.url ?? '').startsWith('/_control/faults')) {
        if (req.method === 'POST') engine.faults = { ...(raw.length ? (JSON.parse(raw.toString('utf8')) as SqsFaults) : {}) };
        return { status: 200, body: engine.faults };
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
      if (!(op in ops)) throw new SqsError('UnsupportedOperation', `The local SQS does not support ${target || 'this request'} (JSON protocol only).`, 'AWS.SimpleQueueService.UnsupportedOperation');
      let input: Input;
      try {
        input = raw.length ? (JSON.parse(raw.toString('utf8')) as Input) : {};
      } catch {
        throw new SqsError('InvalidParameterValue', 'The request body is not valid JSON.');
      }
      return { status: 200, body: await ops[op as keyof typeof ops](input) };
    } catch (error) {
      if (!(error instanceof SqsError)) {
        log(`[local sqs] ${String((error as Error).stack ?? error)}`);
        return { status: 500, body: { __type: 'com.amazonaws.sqs#InternalError', message: 'Local SQS error' } };
      }
      return {
        status: 400,
        body: { __type: `com.amazonaws.sqs#${error.code}`, message: error.message },
        headers: { 'x-amzn-query-error': `${error.queryCode};Sender` },
      };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mappings = new Set<{ stop(): Promise<void> }>();

  function mapQueueToHandler(queueName: string, handlerModule: string, mappingOptions: EventSourceMappingOptions = {}): EventSourceMapping {
    const queue = engine.queue(queueName);
    const batchSize = mappingOptions.batchSize ?? 10;
    const maxConcurrency = mappingOptions.maxConcurrency ?? 10;
    const reportFailures = mappingOptions.reportBatchItemFailures ?? true;
    const running = new Set<Promise<void>>();
    let stopped = false;

    async function run(messages: StoredMessage[]): Promise<void> {
      const event: SQSEvent = { Records: messages.map((m) => toRecord(m, queue.name)) };
      let result: unknown;
      try {
        result = await invoke(handlerModule, event);
      } catch (error) {
        // A thrown error fails the whole batch: every record reappears after the visibility timeout.
        log(`[local sqs] ${handlerModule} failed a batch of ${messages.length} from ${queue.name}: ${(error as Error).message}`);
        return;
      }
      const failures = reportFailures ? (result as { batchItemFailures?: { itemIdentifier?: unknown }[] } | undefined)?.batchItemFailures : undefined;
      let failed = new Set<string>();
      if (Array.isArray(failures)) {
        const ids = new Set(messages.map((m) => m.messageId));
        // Lambda treats a malformed or unknown itemIdentifier as a failure of the whole batch.
        if (failures.some((f) => typeof f?.itemIdentifier !== 'string' || !ids.has(f.itemIdentifier))) return;
        failed = new Set(failures.map((f) => f.itemIdentifier as string));
      }
      if (engine.stopped) return;
      for (const m of messages) if (!failed.has(m.messageId)) engine.delete(queue, m.receipt);
    }

    function drain(): void {
      while (!stopped && !engine.stopped && running.size < maxConcurrency) {
        const messages = engine.receive(queue, batchSize, Number(queue.attributes.VisibilityTimeout));
        if (messages.length === 0) return;
        const invocation: Promise<void> = run(messages).finally(() => {
          running.delete(invocation);
          drain();
        });
        running.add(invocation);
      }
    }

    queue.listeners.add(drain);
    setImmediate(drain);
    const mapping = {
      queueName,
      handlerModule,
      async stop() {
        stopped = true;
        queue.listeners.delete(drain);
        mappings.delete(mapping);
        // A hung handler must not hold up shutdown; its messages reappear after the visibility timeout.
        await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      },
    };
    mappings.add(mapping);
    return mapping;
  }

  return {
    endpoint,
    queueUrl: (name) => `${endpoint}/${LOCAL_ACCOUNT_ID}/${name}`,
    queueArn: localQueueArn,
    createQueue: (name, attributes) => `${endpoint}/${LOCAL_ACCOUNT_ID}/${engine.createQueue(name, attributes).name}`,
    sendMessage: (name, body, o = {}) => ({ messageId: engine.send(engine.queue(name), body, o.delaySeconds, o.messageAttributes).messageId }),
    mapQueueToHandler,
    counts: (name) => engine.counts(engine.queue(name)),
    setFaults: (faults) => {
      engine.faults = { ...faults };
    },
    async stop() {
      for (const cancel of [...waiting]) cancel();
      await Promise.allSettled([...mappings].map((m) => m.stop()));
      engine.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let running: LocalSqs | undefined;

/** The local cloud's SQS, for modules started after it (queues and mappings of the publishing engine). */
export function localSqs(): LocalSqs {
  if (!running) throw new Error('The local SQS is not running');
  return running;
}

export const sqsModule: LocalModule = {
  name: 'SQS (local emulator)',
  async start({ dataDir }) {
    const sqs = await startSqs({ dataDir, faults: { duplicateDeliveries: process.env.LOCAL_SQS_DUPLICATE_DELIVERIES === 'true' } });
    running = sqs;
    return {
      env: { SQS_ENDPOINT: sqs.endpoint },
      async stop() {
        await sqs.stop();
        if (running === sqs) running = undefined;
      },
    };
  },
};
