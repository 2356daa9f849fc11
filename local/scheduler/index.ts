import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { systemClock, type LocalClock } from '../clock';
import { listenLocal } from '../http-server';
import { invokeFunctionArn, localFunctionArn } from '../lambda-runtime';
import { requireService, type LocalModule } from '../modules';
import { queueNameOfArn, type LocalSqs, type MessageAttributeValue } from '../sqs';
import { handleSchedulerRequest } from './api';
import { SchedulerEngine } from './engine';
import { SchedulerError } from './model';

/**
 * The local EventBridge Scheduler: the rest-json API that @aws-sdk/client-scheduler speaks
 * (schedules and schedule groups), and the firing of one-time `at()` and `rate()` schedules whose
 * targets are Lambda functions of this repository, invoked in process.
 *
 * Like the real service, a schedule fires at a random moment inside its target minute (one-minute
 * precision), so the code that depends on it copes with that. Schedules survive a restart
 * (`<dataDir>/scheduler.json`); those that came due while the local cloud was stopped fire as soon as
 * it starts again.
 *
 * Firing follows the brief of the local cloud: a handler error is retried per the target's
 * RetryPolicy with exponential backoff, then the event goes to the DeadLetterConfig queue. (On AWS,
 * Scheduler hands a Lambda target to Lambda's async invoke, which retries function errors per the
 * function's own async config; the schedule's RetryPolicy/DLQ cover delivery failures.)
 * cron() expressions, tags and KMS are not emulated.
 *
 * model.ts holds the resources and their validation, engine.ts the state and firing, api.ts the wire.
 */

export const LOCAL_SCHEDULE_GROUP = 'posts';

/** Time as the emulator sees it; tests pass a fake one. */
export type SchedulerClock = LocalClock;
export { systemClock };

export interface SchedulerOptions {
  /** Where schedules persist; in memory only when absent. */
  dataDir?: string;
  port?: number;
  clock?: SchedulerClock;
  /** The second inside the target minute: `random() * 60 s`. @default Math.random */
  random?: () => number;
  /** 'start' fires at second 0 of the target minute (deterministic runs). @default 'random' */
  fireAt?: 'random' | 'start';
  /** Groups that exist from the start, besides `default`. */
  groups?: readonly string[];
  /** Runs a target. @default invokeFunctionArn of local/lambda-runtime */
  invoke?: (targetArn: string, event: unknown) => Promise<unknown>;
  /** Delivers a failed event to a DLQ. @default none: the failure is only logged */
  deadLetter?: (queueArn: string, body: string, attributes: Record<string, MessageAttributeValue>) => Promise<void> | void;
  /** First retry delay, doubled per attempt up to retryMaxMs. @default 1000 */
  retryBaseMs?: number;
  /** @default 60000 */
  retryMaxMs?: number;
  log?: (line: string) => void;
}

export interface LocalScheduler {
  readonly endpoint: string;
  /** Fires a schedule now, whatever its time (also `POST <endpoint>/_control/groups/<group>/schedules/<name>/fire`). */
  fireNow(name: string, group?: string): Promise<void>;
  /** Resolves when no firing (or its retries) is under way. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function startScheduler(options: SchedulerOptions = {}): Promise<LocalScheduler> {
  const log = options.log ?? ((line: string) => console.error(line));
  const engine = new SchedulerEngine({
    file: options.dataDir ? path.join(options.dataDir, 'scheduler.json') : undefined,
    clock: options.clock ?? systemClock,
    policy: { fireAt: options.fireAt ?? 'random', random: options.random ?? Math.random },
    groups: options.groups ?? [],
    invoke: options.invoke ?? ((arn, event) => invokeFunctionArn(arn, event)),
    deadLetter: options.deadLetter ?? ((queueArn) => Promise.reject(new Error(`no dead-letter queue is connected for ${queueArn}`))),
    retryBaseMs: options.retryBaseMs ?? 1000,
    retryMaxMs: options.retryMaxMs ?? 60_000,
    log,
  });

  const server = await listenLocal(options.port, (req, res, raw) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
    let body: Record<string, unknown>;
    try {
      const text = raw.toString('utf8');
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      send(400, { Message: 'The request body is not valid JSON.' }, { 'x-amzn-errortype': 'ValidationException' });
      return;
    }
    handleSchedulerRequest(engine, req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost'), body).then(
      (result) => send(200, result),
      (error: unknown) => {
        if (error instanceof SchedulerError) return send(error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
        log(`[local scheduler] ${String((error as Error).stack ?? error)}`);
        send(500, { Message: 'Local Scheduler error' }, { 'x-amzn-errortype': 'InternalServerException' });
      },
    );
  });

  // Schedules that came due while the local cloud was stopped fire now (their time is in the past).
  engine.rearm();

  return {
    endpoint: server.endpoint,
    fireNow: (name, group) => engine.fireNow(name, group),
    idle: () => engine.idle(),
    async stop() {
      engine.stop();
      await server.close();
    },
  };
}

/** A Scheduler DeadLetterConfig that sends to the local SQS, when the ARN names one of its queues. */
export function deadLetterToSqs(sqs: LocalSqs) {
  return (queueArn: string, body: string, attributes: Record<string, MessageAttributeValue>): void => {
    const queue = queueNameOfArn(queueArn);
    if (!queue) throw new Error(`${queueArn} is not a queue of the local SQS`);
    sqs.sendMessage(queue, body, { messageAttributes: attributes });
  };
}

/**
 * The Scheduler as a module of the local cloud, with the group posts are scheduled in. `functions`
 * (env var → handler module) puts the ARNs of Scheduler's targets into the handlers' environment.
 */
export function schedulerModule(functions: Readonly<Record<string, string>> = {}): LocalModule {
  return {
    name: 'EventBridge Scheduler (local emulator)',
    async start({ dataDir, services }) {
      const deadLetter = deadLetterToSqs(requireService(services, 'sqs', 'The Scheduler'));
      const scheduler = await startScheduler({
        dataDir,
        groups: [LOCAL_SCHEDULE_GROUP],
        deadLetter,
        fireAt: process.env.LOCAL_SCHEDULER_FIRE_AT === 'start' ? 'start' : 'random',
      });
      return {
        env: {
          SCHEDULER_ENDPOINT: scheduler.endpoint,
          SCHEDULE_GROUP: LOCAL_SCHEDULE_GROUP,
          ...Object.fromEntries(Object.entries(functions).map(([name, module]) => [name, localFunctionArn(module)])),
        },
        stop: scheduler.stop,
      };
    },
  };
}
