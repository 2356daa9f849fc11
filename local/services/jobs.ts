import { PLATFORMS } from '@shared/platforms';
import { JOBS, jobEntries, queueVisibilityTimeoutSeconds, type JobDef, type JobName, type QueueTrigger } from '../../functions/jobs';
import { invokeLambda } from '../lambda-runtime';
import { requireService, type LocalModule } from '../modules';
import { localQueueArn, redrivePolicy, type EventSourceMapping } from '../sqs';
import { sweepRoute } from './sweep-route';

/**
 * The job table (functions/jobs.ts) on the local cloud, as infra/constructs/jobs.ts wires it on AWS:
 * each queue job's queue and DLQ with the declared redrive, retention and visibility, its function
 * mapped to the queue with the declared batch and concurrency; each dead-letters job mapped to the
 * DLQs it drains; each rate job on a timer, and `POST /_local/jobs/<job>` with `{ "time": "<ISO>" }`
 * to fire it now as of that time (tests and the e2e flow, after moving the sandbox clock). Starts
 * after SQS, before the Scheduler (which invokes the scheduler targets by the ARNs set here).
 *
 * What it wires is `localJobWiring()`, a pure function of the table and the environment, so that
 * test/infra/jobs-parity.test.ts compares it with the synthesized template without starting anything.
 */

/** A queue as the local cloud creates it, and the mapping that drains it. */
export interface LocalQueue {
  readonly name: string;
  readonly deadLetterQueue: string;
  readonly visibilityTimeoutSeconds: number;
  readonly retentionSeconds: number;
  readonly maxReceiveCount: number;
  readonly deadLetterRetentionSeconds: number;
  /** Set when a dead-letters job drains the DLQ: six of its timeouts, as on AWS. */
  readonly deadLetterVisibilityTimeoutSeconds?: number;
  /** The platform of a per-platform queue. */
  readonly platform?: string;
}

export interface LocalMapping {
  readonly batchSize: number;
  readonly maxBatchingWindowSeconds?: number;
  readonly maxConcurrency: number;
}

export type LocalJobWiring =
  | { readonly kind: 'rate'; readonly handler: string; readonly everyMs: number; readonly path: string }
  | { readonly kind: 'queue'; readonly handler: string; readonly queues: readonly LocalQueue[]; readonly mapping: LocalMapping; readonly urlEnv: string }
  | { readonly kind: 'dead-letters'; readonly handler: string; readonly drains: readonly string[]; readonly mapping: LocalMapping }
  | {
      readonly kind: 'scheduler-target';
      readonly handler: string;
      readonly arnEnv: string;
      readonly deadLetterQueue: string;
      readonly deadLetterRetentionSeconds: number;
      /** Six timeouts of the dead-letters job that drains it. */
      readonly deadLetterVisibilityTimeoutSeconds?: number;
      readonly retryAttempts: number;
    };

/**
 * The local default of each concurrency setting when it is unset. PUBLISHER_CONCURRENCY: Lambda's
 * ceiling (1,000), not AWS's 50: the local cloud prepares a busy minute's posts PUBLISH_LEAD_SECONDS
 * (15) ahead, five times AWS's 3 s, and a delivery holds its slot that long, often in a batch of one
 * or two (messages become visible a few at a time); 50 slots held 15 s would make the local pipeline
 * late where the deployed one, holding them 3 s, is not.
 */
export const LOCAL_CONCURRENCY_DEFAULTS: Readonly<Record<NonNullable<QueueTrigger['maxConcurrencySetting']>, number>> = { PUBLISHER_CONCURRENCY: 1000 };

/** A setting's concurrency as infra/config.ts reads it (2 to 1,000, Lambda's range), else the local default. */
export function settingConcurrency(setting: keyof typeof LOCAL_CONCURRENCY_DEFAULTS, env: NodeJS.ProcessEnv = process.env): number {
  const fallback = LOCAL_CONCURRENCY_DEFAULTS[setting];
  const configured = Number(env[setting] || fallback);
  return Number.isInteger(configured) && configured >= 2 && configured <= 1000 ? configured : fallback;
}

/** Where `POST` fires a rate job now. */
export const localJobPath = (job: JobName) => `/_local/jobs/${job}`;

const DAY_SECONDS = 24 * 60 * 60;

/** Every job's local wiring, by job name: what the module below creates, as a value. */
export function localJobWiring(env: NodeJS.ProcessEnv = process.env): Record<JobName, LocalJobWiring> {
  const jobs = JOBS as Readonly<Record<string, JobDef>>;
  const drains = new Map<string, string[]>();
  const wiring = {} as Record<JobName, LocalJobWiring>;
  for (const [name, job] of jobEntries()) {
    const trigger = job.trigger;
    switch (trigger.kind) {
      case 'rate':
        wiring[name] = { kind: 'rate', handler: job.handler, everyMs: trigger.everyMinutes * 60_000, path: localJobPath(name) };
        break;
      case 'queue': {
        const drainer = trigger.deadLettersDrainedBy === undefined ? undefined : jobs[trigger.deadLettersDrainedBy];
        const names: { name: string; platform?: string }[] = trigger.perPlatform
          ? PLATFORMS.map((platform) => ({ name: `${trigger.queue}-${platform}`, platform }))
          : [{ name: trigger.queue }];
        const queues = names.map(({ name: queue, platform }) => ({
          name: queue,
          deadLetterQueue: `${queue}-dlq`,
          visibilityTimeoutSeconds: queueVisibilityTimeoutSeconds(job),
          retentionSeconds: trigger.retentionDays * DAY_SECONDS,
          maxReceiveCount: trigger.maxReceiveCount,
          deadLetterRetentionSeconds: trigger.deadLetterRetentionDays * DAY_SECONDS,
          ...(drainer ? { deadLetterVisibilityTimeoutSeconds: queueVisibilityTimeoutSeconds(drainer) } : {}),
          ...(platform ? { platform } : {}),
        }));
        if (trigger.deadLettersDrainedBy !== undefined)
          drains.set(trigger.deadLettersDrainedBy, [...(drains.get(trigger.deadLettersDrainedBy) ?? []), ...queues.map((q) => q.deadLetterQueue)]);
        const maxConcurrency = trigger.maxConcurrencySetting ? settingConcurrency(trigger.maxConcurrencySetting, env) : trigger.maxConcurrency;
        const mapping = {
          batchSize: trigger.batchSize,
          maxConcurrency,
          ...(trigger.maxBatchingWindowSeconds === undefined ? {} : { maxBatchingWindowSeconds: trigger.maxBatchingWindowSeconds }),
        };
        wiring[name] = { kind: 'queue', handler: job.handler, queues, mapping, urlEnv: trigger.urlEnv };
        break;
      }
      case 'dead-letters':
        wiring[name] = {
          kind: 'dead-letters',
          handler: job.handler,
          drains: [],
          mapping: { batchSize: trigger.batchSize, maxConcurrency: trigger.maxConcurrency },
        };
        break;
      case 'scheduler-target':
        wiring[name] = {
          kind: 'scheduler-target',
          handler: job.handler,
          arnEnv: trigger.arnEnv,
          deadLetterQueue: trigger.deadLetterQueue,
          deadLetterRetentionSeconds: trigger.deadLetterRetentionDays * DAY_SECONDS,
          retryAttempts: trigger.retryAttempts,
        };
        break;
    }
  }
  // The Scheduler's DLQ (where a target's failures land) is drained like the queues' DLQs, by the
  // one dead-letters job (as the Publishing construct wires it).
  const drainer = jobEntries().find(([, job]) => job.trigger.kind === 'dead-letters');
  for (const [name, w] of Object.entries(wiring) as [JobName, LocalJobWiring][]) {
    if (w.kind === 'scheduler-target' && drainer) {
      wiring[name] = { ...w, deadLetterVisibilityTimeoutSeconds: queueVisibilityTimeoutSeconds(drainer[1]) };
      drains.set(drainer[0], [w.deadLetterQueue, ...(drains.get(drainer[0]) ?? [])]);
    }
  }
  for (const [name, w] of Object.entries(wiring) as [JobName, LocalJobWiring][]) {
    if (w.kind === 'dead-letters') wiring[name] = { ...w, drains: drains.get(name) ?? [] };
  }
  return wiring;
}

/**
 * Functions addressed by ARN (Scheduler targets): env var → handler module, for the local Scheduler.
 * Each reaches the handlers' env as `arn:aws:lambda:us-east-1:000000000000:function:<module, / as ->`.
 */
export function localFunctionArns(): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.values(localJobWiring()).flatMap((w) => (w.kind === 'scheduler-target' ? [[w.arnEnv, w.handler]] : [])));
}

const fireAt = (handler: string) => (time: string) => invokeLambda(handler, { 'detail-type': 'Scheduled Event', source: 'aws.events', time, detail: {} });

export const jobsModule: LocalModule = {
  name: 'Background jobs (queues, timers)',
  async start({ services }) {
    const sqs = requireService(services, 'sqs', 'Background jobs');
    const wiring = localJobWiring();
    const env: Record<string, string> = {};
    const mappings: EventSourceMapping[] = [];
    const timers: NodeJS.Timeout[] = [];
    const routes = [];
    const entries = Object.entries(wiring) as [JobName, LocalJobWiring][];
    // Queues first, so that every DLQ exists before a mapping drains it.
    for (const [, w] of entries) {
      if (w.kind === 'scheduler-target') {
        sqs.ensureQueue(w.deadLetterQueue, {
          MessageRetentionPeriod: String(w.deadLetterRetentionSeconds),
          ...(w.deadLetterVisibilityTimeoutSeconds === undefined ? {} : { VisibilityTimeout: String(w.deadLetterVisibilityTimeoutSeconds) }),
        });
        env.SCHEDULER_DLQ_ARN = localQueueArn(w.deadLetterQueue);
      }
      if (w.kind !== 'queue') continue;
      const urls: Record<string, string> = {};
      for (const queue of w.queues) {
        sqs.ensureQueue(queue.deadLetterQueue, {
          MessageRetentionPeriod: String(queue.deadLetterRetentionSeconds),
          ...(queue.deadLetterVisibilityTimeoutSeconds === undefined ? {} : { VisibilityTimeout: String(queue.deadLetterVisibilityTimeoutSeconds) }),
        });
        urls[queue.platform ?? ''] = sqs.ensureQueue(queue.name, {
          VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
          MessageRetentionPeriod: String(queue.retentionSeconds),
          RedrivePolicy: redrivePolicy(queue.deadLetterQueue, queue.maxReceiveCount),
        });
      }
      env[w.urlEnv] = w.queues.some((q) => q.platform) ? JSON.stringify(urls) : urls['']!;
    }
    for (const [name, w] of entries) {
      switch (w.kind) {
        case 'queue':
          // Lambda would wait up to the window to fill a batch; the local mapping takes what is visible.
          if (w.mapping.maxBatchingWindowSeconds !== undefined)
            throw new Error(`${name} declares a batching window, which the local SQS mapping (local/sqs/mapping.ts) does not implement yet`);
          for (const queue of w.queues) mappings.push(sqs.mapQueueToHandler(queue.name, w.handler, w.mapping));
          break;
        case 'dead-letters':
          for (const queue of w.drains) mappings.push(sqs.mapQueueToHandler(queue, w.handler, w.mapping));
          break;
        case 'rate': {
          const fire = fireAt(w.handler);
          const timer = setInterval(() => {
            fire(new Date().toISOString()).catch((error: unknown) => console.error(`[${name}]`, error));
          }, w.everyMs);
          timer.unref();
          timers.push(timer);
          routes.push(sweepRoute(w.path, fire));
          break;
        }
        case 'scheduler-target':
          break;
      }
    }
    return {
      env,
      routes,
      stop: async () => {
        for (const timer of timers) clearInterval(timer);
        await Promise.all(mappings.map((m) => m.stop()));
      },
    };
  },
};
