import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { POST_SCHEDULE_PREFIX } from '../../functions/data/keys';
import { JOBS, type JobName } from '../../functions/jobs';
import { PLATFORMS, type Platform } from '../../shared/platforms';
import { anyAboveZeroAlarm } from './alarms';
import { AppFunction, type FunctionEnvironment } from './app-function';
import { deadLetterQueue, drainDeadLetters, jobQueues, jobsOf, rateRule } from './jobs';

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
   * @default the publisher job's maxConcurrency (functions/jobs.ts)
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

/**
 * The publishing engine on AWS (docs/publishing.md#the-pipeline): a Scheduler group holding one one-shot
 * schedule per post, the role those schedules invoke the dispatcher with, one SQS queue (with a DLQ)
 * and one publisher per platform, the dead-letter handler on every DLQ (the Scheduler's included),
 * the 5-minute watchdog, and alarms on DLQ depth and publisher errors.
 *
 * Each engine function's timeout, memory, capabilities and trigger settings are declared in JOBS
 * (functions/jobs.ts, the `publishing` group): the lanes and rules are made with the job table's
 * helpers (./jobs.ts), and a new scheduled job of the group needs no code here; the stack grants the capabilities, this construct the queues it wires (a
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
  /** The group's scheduled jobs (the watchdog, the connection expiry notices), by job name. */
  readonly scheduledJobs: ReadonlyMap<JobName, AppFunction>;
  /** One alarm per DLQ (messages visible > 0), one per publisher (Errors > 0), one on the dispatcher's errors. */
  readonly alarms: readonly Alarm[];

  private readonly queueUrls: string;

  constructor(scope: Construct, id: string, props: PublishingProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const functionProps = { environment: props.functionEnvironment, handlersDir: props.handlersDir };
    const alarms: Alarm[] = [];

    this.scheduleGroup = new ScheduleGroup(this, 'Group', { removalPolicy });

    this.schedulerDeadLetters = deadLetterQueue(this, 'SchedulerDeadLetters', {
      retentionDays: JOBS.dispatcher.trigger.deadLetterRetentionDays,
      drainer: JOBS.deadLetters,
      removalPolicy,
    });
    Validations.of(this.schedulerDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the post schedules and of the dispatcher; the dead-letter handler drains it and an alarm watches its depth.',
    });
    alarms.push(this.depthAlarm('SchedulerDeadLetters', this.schedulerDeadLetters));

    this.dispatcher = new AppFunction(this, JOBS.dispatcher.id, { ...functionProps, handlerModule: JOBS.dispatcher.handler });
    // Scheduler invokes Lambda asynchronously, so a dispatcher error is retried by Lambda, not by
    // the schedule's retry policy; after those retries the event lands beside the schedules' own.
    this.dispatcher.configureAsyncInvoke({
      retryAttempts: JOBS.dispatcher.trigger.retryAttempts,
      onFailure: new SqsDestination(this.schedulerDeadLetters),
    });
    alarms.push(this.errorsAlarm('DispatcherErrors', this.dispatcher));

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by the post schedules to invoke the dispatcher',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.dispatcher.functionArn] }));
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.schedulerDeadLetters.queueArn] }));

    this.deadLetterHandler = new AppFunction(this, JOBS.deadLetters.id, { ...functionProps, handlerModule: JOBS.deadLetters.handler });
    drainDeadLetters(this.deadLetterHandler, JOBS.deadLetters, this.schedulerDeadLetters);

    const lanes = new Map<Platform, PublishingLane>();
    for (const platform of props.platforms ?? PLATFORMS) {
      const name = pascal(platform);
      // One function per platform, not one shared: the event source's concurrency cap is per queue,
      // so a slow or rate-limited network cannot take the capacity of the others.
      const publisher = new AppFunction(this, `${name}${JOBS.publisher.id}`, { ...functionProps, handlerModule: JOBS.publisher.handler });
      // Six publisher timeouts of visibility (as on the local cloud): a step another delivery holds
      // comes back after this; the target's lease keeps it single.
      const { queue, deadLetters } = jobQueues(this, name, JOBS.publisher, publisher, { removalPolicy, maxConcurrency: props.publisherConcurrency });
      drainDeadLetters(this.deadLetterHandler, JOBS.deadLetters, deadLetters);
      alarms.push(this.depthAlarm(`${name}DeadLetters`, deadLetters), this.errorsAlarm(`${name}PublisherErrors`, publisher));
      lanes.set(platform, { queue, deadLetters, publisher });
    }
    this.lanes = lanes;
    this.queueUrls = Stack.of(this).toJsonString(Object.fromEntries([...lanes].map(([platform, lane]) => [platform, lane.queue.queueUrl])));

    const scheduledJobs = new Map<JobName, AppFunction>();
    for (const [jobName, job] of jobsOf('publishing')) {
      if (job.trigger.kind !== 'rate') continue;
      const fn = new AppFunction(this, job.id, { ...functionProps, handlerModule: job.handler });
      rateRule(this, { ...job, trigger: job.trigger }, fn);
      scheduledJobs.set(jobName, fn);
    }
    this.scheduledJobs = scheduledJobs;

    // Who sends: the dispatcher (every target's first message) and the watchdog (a second chance),
    // like any scheduled job of the group that declares `queues`, to any platform; a publisher
    // re-queues a step that must come back later, on its own queue only. The dead-letter handler
    // only settles and notifies.
    this.bindQueues(this.dispatcher);
    for (const [jobName, fn] of scheduledJobs) if ((JOBS[jobName].needs as readonly string[]).includes('queues')) this.bindQueues(fn);
    for (const lane of lanes.values()) this.bindQueues(lane.publisher, [lane.queue]);
    this.alarms = alarms;
  }

  /** The publishers, one per platform. */
  get publishers(): AppFunction[] {
    return [...this.lanes.values()].map((lane) => lane.publisher);
  }

  /** Every engine function (their declarations: the `publishing` group of JOBS). */
  get engineFunctions(): AppFunction[] {
    return [this.dispatcher, ...this.publishers, this.deadLetterHandler, ...this.scheduledJobs.values()];
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
