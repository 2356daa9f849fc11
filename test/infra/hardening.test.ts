import { beforeAll, describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../infra/config';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** WAF, the API only through CloudFront, alarm actions, deletion protection, queue retention. */
type Resource = { Properties: TemplateJson; DeletionPolicy?: string };
const resourcesOf = (synth: SynthesizedApp, type: string) => synth.template.findResources(type) as Record<string, Resource>;
const only = <T>(values: T[]): T => {
  expect(values).toHaveLength(1);
  return values[0]!;
};
const apiBehavior = (synth: SynthesizedApp) =>
  (only(Object.values(resourcesOf(synth, 'AWS::CloudFront::Distribution'))).Properties.DistributionConfig.CacheBehaviors as TemplateJson[]).find(
    (b) => b.PathPattern === '/api/*',
  )!;

const CHAT_TOPIC = 'arn:aws:sns:us-east-1:123456789012:ops-chat';

describe('a prod deployment (WAF on, alarm e-mail and a chat topic set)', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stage: 'prod', waf: true, alarmEmail: 'ops@example.com', alarmTopicArn: CHAT_TOPIC });
  });

  it('passes cdk-nag with no unacknowledged finding (CFR2 is met, not acknowledged) and keeps every stack within 500 resources', () => {
    expect(synth.acknowledgements.filter((a) => a.id.endsWith('AwsSolutions-CFR2'))).toEqual([]);
    expect(synth.violations.map((v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
    // CloudFormation's limit is per template: the root and each nested stack (synth.template inlines them all).
    expect(Object.entries(synth.resourceCounts).filter(([, count]) => count > 500)).toEqual([]);
  });

  it('puts a CLOUDFRONT web ACL with the Common, KnownBadInputs and IP-reputation rule groups and a per-IP rate rule in front of the distribution', () => {
    const [aclId, acl] = only(Object.entries(resourcesOf(synth, 'AWS::WAFv2::WebACL')));
    const rules = acl.Properties.Rules as TemplateJson[];
    const distribution = only(Object.values(resourcesOf(synth, 'AWS::CloudFront::Distribution')));

    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(
      rules
        .map((r) => r.Statement.ManagedRuleGroupStatement?.Name)
        .filter(Boolean)
        .sort(),
    ).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'].sort());
    const rate = rules.find((r) => r.Statement.RateBasedStatement)!;
    expect(rate).toMatchObject({ Action: { Block: {} }, Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 2000 } } });
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('lets large post bodies through the common rule set (its 8 KB body rule only counts)', () => {
    const acl = only(Object.values(resourcesOf(synth, 'AWS::WAFv2::WebACL')));
    const common = (acl.Properties.Rules as TemplateJson[]).find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!;

    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('protects the table from deletion', () => {
    const table = only(Object.values(resourcesOf(synth, 'AWS::DynamoDB::Table')));

    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('subscribes the alarm e-mail to an encrypted, TLS-only topic that CloudWatch may publish to', () => {
    const [topicId, topic] = only(Object.entries(resourcesOf(synth, 'AWS::SNS::Topic')));
    const subscription = only(Object.values(resourcesOf(synth, 'AWS::SNS::Subscription')));
    const keyPolicies = Object.values(resourcesOf(synth, 'AWS::KMS::Key')).map((k) => JSON.stringify(k.Properties.KeyPolicy));

    expect(subscription.Properties).toMatchObject({ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } });
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    expect(keyPolicies.some((p) => p.includes('cloudwatch.amazonaws.com') && p.includes('kms:GenerateDataKey*'))).toBe(true);
    const topicPolicy = only(Object.values(resourcesOf(synth, 'AWS::SNS::TopicPolicy')));
    expect(JSON.stringify(topicPolicy.Properties.PolicyDocument)).toContain('aws:SecureTransport');
  });

  it("sends every alarm, firing and recovering, to the operator's chat topic as well as to its own", () => {
    const topicId = only(Object.keys(resourcesOf(synth, 'AWS::SNS::Topic')));
    const alarms = Object.entries(resourcesOf(synth, 'AWS::CloudWatch::Alarm'));

    expect(alarms.length).toBeGreaterThanOrEqual(12);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }, CHAT_TOPIC]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }, CHAT_TOPIC]);
    }
  });
});

describe('a dev deployment (WAF off, no alarm e-mail)', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp();
  });

  it('has no web ACL, and says why in the acknowledged CFR2 finding', () => {
    synth.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(synth.acknowledgements.find((a) => a.id.endsWith('AwsSolutions-CFR2'))?.reason).toMatch(/waf=on/);
    expect(synth.violations).toEqual([]);
  });

  it('sends every alarm, firing and recovering, to the alarm topic (which has no subscriber yet)', () => {
    const topicId = only(Object.keys(resourcesOf(synth, 'AWS::SNS::Topic')));
    const alarms = Object.entries(resourcesOf(synth, 'AWS::CloudWatch::Alarm'));

    expect(alarms.length).toBeGreaterThanOrEqual(12);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
    }
    synth.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('leaves the dev table deletable', () => {
    const table = only(Object.values(resourcesOf(synth, 'AWS::DynamoDB::Table')));

    expect(table.Properties.DeletionProtectionEnabled ?? false).toBe(false);
  });

  it('keeps dead letters longer than their source queue keeps messages (SQS expires them by their first enqueue time)', () => {
    const queues = resourcesOf(synth, 'AWS::SQS::Queue');
    const sources = Object.entries(queues).filter(([, q]) => q.Properties.RedrivePolicy);

    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const [id, queue] of sources) {
      const dlqId = queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      expect(queue.Properties.MessageRetentionPeriod, id).toBe(4 * 24 * 3600);
      expect(queues[dlqId]!.Properties.MessageRetentionPeriod, dlqId).toBe(14 * 24 * 3600);
    }
  });

  it('offers the browser SRP and refresh only: no USER_PASSWORD_AUTH, which would send the password itself', () => {
    const client = only(Object.values(resourcesOf(synth, 'AWS::Cognito::UserPoolClient')));

    expect(client.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(client.Properties.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(synth.runtimeConfig.authFlow).toBe('USER_SRP_AUTH');
  });

  describe('the API only through CloudFront', () => {
    it('has CloudFront send a secret origin header, resolved from Secrets Manager at deploy time', () => {
      const secretId = only(Object.keys(resourcesOf(synth, 'AWS::SecretsManager::Secret')).filter((id) => id.startsWith('ApiOriginSecret')));
      const distribution = only(Object.values(resourcesOf(synth, 'AWS::CloudFront::Distribution')));
      const apiOrigin = (distribution.Properties.DistributionConfig.Origins as TemplateJson[]).find((o) => o.Id === apiBehavior(synth).TargetOriginId)!;
      const header = only(apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]);

      expect(header.HeaderName).toBe('x-origin-verify');
      expect(JSON.stringify(header.HeaderValue)).toContain('{{resolve:secretsmanager:');
      expect(JSON.stringify(header.HeaderValue)).toContain(secretId);
    });

    it('tells every API function which secret to require, and lets each read exactly that secret', () => {
      const secretId = only(Object.keys(resourcesOf(synth, 'AWS::SecretsManager::Secret')).filter((id) => id.startsWith('ApiOriginSecret')));
      const apiFunctions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([id]) => /^Api[A-Z]/.test(id));
      const policies = Object.entries(resourcesOf(synth, 'AWS::IAM::Policy'));

      expect(apiFunctions.length).toBeGreaterThan(30);
      for (const [id, fn] of apiFunctions) {
        expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN, id).toEqual({ Ref: secretId });
        const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
        const [, policy] = policies.find(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))!;
        expect(policy.Properties.PolicyDocument.Statement, id).toContainEqual(
          expect.objectContaining({ Action: expect.arrayContaining(['secretsmanager:GetSecretValue']), Resource: { Ref: secretId } }),
        );
      }
    });

    it("hands the API the viewer's IP, overwriting one the client sent", () => {
      const behavior = apiBehavior(synth);
      const [fnId, fn] = only(Object.entries(resourcesOf(synth, 'AWS::CloudFront::Function')).filter(([id]) => id.startsWith('WebApiViewerIp')));
      const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };

      const request = handler({ viewer: { ip: '203.0.113.7' }, request: { uri: '/api/clients', headers: { 'x-viewer-ip': { value: '10.0.0.1' } } } });

      expect(behavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } }]);
      expect(request.headers['x-viewer-ip']).toEqual({ value: '203.0.113.7' });
    });
  });
});

describe('the waf and alarmEmail settings', () => {
  const parse = (env: Record<string, string>) => parseAppConfig(() => undefined, env);

  const PROD = { STAGE: 'prod', ALARM_EMAIL: 'ops@example.com' };

  it('turn WAF on in prod and off in dev unless told otherwise', () => {
    expect(parse(PROD).waf).toBe(true);
    expect(parse({}).waf).toBe(false);
    expect(parse({ ...PROD, WAF: 'off' }).waf).toBe(false);
    expect(parse({ WAF: 'on' }).waf).toBe(true);
  });

  it('refuse a CloudFront WAF outside us-east-1, saying what to do', () => {
    expect(() => parse({ ...PROD, CDK_DEFAULT_REGION: 'eu-west-1' })).toThrow(/waf: a WAF web ACL for CloudFront can only be created in us-east-1/);
    expect(parse({ ...PROD, CDK_DEFAULT_REGION: 'eu-west-1', WAF: 'off' }).waf).toBe(false);
    expect(() => parse({ WAF: 'yes' })).toThrow(/waf/);
  });

  it('take an alarm e-mail address and refuse anything else', () => {
    expect(parse({ ALARM_EMAIL: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(() => parse({ ALARM_EMAIL: 'ops' })).toThrow(/alarmEmail: must be an e-mail address/);
  });

  it('refuse a prod deployment whose alarms would notify nobody, and take an e-mail or a topic ARN as the destination', () => {
    expect(() => parse({ STAGE: 'prod' })).toThrow(/alarmEmail: prod needs somewhere to send alarms: set alarmEmail \(ALARM_EMAIL\).*or alarmTopicArn/);
    expect(parse({ STAGE: 'prod', ALARM_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:ops-chat', WAF: 'off' }).alarmTopicArn).toBe(
      'arn:aws:sns:eu-west-1:123456789012:ops-chat',
    );
    expect(parse(PROD).alarmEmail).toBe('ops@example.com');
    expect(parse({}).stage).toBe('dev');
  });

  it('refuse an alarm topic that is not an SNS topic ARN', () => {
    expect(() => parse({ ALARM_TOPIC_ARN: 'ops-chat' })).toThrow(/alarmTopicArn: must be the ARN of a standard SNS topic/);
    expect(() => parse({ ALARM_TOPIC_ARN: 'arn:aws:sqs:us-east-1:123456789012:ops-chat' })).toThrow(/alarmTopicArn/);
  });
});
