import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_SCHEMA } from '../../shared/realtime';
import { END_SESSIONS_RESOLVER_CODE, Realtime, SUBSCRIBE_RESOLVER_CODE } from '../../infra/constructs/realtime';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

type Resource = { Properties: TemplateJson };
const resourcesOf = (template: Template, type: string) => Object.values(template.findResources(type)) as Resource[];

/**
 * Runs an APPSYNC_JS resolver's code here, with stand-ins for `util` and `extensions`, so the
 * authorization rule is checked as behaviour, not as text.
 */
function loadResolver(code: string) {
  const calls = { unauthorized: 0, filters: [] as unknown[], invalidationFilters: [] as unknown[], invalidations: [] as unknown[] };
  class Unauthorized extends Error {}
  const util = {
    unauthorized: () => {
      calls.unauthorized++;
      throw new Unauthorized('Unauthorized');
    },
    transform: { toSubscriptionFilter: (filter: unknown) => ({ filterGroup: [filter] }) },
  };
  const extensions = {
    setSubscriptionFilter: (filter: unknown) => calls.filters.push(filter),
    setSubscriptionInvalidationFilter: (filter: unknown) => calls.invalidationFilters.push(filter),
    invalidateSubscriptions: (invalidation: unknown) => calls.invalidations.push(invalidation),
  };
  const body = code.replace(/^import .*$/m, '').replace(/export function (\w+)/g, 'exports.$1 = function $1');
  const exports: { request: (ctx: unknown) => unknown; response: (ctx: unknown) => unknown } = {} as never;
  new Function('exports', 'util', 'extensions', body)(exports, util, extensions);
  return { ...exports, calls, Unauthorized };
}

describe('Realtime (AppSync) in the app stack', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp();
  });

  it('has no unacknowledged cdk-nag finding on the realtime resources', () => {
    // Act
    // (LogRetention: what GraphqlApi's logConfig prop would add at stack level.)
    const findings = synth.violations.filter((v) => v.violatingConstructs.some((c) => /\/(Realtime|LogRetention[0-9a-f]*)\//.test(c.constructPath)));

    // Assess
    expect(findings.map((v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
  });

  it('authorizes browsers through the session-gate authorizer, uncached, and functions with IAM', () => {
    // Assess
    synth.template.resourceCountIs('AWS::AppSync::GraphQLApi', 1);
    synth.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'AWS_LAMBDA',
      LambdaAuthorizerConfig: { AuthorizerUri: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RealtimeAuthorizer'), 'Arn'] }, AuthorizerResultTtlInSeconds: 0 },
      AdditionalAuthenticationProviders: [{ AuthenticationType: 'AWS_IAM' }],
    });
    synth.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'appsync.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RealtimeAuthorizer'), 'Arn'] },
    });
  });

  it('gives the authorizer the pool and app client it verifies tokens against, and read access to the session gate', () => {
    // Prepare
    const [authorizer] = Object.entries(synth.template.findResources('AWS::Lambda::Function')).filter(([id]) => /^RealtimeAuthorizer[0-9A-F]{8}$/.test(id));

    // Assess
    expect(authorizer?.[1].Properties.Environment.Variables).toMatchObject({
      USER_POOL_ID: { Ref: expect.stringMatching(/^AuthUserPool/) },
      USER_POOL_CLIENT_ID: { Ref: expect.stringMatching(/^AuthUserPoolSpaClient/) },
      TABLE_NAME: expect.anything(),
    });
  });

  it('logs errors with a scoped role into a log group with retention, and traces with X-Ray', () => {
    // Prepare
    const [api] = resourcesOf(synth.template, 'AWS::AppSync::GraphQLApi');

    // Assess
    expect(api!.Properties).toMatchObject({
      XrayEnabled: true,
      LogConfig: {
        FieldLogLevel: 'ERROR',
        ExcludeVerboseContent: false,
        CloudWatchLogsRoleArn: { 'Fn::GetAtt': [expect.stringMatching(/^RealtimeLogsRole/), 'Arn'] },
      },
    });
    synth.template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['/aws/appsync/apis/', { 'Fn::GetAtt': [Match.stringLikeRegexp('^RealtimeApi'), 'ApiId'] }]] },
      RetentionInDays: 30,
    });
    synth.template.resourceCountIs('Custom::LogRetention', 0);
    const managedPolicies = resourcesOf(synth.template, 'AWS::IAM::Role').filter((r) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('appsync.amazonaws.com'),
    );
    expect(managedPolicies).toHaveLength(1);
    expect(managedPolicies[0]!.Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('deploys the shared schema', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::AppSync::GraphQLSchema', { Definition: REALTIME_SCHEMA });
  });

  it('resolves the mutation and the subscription with APPSYNC_JS on a NONE data source', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::AppSync::DataSource', { Type: 'NONE' });
    for (const [typeName, fieldName] of [
      ['Mutation', 'publishUserEvent'],
      ['Subscription', 'onUserEvent'],
    ]) {
      synth.template.hasResourceProperties('AWS::AppSync::Resolver', {
        TypeName: typeName,
        FieldName: fieldName,
        Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' },
        Kind: 'UNIT',
      });
    }
  });

  it('deploys the resolvers this file checks', () => {
    // Prepare
    const codeOf = (field: string) => resourcesOf(synth.template, 'AWS::AppSync::Resolver').find((r) => r.Properties.FieldName === field)?.Properties.Code;

    // Assess
    expect(codeOf('onUserEvent')).toBe(SUBSCRIBE_RESOLVER_CODE);
    expect(codeOf('endUserSessions')).toBe(END_SESSIONS_RESOLVER_CODE);
  });

  it('refuses another user’s id and filters events to the subscriber’s own sub', () => {
    // Prepare
    const resolver = loadResolver(SUBSCRIBE_RESOLVER_CODE);
    const alice = { resolverContext: { sub: 'alice', sessionStart: '1700000000' } };

    // Act
    const spying = () => resolver.request({ args: { userId: 'bob' }, identity: alice });
    const own = resolver.request({ args: { userId: 'alice' }, identity: alice });
    resolver.response({ args: { userId: 'alice' }, identity: alice });

    // Assess
    expect(spying).toThrow(resolver.Unauthorized);
    expect(own).toEqual({ payload: null });
    expect(resolver.calls.filters).toEqual([{ filterGroup: [{ userId: { eq: 'alice' } }] }]);
  });

  it('lets endUserSessions close exactly the subscriptions of sessions that began before the gate', () => {
    // Prepare: Alice subscribed in a session that began at 1700000000.
    const subscription = loadResolver(SUBSCRIBE_RESOLVER_CODE);
    subscription.response({ args: { userId: 'alice' }, identity: { resolverContext: { sub: 'alice', sessionStart: '1700000000' } } });
    const ending = loadResolver(END_SESSIONS_RESOLVER_CODE);

    // Act: the gate moves to 1700000100 (sign out everywhere).
    const result = ending.response({ args: { userId: 'alice', validAfter: 1700000100 }, result: { userId: 'alice', validAfter: 1700000100 } });

    // Assess: the invalidation names the subscription field and the gate; Alice's filter matches it
    // (same user, validAfter later than her session's start), a later session's would not.
    expect(ending.calls.invalidations).toEqual([{ subscriptionField: 'onUserEvent', payload: { userId: 'alice', validAfter: 1700000100 } }]);
    expect(subscription.calls.invalidationFilters).toEqual([{ filterGroup: [{ userId: { eq: 'alice' }, validAfter: { gt: 1700000000 } }] }]);
    expect(result).toEqual({ userId: 'alice', validAfter: 1700000100 });
  });

  it('gives the SPA the GraphQL and realtime URLs in config.json and lets it open the WebSocket (CSP)', () => {
    // Prepare
    const [policy] = resourcesOf(synth.template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = JSON.stringify(policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);

    // Assess
    expect(synth.runtimeConfig).toMatchObject({ graphqlUrl: expect.stringContaining('<<marker:'), realtimeUrl: expect.stringContaining('<<marker:') });
    expect(csp).toContain("connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com");
    expect(csp).toContain('wss://*.appsync-realtime-api.us-east-1.');
  });
});

describe('Realtime.bindPublisher', () => {
  it('gives a function REALTIME_GRAPHQL_URL and appsync:GraphQL on the two backend mutations only', () => {
    // Prepare
    const stack = new Stack(new App(), 'Test', { env: { region: 'us-east-1' } });
    const authorizer = new LambdaFunction(stack, 'Authorizer', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => ({ isAuthorized: false })'),
    });
    const realtime = new Realtime(stack, 'Realtime', { authorizer });
    const fn = new LambdaFunction(stack, 'Publisher', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {}'),
    });

    // Act
    realtime.bindPublisher(fn);
    const template = Template.fromStack(stack);

    // Assess
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { REALTIME_GRAPHQL_URL: { 'Fn::GetAtt': [Match.stringLikeRegexp('^RealtimeApi'), 'GraphQLUrl'] } } },
    });
    const statements = resourcesOf(template, 'AWS::IAM::Policy').flatMap((p) => p.Properties.PolicyDocument.Statement as TemplateJson[]);
    const appsync = statements.filter((s) => JSON.stringify(s.Action).includes('appsync'));
    expect(appsync).toHaveLength(1);
    expect(appsync[0]).toMatchObject({ Action: 'appsync:GraphQL', Effect: 'Allow' });
    const resources = [appsync[0].Resource].flat().map((r) => JSON.stringify(r));
    expect(resources).toHaveLength(2);
    expect(resources.some((r) => r.includes('/types/Mutation/fields/publishUserEvent'))).toBe(true);
    expect(resources.some((r) => r.includes('/types/Mutation/fields/endUserSessions'))).toBe(true);
  });
});
