import { createHash } from 'node:crypto';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_DESIGN } from '../../functions/data/table-design';
import { PUBLIC_ROUTES } from '../../functions/public-routes';
import { type Capability } from '../../functions/capabilities';
import { JOB_GROUPS } from '../../functions/jobs';
import { allHandlerModules, COGNITO_TRIGGERS, LONG_RUNNING_HANDLERS, REALTIME_FUNCTIONS, ROUTES } from '../../functions/routes';
import { RuntimeConfigSchema } from '../../shared/api';
import { PLATFORMS } from '../../shared/platforms';
import { declarationOfFunction, GOOGLE, type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** A background job's function: the engine's (`Publishing…`) or a nested job group's (`Analytics…`, `Webhooks…`). */
const JOB_FUNCTION = new RegExp(
  `^(${['Publishing', ...Object.values(JOB_GROUPS).flatMap((group) => ('nested' in group ? [group.nested.constructId] : []))].join('|')})`,
);

/** The inline script of test/fixtures/web/index.html, which the CSP must allow by hash. */
const FIXTURE_INLINE_SCRIPT = "document.documentElement.className = 'dark';";

type Resource = { Properties: TemplateJson; DeletionPolicy?: string };

const resourcesOf = (synth: SynthesizedApp, type: string) => synth.template.findResources(type) as Record<string, Resource>;

/** The app's own functions (not CDK's custom-resource handlers): they carry the app environment. */
const appFunctions = (synth: SynthesizedApp) =>
  Object.values(resourcesOf(synth, 'AWS::Lambda::Function')).filter((fn) => fn.Properties.Environment?.Variables?.TABLE_NAME);

describe('AppStack without Google sign-in (dev)', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp();
  });

  describe('compliance', () => {
    it('passes cdk-nag AwsSolutions and every other validation with no unacknowledged error or warning', () => {
      // Prepare / Act: synthesized in beforeAll

      // Assess
      expect(synth.violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
    });

    it("fits CloudFormation's limit of 500 resources per stack", () => {
      // Act: each template of the app (the stack and its nested stacks) on its own, as CloudFormation counts them;
      // the flattened template is the whole app, over the limit by design once functions moved to nested stacks.
      const over = Object.entries(synth.resourceCounts).filter(([, count]) => count > 500);

      // Assess
      expect(Object.keys(synth.resourceCounts).length).toBeGreaterThan(1);
      expect(over).toEqual([]);
    });

    it('gives every acknowledged finding a specific reason', () => {
      // Prepare
      const vague = synth.acknowledgements.filter((a) => a.reason.trim().length < 20);

      // Act / Assess
      expect(synth.acknowledgements.length).toBeGreaterThan(0);
      expect(vague).toEqual([]);
    });
  });

  describe('data', () => {
    it('keeps everything in one on-demand table with point-in-time recovery and TTL on expiresAt', () => {
      // Assess
      synth.template.resourceCountIs('AWS::DynamoDB::Table', 1);
      synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
        KeySchema: [
          { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
        ],
      });
    });

    it('has every index of the table design, each with its projection', () => {
      // Prepare
      const expected = Object.values(TABLE_DESIGN.indexes).map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      }));

      // Assess
      synth.template.hasResourceProperties('AWS::DynamoDB::Table', { GlobalSecondaryIndexes: expected });
    });

    it('destroys the table in dev', () => {
      // Assess
      const [table] = Object.values(resourcesOf(synth, 'AWS::DynamoDB::Table'));
      expect(table!.DeletionPolicy).toBe('Delete');
    });
  });

  describe('buckets', () => {
    it('blocks all public access on every bucket', () => {
      // Prepare
      const buckets = Object.values(resourcesOf(synth, 'AWS::S3::Bucket'));

      // Assess
      expect(buckets).toHaveLength(3); // web, media, access logs
      for (const bucket of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
      }
    });

    it('denies every request without TLS on every bucket', () => {
      // Prepare
      const bucketIds = Object.keys(resourcesOf(synth, 'AWS::S3::Bucket'));
      const policies = Object.values(resourcesOf(synth, 'AWS::S3::BucketPolicy'));

      // Act
      const sslEnforced = policies
        .filter((policy) =>
          policy.Properties.PolicyDocument.Statement.some((s: TemplateJson) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false'),
        )
        .map((policy) => policy.Properties.Bucket.Ref);

      // Assess
      expect(sslEnforced.sort()).toEqual(bucketIds.sort());
    });

    it('lets the SPA origin upload media and aborts abandoned multipart uploads', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::S3::Bucket', {
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST', 'HEAD']),
              AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] }]] }],
            }),
          ],
        },
        LifecycleConfiguration: {
          Rules: [Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })],
        },
      });
    });
  });

  describe('web', () => {
    it('serves the site bucket through Origin Access Control, never an origin access identity', () => {
      // Assess
      synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      synth.template.resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
      synth.template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } })]),
        }),
      });
    });

    it('redirects viewers to HTTPS on every behaviour', () => {
      // Prepare
      const [distribution] = Object.values(resourcesOf(synth, 'AWS::CloudFront::Distribution'));
      const config = distribution!.Properties.DistributionConfig;

      // Assess
      expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
      for (const behavior of config.CacheBehaviors) expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    });

    it('routes /api/* and the public API’s /v1/* to the HTTP API uncached, with every method and all viewer headers but Host', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          CacheBehaviors: ['/api/*', '/v1/*'].map((PathPattern) =>
            Match.objectLike({
              PathPattern,
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
              OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
              AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            }),
          ),
          Origins: Match.arrayWith([
            Match.objectLike({
              DomainName: { 'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^ApiHttpApi') }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }]] },
              CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
            }),
          ]),
        }),
      });
    });

    it('sends client-side routes to index.html with a viewer-request function instead of error responses', () => {
      // Prepare
      const fn = Object.entries(resourcesOf(synth, 'AWS::CloudFront::Function')).find(([id]) => id.startsWith('WebSpaFallback'))?.[1];
      const [distribution] = Object.values(resourcesOf(synth, 'AWS::CloudFront::Distribution'));
      const config = distribution!.Properties.DistributionConfig;

      // Assess
      expect(fn!.Properties.FunctionCode).toContain("request.uri = '/index.html'");
      expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaFallback/), 'FunctionARN'] } },
      ]);
      expect(config.CustomErrorResponses).toBeUndefined();
    });

    it('rewrites extension-less paths to /index.html and leaves files alone', () => {
      // Prepare
      const fn = Object.entries(resourcesOf(synth, 'AWS::CloudFront::Function')).find(([id]) => id.startsWith('WebSpaFallback'))?.[1];
      const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (event: unknown) => { uri: string };
      const viewerRequest = (uri: string) => handler({ request: { uri, headers: {} } }).uri;

      // Act / Assess
      expect(viewerRequest('/home/schedule')).toBe('/index.html');
      expect(viewerRequest('/home/')).toBe('/index.html');
      expect(viewerRequest('/complete-signup')).toBe('/index.html');
      expect(viewerRequest('/assets/index-rlFC57Ci.js')).toBe('/assets/index-rlFC57Ci.js');
      expect(viewerRequest('/config.json')).toBe('/config.json');
    });

    it('sends HSTS, nosniff, frame DENY, a referrer policy and a CSP allowing itself, its inline scripts and Cognito', () => {
      // Prepare
      const [policy] = Object.values(resourcesOf(synth, 'AWS::CloudFront::ResponseHeadersPolicy'));
      const headers = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);

      // Assess
      expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true });
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(FIXTURE_INLINE_SCRIPT).digest('base64')}';`);
      expect(csp).toContain("connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('amazoncognito.com');
    });

    it('publishes the app origin in an SSM parameter named after the stack', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::SSM::Parameter', {
        Name: '/ScheduleAutopost-test/app-origin',
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] }]] },
      });
    });

    it('deploys /config.json matching the SPA runtime-config schema, without Google sign-in', () => {
      // Act
      const config = synth.runtimeConfig;

      // Assess
      expect(RuntimeConfigSchema.safeParse(config).success).toBe(true);
      expect(config).toEqual({
        region: 'us-east-1',
        apiBasePath: '/api',
        userPoolId: expect.stringContaining('<<marker:'),
        userPoolClientId: expect.stringContaining('<<marker:'),
        googleSignIn: false,
        // SRP on AWS: the app client does not allow USER_PASSWORD_AUTH there.
        authFlow: 'USER_SRP_AUTH',
        // Pro stays "Coming Soon" unless the deployment says otherwise.
        proComingSoon: true,
        // Until Google verifies the project, YouTube keeps uploads private and compose says so.
        youtubeUnverified: true,
        // Until TikTok audits the client, only Only me posts, and compose says so.
        tiktokUnaudited: true,
        // No media-pull settings, so no TikTok photo posts (docs/tiktok.md#photo-posts).
        tiktokPhotos: false,
        // The realtime API: the SPA subscribes through it.
        graphqlUrl: expect.stringContaining('<<marker:'),
        realtimeUrl: expect.stringContaining('<<marker:'),
      });
      synth.template.hasResourceProperties('Custom::CDKBucketDeployment', {
        SourceMarkers: [{}, Match.objectLike({})],
        DistributionPaths: ['/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
      });
    });
  });

  describe('api', () => {
    const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
    const routesByKey = () =>
      new Map(Object.values(resourcesOf(synth, 'AWS::ApiGatewayV2::Route')).map((r) => [r.Properties.RouteKey as string, r.Properties]));

    it('has exactly one route per entry of the route table', () => {
      // Act
      const keys = [...routesByKey().keys()];

      // Assess
      expect(keys.sort()).toEqual([...ROUTES, ...PUBLIC_ROUTES].map(routeKey).sort());
    });

    it('puts no Cognito authorizer on the public API’s /v1 routes, which the handler factory admits by API key, and keeps it on every /api route they serve', () => {
      // Prepare
      const routes = routesByKey();

      // Act
      const v1 = PUBLIC_ROUTES.map((r) => routes.get(routeKey(r)));
      const served = PUBLIC_ROUTES.map((r) => routes.get(r.serves));

      // Assess
      expect(v1.length).toBeGreaterThan(0);
      for (const route of v1) {
        expect(route).toBeDefined();
        expect(route!.AuthorizerId).toBeUndefined();
        expect(route!.AuthorizationType ?? 'NONE').toBe('NONE');
      }
      for (const route of served) expect(route).toMatchObject({ AuthorizationType: 'JWT' });
    });

    it('sends each /v1 route to the function of the /api route it serves', () => {
      // Prepare
      const routes = routesByKey();

      // Act
      const pairs = PUBLIC_ROUTES.map((r) => [routes.get(routeKey(r))!.Target, routes.get(r.serves)!.Target]);

      // Assess
      for (const [v1, app] of pairs) expect(v1).toEqual(app);
    });

    it('puts the Cognito JWT authorizer on every user route', () => {
      // Prepare
      const [authorizerId] = Object.keys(resourcesOf(synth, 'AWS::ApiGatewayV2::Authorizer'));
      const routes = routesByKey();

      // Act
      const userRoutes = ROUTES.filter((r) => r.auth === 'user').map((r) => routes.get(routeKey(r)));

      // Assess
      expect(userRoutes.length).toBeGreaterThan(0);
      for (const route of userRoutes) {
        expect(route).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      }
    });

    it('trusts tokens issued by the user pool for the SPA client', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [{ Ref: Match.stringLikeRegexp('^AuthUserPoolSpaClient') }],
          Issuer: { 'Fn::Join': ['', ['https://cognito-idp.us-east-1.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: Match.stringLikeRegexp('^AuthUserPool') }]] },
        },
      });
    });

    it('leaves GET /api/plans public', () => {
      // Act
      const plans = routesByKey().get('GET /api/plans');

      // Assess
      expect(plans).toBeDefined();
      expect(plans!.AuthorizerId).toBeUndefined();
      expect(plans!.AuthorizationType ?? 'NONE').toBe('NONE');
    });

    it('leaves the OAuth callbacks public (the platform redirects the browser there, with no token)', () => {
      // Act
      const callback = routesByKey().get('GET /api/oauth/{platform}/callback');

      // Assess
      expect(callback).toBeDefined();
      expect(callback!.AuthorizerId).toBeUndefined();
      expect(callback!.AuthorizationType ?? 'NONE').toBe('NONE');
    });

    it('logs access and throttles on the default stage', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
        DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
      });
    });
  });

  describe('functions', () => {
    it('creates one function per handler module, on nodejs22.x arm64 with tracing and the house limits', () => {
      // Act
      const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);

      // Assess
      // The publisher module runs as one function per platform queue (docs/publishing.md#the-pipeline).
      expect(functions).toHaveLength(allHandlerModules().length + PLATFORMS.length - 1);
      for (const [logicalId, fn] of functions) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          TracingConfig: { Mode: 'Active' },
          Handler: 'index.handler',
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        });
        // The publishing engine's functions (analytics collection's included) set their own limits (publishing.test.ts), and so does
        // media confirm, which converts images with sharp (native-modules.test.ts), and media from a link,
        // which fetches for up to 20 s and then confirms (media-from-url.test.ts). Account and workspace
        // deletion wait out the API timeout before their final sweep (LONG_RUNNING_HANDLERS).
        const longRunning = LONG_RUNNING_HANDLERS[declarationOfFunction(logicalId).handler];
        if (JOB_FUNCTION.test(logicalId) || /ConfirmUpload|MediaFromUrl/.test(logicalId)) continue;
        if (/^Api/.test(logicalId) && longRunning !== undefined) expect(fn.Properties).toMatchObject({ MemorySize: 256, Timeout: longRunning });
        // The realtime authorizer answers AppSync within its own short limit.
        else if (/^RealtimeAuthorizer/.test(logicalId))
          expect(fn.Properties).toMatchObject({ MemorySize: 256, Timeout: REALTIME_FUNCTIONS.authorizer.timeoutSeconds });
        // A data migration runs once per deploy over the whole table, within Lambda's longest limit (data-migrations.test.ts).
        else if (/^Migrations/.test(logicalId))
          expect(fn.Properties).toMatchObject({ MemorySize: 256, Timeout: declarationOfFunction(logicalId).timeoutSeconds });
        else expect(fn.Properties).toMatchObject({ MemorySize: 256, Timeout: 10 });
      }
    });

    it('gives every function the environment the handlers parse at start-up', () => {
      // Assess
      const base = [
        'APP_ORIGIN_PARAMETER',
        'LOG_LEVEL',
        'MEDIA_BUCKET',
        'NODE_OPTIONS',
        'POWERTOOLS_SERVICE_NAME',
        'PRO_COMING_SOON',
        'TABLE_NAME',
        'TIKTOK_PHOTOS',
        'TIKTOK_UNAUDITED',
      ];
      const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);
      expect(functions.filter(([id]) => /PostConfirmation|CustomMessage|PreTokenGeneration/.test(id))).toHaveLength(3);
      // Each capability a function declares (functions/routes.ts) brings its settings (functions/lib/env.ts).
      const byCapability: Partial<Record<Capability, string[]>> = {
        tokens: ['TOKEN_KMS_KEY_ID'],
        // Functions that call the platforms speak the configured Graph API version,
        // and the deployment's LinkedIn pages and Pinterest API host (docs/deployment.md#networks-that-need-the-platforms-approval).
        'platform-apps': ['GRAPH_API_VERSION', 'LINKEDIN_PAGES', 'PINTEREST_API_HOST'],
        scheduling: ['SCHEDULE_GROUP', 'DISPATCHER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_DLQ_ARN'],
        queues: ['PUBLISH_QUEUE_URLS'],
        realtime: ['REALTIME_GRAPHQL_URL'],
        // Signup completion signs the buyer up through the app client, so Cognito sends the verification mail.
        'cognito:sign-up': ['USER_POOL_CLIENT_ID'],
        // The password check signs in through the app client; a checkout account's verification confirms through it.
        'cognito:check-password': ['USER_POOL_CLIENT_ID'],
        'cognito:set-password': ['USER_POOL_CLIENT_ID'],
        // The From of the app's e-mails (docs/deployment.md#e-mail).
        'mail:send': ['MAIL_FROM'],
        // Emitters queue their events for the webhook sender (docs/webhooks.md).
        webhooks: ['WEBHOOK_QUEUE_URL'],
      };
      for (const [logicalId, fn] of functions) {
        // Triggers get no pool id (it would be a cycle; Cognito sends it in the event); API functions do.
        const isTrigger = /PostConfirmation|CustomMessage|PreTokenGeneration/.test(logicalId);
        // API functions refuse requests that did not come through CloudFront.
        // The realtime authorizer is called by AppSync, not through CloudFront, and verifies tokens of the app client.
        const api = /^RealtimeAuthorizer/.test(logicalId) ? ['USER_POOL_ID', 'USER_POOL_CLIENT_ID'] : ['USER_POOL_ID', 'ORIGIN_VERIFY_SECRET_ARN'];
        // The analytics sweep's queue is the analytics queue (docs/analytics.md), not the publishing ones.
        const settingsOf = (need: Capability) =>
          need === 'queues' && logicalId.startsWith('Analytics') ? ['ANALYTICS_QUEUE_URL'] : (byCapability[need] ?? []);
        const declared = [...new Set(declarationOfFunction(logicalId).needs.flatMap(settingsOf))];
        const expected = [...base, ...(isTrigger || JOB_FUNCTION.test(logicalId) || /^Migrations/.test(logicalId) ? [] : api), ...declared];
        expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(expected.sort());
        expect(fn.Properties.Environment.Variables).toMatchObject({
          APP_ORIGIN_PARAMETER: '/ScheduleAutopost-test/app-origin',
          NODE_OPTIONS: '--enable-source-maps',
        });
      }
    });

    it('wraps stored platform tokens with a rotating KMS key that only the token-handling functions may use', () => {
      // Assess
      // The other key encrypts the alarm topic (infra/constructs/alarms.ts).
      const keys = Object.entries(resourcesOf(synth, 'AWS::KMS::Key')).filter(([id]) => id.startsWith('Tokens'));
      expect(keys).toHaveLength(1);
      const [keyId, key] = keys[0]!;
      expect(key.Properties.EnableKeyRotation).toBe(true);
      const keyHolders = appFunctions(synth).filter((fn) => fn.Properties.Environment.Variables.TOKEN_KMS_KEY_ID);
      // +2: add to queue and Publish now create posts as POST /api/posts does, limit check included.
      // +1: bulk import reads TikTok's creator_info for TikTok rows, as Compose's panel does.
      // +3: a webhook endpoint's secret is envelope-encrypted with this key: written when created or
      // rotated, read back by the sender to sign (docs/webhooks.md).
      // +1: Bluesky's sign-in form turns an app password into a session it stores (docs/bluesky.md).
      // +1: Compose's Pinterest board picker lists the account's boards with its token.
      expect(keyHolders).toHaveLength(15 + PLATFORMS.length);
      for (const fn of keyHolders) {
        expect(fn.Properties.Environment.Variables.TOKEN_KMS_KEY_ID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      }
      const kmsPolicies = Object.entries(resourcesOf(synth, 'AWS::IAM::Policy')).filter(([, p]) =>
        (p.Properties.PolicyDocument.Statement as { Action: unknown }[]).some((st) => JSON.stringify(st.Action).includes('kms:')),
      );
      const publishers = PLATFORMS.map((p) => `Publishing${p.charAt(0).toUpperCase()}${p.slice(1)}Publisher`);
      // The functions that read or save tokens (test/unit/infra/capabilities.test.ts): the posts
      // handlers ask Instagram for its live publishing limit with the account's tokens. Listing,
      // deleting and connecting accounts never touch tokens.
      expect(kmsPolicies.map(([id]) => id.replace(/Role.*$/, '')).sort()).toEqual(
        [
          'ApiConnectionsGetPageInfo',
          'ApiConnectionsGetPinterestBoards',
          'ApiConnectionsGetTiktokCreatorInfo',
          'ApiOauthOauthCallback',
          'ApiOauthStartAuthorization',
          'ApiPostsCheckLimits',
          'ApiPostsCreatePost',
          'ApiPostsImportPosts',
          'ApiPostsPublishNow',
          'ApiPostsUpdatePost',
          'ApiQueueAddToQueue',
          // Reads metrics with the account's tokens (docs/analytics.md#the-collector).
          'AnalyticsCollector',
          // Webhook secrets (above).
          'ApiWebhooksCreateWebhook',
          'ApiWebhooksRotateWebhookSecret',
          'WebhooksSender',
          ...publishers,
        ].sort(),
      );
      for (const [, policy] of kmsPolicies) {
        expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Action: ['kms:Decrypt', 'kms:Encrypt'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [keyId, 'Arn'] } }),
        );
      }
    });

    it('lets functions read the app-origin parameter by an ARN built from its name', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::IAM::Policy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: 'ssm:GetParameter',
              Resource: {
                'Fn::Join': ['', ['arn:aws:ssm:us-east-1:', { Ref: 'AWS::AccountId' }, ':parameter/ScheduleAutopost-test/app-origin']],
              },
            }),
          ]),
        },
      });
    });
  });

  describe('auth', () => {
    it('signs users up by email with passwords of at least 6 characters and verifies the email', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: {
          PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireNumbers: false, RequireSymbols: false, RequireUppercase: false },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      });
    });

    it('wires the PostConfirmation, CustomMessage and V2_0 pre-token-generation triggers to their functions', () => {
      // Assess
      expect(Object.keys(COGNITO_TRIGGERS).sort()).toEqual(['customMessage', 'postConfirmation', 'preTokenGeneration']);
      synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
        // Access-token customization (V2_0) exists on the Essentials and Plus plans only.
        UserPoolTier: 'ESSENTIALS',
        LambdaConfig: {
          PostConfirmation: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthPostConfirmation'), 'Arn'] },
          CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthCustomMessage'), 'Arn'] },
          PreTokenGenerationConfig: {
            LambdaArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthPreTokenGeneration'), 'Arn'] },
            LambdaVersion: 'V2_0',
          },
        },
      });
    });

    it('gives the SPA a public client with SRP sign-in, refresh and the IAM-only admin password check, and no user-existence errors', () => {
      // Assess
      synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        PreventUserExistenceErrors: 'ENABLED',
      });
    });

    it('has no Google provider, no managed-login domain and no OAuth flows', () => {
      // Prepare
      const [client] = Object.values(resourcesOf(synth, 'AWS::Cognito::UserPoolClient'));

      // Assess
      synth.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
      synth.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
      expect(client!.Properties.AllowedOAuthFlows).toBeUndefined();
      expect(client!.Properties.CallbackURLs).toBeUndefined();
    });

    it('destroys the user pool in dev', () => {
      // Assess
      const [pool] = Object.values(resourcesOf(synth, 'AWS::Cognito::UserPool'));
      expect(pool!.DeletionPolicy).toBe('Delete');
    });
  });
});

describe('AppStack with Google sign-in', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ google: GOOGLE });
  });

  it('passes cdk-nag with no unacknowledged finding', () => {
    // Assess
    expect(synth.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('federates Google with the client secret resolved from Secrets Manager at deploy time', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: GOOGLE.clientId,
        client_secret: `{{resolve:secretsmanager:${GOOGLE.clientSecretName}:SecretString:::}}`,
      }),
    });
  });

  it('creates the managed-login domain', () => {
    // Assess
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: GOOGLE.domainPrefix });
  });

  it('returns users to /home and /auth on the CloudFront origin', () => {
    // Prepare
    const origin = (path: string) => ({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] }, path]],
    });

    // Assess
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      CallbackURLs: [origin('/home'), origin('/auth')],
      LogoutURLs: [origin('/auth')],
    });
  });

  it('tells the SPA that Google sign-in is on and where the managed login lives', () => {
    // Act
    const config = synth.runtimeConfig;

    // Assess
    expect(config).toMatchObject({
      googleSignIn: true,
      oauthDomain: `${GOOGLE.domainPrefix}.auth.us-east-1.amazoncognito.com`,
    });
  });

  it('allows the managed-login host in the CSP', () => {
    // Prepare
    const [policy] = Object.values(resourcesOf(synth, 'AWS::CloudFront::ResponseHeadersPolicy'));

    // Assess
    expect(JSON.stringify(policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy)).toContain(
      `https://${GOOGLE.domainPrefix}.auth.us-east-1.amazoncognito.com`,
    );
  });
});

describe('AppStack in prod', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stage: 'prod' });
  });

  it('retains the table, the user pool and the buckets, and protects the pool from deletion', () => {
    // Prepare
    const stateful = [
      ...Object.values(resourcesOf(synth, 'AWS::DynamoDB::Table')),
      ...Object.values(resourcesOf(synth, 'AWS::Cognito::UserPool')),
      ...Object.values(resourcesOf(synth, 'AWS::S3::Bucket')),
    ];

    // Assess
    for (const resource of stateful) expect(resource.DeletionPolicy).toBe('Retain');
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    synth.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('passes cdk-nag with no unacknowledged finding', () => {
    // Assess
    expect(synth.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('AppStack with platform app credentials in Secrets Manager', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({
      platformCredentialsSecretName: 'schedule-autopost/platform-apps',
      blueskyServiceUrl: 'https://bsky.social',
      linkedinPages: 'on',
      pinterestApiHost: 'sandbox',
    });
  });

  it('tells the functions that talk to the platforms, and only them, whether LinkedIn offers pages and which Pinterest API to call', () => {
    // Prepare
    const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);
    const platformFunctions = functions.filter(([id]) => declarationOfFunction(id).needs.includes('platform-apps')).map(([id]) => id);

    // Assess: the connect start (the sign-in's scopes) and the board picker (the API host) among them.
    const toldPages = functions.filter(([, fn]) => fn.Properties.Environment.Variables.LINKEDIN_PAGES === 'on').map(([id]) => id);
    const toldHost = functions.filter(([, fn]) => fn.Properties.Environment.Variables.PINTEREST_API_HOST === 'sandbox').map(([id]) => id);
    expect(toldPages).toEqual(platformFunctions);
    expect(toldHost).toEqual(platformFunctions);
    expect(toldPages).toContainEqual(expect.stringMatching(/^ApiConnectionsInitiateOauth/));
    expect(toldHost).toContainEqual(expect.stringMatching(/^ApiConnectionsGetPinterestBoards/));
  });

  it('tells the functions that talk to the platforms, and only them, where Bluesky accounts sign in', () => {
    // Prepare
    const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);

    // Assess: GET /api/platforms among them, so Bluesky is offered rather than shown as Coming Soon.
    const told = functions.filter(([, fn]) => fn.Properties.Environment.Variables.BLUESKY_SERVICE_URL === 'https://bsky.social').map(([id]) => id);
    expect(told).toEqual(functions.filter(([id]) => declarationOfFunction(id).needs.includes('platform-apps')).map(([id]) => id));
    expect(told).toContainEqual(expect.stringMatching(/^ApiConnectionsListPlatforms/));
  });

  it('tells only the token-handling functions which secret to read, and lets only them read it', () => {
    // Prepare
    const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);
    const readers = functions.filter(([, fn]) => fn.Properties.Environment.Variables.PLATFORM_CREDENTIALS_SECRET);
    // Every API function also reads the CloudFront origin secret (its own statement, asserted in hardening.test.ts).
    const policies = Object.values(resourcesOf(synth, 'AWS::IAM::Policy')).filter(
      (p) =>
        JSON.stringify(p.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue') &&
        JSON.stringify(p.Properties.PolicyDocument).includes('platform-apps'),
    );

    // Assess
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.map(([id]) => id).filter((id) => !declarationOfFunction(id).needs.includes('platform-apps'))).toEqual([]);
    expect(readers).toHaveLength(functions.filter(([id]) => declarationOfFunction(id).needs.includes('platform-apps')).length);
    expect(readers.every(([, fn]) => fn.Properties.Environment.Variables.PLATFORM_CREDENTIALS_SECRET === 'schedule-autopost/platform-apps')).toBe(true);
    expect(policies).toHaveLength(readers.length);
  });

  it('passes cdk-nag with no unacknowledged finding', () => {
    // Assess
    expect(synth.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('AppStack media grants', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp();
  });

  it('lets each function get, put or delete media objects exactly as it declares, and list keys only with delete', () => {
    // Prepare
    const [bucketId] = Object.entries(resourcesOf(synth, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('MediaBucket'))!;
    const policies = resourcesOf(synth, 'AWS::IAM::Policy');
    const functions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);

    // Act / Assess
    expect(
      functions
        .filter(([id]) => declarationOfFunction(id).needs.includes('media:write'))
        .map(([id]) => id.slice(0, -8))
        .sort(),
      // Duplicating a post copies its files to new keys; so does making each occurrence of a
      // series with media: on create, on an "all following" edit (the new template), and in the sweep (16.3);
      // and bulk import for each row naming an upload. Media from a link stores what it fetched.
    ).toEqual([
      'ApiMediaConfirmUpload',
      'ApiMediaMediaFromUrl',
      'ApiMediaPresignUpload',
      'ApiPostsCreatePost',
      'ApiPostsDuplicatePost',
      'ApiPostsImportPosts',
      'ApiProfilePresignAvatar',
      'ApiRecurrenceEditSeries',
      'RecurrenceSweep',
    ]);
    for (const [logicalId, fn] of functions) {
      const needs = declarationOfFunction(logicalId).needs;
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const statements = Object.values(policies)
        .filter((p) => p.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Resource).includes(`"${bucketId}"`));
      const objectActions = [
        ...(needs.includes('media:delete') ? ['s3:DeleteObject'] : []),
        ...(needs.includes('media:read') ? ['s3:GetObject'] : []),
        ...(needs.includes('media:write') ? ['s3:PutObject'] : []),
      ];
      const expected = [
        ...(objectActions.length
          ? [
              expect.objectContaining({
                Action: objectActions.length === 1 ? objectActions[0] : objectActions,
                Effect: 'Allow',
                Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] },
              }),
            ]
          : []),
        // Without ListBucket a HEAD of a missing key answers 403, not 404, and confirm could not say "Upload not found".
        ...(needs.includes('media:delete')
          ? [expect.objectContaining({ Action: 's3:ListBucket', Effect: 'Allow', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] } })]
          : []),
      ];
      expect(statements, logicalId).toEqual(expected);
    }
    expect(synth.violations.map((v) => v.ruleName)).toEqual([]);
  });
});
