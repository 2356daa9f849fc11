import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { systemClock, type LocalClock } from '../clock';
import { listenLocal } from '../http-server';
import { LOCAL_ACCOUNT_ID, invokeLambda } from '../lambda-runtime';
import type { LocalModule } from '../modules';
import { SqsApi } from './api';
import { SqsEngine, type SqsFaults } from './engine';
import { SqsError } from './messages';
import { QueueMapping, type EventSourceMapping, type EventSourceMappingOptions } from './mapping';
import { localQueueArn, type MessageAttributeValue, type QueueAttributes } from './messages';

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
 *
 * messages.ts holds validation and attributes, engine.ts the queues, api.ts the wire protocol,
 * mapping.ts the event source mappings.
 */
export { MAX_MESSAGE_BYTES, SqsError, localQueueArn, md5OfMessageAttributes, queueNameOfArn, redrivePolicy } from './messages';
export type { MessageAttributeValue, QueueAttributeName, QueueAttributes } from './messages';
export type { EventSourceMapping, EventSourceMappingOptions } from './mapping';
export type { SqsFaults } from './engine';

export interface SqsOptions {
  /** Where messages persist; in memory only when absent. */
  dataDir?: string;
  port?: number;
  faults?: SqsFaults;
  /** How mappings run a handler module. @default invokeLambda of local/lambda-runtime */
  invoke?: (handlerModule: string, event: SQSEvent) => Promise<unknown>;
  /** Time for delays, visibility timeouts and long polls; tests pass a fake one. @default the system clock */
  clock?: LocalClock;
  log?: (line: string) => void;
}

export interface LocalSqs {
  readonly endpoint: string;
  queueUrl(queueName: string): string;
  queueArn(queueName: string): string;
  /** CreateQueue: idempotent for the same attributes; QueueNameExists for different ones. Returns the URL. */
  createQueue(queueName: string, attributes?: QueueAttributes): string;
  /**
   * CreateQueue, or SetQueueAttributes when a queue of that name kept from an earlier start has
   * other attributes: what a CloudFormation update does to a deployed queue whose settings changed.
   */
  ensureQueue(queueName: string, attributes: QueueAttributes): string;
  sendMessage(
    queueName: string,
    body: string,
    options?: { delaySeconds?: number; messageAttributes?: Record<string, MessageAttributeValue> },
  ): { messageId: string };
  /** Lambda's SQS trigger: polls `queueName` and invokes `handlerModule` (functions/handlers path) with SQS events. */
  mapQueueToHandler(queueName: string, handlerModule: string, options?: EventSourceMappingOptions): EventSourceMapping;
  /** ApproximateNumberOfMessages / …NotVisible / …Delayed, as numbers. */
  counts(queueName: string): { visible: number; inFlight: number; delayed: number };
  setFaults(faults: SqsFaults): void;
  stop(): Promise<void>;
}

export async function startSqs(options: SqsOptions = {}): Promise<LocalSqs> {
  const log = options.log ?? ((line: string) => console.error(line));
  const clock = options.clock ?? systemClock;
  const engine = new SqsEngine(options.dataDir ? path.join(options.dataDir, 'sqs.json') : undefined, { ...options.faults }, clock);
  const invoke = options.invoke ?? ((module: string, event: SQSEvent) => invokeLambda(module, event));
  let endpoint = '';
  const api = new SqsApi(engine, clock, () => endpoint, log);
  const server = await listenLocal(options.port, (req, res, raw) => {
    void api.handle(req.url ?? '', req.method ?? 'POST', String(req.headers['x-amz-target'] ?? ''), raw).then(({ status, body, headers }) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
    });
  });
  endpoint = server.endpoint;
  const mappings = new Set<EventSourceMapping>();
  const url = (name: string) => `${endpoint}/${LOCAL_ACCOUNT_ID}/${name}`;

  return {
    endpoint,
    queueUrl: url,
    queueArn: localQueueArn,
    createQueue: (name, attributes) => url(engine.createQueue(name, attributes).name),
    ensureQueue(name, attributes) {
      try {
        return url(engine.createQueue(name, attributes).name);
      } catch (error) {
        if (!(error instanceof SqsError) || error.queryCode !== 'QueueAlreadyExists') throw error;
        engine.setAttributes(engine.queue(name), attributes);
        return url(name);
      }
    },
    sendMessage: (name, body, o = {}) => ({ messageId: engine.send(engine.queue(name), body, o.delaySeconds, o.messageAttributes).messageId }),
    mapQueueToHandler(queueName, handlerModule, mappingOptions = {}) {
      const mapping = new QueueMapping(engine, queueName, handlerModule, mappingOptions, invoke, log);
      mappings.add(mapping);
      return {
        queueName,
        handlerModule,
        async stop() {
          mappings.delete(mapping);
          await mapping.stop();
        },
      };
    },
    counts: (name) => engine.counts(engine.queue(name)),
    setFaults: (faults) => {
      engine.faults = { ...faults };
    },
    async stop() {
      api.stop();
      await Promise.allSettled([...mappings].map((m) => m.stop()));
      engine.stop();
      await server.close();
    },
  };
}

/** The SQS as a module of the local cloud: later modules (publishing, the Scheduler's DLQ) get it as `services.sqs`. */
export const sqsModule: LocalModule = {
  name: 'SQS (local emulator)',
  async start({ dataDir }) {
    const sqs = await startSqs({ dataDir, faults: { duplicateDeliveries: process.env.LOCAL_SQS_DUPLICATE_DELIVERIES === 'true' } });
    return { env: { SQS_ENDPOINT: sqs.endpoint }, provides: { sqs }, stop: () => sqs.stop() };
  },
};
