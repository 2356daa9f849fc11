import path from 'node:path';
import { CfnOutput, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { GoogleSignInConfig, Stage } from './config';
import { AccessLogs } from './constructs/access-logs';
import { Alarms } from './constructs/alarms';
import { Api } from './constructs/api';
import { AppFunction, REPO_ROOT } from './constructs/app-function';
import { Auth } from './constructs/auth';
import { Billing } from './constructs/billing';
import { grantDeclaredNeeds } from './constructs/capabilities';
import { DataMigrations } from './constructs/data-migrations';
import { DataTable } from './constructs/data-table';
import { JobGroupConstruct } from './constructs/jobs';
import { Firewall } from './constructs/firewall';
import { Mail } from './constructs/mail';
import { Media } from './constructs/media';
import { MediaPull } from './constructs/media-pull';
import { Publishing } from './constructs/publishing';
import { Realtime } from './constructs/realtime';
import { TokenVault } from './constructs/token-vault';
import { Web } from './constructs/web';
import { DEFAULT_GRAPH_API_VERSION } from '../shared/graph-api-version';
import { JOB_GROUPS } from '../functions/jobs';
import { REALTIME_FUNCTIONS } from '../functions/routes';

export interface AppStackProps extends StackProps {
  /** `prod` keeps stateful resources (table, user pool, buckets) when they leave the stack. */
  readonly stage: Stage;
  /**
   * The built SPA, absolute or relative to the repository root.
   * @default 'frontend/dist'
   */
  readonly webDir?: string;
  /**
   * Google sign-in through the Cognito managed login.
   * @default - not configured: email and password only
   */
  readonly google?: GoogleSignInConfig;
  /**
   * Origins allowed to use the media bucket besides the app's own (e.g. a local dev server).
   * @default []
   */
  readonly extraCorsOrigins?: string[];
  /** @default 'INFO' */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /**
   * Name of a Secrets Manager secret holding the platforms' app credentials as
   * `{"<platform>": {"clientId", "clientSecret"}}`. Platforms missing from it show "Coming Soon".
   * @default - none: every platform is unavailable
   */
  readonly platformCredentialsSecretName?: string;
  /**
   * Pro is shown as "Coming Soon" and cannot be bought (docs/product-rules.md#plans-and-limits). Turn off to sell Pro.
   * @default true
   */
  readonly proComingSoon?: boolean;
  /**
   * The Graph API version the Facebook and Instagram adapters call (GRAPH_API_VERSION of the functions
   * that talk to the platforms).
   * @default DEFAULT_GRAPH_API_VERSION (shared/graph-api-version.ts)
   */
  readonly graphApiVersion?: string;
  /**
   * Where Bluesky accounts sign in (BLUESKY_SERVICE_URL of the functions that talk to the platforms).
   * Absent: Bluesky is not offered.
   */
  readonly blueskyServiceUrl?: string;
  /**
   * Whether LinkedIn sign-in asks for the organization-page scopes and offers pages (LINKEDIN_PAGES of
   * the functions that talk to the platforms): only once the LinkedIn app has Community Management.
   * @default 'off'
   */
  readonly linkedinPages?: 'on' | 'off';
  /**
   * The Pinterest API host (PINTEREST_API_HOST of the same functions): 'sandbox' while the app has Trial access.
   * @default 'production'
   */
  readonly pinterestApiHost?: 'production' | 'sandbox';
  /**
   * The Google project is not verified for the YouTube API, so YouTube keeps uploads private; compose
   * tells the user (runtime config `youtubeUnverified`).
   * @default true
   */
  readonly youtubeUnverified?: boolean;
  /**
   * The TikTok client is not audited yet, so TikTok takes SELF_ONLY posts only: the API refuses other
   * privacy levels (TIKTOK_UNAUDITED) and compose says why (runtime config `tiktokUnaudited`).
   * @default true
   */
  readonly tiktokUnaudited?: boolean;
  /**
   * TikTok photo posts (docs/tiktok.md#photo-posts): the PEM public key CloudFront checks pull URLs with, and
   * the Secrets Manager secret holding its private key (created by the operator), both or neither.
   * @default - none: TikTok photo posts are off
   */
  readonly mediaPull?: { readonly publicKeyPem: string; readonly privateKeySecretName: string };
  /** Concurrent publisher invocations per platform queue (infra/config.ts). @default 50 */
  readonly publisherConcurrency?: number;
  /**
   * Secrets Manager secret holding the Stripe keys as `{"secretKey", "webhookSecret"}`.
   * @default - none: checkout and webhooks answer "Stripe is not configured"
   */
  readonly stripeSecretName?: string;
  /**
   * The Stripe price id sold for each paid plan's product id.
   * @default {} - nothing can be bought
   */
  readonly stripePrices?: Record<string, string>;
  /**
   * Who is e-mailed when an alarm fires (an SNS subscription, confirmed by a link SNS sends first).
   * @default - nobody: the alarm topic exists without subscribers
   */
  readonly alarmEmail?: string;
  /**
   * The app's own e-mails (invitations): the From and the SES identity it belongs to, verified by
   * the operator (docs/deployment.md#e-mail). Required once a function declares 'mail:send'.
   * @default - none
   */
  readonly mail?: { readonly from: string; readonly identity: string };
  /**
   * An existing SNS topic every alarm also notifies (a chat integration's, say).
   * @default - none
   */
  readonly alarmTopicArn?: string;
  /**
   * A WAF web ACL (managed rule groups, per-IP rate rule) in front of CloudFront. Needs the stack in
   * us-east-1 (CLOUDFRONT scope).
   * @default false (infra/config.ts turns it on in prod)
   */
  readonly waf?: boolean;
  /**
   * Where handler modules live (tests point this at stubs).
   * @default functions/handlers in the repository
   */
  readonly handlersDir?: string;
}

/**
 * The whole application: capabilities (docs/infrastructure.md#capabilities-one-declaration-per-function) wired together. Resources live in the constructs;
 * every function gets exactly what its declaration in functions/routes.ts needs (grantDeclaredNeeds).
 *
 * CloudFormation allows 500 resources per stack, and each function brings four or five (function,
 * role, policy, log group, invoke permission). The stateful resources (table, buckets, user pool,
 * keys, schedule group), the site, the HTTP API itself, realtime and the publishing engine stay in
 * this stack; two nested stacks hold the API's functions and its routes (docs/infrastructure.md).
 * test/infra/stack-size.test.ts keeps every stack under 60% of the limit.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const removalPolicy = props.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // Built from the stack name, not read from the parameter resource, so functions can name it
    // without depending on the distribution that provides its value.
    const appOriginParameterName = `/${this.stackName}/app-origin`;

    const logs = new AccessLogs(this, 'AccessLogs', { removalPolicy });
    const data = new DataTable(this, 'Data', { removalPolicy });
    const tokens = new TokenVault(this, 'Tokens', { removalPolicy });
    const firewall = props.waf ? new Firewall(this, 'Firewall') : undefined;
    const web = new Web(this, 'Web', {
      siteDir: path.resolve(REPO_ROOT, props.webDir ?? 'frontend/dist'),
      appOriginParameterName,
      accessLogsBucket: logs.bucket,
      removalPolicy,
      webAclArn: firewall?.webAclArn,
    });
    const media = new Media(this, 'Media', {
      allowedOrigins: [web.appOrigin, ...(props.extraCorsOrigins ?? [])],
      accessLogsBucket: logs.bucket,
      removalPolicy,
    });

    const mediaPull = props.mediaPull
      ? new MediaPull(this, 'MediaPull', {
          mediaBucket: media.bucket,
          publicKeyPem: props.mediaPull.publicKeyPem,
          privateKeySecretName: props.mediaPull.privateKeySecretName,
          accessLogsBucket: logs.bucket,
        })
      : undefined;

    const functionEnvironment = {
      tiktokPhotos: mediaPull !== undefined,
      tableName: data.tableName,
      mediaBucketName: media.bucketName,
      appOriginParameterName,
      logLevel: props.logLevel,
      proComingSoon: props.proComingSoon ?? true,
      tiktokUnaudited: props.tiktokUnaudited ?? true,
    };
    const auth = new Auth(this, 'Auth', {
      functionEnvironment,
      appOrigin: web.appOrigin,
      google: props.google,
      handlersDir: props.handlersDir,
      removalPolicy,
    });
    // Subscribers are admitted by this authorizer: their access token (this pool, the SPA's client)
    // and the session gate, the check every API request makes.
    const realtimeAuthorizer = new AppFunction(this, 'RealtimeAuthorizer', {
      handlerModule: REALTIME_FUNCTIONS.authorizer.handler,
      handlersDir: props.handlersDir,
      environment: { ...functionEnvironment, userPoolId: auth.userPool.userPoolId },
    });
    realtimeAuthorizer.addEnvironment('USER_POOL_CLIENT_ID', auth.client.userPoolClientId);
    // Functions that call notifyUser get `realtime.bindPublisher(fn)` (env + publish-only grant).
    const realtime = new Realtime(this, 'Realtime', { authorizer: realtimeAuthorizer });

    const api = new Api(this, 'Api', {
      functionEnvironment: { ...functionEnvironment, userPoolId: auth.userPool.userPoolId },
      jwtIssuer: auth.issuerUrl,
      jwtAudience: [auth.client.userPoolClientId],
      handlersDir: props.handlersDir,
      functionsScope: new NestedStack(this, 'ApiFunctions', { description: "The HTTP API's functions, with their roles and log groups" }),
      routesScope: new NestedStack(this, 'ApiRoutes', { description: "The HTTP API's routes, integrations and invoke permissions" }),
      parts: [
        // Workspaces, invitations and client connect and review links: their own stack, for ApiFunctions' resource budget.
        {
          folders: ['workspaces', 'connect-links', 'review-links'],
          functionsScope: new NestedStack(this, 'ApiTeamFunctions', { description: "The HTTP API's functions for workspaces, members and client links" }),
        },
        // The public API (`/v1`, its OpenAPI document) and webhook endpoints: functions and routes of their own, for the budgets of
        // ApiFunctions and ApiRoutes.
        {
          folders: ['public-api', 'webhooks'],
          functionsScope: new NestedStack(this, 'ApiPublicFunctions', { description: "The public API's own functions and the webhook endpoints'" }),
          routesScope: new NestedStack(this, 'ApiPublicRoutes', { description: 'The public API routes (/v1) and the webhook endpoint routes' }),
          publicRoutes: true,
        },
      ],
    });
    const platformCredentials = props.platformCredentialsSecretName
      ? Secret.fromSecretNameV2(this, 'PlatformCredentials', props.platformCredentialsSecretName)
      : undefined;
    // Stays in this stack: its schedule group has a fixed name and holds every pending post's
    // schedule, so moving it would replace it (docs/infrastructure.md).
    const publishing = new Publishing(this, 'Publishing', {
      functionEnvironment,
      handlersDir: props.handlersDir,
      removalPolicy,
      ...(props.publisherConcurrency ? { publisherConcurrency: props.publisherConcurrency } : {}),
    });
    // Every other group of the job table (functions/jobs.ts) in a nested stack of its own: nothing in
    // them has a fixed name, and this stack stays within its resource budget.
    const jobGroups = Object.entries(JOB_GROUPS).flatMap(([group, def]) =>
      'nested' in def
        ? [
            new JobGroupConstruct(new NestedStack(this, def.nested.stackId, { description: def.nested.description }), def.nested.constructId, {
              group: group as Exclude<keyof typeof JOB_GROUPS, 'publishing'>,
              functionEnvironment,
              handlersDir: props.handlersDir,
              removalPolicy,
            }),
          ]
        : [],
    );
    const jobFunctions = jobGroups.flatMap((g) => g.functions);
    const mail = props.mail ? new Mail(this, 'Mail', props.mail) : undefined;
    const billing = new Billing(this, 'Billing', { stripeSecretName: props.stripeSecretName, stripePrices: props.stripePrices, userPool: auth.userPool });
    const providers = {
      data,
      media,
      tokens,
      publishing,
      jobGroups,
      realtime,
      billing,
      appClient: auth.client,
      graphApiVersion: props.graphApiVersion ?? DEFAULT_GRAPH_API_VERSION,
      ...(props.blueskyServiceUrl ? { blueskyServiceUrl: props.blueskyServiceUrl } : {}),
      linkedinPages: props.linkedinPages ?? 'off',
      pinterestApiHost: props.pinterestApiHost ?? 'production',
      ...(platformCredentials ? { platformCredentials } : {}),
      ...(mediaPull ? { mediaPull } : {}),
      ...(mail ? { mail } : {}),
    };
    for (const fn of [...Object.values(auth.triggers), realtimeAuthorizer, ...api.functions.values(), ...publishing.engineFunctions, ...jobFunctions])
      grantDeclaredNeeds(fn, providers);

    // Data migrations run on every deploy that creates or re-versions them (docs/deployment.md#data-migrations),
    // in a nested stack of their own for the root's resource budget. The table reaches them as a
    // parameter, so they follow it; they also wait for every function that reads or writes what they move.
    const migrations = new DataMigrations(
      new NestedStack(this, 'DataMigrations', { description: 'Data migrations: a function and a custom resource per migration, run on deploy' }),
      'Migrations',
      { functionEnvironment, handlersDir: props.handlersDir },
    );
    for (const fn of migrations.functions) grantDeclaredNeeds(fn, providers);
    migrations.runAfter(...Object.values(auth.triggers), realtimeAuthorizer, ...api.functions.values(), ...publishing.engineFunctions, ...jobFunctions);

    web.routeApi(api.domainName, api.originHeaders);
    new Alarms(this, 'Alarms', { email: props.alarmEmail, topicArn: props.alarmTopicArn, removalPolicy }).notifyOn([
      ...publishing.alarms,
      ...jobGroups.flatMap((g) => g.alarms),
    ]);
    web.allowConnectTo(...auth.browserOrigins, ...media.browserOrigins);
    web.allowConnectTo(realtime.browserOrigin);
    web.allowMediaFrom(...media.browserOrigins);
    web.deploySite({
      region: this.region,
      apiBasePath: '/api',
      proComingSoon: props.proComingSoon ?? true,
      youtubeUnverified: props.youtubeUnverified ?? true,
      tiktokUnaudited: props.tiktokUnaudited ?? true,
      tiktokPhotos: mediaPull !== undefined,
      ...auth.runtimeConfig,
      graphqlUrl: realtime.graphqlUrl,
      realtimeUrl: realtime.realtimeUrl,
    });

    new CfnOutput(this, 'AppUrl', { value: web.appOrigin });
    new CfnOutput(this, 'DistributionId', { value: web.distribution.distributionId });
    new CfnOutput(this, 'ApiEndpoint', { value: api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: media.bucketName });
    new CfnOutput(this, 'RealtimeGraphqlUrl', { value: realtime.graphqlUrl });
    // The URL prefix to verify for the TikTok app (Content Posting API, URL properties).
    if (mediaPull) new CfnOutput(this, 'MediaPullPrefix', { value: `${mediaPull.origin}/media-pull/` });
  }
}
