import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type FunctionDef, memoryMBOf, timeoutSecondsOf } from '../../functions/capabilities';
import { functionOf } from '../../functions/routes';
import { bundleInputHash } from './bundle-hash';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Handlers that need a native module at run time, and what that costs them. sharp (libvips) cannot
 * be inlined by esbuild: it is left out of the bundle and installed beside it as a node module, for
 * the function's own OS and CPU (see nativeModuleInstall). Only these functions carry it.
 * Media confirm reads and converts images for Instagram (functions/domain/media.ts): a large PNG
 * decodes to hundreds of MB, hence its memory and timeout (declared with its route, functions/routes.ts).
 */
export const NATIVE_MODULE_HANDLERS: Readonly<Record<string, { readonly modules: readonly string[] }>> = {
  'media/confirm-upload': { modules: ['sharp'] },
  // Media from a link ends in the same confirm (functions/domain/media-from-url.ts).
  'media/media-from-url': { modules: ['sharp'] },
};

const lockedVersion = (name: string): string => {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json; npm install it first`);
  return version;
};

/**
 * Shell commands (run in the bundle's output directory after esbuild) that install `modules` at
 * their locked versions for Lambda's Linux on `architecture`. npm's --os/--cpu pick sharp's
 * prebuilt binaries for that platform (@img/sharp-linux-arm64 and its libvips) instead of the build
 * machine's; the last command fails the build if the binary for the target is missing.
 */
export function nativeModuleInstall(modules: readonly string[], architecture: Architecture, outputDir: string): string[] {
  if (modules.length === 0) return [];
  const cpu = architecture === Architecture.ARM_64 ? 'arm64' : 'x64';
  const specs = modules.map((name) => `${name}@${lockedVersion(name)}`).join(' ');
  const commands = [`npm install --prefix "${outputDir}" --no-save --no-package-lock --no-audit --no-fund --omit=dev --os=linux --cpu=${cpu} ${specs}`];
  if (modules.includes('sharp')) commands.push(`test -f "${outputDir}/node_modules/@img/sharp-linux-${cpu}/package.json"`);
  return commands;
}

/** The values every handler parses at cold start (functions/lib/env.ts). */
export interface FunctionEnvironment {
  readonly tableName: string;
  readonly mediaBucketName: string;
  readonly userPoolId?: string;
  /** Name of the SSM parameter holding the SPA origin. A plain string, never a token (see Web). */
  readonly appOriginParameterName: string;
  /** @default 'INFO' */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** @default true */
  readonly proComingSoon?: boolean;
  /** TikTok takes SELF_ONLY posts only until the client is audited. @default true */
  readonly tiktokUnaudited?: boolean;
  /** TikTok photo posts: the deployment serves signed pull URLs (docs/tiktok.md#photo-posts). @default false */
  readonly tiktokPhotos?: boolean;
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
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /**
   * What happens to the function's log group when it leaves the stack.
   * @default RemovalPolicy.DESTROY
   */
  readonly logRemovalPolicy?: RemovalPolicy;
}

/** Raise when the esbuild settings below change, so bundles cached under the old settings are not reused. */
const BUNDLING_VERSION = 1;

/**
 * The esbuild settings of a handler: ESM for node22, the AWS SDK from the runtime, and a handler's
 * native modules (NATIVE_MODULE_HANDLERS) external and installed for `architecture` after bundling.
 */
export function bundlingFor(handlerModule: string, architecture: Architecture, entry?: string): BundlingOptions {
  const native = NATIVE_MODULE_HANDLERS[handlerModule];
  const coldStart = path.join(REPO_ROOT, 'functions/lib/cold-start.ts');
  return {
    // Keyed by what the bundle is built from, so an unchanged function is not bundled again into
    // the same cdk.out (infra/constructs/bundle-hash.ts; docs/infrastructure.md#bundling).
    ...(entry
      ? {
          assetHash: bundleInputHash(REPO_ROOT, [entry, coldStart], {
            handlerModule,
            architecture: architecture.name,
            native: native?.modules.map((m) => `${m}@${lockedVersion(m)}`) ?? [],
            bundling: BUNDLING_VERSION,
          }),
        }
      : {}),
    format: OutputFormat.ESM,
    target: 'node22',
    mainFields: ['module', 'main'],
    // Some CommonJS dependencies call require(); ESM output has none unless we make one.
    banner: "const require = (await import('node:module')).createRequire(import.meta.url);",
    minify: true,
    sourceMap: true,
    externalModules: ['@aws-sdk/*', ...(native?.modules ?? [])],
    // Parses the function's settings when the module loads (cold start), not at first use.
    define: { __HANDLER_MODULE__: JSON.stringify(handlerModule) },
    inject: [coldStart],
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    ...(native
      ? {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir: string, outputDir: string) => nativeModuleInstall(native.modules, architecture, outputDir),
          },
        }
      : {}),
  };
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
  /** Native modules installed beside this function's bundle (NATIVE_MODULE_HANDLERS); none for most. */
  readonly nativeModules: readonly string[];
  /** What the function needs and its settings (functions/routes.ts); the stack grants `needs`. */
  readonly declaration: FunctionDef;

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
    const native = NATIVE_MODULE_HANDLERS[props.handlerModule];
    const architecture = Architecture.ARM_64;
    const entry = path.join(props.handlersDir ?? path.join(REPO_ROOT, 'functions/handlers'), `${props.handlerModule}.ts`);
    super(scope, id, {
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture,
      // Declared beside the route or engine entry (functions/routes.ts); the local runtime applies the same.
      memorySize: memoryMBOf(functionOf(props.handlerModule)),
      timeout: Duration.seconds(timeoutSecondsOf(functionOf(props.handlerModule))),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      environment: {
        TABLE_NAME: env.tableName,
        MEDIA_BUCKET: env.mediaBucketName,
        ...(env.userPoolId ? { USER_POOL_ID: env.userPoolId } : {}),
        APP_ORIGIN_PARAMETER: env.appOriginParameterName,
        LOG_LEVEL: env.logLevel ?? 'INFO',
        PRO_COMING_SOON: String(env.proComingSoon ?? true),
        TIKTOK_UNAUDITED: String(env.tiktokUnaudited ?? true),
        TIKTOK_PHOTOS: String(env.tiktokPhotos ?? false),
        POWERTOOLS_SERVICE_NAME: 'schedule-autopost',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: bundlingFor(props.handlerModule, architecture, entry),
    });
    this.nativeModules = native?.modules ?? [];
    this.declaration = functionOf(props.handlerModule) ?? { handler: props.handlerModule, needs: [] };

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
      reason: 'docs/architecture.md#versions-that-matter pins Lambda to nodejs22.x (the runtime the code and local cloud are tested on).',
    });
  }
}
