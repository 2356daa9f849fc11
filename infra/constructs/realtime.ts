import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AuthorizationType,
  type CfnGraphQLApi,
  Code,
  Definition,
  FieldLogLevel,
  FunctionRuntime,
  GraphqlApi,
  type IGraphQLApiRef,
  type ISchema,
  type ISchemaConfig,
  type NoneDataSource,
} from 'aws-cdk-lib/aws-appsync';
import { type Grant, type IGrantable, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { END_SESSIONS_MUTATION_FIELD, PUBLISH_MUTATION_FIELD, REALTIME_SCHEMA, SUBSCRIPTION_FIELD } from '../../shared/realtime';

export interface RealtimeProps {
  /**
   * The Lambda authorizer browsers subscribe through (the default auth mode): it verifies their
   * Cognito access token and the session gate (functions/handlers/auth/authorize-realtime.ts).
   */
  readonly authorizer: IFunction;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
}

/** The mutation resolver (NONE data source): the event is its own result, which AppSync fans out. */
export const PUBLISH_RESOLVER_CODE = `export function request(ctx) {
  return { payload: ctx.args };
}

export function response(ctx) {
  return ctx.result;
}
`;

/**
 * The subscription resolver: the per-user authorization, on the server. The authorizer's
 * resolverContext names the subscriber (`sub`) and when their session began. A user may subscribe
 * to their own events only (else Unauthorized); the enhanced filter delivers only events whose
 * userId is the subscriber's, whatever the client asked for; and the invalidation filter lets
 * `endUserSessions` close this subscription when the session gate moves past its session's start.
 */
export const SUBSCRIBE_RESOLVER_CODE = `import { util, extensions } from '@aws-appsync/utils';

export function request(ctx) {
  const sub = ctx.identity.resolverContext.sub;
  if (!sub || ctx.args.userId !== sub) {
    util.unauthorized();
  }
  return { payload: null };
}

export function response(ctx) {
  const sub = ctx.identity.resolverContext.sub;
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter({ userId: { eq: sub } }));
  extensions.setSubscriptionInvalidationFilter(
    util.transform.toSubscriptionFilter({ userId: { eq: sub }, validAfter: { gt: Number(ctx.identity.resolverContext.sessionStart) } }),
  );
  return null;
}
`;

/**
 * The session-ending mutation (IAM only): closes the user's subscriptions whose session began
 * before `validAfter` (the subscription resolver's invalidation filter decides which).
 */
export const END_SESSIONS_RESOLVER_CODE = `import { extensions } from '@aws-appsync/utils';

export function request(ctx) {
  return { payload: ctx.args };
}

export function response(ctx) {
  extensions.invalidateSubscriptions({
    subscriptionField: '${SUBSCRIPTION_FIELD}',
    payload: { userId: ctx.args.userId, validAfter: ctx.args.validAfter },
  });
  return ctx.result;
}
`;

/**
 * The schema from shared/realtime.ts, which the local emulator serves too (SchemaFile would need it
 * on disk). GraphqlApi binds its schema with itself, whose apiId is set by then.
 */
const schema: ISchema = {
  bind: (api: IGraphQLApiRef): ISchemaConfig => ({ apiId: (api as GraphqlApi).apiId, definition: REALTIME_SCHEMA }),
};

/**
 * Live user events (docs/architecture.md#the-pieces): an AppSync GraphQL API whose default auth is a
 * Lambda authorizer (browsers subscribe with their Cognito access token; the authorizer checks the
 * session gate, uncached) and whose additional mode is IAM (functions publish and end sessions).
 * Logs at ERROR field level to a log group with retention, X-Ray tracing on.
 */
export class Realtime extends Construct {
  readonly api: GraphqlApi;
  /** What REALTIME_GRAPHQL_URL and config.json's graphqlUrl carry. */
  readonly graphqlUrl: string;
  /** `wss://<id>.appsync-realtime-api.<region>.amazonaws.com/graphql`: config.json's realtimeUrl. */
  readonly realtimeUrl: string;
  /**
   * The WebSocket origins browsers connect to (CSP connect-src): AppSync's realtime hosts in this
   * region. A wildcard, because naming this API in the CSP would close a dependency cycle (CSP →
   * API → user pool → triggers → media bucket → CORS → distribution → CSP).
   */
  readonly browserOrigin: string;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);

    this.api = new GraphqlApi(this, 'Api', {
      name: `${id}-user-events`,
      definition: Definition.fromSchema(schema),
      authorizationConfig: {
        // No result cache: a cached yes would admit a revoked session's token for the cache's lifetime.
        defaultAuthorization: {
          authorizationType: AuthorizationType.LAMBDA,
          lambdaAuthorizerConfig: { handler: props.authorizer, resultsCacheTtl: Duration.seconds(0) },
        },
        additionalAuthorizationModes: [{ authorizationType: AuthorizationType.IAM }],
      },
      xrayEnabled: true,
    });
    // Logging is set on the resource, not through `logConfig`: that prop always adds CDK's
    // LogRetention custom-resource Lambda and a role with the AWSAppSyncPushToCloudWatchLogs managed
    // policy. Here the log group is ours (with retention) and the role may only write to it.
    const logsRole = new Role(this, 'LogsRole', { assumedBy: new ServicePrincipal('appsync.amazonaws.com') });
    (this.api.node.defaultChild as CfnGraphQLApi).logConfig = {
      cloudWatchLogsRoleArn: logsRole.roleArn,
      fieldLogLevel: FieldLogLevel.ERROR,
      excludeVerboseContent: false,
    };
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(logsRole);

    const none: NoneDataSource = this.api.addNoneDataSource('None', { description: 'Events are passed through, not stored' });
    none.createResolver('PublishUserEvent', {
      typeName: 'Mutation',
      fieldName: PUBLISH_MUTATION_FIELD,
      runtime: FunctionRuntime.JS_1_0_0,
      code: Code.fromInline(PUBLISH_RESOLVER_CODE),
    });
    none.createResolver('OnUserEvent', {
      typeName: 'Subscription',
      fieldName: SUBSCRIPTION_FIELD,
      runtime: FunctionRuntime.JS_1_0_0,
      code: Code.fromInline(SUBSCRIBE_RESOLVER_CODE),
    });
    none.createResolver('EndUserSessions', {
      typeName: 'Mutation',
      fieldName: END_SESSIONS_MUTATION_FIELD,
      runtime: FunctionRuntime.JS_1_0_0,
      code: Code.fromInline(END_SESSIONS_RESOLVER_CODE),
    });

    this.graphqlUrl = this.api.graphqlUrl;
    this.realtimeUrl = (this.api.node.defaultChild as CfnGraphQLApi).attrRealtimeUrl;
    const { region, urlSuffix } = Stack.of(this);
    this.browserOrigin = `wss://*.appsync-realtime-api.${region}.${urlSuffix}`;
  }

  /** appsync:GraphQL on the two backend mutations only: a function may push events and end sessions, not read or subscribe. */
  grantPublish(grantee: IGrantable): Grant {
    return this.api.grantMutation(grantee, PUBLISH_MUTATION_FIELD, END_SESSIONS_MUTATION_FIELD);
  }

  /** Gives a function what lib/realtime.ts needs: REALTIME_GRAPHQL_URL and the publish grant. */
  bindPublisher(fn: LambdaFunction): void {
    fn.addEnvironment('REALTIME_GRAPHQL_URL', this.graphqlUrl);
    this.grantPublish(fn);
  }
}
