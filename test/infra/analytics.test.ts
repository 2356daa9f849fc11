import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHING_FUNCTIONS } from '../../functions/routes';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** docs/analytics.md: the sweep, the collection queue and its DLQ, the collector, their alarms. */
type Resource = { Type: string; Properties: TemplateJson };
type Statement = { Action: string | string[]; Effect: string; Resource: unknown };

const resources = (synth: SynthesizedApp, type: string) => Object.entries(synth.template.findResources(type) as Record<string, Resource>);
const idOf = (synth: SynthesizedApp, type: string, prefix: string) => {
  const found = resources(synth, type).filter(([id]) => id.startsWith(prefix) && /^[0-9A-F]{8}$/.test(id.slice(prefix.length)));
  expect(found).toHaveLength(1);
  return found[0]![0];
};
const statementsOf = (synth: SynthesizedApp, fnId: string): Statement[] => {
  const roleId = (synth.template.findResources('AWS::Lambda::Function')[fnId] as Resource).Properties.Role['Fn::GetAtt'][0] as string;
  return resources(synth, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
};
const allowing = (statements: Statement[], action: string) => statements.filter((s) => [s.Action].flat().includes(action));

describe('Analytics collection in the app stack', () => {
  let synth: SynthesizedApp;
  let sweep: string;
  let collector: string;
  let queue: string;
  let dlq: string;

  beforeAll(() => {
    synth = synthApp();
    sweep = idOf(synth, 'AWS::Lambda::Function', 'AnalyticsSweep');
    collector = idOf(synth, 'AWS::Lambda::Function', 'AnalyticsCollector');
    queue = idOf(synth, 'AWS::SQS::Queue', 'AnalyticsQueue');
    dlq = idOf(synth, 'AWS::SQS::Queue', 'AnalyticsDeadLetters');
  });

  it('runs the sweep every 15 minutes, sending to the analytics queue only', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [{ Arn: { 'Fn::GetAtt': [sweep, 'Arn'] }, Id: 'Target0' }],
    });
    const sends = allowing(statementsOf(synth, sweep), 'sqs:SendMessage');
    expect(sends.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
    const env = (synth.template.findResources('AWS::Lambda::Function')[sweep] as Resource).Properties.Environment.Variables;
    expect(env.ANALYTICS_QUEUE_URL).toEqual({ Ref: queue });
    expect(env.PUBLISH_QUEUE_URLS).toBeUndefined();
  });

  it('drains the queue with the collector, redriving to its DLQ, with a visibility of six collector timeouts', () => {
    // Assess
    const [, q] = resources(synth, 'AWS::SQS::Queue').find(([id]) => id === queue)!;
    expect(q.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 3 });
    expect(q.Properties.VisibilityTimeout).toBe(6 * PUBLISHING_FUNCTIONS.analyticsCollector.timeoutSeconds);
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      FunctionName: { Ref: collector },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(allowing(statementsOf(synth, collector), 'kms:Decrypt')).not.toHaveLength(0);
  });

  it('alarms when a batch reaches the DLQ', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      Threshold: 0,
    });
  });
});
