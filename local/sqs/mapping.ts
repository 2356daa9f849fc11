import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { LOCAL_LAMBDA_REGION } from '../lambda-runtime';
import type { SqsEngine } from './engine';
import { localQueueArn, systemAttributes, type Queue, type StoredMessage } from './messages';

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

/**
 * Lambda's SQS trigger for one queue: whenever messages may have become visible it takes batches
 * (up to maxConcurrency at once), invokes the handler, and deletes what the handler did not report
 * as failed.
 */
export class QueueMapping implements EventSourceMapping {
  private readonly queue: Queue;
  private readonly batchSize: number;
  private readonly maxConcurrency: number;
  private readonly reportFailures: boolean;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly drain = () => this.takeBatches();

  constructor(
    private readonly engine: SqsEngine,
    readonly queueName: string,
    readonly handlerModule: string,
    options: EventSourceMappingOptions,
    private readonly invoke: (handlerModule: string, event: SQSEvent) => Promise<unknown>,
    private readonly log: (line: string) => void,
  ) {
    this.queue = engine.queue(queueName);
    this.batchSize = options.batchSize ?? 10;
    this.maxConcurrency = options.maxConcurrency ?? 10;
    this.reportFailures = options.reportBatchItemFailures ?? true;
    this.queue.listeners.add(this.drain);
    setImmediate(this.drain);
  }

  private takeBatches(): void {
    const { engine, queue } = this;
    while (!this.stopped && !engine.stopped && this.running.size < this.maxConcurrency) {
      const messages = engine.receive(queue, this.batchSize, Number(queue.attributes.VisibilityTimeout));
      if (messages.length === 0) return;
      const invocation: Promise<void> = this.run(messages).finally(() => {
        this.running.delete(invocation);
        this.takeBatches();
      });
      this.running.add(invocation);
    }
  }

  private async run(messages: StoredMessage[]): Promise<void> {
    const { engine, queue, handlerModule } = this;
    const event: SQSEvent = { Records: messages.map((m) => toRecord(m, queue.name)) };
    let result: unknown;
    try {
      result = await this.invoke(handlerModule, event);
    } catch (error) {
      // A thrown error fails the whole batch: every record reappears after the visibility timeout.
      this.log(`[local sqs] ${handlerModule} failed a batch of ${messages.length} from ${queue.name}: ${(error as Error).message}`);
      return;
    }
    const failures = this.reportFailures ? (result as { batchItemFailures?: { itemIdentifier?: unknown }[] } | undefined)?.batchItemFailures : undefined;
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

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.listeners.delete(this.drain);
    // A hung handler must not hold up shutdown; its messages reappear after the visibility timeout.
    await Promise.race([Promise.allSettled([...this.running]), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  }
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
        {
          dataType: v.DataType,
          ...(v.StringValue !== undefined ? { stringValue: v.StringValue } : {}),
          ...(v.BinaryValue !== undefined ? { binaryValue: v.BinaryValue } : {}),
          stringListValues: [],
          binaryListValues: [],
        },
      ]),
    ),
    md5OfBody: m.md5OfBody,
    ...(m.md5OfMessageAttributes ? { md5OfMessageAttributes: m.md5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: localQueueArn(queueName),
    awsRegion: LOCAL_LAMBDA_REGION,
  } as SQSRecord;
}
