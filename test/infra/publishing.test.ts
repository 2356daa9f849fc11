import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../functions/jobs';
import { PLATFORMS } from '../../shared/platforms';
import { Publishing } from '../../infra/constructs/publishing';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** docs/publishing.md#the-pipeline: schedules, dispatcher, per-platform queues and publishers, dead letters, watchdog, alarms. */
type Resource = { Type: string; Properties: TemplateJson; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Condition?: unknown };

const SCHEDULING_ENV = ['SCHEDULE_GROUP', 'DISPATCHER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN'];
// Retry reaches syncSchedule through domain/posts.ts (test/unit/infra/capabilities.test.ts).
const SCHEDULING_FUNCTIONS = [
  'ApiAccountDeleteAccount',
  // Approving a post waiting for approval schedules it (docs/approvals.md).
  'ApiPostsApprovePost',
  'ApiPostsCreatePost',
  'ApiPostsDeletePost',
  // Bulk import: each written row's schedule.
  'ApiPostsImportPosts',
  // Publish now: a post due now is dispatched by the request.
  'ApiPostsPublishDraft',
  'ApiPostsPublishNow',
  'ApiPostsRetryPost',
  'ApiPostsUpdatePost',
  // Queue slots: adding a post to a slot and moving it schedule it.
  'ApiQueueAddToQueue',
  'ApiQueueMoveInQueue',
  // Recurring posts (docs/recurring-posts.md): editing or deleting occurrences, and the sweep that schedules the next ones.
  'ApiRecurrenceDeleteSeries',
  'ApiRecurrenceEditSeries',
  // Deleting a workspace deletes its posts' schedules, as account deletion does for the person's own.
  'ApiWorkspacesDeleteWorkspace',
  'RecurrenceSweep',
];
/** Those that may also dispatch a post due within the minute, onto the platform queues (deleting a post or an account only removes schedules). */
const DISPATCHING_FUNCTIONS = [
  'ApiPostsApprovePost',
  'ApiPostsCreatePost',
  'ApiPostsImportPosts',
  'ApiPostsPublishDraft',
  'ApiPostsPublishNow',
  'ApiPostsRetryPost',
  'ApiPostsUpdatePost',
  'ApiQueueAddToQueue',
  'ApiQueueMoveInQueue',
  'ApiRecurrenceEditSeries',
  'RecurrenceSweep',
];
const pascal = (platform: string) => platform.charAt(0).toUpperCase() + platform.slice(1);

const resources = (synth: SynthesizedApp, type: string) => Object.entries(synth.template.findResources(type) as Record<string, Resource>);
const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0]!;
};
/** The logical id of the one resource of `type` whose id starts with `prefix` (CDK appends a hash). */
const idOf = (synth: SynthesizedApp, type: string, prefix: string) =>
  only(resources(synth, type).filter(([id]) => id.startsWith(prefix) && /^[0-9A-F]{8}$/.test(id.slice(prefix.length))))[0];
const functionId = (synth: SynthesizedApp, prefix: string) => idOf(synth, 'AWS::Lambda::Function', prefix);
/** Every statement of the function's role policy (AppFunction roles are `<fn>Role`). */
const statementsOf = (synth: SynthesizedApp, fnId: string): Statement[] => {
  const roleId = (synth.template.findResources('AWS::Lambda::Function')[fnId] as Resource).Properties.Role['Fn::GetAtt'][0] as string;
  return resources(synth, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
};
const allowing = (statements: Statement[], action: string) => statements.filter((s) => [s.Action].flat().includes(action));
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const envOf = (synth: SynthesizedApp, fnId: string) =>
  (synth.template.findResources('AWS::Lambda::Function')[fnId] as Resource).Properties.Environment.Variables as Record<string, unknown>;

describe('Publishing in the app stack (dev)', () => {
  let synth: SynthesizedApp;
  let dispatcher: string;
  let deadLetterHandler: string;
  let watchdog: string;
  let schedulerDlq: string;
  const publisher = (platform: string) => functionId(synth, `Publishing${pascal(platform)}Publisher`);
  const queue = (platform: string) => idOf(synth, 'AWS::SQS::Queue', `Publishing${pascal(platform)}Queue`);
  const dlq = (platform: string) => idOf(synth, 'AWS::SQS::Queue', `Publishing${pascal(platform)}DeadLetters`);

  beforeAll(() => {
    synth = synthApp();
    dispatcher = functionId(synth, 'PublishingDispatcher');
    deadLetterHandler = functionId(synth, 'PublishingDeadLetterHandler');
    watchdog = functionId(synth, 'PublishingWatchdog');
    schedulerDlq = idOf(synth, 'AWS::SQS::Queue', 'PublishingSchedulerDeadLetters');
  });

  describe('schedules', () => {
    it('keeps the post schedules in one schedule group with a generated name, destroyed with the dev stack', () => {
      // Act
      const [, group] = only(resources(synth, 'AWS::Scheduler::ScheduleGroup'));

      // Assess
      expect(group.Properties.Name).toMatch(/^[\w.-]{1,64}$/);
      expect(group.Properties.Name).toContain('Publishing');
      expect(group.DeletionPolicy).toBe('Delete');
    });

    it('lets Scheduler (from this account) assume a role that may only invoke the dispatcher and write to the scheduler DLQ', () => {
      // Prepare
      const [roleId, role] = only(
        resources(synth, 'AWS::IAM::Role').filter(([, r]) => JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com')),
      );
      const policies = resources(synth, 'AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId));

      // Assess
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ]);
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      expect(policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement)).toEqual([
        { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: getAtt(dispatcher) },
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: getAtt(schedulerDlq) },
      ]);
    });

    it("sends the dispatcher's failed asynchronous invocations (Scheduler invokes asynchronously) to the scheduler DLQ", () => {
      // Assess
      synth.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: dispatcher },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: getAtt(schedulerDlq) } },
      });
    });
  });

  describe('queues', () => {
    it('has one queue per platform, each redriving to its own DLQ after 5 receives, with a visibility of six publisher timeouts', () => {
      // Assess
      for (const platform of PLATFORMS) {
        const [, fn] = only(resources(synth, 'AWS::Lambda::Function').filter(([id]) => id === publisher(platform)));
        const [, q] = only(resources(synth, 'AWS::SQS::Queue').filter(([id]) => id === queue(platform)));
        expect(q.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: getAtt(dlq(platform)), maxReceiveCount: 5 });
        expect(q.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Properties.Timeout);
      }
      // The publishing engine's queues (the analytics collection has its own, below).
      expect(resources(synth, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('Publishing'))).toHaveLength(2 * PLATFORMS.length + 1);
    });

    it('encrypts every queue and denies every request without TLS on each', () => {
      // Prepare
      const queues = resources(synth, 'AWS::SQS::Queue');
      const sslOnly = resources(synth, 'AWS::SQS::QueuePolicy')
        .filter(([, p]) =>
          p.Properties.PolicyDocument.Statement.some((s: TemplateJson) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false'),
        )
        .flatMap(([, p]) => p.Properties.Queues.map((q: { Ref: string }) => q.Ref));

      // Assess
      for (const [, q] of queues) expect(q.Properties.SqsManagedSseEnabled).toBe(true);
      expect(sslOnly.sort()).toEqual(queues.map(([id]) => id).sort());
    });

    it('drains each platform queue with its own publisher: batches of 10, partial batch failures, concurrency capped at 50', () => {
      // Assess
      for (const platform of PLATFORMS) {
        synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
          EventSourceArn: getAtt(queue(platform)),
          FunctionName: { Ref: publisher(platform) },
          BatchSize: 10,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          ScalingConfig: { MaximumConcurrency: 50 },
        });
        synth.template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 60, MemorySize: 512 });
      }
      const publishers = resources(synth, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
        PLATFORMS.some((p) => m.Properties.FunctionName.Ref === publisher(p)),
      );
      expect(publishers).toHaveLength(PLATFORMS.length);
    });

    it("drains every DLQ, the scheduler's included, with the dead-letter handler", () => {
      // Prepare
      const drained = resources(synth, 'AWS::Lambda::EventSourceMapping')
        .filter(([, m]) => m.Properties.FunctionName.Ref === deadLetterHandler)
        .map(([, m]) => m.Properties);

      // Assess
      expect(drained.map((m) => m.EventSourceArn['Fn::GetAtt'][0]).sort()).toEqual([schedulerDlq, ...PLATFORMS.map(dlq)].sort());
      for (const mapping of drained) expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    });
  });

  describe('watchdog', () => {
    it('runs the watchdog every 5 minutes', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(5 minutes)',
        State: 'ENABLED',
        Targets: [{ Arn: getAtt(watchdog), Id: 'Target0' }],
      });
      synth.template.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: getAtt(watchdog), Principal: 'events.amazonaws.com' });
    });
  });

  describe('connection expiry notices', () => {
    it('runs the expiry notices every hour, with the table and realtime but not the token key', () => {
      // Prepare
      const notices = functionId(synth, 'PublishingExpiryNotices');

      // Assess
      synth.template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [{ Arn: getAtt(notices), Id: 'Target0' }],
      });
      synth.template.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: getAtt(notices), Principal: 'events.amazonaws.com' });
      const statements = statementsOf(synth, notices);
      expect(allowing(statements, 'dynamodb:Query')).not.toEqual([]);
      expect(allowing(statements, 'kms:Decrypt')).toEqual([]);
    });
  });

  describe('functions that schedule posts', () => {
    it('are exactly create, update and delete post and account deletion, and carry the scheduling environment', () => {
      // Prepare
      const [groupId, group] = only(resources(synth, 'AWS::Scheduler::ScheduleGroup'));
      const carriers = resources(synth, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment?.Variables?.SCHEDULE_GROUP);

      // Assess
      expect(carriers.map(([id]) => id.slice(0, -8)).sort()).toEqual(SCHEDULING_FUNCTIONS);
      for (const [id] of carriers) {
        expect(Object.keys(envOf(synth, id))).toEqual(expect.arrayContaining(SCHEDULING_ENV));
        expect(envOf(synth, id)).toMatchObject({
          SCHEDULE_GROUP: group.Properties.Name,
          DISPATCHER_FUNCTION_ARN: getAtt(dispatcher),
          SCHEDULER_ROLE_ARN: getAtt(idOf(synth, 'AWS::IAM::Role', 'PublishingSchedulerRole')),
          SCHEDULER_DLQ_ARN: getAtt(schedulerDlq),
        });
        expect(envOf(synth, id).PUBLISH_QUEUE_URLS !== undefined).toBe(DISPATCHING_FUNCTIONS.includes(id.slice(0, -8)));
      }
      expect(groupId).toMatch(/^PublishingGroup/);
    });

    it('maps every platform to its queue URL in PUBLISH_QUEUE_URLS', () => {
      // Prepare
      const value = envOf(synth, functionId(synth, 'ApiPostsCreatePost')).PUBLISH_QUEUE_URLS as { 'Fn::Join': [string, unknown[]] };
      const parts = value['Fn::Join'][1];

      // Act: put a placeholder where each queue URL goes, and read the JSON back
      const json = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : `<${(part as { Ref: string }).Ref}>`)).join(''));

      // Assess
      expect(json).toEqual(Object.fromEntries(PLATFORMS.map((p) => [p, `<${queue(p)}>`])));
    });

    it("may manage only the group's post-* schedules and pass the scheduler role only to Scheduler", () => {
      // Prepare
      const [, group] = only(resources(synth, 'AWS::Scheduler::ScheduleGroup'));
      const schedulerRole = idOf(synth, 'AWS::IAM::Role', 'PublishingSchedulerRole');

      // Assess
      for (const prefix of SCHEDULING_FUNCTIONS) {
        const statements = statementsOf(synth, functionId(synth, prefix));
        expect(allowing(statements, 'scheduler:CreateSchedule')).toEqual([
          {
            Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
            Effect: 'Allow',
            Resource: { 'Fn::Join': ['', ['arn:aws:scheduler:us-east-1:', { Ref: 'AWS::AccountId' }, `:schedule/${group.Properties.Name}/post-*`]] },
          },
        ]);
        expect(allowing(statements, 'iam:PassRole')).toEqual([
          {
            Action: 'iam:PassRole',
            Effect: 'Allow',
            Resource: getAtt(schedulerRole),
            Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          },
        ]);
        if (DISPATCHING_FUNCTIONS.includes(prefix))
          expect(allowing(statements, 'sqs:SendMessage')).toEqual([
            expect.objectContaining({ Resource: expect.arrayContaining(PLATFORMS.map((p) => getAtt(queue(p)))) }),
          ]);
        else expect(allowing(statements, 'sqs:SendMessage')).toEqual([]);
      }
    });

    it('gives no other function any scheduler action or PassRole', () => {
      // Prepare
      const others = resources(synth, 'AWS::Lambda::Function').filter(
        ([id, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME && !SCHEDULING_FUNCTIONS.includes(id.slice(0, -8)),
      );

      // Assess
      expect(others.length).toBeGreaterThan(30);
      for (const [id] of others) {
        const text = JSON.stringify(statementsOf(synth, id));
        expect(text).not.toContain('scheduler:');
        expect(text).not.toContain('iam:PassRole');
      }
    });
  });

  describe('engine grants', () => {
    it('lets publishers read media objects (only GetObject) and wrap/unwrap tokens with the token key', () => {
      // Prepare
      const bucket = idOf(synth, 'AWS::S3::Bucket', 'MediaBucket');
      // The token key (the other one encrypts the alarm topic).
      const key = only(resources(synth, 'AWS::KMS::Key').filter(([id]) => id.startsWith('Tokens')))[0];

      // Assess
      for (const platform of PLATFORMS) {
        const statements = statementsOf(synth, publisher(platform));
        expect(statements.filter((s) => JSON.stringify(s.Resource).includes(`"${bucket}"`))).toEqual([
          { Action: 's3:GetObject', Effect: 'Allow', Resource: { 'Fn::Join': ['', [getAtt(bucket), '/*']] } },
        ]);
        expect(allowing(statements, 'kms:Decrypt')).toEqual([{ Action: ['kms:Decrypt', 'kms:Encrypt'], Effect: 'Allow', Resource: getAtt(key) }]);
        expect(envOf(synth, publisher(platform)).TOKEN_KMS_KEY_ID).toEqual(getAtt(key));
      }
    });

    it('keeps media and the token key from the dispatcher, the dead-letter handler and the watchdog', () => {
      // Assess
      for (const fn of [dispatcher, deadLetterHandler, watchdog]) {
        const text = JSON.stringify(statementsOf(synth, fn));
        expect(text).not.toContain('kms:');
        expect(text).not.toContain('s3:');
      }
    });

    it('lets the dispatcher and the watchdog send to every platform queue, a publisher to its own only, the dead-letter handler to none, and the settling ones to the webhook queue', () => {
      // Prepare
      const all = PLATFORMS.map((p) => getAtt(queue(p)));
      // A post's outcome is a webhook event (docs/webhooks.md#events), queued by whichever step settles it.
      const webhookQueue = { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: getAtt(idOf(synth, 'AWS::SQS::Queue', 'WebhooksQueue')) };

      // Assess
      expect(allowing(statementsOf(synth, watchdog), 'sqs:SendMessage')).toEqual([
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: expect.arrayContaining([...all, webhookQueue.Resource]) },
      ]);
      // The dispatcher also writes its failed invocations to the scheduler DLQ (its on-failure destination).
      expect(allowing(statementsOf(synth, dispatcher), 'sqs:SendMessage')).toEqual([
        { Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'], Effect: 'Allow', Resource: getAtt(schedulerDlq) },
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: expect.arrayContaining(all) },
      ]);
      for (const platform of PLATFORMS) {
        // (merged with the event source's receive/delete rights on the same queue)
        expect(allowing(statementsOf(synth, publisher(platform)), 'sqs:SendMessage')).toEqual([
          expect.objectContaining({ Effect: 'Allow', Resource: getAtt(queue(platform)) }),
          webhookQueue,
        ]);
      }
      expect(allowing(statementsOf(synth, deadLetterHandler), 'sqs:SendMessage')).toEqual([webhookQueue]);
    });

    it('lets every engine function read and write the table, and all but the dispatcher (it notifies no one) publish user events', () => {
      // Prepare
      const table = only(resources(synth, 'AWS::DynamoDB::Table'))[0];

      // Assess
      for (const fn of [dispatcher, deadLetterHandler, watchdog, ...PLATFORMS.map(publisher)]) {
        const statements = statementsOf(synth, fn);
        expect(allowing(statements, 'dynamodb:PutItem')).toEqual([
          expect.objectContaining({ Resource: [getAtt(table), { 'Fn::Join': ['', [getAtt(table), '/index/*']] }] }),
        ]);
        if (fn === dispatcher) {
          expect(allowing(statements, 'appsync:GraphQL')).toEqual([]);
          expect(envOf(synth, fn).REALTIME_GRAPHQL_URL).toBeUndefined();
          continue;
        }
        expect(allowing(statements, 'appsync:GraphQL')).toHaveLength(1);
        expect(envOf(synth, fn).REALTIME_GRAPHQL_URL).toEqual(getAtt(idOf(synth, 'AWS::AppSync::GraphQLApi', 'RealtimeApi'), 'GraphQLUrl'));
      }
    });
  });

  describe('observability', () => {
    it('alarms when any DLQ holds a visible message, treating missing data as fine', () => {
      // Assess
      for (const queueId of [schedulerDlq, ...PLATFORMS.map(dlq)]) {
        synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Dimensions: [{ Name: 'QueueName', Value: getAtt(queueId, 'QueueName') }],
          ComparisonOperator: 'GreaterThanThreshold',
          Threshold: 0,
          TreatMissingData: 'notBreaching',
        });
      }
    });

    it("alarms on every publisher's errors", () => {
      // Assess
      for (const platform of PLATFORMS) {
        synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName: 'Errors',
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: publisher(platform) } }],
          ComparisonOperator: 'GreaterThanThreshold',
          Threshold: 0,
          TreatMissingData: 'notBreaching',
        });
      }
    });
  });

  describe('compliance', () => {
    it('has no unacknowledged cdk-nag finding on the publishing resources, and a specific reason for each acknowledged one', () => {
      // Prepare
      const findings = synth.violations.filter((v) => v.violatingConstructs.some((c) => /\/Publishing\//.test(c.constructPath)));
      const acknowledged = synth.acknowledgements.filter((a) => a.path.includes('/Publishing/') || a.id.includes(':schedule/'));

      // Assess
      expect(findings.map((v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
      expect(acknowledged.map((a) => a.id.replace(/^Annotation::/, ''))).toEqual(
        expect.arrayContaining([
          'AwsSolutions-SQS3',
          expect.stringMatching(/^AwsSolutions-IAM5\[Resource::arn:aws:scheduler:us-east-1:<AWS::AccountId>:schedule\/.+\/post-\*\]$/),
        ]),
      );
      for (const a of acknowledged) expect(a.reason.length).toBeGreaterThan(40);
    });
  });
});

describe('Publishing in the app stack (prod, platform credentials configured)', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stage: 'prod', platformCredentialsSecretName: 'schedule-autopost/platform-apps' });
  });

  it('retains the schedule group and the queues', () => {
    // Assess
    for (const [, resource] of [...resources(synth, 'AWS::Scheduler::ScheduleGroup'), ...resources(synth, 'AWS::SQS::Queue')]) {
      expect(resource.DeletionPolicy).toBe('Retain');
    }
  });

  it('lets the publishers read the platform credentials, to refresh tokens', () => {
    // Assess
    for (const platform of PLATFORMS) {
      const id = functionId(synth, `Publishing${pascal(platform)}Publisher`);
      expect(envOf(synth, id).PLATFORM_CREDENTIALS_SECRET).toBe('schedule-autopost/platform-apps');
      expect(allowing(statementsOf(synth, id), 'secretsmanager:GetSecretValue')).toHaveLength(1);
    }
  });

  it('passes cdk-nag', () => {
    // Assess
    expect(synth.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('Publishing construct options', () => {
  it('makes one lane per given platform, with the given publisher concurrency, and exposes every alarm', () => {
    // Prepare
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Test', { env: { region: 'us-east-1' } });
    const bucket = new Bucket(stack, 'Media');

    // Act
    const publishing = new Publishing(stack, 'Publishing', {
      functionEnvironment: { tableName: 'table', mediaBucketName: bucket.bucketName, appOriginParameterName: '/test/app-origin' },
      platforms: ['x', 'tiktok'],
      publisherConcurrency: 2,
    });
    const template = Template.fromStack(stack);

    // Assess
    expect([...publishing.lanes.keys()]).toEqual(['x', 'tiktok']);
    template.resourceCountIs('AWS::SQS::Queue', 5);
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 5);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 2 }, BatchSize: 10 });
    expect(publishing.alarms).toHaveLength(3 + 2 + 1); // DLQs, publishers, dispatcher
    expect(publishing.deadLetterQueues).toHaveLength(3);
    expect(Object.values(template.findResources('AWS::SQS::Queue')).every((q) => q.DeletionPolicy === 'Retain')).toBe(true);
  });
});

/** docs/analytics.md: the sweep, the collection queue and its DLQ, the collector, their alarms. */
describe('Analytics collection in the app stack', () => {
  let synth: SynthesizedApp;
  let sweep: string;
  let collector: string;
  let queue: string;
  let dlq: string;

  beforeAll(() => {
    synth = synthApp();
    sweep = functionId(synth, 'AnalyticsSweep');
    collector = functionId(synth, 'AnalyticsCollector');
    queue = idOf(synth, 'AWS::SQS::Queue', 'AnalyticsQueue');
    dlq = idOf(synth, 'AWS::SQS::Queue', 'AnalyticsDeadLetters');
  });

  it('runs the sweep every 15 minutes, sending to the analytics queue only', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(15 minutes)', Targets: [{ Arn: getAtt(sweep), Id: 'Target0' }] });
    expect(allowing(statementsOf(synth, sweep), 'sqs:SendMessage').map((s) => s.Resource)).toEqual([getAtt(queue)]);
    expect(envOf(synth, sweep).ANALYTICS_QUEUE_URL).toEqual({ Ref: queue });
    expect(envOf(synth, sweep).PUBLISH_QUEUE_URLS).toBeUndefined();
  });

  it('drains the queue with the collector, redriving to its DLQ, with a visibility of six collector timeouts', () => {
    // Assess
    const [, q] = only(resources(synth, 'AWS::SQS::Queue').filter(([id]) => id === queue));
    expect(q.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: getAtt(dlq), maxReceiveCount: 3 });
    expect(q.Properties.VisibilityTimeout).toBe(6 * JOBS.analyticsCollector.timeoutSeconds);
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: getAtt(queue),
      FunctionName: { Ref: collector },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(allowing(statementsOf(synth, collector), 'kms:Decrypt')).not.toEqual([]);
  });

  it('alarms when a batch reaches the DLQ', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: getAtt(dlq, 'QueueName') }],
      Threshold: 0,
    });
  });
});
