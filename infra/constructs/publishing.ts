import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { POST_SCHEDULE_PREFIX } from '../../functions/data/keys';
import { JOBS, JOB_HANDLERS, queueVisibilityTimeoutSeconds } from '../../functions/jobs';
import { PLATFORMS, type Platform } from '../../shared/platforms';
import { anyAboveZeroAlarm } from './alarms';
import { AppFunction, type FunctionEnvironment } from './app-function';

export interface PublishingProps {
  /** What every engine function parses at start-up (table, media bucket, token key, app origin). */
  readonly functionEnvironment: FunctionEnvironment;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /** @default PLATFORMS from shared/platforms.ts: one queue and one publisher each */
  readonly platforms?: readonly Platform[];
  /**
   * How many publisher invocations one platform's queue may drive at once (SQS event source
   * maximum concurrency, 2 to 1,000). Caps the calls we make to each network; each invocation waits
   * up to PUBLISH_LEAD_SECONDS for its due second, so with batches of 10 this is how many of one
   * platform's posts can go out in the same second (/10).
   * @default 50
   */
  readonly publisherConcurrency?: number;
  /**
   * What happens to the schedule group (and with it every pending post's schedule) and the queues
   * (and their in-flight messages) when they leave the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/** A platform's publishing lane: its queue, the queue's DLQ and the publisher draining it. */
export interface PublishingLane {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly publisher: AppFunction;
}

/** Messages in flight per batch; the publisher runs them in parallel. */
/** Lambda's SQS maximum without a batching window: messages of the same second arrive together. */
const PUBLISHER_BATCH_SIZE = 10;
/** Deliveries before a message is dead-lettered (the publisher retries transient faults itself first). */
const MAX_RECEIVES = 5;
/**
 * Retention, publishing queues and their DLQs together. A publish message is useful for minutes: it
 * arrives at most 15 min before its due second (SQS's delay ceiling), is retried up to MAX_RECEIVES
 * times a visibility timeout apart, and the watchdog fails any post still open 15 min after its due
 * time. Four days (SQS's default, now explicit) is far more than that lifetime, so a message never
 * expires unprocessed in the source queue. SQS keeps a message's original enqueue time when it is
 * dead-lettered and expires it by that time, so the DLQ must keep messages longer than the source
 * queue (AWS's own advice): 14 days, the maximum, leaves at least 10 days to inspect or redrive a
 * dead letter, and the depth alarm fires within 5 minutes of its arrival.
 */
const QUEUE_RETENTION = Duration.days(4);
const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * The publishing engine on AWS (docs/publishing.md#the-pipeline): a Scheduler group holding one one-shot
 * schedule per post, the role those schedules invoke the dispatcher with, one SQS queue (with a DLQ)
 * and one publisher per platform, the dead-letter handler on every DLQ (the Scheduler's included),
 * the 5-minute watchdog, and alarms on DLQ depth and publisher errors.
 *
 * Each engine function's timeout, memory and capabilities are declared in JOBS
 * (functions/routes.ts); the stack grants the capabilities, this construct the queues it wires (a
 * publisher sends to its own queue only). Functions that schedule posts get `bindScheduling(fn)`,
 * others that send to the queues `bindQueues(fn)`.
 */
export class Publishing extends Construct {
  readonly scheduleGroup: ScheduleGroup;
  /** The role Scheduler assumes: it may invoke the dispatcher and write to the scheduler DLQ, nothing else. */
  readonly schedulerRole: iam.Role;
  /** Where Scheduler (delivery failures) and the dispatcher (async failures) put what they could not dispatch. */
  readonly schedulerDeadLetters: Queue;
  readonly dispatcher: AppFunction;
  readonly lanes: ReadonlyMap<Platform, PublishingLane>;
  readonly deadLetterHandler: AppFunction;
  readonly watchdog: AppFunction;
  /** Hourly: tells users 7 days and 1 day before a connection expires. */
  readonly expiryNotices: AppFunction;
  /** One alarm per DLQ (messages visible > 0), one per publisher (Errors > 0), one on the dispatcher's errors. */
  readonly alarms: readonly Alarm[];

  private readonly queueUrls: string;

  constructor(scope: Construct, id: string, props: PublishingProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const functionProps = { environment: props.functionEnvironment, handlersDir: props.handlersDir };
    const alarms: Alarm[] = [];

    this.scheduleGroup = new ScheduleGroup(this, 'Group', { removalPolicy });

    this.schedulerDeadLetters = this.deadLetterQueue('SchedulerDeadLetters', removalPolicy);
    Validations.of(this.schedulerDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the post schedules and of the dispatcher; the dead-letter handler drains it and an alarm watches its depth.',
    });
    alarms.push(this.depthAlarm('SchedulerDeadLetters', this.schedulerDeadLetters));

    this.dispatcher = new AppFunction(this, 'Dispatcher', { ...functionProps, handlerModule: JOB_HANDLERS.dispatcher });
    // Scheduler invokes Lambda asynchronously, so a dispatcher error is retried by Lambda, not by
    // the schedule's retry policy; after those retries the event lands beside the schedules' own.
    this.dispatcher.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(this.schedulerDeadLetters) });
    alarms.push(this.errorsAlarm('DispatcherErrors', this.dispatcher));

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by the post schedules to invoke the dispatcher',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.dispatcher.functionArn] }));
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.schedulerDeadLetters.queueArn] }));

    this.deadLetterHandler = new AppFunction(this, 'DeadLetterHandler', { ...functionProps, handlerModule: JOB_HANDLERS.deadLetters });
    this.drainDeadLetters(this.schedulerDeadLetters);

    const lanes = new Map<Platform, PublishingLane>();
    for (const platform of props.platforms ?? PLATFORMS) {
      const name = pascal(platform);
      const deadLetters = this.deadLetterQueue(`${name}DeadLetters`, removalPolicy);
      const queue = new Queue(this, `${name}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // Six publisher timeouts (queueVisibilityTimeoutSeconds, as on the local cloud). A step
        // another delivery holds comes back after this; the target's lease keeps it single.
        visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(JOBS.publisher)),
        retentionPeriod: QUEUE_RETENTION,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVES },
        removalPolicy,
      });
      // One function per platform, not one shared: the event source's concurrency cap is per queue,
      // so a slow or rate-limited network cannot take the capacity of the others.
      const publisher = new AppFunction(this, `${name}Publisher`, {
        ...functionProps,
        handlerModule: JOB_HANDLERS.publisher,
      });
      publisher.addEventSource(
        new SqsEventSource(queue, {
          batchSize: PUBLISHER_BATCH_SIZE,
          maxConcurrency: props.publisherConcurrency ?? 50,
          reportBatchItemFailures: true,
        }),
      );
      this.drainDeadLetters(deadLetters);
      alarms.push(this.depthAlarm(`${name}DeadLetters`, deadLetters), this.errorsAlarm(`${name}PublisherErrors`, publisher));
      lanes.set(platform, { queue, deadLetters, publisher });
    }
    this.lanes = lanes;
    this.queueUrls = Stack.of(this).toJsonString(Object.fromEntries([...lanes].map(([platform, lane]) => [platform, lane.queue.queueUrl])));

    this.watchdog = new AppFunction(this, 'Watchdog', { ...functionProps, handlerModule: JOB_HANDLERS.watchdog });
    new Rule(this, 'WatchdogRule', {
      description: 'Re-dispatches or fails posts still open 15 minutes after their time (docs/publishing.md#watchdog)',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaTarget(this.watchdog)],
    });

    this.expiryNotices = new AppFunction(this, 'ExpiryNotices', { ...functionProps, handlerModule: JOB_HANDLERS.expiryNotices });
    new Rule(this, 'ExpiryNoticesRule', {
      description: 'Notifies users 7 days and 1 day before a social connection expires',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaTarget(this.expiryNotices)],
    });

    // Who sends: the dispatcher (every target's first message) and the watchdog (a second chance)
    // to any platform; a publisher re-queues a step that must come back later, on its own queue
    // only. The dead-letter handler only settles and notifies.
    this.bindQueues(this.dispatcher);
    this.bindQueues(this.watchdog);
    for (const lane of lanes.values()) this.bindQueues(lane.publisher, [lane.queue]);
    this.alarms = alarms;
  }

  /** The publishers, one per platform. */
  get publishers(): AppFunction[] {
    return [...this.lanes.values()].map((lane) => lane.publisher);
  }

  /** Every engine function (their capabilities: JOBS). */
  get engineFunctions(): AppFunction[] {
    return [this.dispatcher, ...this.publishers, this.deadLetterHandler, this.watchdog, this.expiryNotices];
  }

  /** Every dead-letter queue: the scheduler's and each platform's. */
  get deadLetterQueues(): Queue[] {
    return [this.schedulerDeadLetters, ...[...this.lanes.values()].map((lane) => lane.deadLetters)];
  }

  /**
   * A function that schedules posts (functions/publishing/use-cases/schedules.ts, over the Scheduler adapter in
   * functions/publishing/adapters/eventbridge-scheduler.ts) and may dispatch one due within the minute itself: the
   * scheduling environment, create/update/delete/get on the group's
   * `post-*` schedules and passing the scheduler role to Scheduler only. Dispatching sends to the
   * platform queues: such a function declares `queues` too (bindQueues).
   */
  bindScheduling(fn: LambdaFunction): void {
    fn.addEnvironment('SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
    fn.addEnvironment('DISPATCHER_FUNCTION_ARN', this.dispatcher.functionArn);
    fn.addEnvironment('SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
    fn.addEnvironment('SCHEDULER_DLQ_ARN', this.schedulerDeadLetters.queueArn);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
        resources: [this.postSchedulesArn()],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${this.postSchedulesNagArn()}]`,
      reason: 'Schedules are created at run time, one per post (post-<postId>); the wildcard spans only the post schedules of this group.',
    });
  }

  /** Sends an action (e.g. an SNS topic) on every alarm. */
  addAlarmAction(...actions: IAlarmAction[]): void {
    for (const alarm of this.alarms) alarm.addAlarmAction(...actions);
  }

  /** PUBLISH_QUEUE_URLS and sqs:SendMessage on the given platform queues (all by default): what the queue adapter (functions/publishing/adapters/sqs-queues.ts) needs. */
  bindQueues(fn: LambdaFunction, queues: Queue[] = [...this.lanes.values()].map((lane) => lane.queue)): void {
    fn.addEnvironment('PUBLISH_QUEUE_URLS', this.queueUrls);
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: queues.map((queue) => queue.queueArn) }));
  }

  private deadLetterQueue(id: string, removalPolicy: RemovalPolicy): Queue {
    return new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
      visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(JOBS.deadLetters)),
      removalPolicy,
    });
  }

  private drainDeadLetters(queue: Queue): void {
    this.deadLetterHandler.addEventSource(new SqsEventSource(queue, { batchSize: 10, maxConcurrency: 2, reportBatchItemFailures: true }));
    // A DLQ has no DLQ of its own: a letter the handler cannot settle stays (retried) until retention ends.
    if (queue !== this.schedulerDeadLetters) {
      Validations.of(queue).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: "This is a publishing queue's dead-letter queue; the dead-letter handler drains it and an alarm watches its depth.",
      });
    }
  }

  /** The handler drains every DLQ, so a visible message means it is failing or falling behind. */
  private depthAlarm(id: string, queue: Queue): Alarm {
    return anyAboveZeroAlarm(
      this,
      `${id}Alarm`,
      'Publishing: messages are waiting in a dead-letter queue (the dead-letter handler is failing or behind)',
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    );
  }

  private errorsAlarm(id: string, fn: AppFunction): Alarm {
    return anyAboveZeroAlarm(
      this,
      `${id}Alarm`,
      'Publishing: a publishing function failed (crashed or timed out)',
      fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
    );
  }

  /** `arn:<partition>:scheduler:<region>:<account>:schedule/<group>/post-*` (names from functions/data/keys.ts). */
  private postSchedulesArn(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/${POST_SCHEDULE_PREFIX}*`,
    });
  }

  /** postSchedulesArn() as cdk-nag prints it in a finding: pseudo parameters as `<AWS::Name>`. */
  private postSchedulesNagArn(): string {
    const { partition, region, account } = Stack.of(this);
    const shown = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const group = this.scheduleGroup.scheduleGroupName;
    if (Token.isUnresolved(group)) throw new Error('The schedule group name must be known at synth time');
    return `arn:${shown(partition, 'Partition')}:scheduler:${shown(region, 'Region')}:${shown(account, 'AccountId')}:schedule/${group}/${POST_SCHEDULE_PREFIX}*`;
  }
}

/** `tiktok` → `Tiktok`, `x` → `X`. */
function pascal(platform: string): string {
  return platform.charAt(0).toUpperCase() + platform.slice(1);
}
