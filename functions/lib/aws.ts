import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SSMClient } from '@aws-sdk/client-ssm';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from './env';

/**
 * AWS client factories. Endpoints come from configuration only (env.ts): on the local cloud they
 * point at the stand-ins, on AWS they are unset. Clients are created lazily once per container.
 */
function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const documentClient = memo(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: env().AWS_REGION, endpoint: env().DYNAMODB_ENDPOINT }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const s3Client = memo(
  () =>
    new S3Client({
      region: env().AWS_REGION,
      endpoint: env().S3_ENDPOINT,
      forcePathStyle: Boolean(env().S3_ENDPOINT),
      // Without this the presigned URL carries an empty-body checksum that real S3 rejects (docs/architecture.md#versions-that-matter).
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
);

export const cognitoClient = memo(() => new CognitoIdentityProviderClient({ region: env().AWS_REGION, endpoint: env().COGNITO_ENDPOINT }));

export const ssmClient = memo(() => new SSMClient({ region: env().AWS_REGION, endpoint: env().SSM_ENDPOINT }));

export const kmsClient = memo(() => new KMSClient({ region: env().AWS_REGION }));

export const secretsClient = memo(() => new SecretsManagerClient({ region: env().AWS_REGION }));

export const schedulerClient = memo(() => new SchedulerClient({ region: env().AWS_REGION, endpoint: env().SCHEDULER_ENDPOINT }));

export const sqsClient = memo(() => new SQSClient({ region: env().AWS_REGION, endpoint: env().SQS_ENDPOINT }));

export const sesClient = memo(() => new SESv2Client({ region: env().AWS_REGION, endpoint: env().SES_ENDPOINT }));
