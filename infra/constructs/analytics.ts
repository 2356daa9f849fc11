import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOBS, JOB_HANDLERS, queueVisibilityTimeoutSeconds } from '../../functions/jobs';
import { anyAboveZeroAlarm } from './alarms';
import { AppFunction, type FunctionEnvironment } from './app-function';

export interface AnalyticsCollectionProps {
  readonly functionEnvironment: FunctionEnvironment;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /** @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * How many collector invocations may run at once: caps our calls to the platforms' read APIs.
   * @default 5
   */
  readonly collectorConcurrency?: number;
}

/** Deliveries before a batch is dead-lettered (its trackers come back by themselves when their claim runs out). */
const MAX_RECEIVES = 3;

/**
 * Analytics collection on AWS (docs/analytics.md): the 15-minute sweep, the collection queue with its
 * DLQ, the collector draining it, and alarms on the DLQ's depth and both functions' errors. Like the
 * publishing lanes; capabilities from JOBS (functions/routes.ts), the queue bound here.
 */
export class AnalyticsCollection extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly sweep: AppFunction;
  readonly collector: AppFunction;
  readonly alarms: readonly Alarm[];

  constructor(scope: Construct, id: string, props: AnalyticsCollectionProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const functionProps = { environment: props.functionEnvironment, handlersDir: props.handlersDir };

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // SQS expires a dead letter by its original enqueue time: keep the maximum.
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This is the analytics queue's dead-letter queue; an alarm watches its depth and the trackers of a dead batch are swept again.",
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(JOBS.analyticsCollector)),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVES },
      removalPolicy,
    });

    this.sweep = new AppFunction(this, 'Sweep', { ...functionProps, handlerModule: JOB_HANDLERS.analyticsSweep });
    this.sweep.addEnvironment('ANALYTICS_QUEUE_URL', this.queue.queueUrl);
    this.sweep.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    new Rule(this, 'SweepRule', {
      description: 'Queues the analytics trackers due for a reading (docs/analytics.md)',
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [new LambdaTarget(this.sweep)],
    });

    this.collector = new AppFunction(this, 'Collector', { ...functionProps, handlerModule: JOB_HANDLERS.analyticsCollector });
    this.collector.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 5, maxConcurrency: props.collectorConcurrency ?? 5, reportBatchItemFailures: true }),
    );

    this.alarms = [
      anyAboveZeroAlarm(
        this,
        'DeadLettersAlarm',
        'Analytics: collection batches are waiting in the dead-letter queue (the collector is failing)',
        this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      ),
      ...[this.sweep, this.collector].map((fn) =>
        anyAboveZeroAlarm(
          this,
          `${fn.node.id}ErrorsAlarm`,
          'Analytics: a collection function failed (crashed or timed out)',
          fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        ),
      ),
    ];
  }

  get functions(): AppFunction[] {
    return [this.sweep, this.collector];
  }
}
