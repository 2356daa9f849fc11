import type { LocalClock } from '../clock';
import { LOCAL_ACCOUNT_ID } from '../lambda-runtime';
import type { SqsEngine, SqsFaults } from './engine';
import {
  MAX_MESSAGE_BYTES,
  SqsError,
  integerParam,
  localQueueArn,
  md5OfMessageAttributes,
  selectAttributes,
  systemAttributes,
  type Queue,
  type QueueAttributes,
  type StoredMessage,
} from './messages';

/** A response of the JSON 1.0 protocol: status, body, extra headers. */
export interface SqsResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Op>`) over the engine, with the long polls
 * it keeps waiting (stop() answers them empty), the `/_control/faults` switch and the `/_control/messages/<queue>` read.
 */
export class SqsApi {
  private readonly waiting = new Set<() => void>();
  private readonly ops: ReturnType<typeof operations>;

  constructor(
    private readonly engine: SqsEngine,
    private readonly clock: LocalClock,
    endpoint: () => string,
    private readonly log: (line: string) => void,
  ) {
    this.ops = operations(engine, endpoint, (queue, input) => this.longPoll(queue, input));
  }

  async handle(url: string, method: string, target: string, raw: Buffer): Promise<SqsResponse> {
    try {
      if (url.startsWith('/_control/faults')) {
        if (method === 'POST') this.engine.faults = { ...(raw.length ? (JSON.parse(raw.toString('utf8')) as SqsFaults) : {}) };
        return { status: 200, body: this.engine.faults };
      }
      if (url.startsWith('/_control/messages/') && method === 'GET') {
        // What a queue holds (waiting, in flight or delayed), read without receiving it: a test that
        // must show one delivery did nothing waits for that delivery's message to be gone, whatever
        // other tests left on the shared queue. SQS has no such read; this is the emulator's own.
        const queue = this.engine.queue(decodeURIComponent(url.slice('/_control/messages/'.length).split('?')[0] ?? ''));
        return { status: 200, body: { Messages: [...queue.messages.values()].map((m) => ({ MessageId: m.messageId, Body: m.body })) } };
      }
      const op = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
      if (!(op in this.ops))
        throw new SqsError(
          'UnsupportedOperation',
          `The local SQS does not support ${target || 'this request'} (JSON protocol only).`,
          'AWS.SimpleQueueService.UnsupportedOperation',
        );
      let input: Input;
      try {
        input = raw.length ? (JSON.parse(raw.toString('utf8')) as Input) : {};
      } catch {
        throw new SqsError('InvalidParameterValue', 'The request body is not valid JSON.');
      }
      return { status: 200, body: await this.ops[op as keyof typeof this.ops](input) };
    } catch (error) {
      if (!(error instanceof SqsError)) {
        this.log(`[local sqs] ${String((error as Error).stack ?? error)}`);
        return { status: 500, body: { __type: 'com.amazonaws.sqs#InternalError', message: 'Local SQS error' } };
      }
      return {
        status: 400,
        body: { __type: `com.amazonaws.sqs#${error.code}`, message: error.message },
        headers: { 'x-amzn-query-error': `${error.queryCode};Sender` },
      };
    }
  }

  private longPoll(queue: Queue, input: Input): Promise<unknown> {
    const engine = this.engine;
    const max = integerParam(input.MaxNumberOfMessages, 'MaxNumberOfMessages', [1, 10], 1);
    const visibility = integerParam(input.VisibilityTimeout, 'VisibilityTimeout', [0, 43_200], Number(queue.attributes.VisibilityTimeout));
    const wait = integerParam(input.WaitTimeSeconds, 'WaitTimeSeconds', [0, 20], Number(queue.attributes.ReceiveMessageWaitTimeSeconds));
    const first = engine.receive(queue, max, visibility);
    if (first.length > 0 || wait === 0) return Promise.resolve(receiveResponse(first, input));
    return new Promise((resolve) => {
      const done = (messages: StoredMessage[]) => {
        cancelTimer();
        queue.listeners.delete(listener);
        this.waiting.delete(cancel);
        resolve(receiveResponse(messages, input));
      };
      const listener = () => {
        const messages = engine.receive(queue, max, visibility);
        if (messages.length > 0) done(messages);
      };
      const cancel = () => done([]);
      const cancelTimer = this.clock.setTimer(this.clock.now() + wait * 1000, cancel);
      queue.listeners.add(listener);
      this.waiting.add(cancel);
    });
  }

  /** Answers every long poll still waiting, with no messages. */
  stop(): void {
    for (const cancel of [...this.waiting]) cancel();
  }
}

/** One batch entry's outcome. */
type Entry = { Id?: string };
function batch<E extends Entry, R>(
  entries: unknown,
  run: (entry: E) => R,
): { Successful: (R & { Id: string })[]; Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] } {
  if (!Array.isArray(entries) || entries.length === 0)
    throw new SqsError(
      'EmptyBatchRequest',
      'There should be at least one SendMessageBatchRequestEntry in the request.',
      'AWS.SimpleQueueService.EmptyBatchRequest',
    );
  if (entries.length > 10)
    throw new SqsError(
      'TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are 10. You have sent ${entries.length}.`,
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
    );
  const ids = entries.map((e: Entry) => e.Id);
  if (new Set(ids).size !== ids.length)
    throw new SqsError(
      'BatchEntryIdsNotDistinct',
      'Two or more batch entries in the request have the same Id.',
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
    );
  const out: ReturnType<typeof batch<E, R>> = { Successful: [], Failed: [] };
  for (const entry of entries as E[]) {
    const id = entry.Id ?? '';
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(id))
      throw new SqsError(
        'InvalidBatchEntryId',
        'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
        'AWS.SimpleQueueService.InvalidBatchEntryId',
      );
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
  const sendResult = (m: StoredMessage) => ({
    MessageId: m.messageId,
    MD5OfMessageBody: m.md5OfBody,
    ...(m.md5OfMessageAttributes ? { MD5OfMessageAttributes: m.md5OfMessageAttributes } : {}),
  });
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
      const total = Array.isArray(i.Entries)
        ? i.Entries.reduce((sum: number, e: Input) => sum + (typeof e?.MessageBody === 'string' ? Buffer.byteLength(e.MessageBody) : 0), 0)
        : 0;
      if (total > MAX_MESSAGE_BYTES) {
        throw new SqsError(
          'BatchRequestTooLong',
          `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes. You have sent ${total} bytes.`,
          'AWS.SimpleQueueService.BatchRequestTooLong',
        );
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
