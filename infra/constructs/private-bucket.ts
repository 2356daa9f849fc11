import { BlockPublicAccess, BucketEncryption, type BucketProps } from 'aws-cdk-lib/aws-s3';

/** What every bucket of the app shares: never public, TLS only, encrypted at rest. */
export const PRIVATE_BUCKET_DEFAULTS = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: BucketEncryption.S3_MANAGED,
} as const satisfies BucketProps;
