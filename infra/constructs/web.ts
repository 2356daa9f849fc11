import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DefaultStackSynthesizer, Duration, Lazy, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct, type IConstruct } from 'constructs';
import { VIEWER_IP_HEADER } from '../../functions/lib/edge-headers';
import type { RuntimeConfig } from '../../shared/api';
import { PUBLIC_API_PREFIX } from '../../shared/api-keys';
import { contentSecurityPolicy, FRAME_OPTION, HSTS, inlineScriptHashes, REFERRER_POLICY } from '../security-headers';
import { PRIVATE_BUCKET_DEFAULTS } from './private-bucket';

export interface WebProps {
  /** Absolute path of the built SPA (Vite output: index.html plus hashed files under assets/). */
  readonly siteDir: string;
  /**
   * Name of the SSM parameter that receives `https://<distribution domain>`. A plain string known
   * at construction, so functions can read it without depending on the distribution.
   */
  readonly appOriginParameterName: string;
  /** Bucket receiving CloudFront logs (under `cloudfront/`) and the site bucket's access logs (under `web/`). */
  readonly accessLogsBucket: IBucket;
  /** @default PriceClass.PRICE_CLASS_100 */
  readonly priceClass?: PriceClass;
  /**
   * What happens to the site bucket when it leaves the stack (its content is rebuilt on deploy).
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * ARN of a CLOUDFRONT-scoped WAF web ACL (infra/constructs/firewall.ts) to attach.
   * @default - no web ACL
   */
  readonly webAclArn?: string;
}

/**
 * Viewer-request function on /api/*: hands the API the viewer's IP (API Gateway only sees
 * CloudFront's), overwriting whatever a client sent under that name, so per-IP limits cannot be
 * dodged by forging it.
 */
const API_VIEWER_IP = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * Viewer-request function for SPA routing: a path whose last segment has no file extension is a
 * client-side route and gets index.html. Only on the default behaviour, so /api/* answers stay
 * the API's own (distribution error responses would turn an API 404 into HTML).
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The SPA on CloudFront: private bucket behind Origin Access Control, security headers, client-side
 * routing, `/api/*` forwarded to the HTTP API (one origin for both), and the deploy-time
 * `/config.json`.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<distribution domain>`: what the browser sees as the app's origin. */
  readonly appOrigin: string;

  private readonly connectSources: string[] = [];
  private readonly mediaSources: string[] = [];
  private readonly responseHeadersPolicy: ResponseHeadersPolicy;
  private readonly siteDir: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    this.siteDir = props.siteDir;

    this.bucket = new Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'web/',
      removalPolicy,
      autoDeleteObjects: removalPolicy === RemovalPolicy.DESTROY,
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Schedule & Autopost security headers',
      securityHeadersBehavior: {
        // Values from infra/security-headers.ts, which the local front door sends too.
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          preload: HSTS.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[FRAME_OPTION], override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: Lazy.string({ produce: () => this.contentSecurityPolicy() }),
          override: true,
        },
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Rewrite client-side routes to /index.html',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Schedule & Autopost',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      ...(props.webAclArn && { webAclId: props.webAclArn }),
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The product serves creators worldwide (docs/product-rules.md#the-product); there is no country to restrict.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Served on the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain would set TLSv1.2_2021.',
      },
    );

    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason: 'WAF is a deployment setting (waf=on, the default in prod); this deployment turned it off. The API still enforces per-user and per-IP limits.',
      });
    }

    this.appOrigin = `https://${this.distribution.distributionDomainName}`;

    new StringParameter(this, 'AppOriginParameter', {
      parameterName: props.appOriginParameterName,
      stringValue: this.appOrigin,
      description: 'Origin of the SPA, used in e-mail links',
    });
  }

  /** Hosts the SPA may fetch from or post to (CSP connect-src), besides its own origin. */
  allowConnectTo(...origins: string[]): void {
    this.connectSources.push(...origins);
  }

  /** Hosts the SPA may play video/audio from (CSP media-src), besides its own origin. */
  allowMediaFrom(...origins: string[]): void {
    this.mediaSources.push(...origins);
  }

  /**
   * Forward `/api/*` and `/v1/*` to the HTTP API, uncached and with every viewer header but Host, plus the
   * viewer's IP and the origin-verify header the API requires (`originHeaders`: CloudFront
   * overwrites a viewer header of the same name, so a client cannot supply or learn it).
   */
  routeApi(apiDomainName: string, originHeaders: Record<string, string> = {}): void {
    const viewerIp = new CloudFrontFunction(this, 'ApiViewerIp', {
      code: FunctionCode.fromInline(API_VIEWER_IP),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pass the viewer IP to the API for its per-IP limits',
    });
    const origin = new HttpOrigin(apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: originHeaders,
    });
    // The app's /api and the public API's /v1 (docs/public-api.md) are routes of the same HTTP API.
    for (const pattern of ['/api/*', `${PUBLIC_API_PREFIX}/*`]) {
      this.distribution.addBehavior(pattern, origin, {
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
      });
    }
  }

  /**
   * Upload the SPA and its `/config.json` (tokens in the config resolve at deploy time).
   *
   * Two deployments: hashed files under assets/ are cached for a year and never pruned (an open
   * tab may still lazy-load the previous build's chunks); index.html, config.json and the rest are
   * revalidated on every load and uploaded after the assets they reference.
   */
  deploySite(runtimeConfig: RuntimeConfig): void {
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(this.siteDir)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(this.siteDir), Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    site.node.addDependency(assets);

    // Both deployments share one CDK-managed singleton handler; acknowledge its findings once.
    const handler = site.handlerRole.node.scope;
    if (handler && !handler.node.metadata.some((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)) {
      this.acknowledgeDeploymentHandler(handler);
    }
  }

  /**
   * The BucketDeployment handler is aws-cdk-lib's: its runtime and its grants (read the CDK assets
   * bucket, sync into the site bucket, invalidate the distribution) are chosen by the library.
   */
  private acknowledgeDeploymentHandler(handler: IConstruct): void {
    const stack = Stack.of(this);
    const pseudo = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
    const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetsBucketArn = `arn:${pseudo(stack.partition, 'Partition')}:s3:::cdk-${qualifier}-assets-${pseudo(stack.account, 'AccountId')}-${pseudo(stack.region, 'Region')}`;
    const siteBucketId = stack.resolve((this.bucket.node.defaultChild as CfnBucket).logicalId) as string;
    const wildcards = [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      `Resource::${assetsBucketArn}/*`,
      `Resource::<${siteBucketId}.Arn>/*`,
      'Resource::*',
    ];
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK-managed BucketDeployment handler: its Python runtime is chosen by aws-cdk-lib, not by this app.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK-managed BucketDeployment handler role; aws-cdk-lib attaches the basic execution policy for its logs.',
      },
      ...wildcards.map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: 'CDK-managed BucketDeployment grants: read the CDK assets bucket, sync the site bucket, invalidate CloudFront (no resource-level ARN).',
      })),
    );
  }

  private contentSecurityPolicy(): string {
    return contentSecurityPolicy({
      scripts: inlineScriptHashes(readFileSync(path.join(this.siteDir, 'index.html'), 'utf8')),
      connect: this.connectSources,
      media: this.mediaSources,
    });
  }
}
