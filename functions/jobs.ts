/**
 * The one job table: every background function and what starts it. Like the route table
 * (functions/routes.ts), both clouds are built from it: infra/constructs/jobs.ts creates each job's
 * function, trigger, queues and alarms on AWS, local/services/jobs.ts wires the same trigger on the
 * local cloud, and test/infra/jobs-parity.test.ts fails when the two part from this table.
 *
 * Adding a job is one entry here (and its handler module); a job that needs its own nested stack
 * adds its group to JOB_GROUPS too (docs/architecture.md#background-jobs).
 */
import { type FunctionDef, handlersOf, timeoutSecondsOf } from './capabilities';

/**
 * Where a job's function lives on AWS (docs/decisions/0009-nested-stacks-by-resource-budget.md).
 * `publishing` is the engine in the root stack (infra/constructs/publishing.ts); every other group
 * is a nested stack of its own, made from the table alone.
 */
export const JOB_GROUPS = {
  publishing: { title: 'Publishing' },
  analytics: {
    title: 'Analytics',
    nested: { stackId: 'AnalyticsCollection', constructId: 'Analytics', description: 'Analytics collection: the sweep, queue and collector' },
  },
  recurrence: {
    title: 'Recurring posts',
    nested: { stackId: 'RecurrenceSweep', constructId: 'Recurrence', description: 'Recurring posts: the hourly sweep that schedules next occurrences' },
  },
  webhooks: {
    title: 'Webhooks',
    nested: { stackId: 'WebhookDelivery', constructId: 'Webhooks', description: 'Outgoing webhooks: the delivery queue and its sender' },
  },
} as const satisfies Readonly<Record<string, JobGroupDef>>;

export interface JobGroupDef {
  /** Starts the group's alarm descriptions. */
  readonly title: string;
  /** The nested stack and the construct in it; the ids name deployed resources, so never rename them. */
  readonly nested?: { readonly stackId: string; readonly constructId: string; readonly description: string };
}

export type JobGroup = keyof typeof JOB_GROUPS;

/** EventBridge rule `rate(...)` on AWS, a timer on the local cloud (and a route that fires it now). */
export interface RateTrigger {
  readonly kind: 'rate';
  readonly everyMinutes: number;
}

/**
 * An SQS queue with a dead-letter queue, drained by the job's function through an event source
 * mapping with partial batch failures. The queue's visibility timeout is six function timeouts
 * (queueVisibilityTimeoutSeconds); its DLQ keeps messages longer than the queue, because SQS expires
 * a dead letter by its original enqueue time.
 */
export interface QueueTrigger {
  readonly kind: 'queue';
  /** The queue's name on the local cloud; with `perPlatform`, `<queue>-<platform>`. Its DLQ: `<name>-dlq`. */
  readonly queue: string;
  /** One queue and one function per platform: the concurrency cap is per queue, so a slow network cannot take the others' capacity. */
  readonly perPlatform?: boolean;
  /** Records per invocation (1 to 10 without a batching window). */
  readonly batchSize: number;
  /** Seconds Lambda gathers records before invoking (MaximumBatchingWindowInSeconds). @default none */
  readonly maxBatchingWindowSeconds?: number;
  /** Concurrent invocations per queue (ScalingConfig.MaximumConcurrency, 2 to 1,000). */
  readonly maxConcurrency: number;
  /**
   * The deployment setting that overrides maxConcurrency (infra/config.ts reads it for the stack; the
   * local cloud reads the same variable, with its own default when unset: local/services/jobs.ts).
   */
  readonly maxConcurrencySetting?: 'PUBLISHER_CONCURRENCY';
  /** Receives before a message moves to the DLQ. */
  readonly maxReceiveCount: number;
  readonly retentionDays: number;
  readonly deadLetterRetentionDays: number;
  /** The job that drains the DLQ (a `dead-letters` job); none: an alarm watches it and the work comes back by itself. */
  readonly deadLettersDrainedBy?: string;
  /** The variable holding the queue's URL (with `perPlatform`: a JSON object platform → URL). */
  readonly urlEnv: string;
  /** Jobs that send to the queue (they get urlEnv and sqs:SendMessage); functions with the `queues` capability send to the publishing queues. */
  readonly sentBy?: readonly string[];
}

/** Drains the dead-letter queues of the jobs that name it, and the Scheduler's. */
export interface DeadLettersTrigger {
  readonly kind: 'dead-letters';
  readonly batchSize: number;
  readonly maxConcurrency: number;
}

/**
 * The target of the one-shot post schedules (EventBridge Scheduler invokes it asynchronously); what
 * it cannot dispatch after Lambda's retries lands in the Scheduler's DLQ.
 */
export interface SchedulerTargetTrigger {
  readonly kind: 'scheduler-target';
  /** Lambda's asynchronous retries (0 to 2). */
  readonly retryAttempts: number;
  /** The Scheduler's DLQ on the local cloud; its ARN reaches the scheduling functions as SCHEDULER_DLQ_ARN. */
  readonly deadLetterQueue: string;
  /** The variable the scheduling functions find the target's ARN in. */
  readonly arnEnv: string;
  /** The DLQ's retention: the maximum, to inspect or redrive a dead letter (the dead-letters job drains it). */
  readonly deadLetterRetentionDays: number;
}

export type JobTrigger = RateTrigger | QueueTrigger | DeadLettersTrigger | SchedulerTargetTrigger;

export interface JobDef extends FunctionDef {
  readonly group: JobGroup;
  /** The construct id of its function (and prefix of its rule, alarms): names deployed resources, so never rename it. */
  readonly id: string;
  /** What it does: the rule's description and its alarms'. */
  readonly description: string;
  readonly trigger: JobTrigger;
}

/**
 * The publishing engine (docs/publishing.md#the-pipeline), analytics collection (docs/analytics.md)
 * and the recurrence sweep (docs/recurring-posts.md#the-sweep). A consumer's timeout also sets the
 * visibility timeout of the queues it drains (queueVisibilityTimeoutSeconds), on AWS and locally.
 */
export const JOBS = {
  dispatcher: {
    group: 'publishing',
    id: 'Dispatcher',
    description: "Dispatches a due post to its platforms' queues",
    handler: 'publishing/dispatch-post',
    needs: ['table:read', 'table:write', 'queues'],
    timeoutSeconds: 30,
    trigger: { kind: 'scheduler-target', retryAttempts: 2, deadLetterQueue: 'dispatch-dlq', arnEnv: 'DISPATCHER_FUNCTION_ARN', deadLetterRetentionDays: 14 },
  },
  /** Waits for the due second after preparing (PUBLISH_LEAD_SECONDS), hence a minute. */
  publisher: {
    group: 'publishing',
    id: 'Publisher',
    description: 'Publishes one target of a post to its platform',
    handler: 'publishing/publish-target',
    needs: ['table:read', 'table:write', 'media:read', 'tokens', 'platform-apps', 'queues', 'realtime', 'media:pull', 'webhooks'],
    timeoutSeconds: 60,
    memoryMB: 512,
    trigger: {
      kind: 'queue',
      queue: 'publish',
      perPlatform: true,
      // Lambda's SQS maximum without a batching window: messages of the same second arrive together.
      batchSize: 10,
      // Caps the calls we make to each network; each invocation waits up to PUBLISH_LEAD_SECONDS for its due second.
      maxConcurrency: 50,
      maxConcurrencySetting: 'PUBLISHER_CONCURRENCY',
      // The publisher retries transient faults itself first.
      maxReceiveCount: 5,
      // A publish message is useful for minutes (the watchdog fails a post 15 min after its time); 14 days leaves time to inspect a dead letter.
      retentionDays: 4,
      deadLetterRetentionDays: 14,
      deadLettersDrainedBy: 'deadLetters',
      urlEnv: 'PUBLISH_QUEUE_URLS',
    },
  },
  watchdog: {
    group: 'publishing',
    id: 'Watchdog',
    description: 'Re-dispatches or fails posts still open 15 minutes after their time (docs/publishing.md#watchdog)',
    handler: 'publishing/watchdog',
    needs: ['table:read', 'table:write', 'queues', 'realtime', 'webhooks'],
    timeoutSeconds: 60,
    trigger: { kind: 'rate', everyMinutes: 5 },
  },
  deadLetters: {
    group: 'publishing',
    id: 'DeadLetterHandler',
    description: 'Settles and notifies what the publishing pipeline dead-lettered',
    handler: 'publishing/dead-letter',
    needs: ['table:read', 'table:write', 'realtime', 'webhooks'],
    timeoutSeconds: 30,
    trigger: { kind: 'dead-letters', batchSize: 10, maxConcurrency: 2 },
  },
  expiryNotices: {
    group: 'publishing',
    id: 'ExpiryNotices',
    description: 'Notifies users 7 days and 1 day before a social connection expires',
    handler: 'connections/expiry-notices',
    // Webhooks: each notice is also an account.needs_reconnect event (docs/webhooks.md#events).
    needs: ['table:read', 'table:write', 'realtime', 'webhooks'],
    timeoutSeconds: 60,
    trigger: { kind: 'rate', everyMinutes: 60 },
  },
  analyticsSweep: {
    group: 'analytics',
    id: 'Sweep',
    description: 'Queues the analytics trackers due for a reading (docs/analytics.md)',
    handler: 'analytics/sweep',
    needs: ['table:read', 'table:write', 'queues'],
    timeoutSeconds: 120,
    trigger: { kind: 'rate', everyMinutes: 15 },
  },
  /** One platform read per batch, with fresh tokens. */
  analyticsCollector: {
    group: 'analytics',
    id: 'Collector',
    description: 'Reads the analytics of the trackers the sweep queued',
    handler: 'analytics/collect',
    // Webhooks: one analytics.collected event per batch read (docs/webhooks.md#events).
    needs: ['table:read', 'table:write', 'tokens', 'platform-apps', 'webhooks'],
    timeoutSeconds: 60,
    trigger: {
      kind: 'queue',
      queue: 'analytics-collect',
      batchSize: 5,
      // Caps our calls to the platforms' read APIs.
      maxConcurrency: 5,
      // A dead batch's trackers come back by themselves when their claim runs out.
      maxReceiveCount: 3,
      retentionDays: 4,
      deadLetterRetentionDays: 14,
      urlEnv: 'ANALYTICS_QUEUE_URL',
      sentBy: ['analyticsSweep'],
    },
  },
  recurrenceSweep: {
    group: 'recurrence',
    id: 'Sweep',
    description: 'Schedules the next occurrences of recurring posts (docs/recurring-posts.md)',
    handler: 'recurrence/sweep',
    // Each occurrence it makes gets its own copies of the series' files (docs/recurring-posts.md#media).
    // Webhooks: each occurrence's post.scheduled (docs/webhooks.md#events).
    needs: ['table:read', 'table:write', 'media:read', 'media:write', 'media:delete', 'scheduling', 'queues', 'realtime', 'webhooks'],
    timeoutSeconds: 120,
    trigger: { kind: 'rate', everyMinutes: 60 },
  },
  /**
   * One attempt of one webhook delivery per message (docs/webhooks.md#delivery-and-retries). A failed attempt
   * queues the next itself, with SQS's delay (at most 15 minutes, waits beyond it in hops), so
   * the receiver's failures never reach the redrive: only ours do.
   */
  webhookDelivery: {
    group: 'webhooks',
    id: 'Sender',
    description: 'Signs and sends one attempt of a webhook delivery',
    handler: 'webhooks/deliver',
    needs: ['table:read', 'table:write', 'tokens', 'webhooks', 'realtime'],
    // Ten receivers at WEBHOOK_TIMEOUT_SECONDS each, in parallel, and the table writes around them.
    timeoutSeconds: 30,
    trigger: {
      kind: 'queue',
      queue: 'webhook-delivery',
      batchSize: 10,
      // Caps the connections we hold open to customers' servers at once.
      maxConcurrency: 5,
      maxReceiveCount: 5,
      // A delivery retries for 35 hours, one message at a time; a message waits at most 15 minutes.
      retentionDays: 4,
      deadLetterRetentionDays: 14,
      urlEnv: 'WEBHOOK_QUEUE_URL',
      sentBy: ['webhookDelivery'],
    },
  },
} as const satisfies Readonly<Record<string, JobDef>>;

export type JobName = keyof typeof JOBS;

/** Job name → handler module. */
export const JOB_HANDLERS = handlersOf(JOBS);

/** Every job with its name, in table order. */
export function jobEntries(): [JobName, JobDef][] {
  return Object.entries(JOBS) as [JobName, JobDef][];
}

/**
 * Data migrations, run once per deploy by a CloudFormation custom resource (and at local start), each
 * idempotent: a second run finds nothing to do.
 */
export const MIGRATION_FUNCTIONS = {
  /** Moves what a workspace owns from USER#<id> to WS#<id> (docs/decisions/0013-workspaces.md). */
  workspaces: { handler: 'migrations/move-to-workspaces', needs: ['table:scan', 'table:read', 'table:write'], timeoutSeconds: 900 },
} as const satisfies Readonly<Record<string, FunctionDef>>;

export const MIGRATION_HANDLERS = handlersOf(MIGRATION_FUNCTIONS);

/**
 * The visibility timeout of a queue that `consumer` drains: AWS's guidance for a Lambda event source
 * is at least six times the function timeout, so a throttled or retried batch is not redelivered
 * while it is still being worked on.
 */
export function queueVisibilityTimeoutSeconds(consumer: FunctionDef): number {
  return timeoutSecondsOf(consumer) * 6;
}
