import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The values every handler parses at cold start (functions/lib/env.ts). */
export interface FunctionEnvironment {
  readonly tableName: string;
  readonly mediaBucketName: string;
  readonly userPoolId?: string;
  /** Name of the SSM parameter holding the SPA origin. A plain string, never a token (see Web). */
  readonly appOriginParameterName: string;
  /**
   * KMS key (ARN) wrapping stored platform tokens; functions that handle tokens get it.
   * @default - none: the function cannot read or write platform tokens
   */
  readonly tokenKmsKeyId?: string;
  /** @default 'INFO' */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** @default true */
  readonly proComingSoon?: boolean;
}

export interface AppFunctionProps {
  /** Handler module under the handlers directory, without extension, e.g. `me/get-me`. */
  readonly handlerModule: string;
  readonly environment: FunctionEnvironment;
  /**
   * Directory holding the handler modules.
   * @default functions/handlers in the repository
   */
  readonly handlersDir?: string;
  /** @default 256 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /**
   * What happens to the function's log group when it leaves the stack.
   * @default RemovalPolicy.DESTROY
   */
  readonly logRemovalPolicy?: RemovalPolicy;
}

/**
 * A Lambda function with the house defaults: Node 22 on ARM, ESM bundle with source maps, the
 * AWS SDK taken from the runtime, X-Ray tracing, its own log group with retention, and a role that
 * may write only to that log group (instead of the AWSLambdaBasicExecutionRole managed policy).
 *
 * The log group and role are created beside the function (a subclass cannot create children
 * before `super()`), named after it.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    const env = props.environment;
    super(scope, id, {
      entry: path.join(props.handlersDir ?? path.join(REPO_ROOT, 'functions/handlers'), `${props.handlerModule}.ts`),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      environment: {
        TABLE_NAME: env.tableName,
        MEDIA_BUCKET: env.mediaBucketName,
        ...(env.userPoolId ? { USER_POOL_ID: env.userPoolId } : {}),
        APP_ORIGIN_PARAMETER: env.appOriginParameterName,
        ...(env.tokenKmsKeyId ? { TOKEN_KMS_KEY_ID: env.tokenKmsKeyId } : {}),
        LOG_LEVEL: env.logLevel ?? 'INFO',
        PRO_COMING_SOON: String(env.proComingSoon ?? true),
        POWERTOOLS_SERVICE_NAME: 'schedule-autopost',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        // Some CommonJS dependencies call require(); ESM output has none unless we make one.
        banner: "const require = (await import('node:module')).createRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        externalModules: ['@aws-sdk/*'],
        tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
      },
    });

    // Every handler may resolve the SPA origin (e-mail links, checkout return URLs). The ARN is
    // built from the name, not from the parameter resource, so no function depends on CloudFront.
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: env.appOriginParameterName.replace(/^\//, ''),
          }),
        ],
      }),
    );

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions; tracing needs Resource "*".',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'DESIGN §10 pins Lambda to nodejs22.x (the runtime the code and local cloud are tested on).',
    });
  }
}
