import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  JOB_GROUPS,
  JOBS,
  jobEntries,
  queueVisibilityTimeoutSeconds,
  type DeadLettersTrigger,
  type JobDef,
  type JobGroup,
  type JobName,
  type QueueTrigger,
  type RateTrigger,
} from '../../functions/jobs';
import { anyAboveZeroAlarm } from './alarms';
import { AppFunction, type FunctionEnvironment } from './app-function';

/**
 * The job table's triggers on AWS (functions/jobs.ts). The helpers create one job's trigger in the
 * caller's scope, so the resources keep the logical ids they had when each construct wrote them by
 * hand; JobGroup makes a whole group (function, trigger, queues, alarms) from the table alone.
 */

/** A job's EventBridge rule, `<id>Rule`: the declared rate, targeting its function. */
export function rateRule(scope: Construct, job: JobDef & { readonly trigger: RateTrigger }, fn: AppFunction): Rule {
  return new Rule(scope, `${job.id}Rule`, {
    description: job.description,
    schedule: Schedule.rate(Duration.minutes(job.trigger.everyMinutes)),
    targets: [new LambdaTarget(fn)],
  });
}

export interface JobQueues {
  readonly queue: Queue;
  readonly deadLetters: Queue;
}

export interface JobQueueOptions {
  readonly removalPolicy: RemovalPolicy;
  /** @default the table's maxConcurrency */
  readonly maxConcurrency?: number;
}

/**
 * A queue job's `<prefix>Queue` and `<prefix>DeadLetters` with the declared redrive, retention and
 * visibility, and the event source from the queue to `fn` with the declared batch settings.
 */
export function jobQueues(
  scope: Construct,
  prefix: string,
  job: JobDef & { readonly trigger: QueueTrigger },
  fn: AppFunction,
  options: JobQueueOptions,
): JobQueues {
  const trigger = job.trigger;
  const drainer = trigger.deadLettersDrainedBy === undefined ? undefined : (JOBS as Readonly<Record<string, JobDef>>)[trigger.deadLettersDrainedBy];
  if (trigger.deadLettersDrainedBy !== undefined && drainer?.trigger.kind !== 'dead-letters')
    throw new Error(`${job.handler}: its dead letters are drained by ${trigger.deadLettersDrainedBy}, which is not a dead-letters job`);
  const deadLetters = deadLetterQueue(scope, `${prefix}DeadLetters`, {
    retentionDays: trigger.deadLetterRetentionDays,
    drainer,
    removalPolicy: options.removalPolicy,
  });
  Validations.of(deadLetters).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: drainer
      ? `This is the dead-letter queue of ${trigger.queue}; ${drainer.handler} drains it and an alarm watches its depth.`
      : `This is the dead-letter queue of ${trigger.queue}; an alarm watches its depth and the work of a dead batch comes back by itself.`,
  });
  const queue = new Queue(scope, `${prefix}Queue`, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(job)),
    retentionPeriod: Duration.days(trigger.retentionDays),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: trigger.maxReceiveCount },
    removalPolicy: options.removalPolicy,
  });
  fn.addEventSource(
    new SqsEventSource(queue, {
      batchSize: trigger.batchSize,
      ...(trigger.maxBatchingWindowSeconds === undefined ? {} : { maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds) }),
      maxConcurrency: options.maxConcurrency ?? trigger.maxConcurrency,
      reportBatchItemFailures: true,
    }),
  );
  return { queue, deadLetters };
}

/**
 * A dead-letter queue. SQS expires a dead letter by its original enqueue time, so it keeps messages
 * longer than its source queue; a drained one has the visibility timeout of its drainer.
 */
export function deadLetterQueue(
  scope: Construct,
  id: string,
  options: { readonly retentionDays: number; readonly drainer?: JobDef; readonly removalPolicy: RemovalPolicy },
): Queue {
  return new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(options.retentionDays),
    ...(options.drainer ? { visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(options.drainer)) } : {}),
    removalPolicy: options.removalPolicy,
  });
}

/** `fn` (a dead-letters job) drains `queue` with its declared batch settings. */
export function drainDeadLetters(fn: AppFunction, job: JobDef & { readonly trigger: DeadLettersTrigger }, queue: Queue): void {
  fn.addEventSource(new SqsEventSource(queue, { batchSize: job.trigger.batchSize, maxConcurrency: job.trigger.maxConcurrency, reportBatchItemFailures: true }));
}

/** The jobs of `group`, in table order. */
export function jobsOf(group: JobGroup): [JobName, JobDef][] {
  return jobEntries().filter(([, job]) => job.group === group);
}

export interface JobGroupProps {
  readonly group: Exclude<JobGroup, 'publishing'>;
  readonly functionEnvironment: FunctionEnvironment;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /** What happens to the queues (and their messages) when they leave the stack. @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * One group of the job table on AWS: for each job its function, its trigger (a rate rule, or a queue
 * with its DLQ and the event source), an alarm on its errors, and one on its DLQ's depth. A job that
 * sends to a queue of the group (`sentBy`) gets the queue's URL and sqs:SendMessage on it; the
 * capabilities (functions/jobs.ts `needs`) are granted by the stack like every other function's.
 *
 * Ids: the function is the job's `id`, its rule `<id>Rule`, its alarm `<id>ErrorsAlarm`; the group's
 * queue is `Queue` and `DeadLetters` when it has one, `<id>Queue`… when it has several.
 */
export class JobGroupConstruct extends Construct {
  readonly functionsByJob: ReadonlyMap<JobName, AppFunction>;
  readonly queuesByJob: ReadonlyMap<JobName, JobQueues>;
  readonly alarms: readonly Alarm[];
  /** Functions that send to a queue of this group (and so to no publishing queue). */
  readonly senders: ReadonlySet<AppFunction>;
  private readonly group: Exclude<JobGroup, 'publishing'>;

  constructor(scope: Construct, id: string, props: JobGroupProps) {
    super(scope, id);
    this.group = props.group;
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const title = JOB_GROUPS[props.group].title;
    const jobs = jobsOf(props.group);
    const queueJobs = jobs.filter(([, job]) => job.trigger.kind === 'queue').length;
    const functions = new Map<JobName, AppFunction>();
    const queues = new Map<JobName, JobQueues>();
    const alarms: Alarm[] = [];

    for (const [name, job] of jobs) {
      const fn = new AppFunction(this, job.id, { environment: props.functionEnvironment, handlersDir: props.handlersDir, handlerModule: job.handler });
      functions.set(name, fn);
      const trigger = job.trigger;
      switch (trigger.kind) {
        case 'rate':
          rateRule(this, { ...job, trigger }, fn);
          break;
        case 'queue': {
          if (trigger.perPlatform) throw new Error(`${name}: a queue per platform belongs to the publishing engine`);
          const prefix = queueJobs === 1 ? '' : job.id;
          const made = jobQueues(this, prefix, { ...job, trigger }, fn, { removalPolicy });
          queues.set(name, made);
          alarms.push(
            anyAboveZeroAlarm(
              this,
              `${prefix}DeadLettersAlarm`,
              `${title}: messages are waiting in the dead-letter queue of ${trigger.queue} (${job.handler} is failing)`,
              made.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
            ),
          );
          break;
        }
        default:
          throw new Error(`${name}: a ${trigger.kind} trigger belongs to the publishing engine`);
      }
      // A scheduled job's period is its rate: one run per period, so the alarm holds until a run succeeds.
      const periodMinutes = trigger.kind === 'rate' ? trigger.everyMinutes : 5;
      alarms.push(
        anyAboveZeroAlarm(
          this,
          `${job.id}ErrorsAlarm`,
          `${title}: ${job.handler} failed (crashed or timed out): ${job.description}`,
          fn.metricErrors({ period: Duration.minutes(periodMinutes), statistic: 'Sum' }),
        ),
      );
    }

    const senders = new Set<AppFunction>();
    for (const [name, job] of jobs) {
      if (job.trigger.kind !== 'queue') continue;
      const { queue } = queues.get(name)!;
      for (const sender of job.trigger.sentBy ?? []) {
        const fn = functions.get(sender as JobName);
        if (!fn) throw new Error(`${sender} sends to ${job.trigger.queue} but is not a job of the ${props.group} group`);
        fn.addEnvironment(job.trigger.urlEnv, queue.queueUrl);
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
        senders.add(fn);
      }
    }
    this.functionsByJob = functions;
    this.queuesByJob = queues;
    this.alarms = alarms;
    this.senders = senders;
  }

  /**
   * Lets `fn` (any function, in any stack) send to the group's queue whose URL setting is `urlEnv`;
   * false when no queue of this group has it. A job that sends to its own group's queue (`sentBy`)
   * has it already.
   */
  bindQueueSender(fn: AppFunction, urlEnv: string): boolean {
    for (const [name, job] of jobsOf(this.group)) {
      if (job.trigger.kind !== 'queue' || job.trigger.urlEnv !== urlEnv) continue;
      if (this.senders.has(fn)) return true;
      const { queue } = this.queuesByJob.get(name)!;
      fn.addEnvironment(urlEnv, queue.queueUrl);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
      return true;
    }
    return false;
  }

  get functions(): AppFunction[] {
    return [...this.functionsByJob.values()];
  }
}
