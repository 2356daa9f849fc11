import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Bucket, type CfnBucket, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Capability } from '../../functions/capabilities';
import { nagRef } from './nag-ref';
import { PRIVATE_BUCKET_DEFAULTS } from './private-bucket';

export interface MediaProps {
  /** Origins the browser uploads from and reads media on: the SPA origin first. */
  readonly allowedOrigins: string[];
  /** Bucket receiving S3 server access logs (under `media/`). */
  readonly accessLogsBucket: IBucket;
  /** @default false */
  readonly versioned?: boolean;
  /**
   * What happens to the bucket and the users' media when it leaves the stack. DESTROY also empties it.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The private media bucket (docs/architecture.md#the-pieces): the browser uploads with presigned POSTs and reads with
 * presigned GETs issued by the API; nothing is public.
 */
export class Media extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.bucket = new Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      versioned: props.versioned ?? false,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'media/',
      cors: [
        {
          allowedOrigins: props.allowedOrigins,
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.POST, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy,
      autoDeleteObjects: removalPolicy === RemovalPolicy.DESTROY,
    });
  }

  get bucketName(): string {
    return this.bucket.bucketName;
  }

  /**
   * Where the browser talks to S3 (presigned POST uploads, presigned GET reads), for the CSP.
   * A wildcard over the region's S3 hosts rather than this bucket's own host: naming the bucket in
   * the CloudFront headers policy would make a cycle (bucket CORS → distribution → policy → bucket).
   */
  get browserOrigins(): string[] {
    const { region, urlSuffix } = Stack.of(this);
    return [`https://*.s3.${region}.${urlSuffix}`, `https://s3.${region}.${urlSuffix}`];
  }

  /** List keys and delete objects, nothing else: account deletion removes a user's prefixes. */
  grantDelete(grantee: IGrantable): void {
    this.grant(grantee, ['media:delete']);
  }

  /** Put, get and delete objects and list keys. */
  grantReadWrite(grantee: IGrantable): void {
    this.grant(grantee, ['media:read', 'media:write', 'media:delete']);
  }

  /**
   * Exactly the object actions of the declared media capabilities: GetObject (read, presigned GETs),
   * PutObject (write, presigned upload POSTs), DeleteObject with ListBucket (delete; with ListBucket a
   * HEAD of a missing key answers 404, not 403).
   */
  grant(grantee: IGrantable, needs: readonly Capability[]): void {
    const actions = needs.flatMap((need) => MEDIA_ACTIONS[need as keyof typeof MEDIA_ACTIONS] ?? []);
    if (actions.length === 0) return;
    Grant.addToPrincipal({ grantee, actions: [...actions].sort(), resourceArns: [this.bucket.arnForObjects('*')] });
    if (needs.includes('media:delete')) Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [this.bucket.bucketArn] });
    const principal = grantee.grantPrincipal;
    if (principal instanceof Construct) {
      Validations.of(principal).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(principal, this.bucket.node.defaultChild as CfnBucket, 'Arn')}/*]`,
        reason: 'Object keys are per user and per upload ({userId}/..., avatars/{userId}-); the handler scopes keys, IAM scopes the bucket.',
      });
    }
  }
}

const MEDIA_ACTIONS = {
  'media:read': ['s3:GetObject'],
  'media:write': ['s3:PutObject'],
  'media:delete': ['s3:DeleteObject'],
} as const satisfies Partial<Record<Capability, readonly string[]>>;
