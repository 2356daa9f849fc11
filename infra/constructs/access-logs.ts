import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Bucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PRIVATE_BUCKET_DEFAULTS } from './private-bucket';

export interface AccessLogsProps {
  /** @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * How long log files are kept.
   * @default Duration.days(90)
   */
  readonly expiration?: Duration;
}

/** One bucket receiving the S3 server access logs and the CloudFront standard logs. */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.bucket = new Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      // CloudFront standard logging writes with ACLs, so the bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: props.expiration ?? Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: removalPolicy === RemovalPolicy.DESTROY,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination itself; logging it into itself would loop.',
    });
  }
}
