import { CustomResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct, type IDependable } from 'constructs';
import { timeoutSecondsOf } from '../../functions/capabilities';
import { MIGRATION_FUNCTIONS } from '../../functions/jobs';
import { AppFunction, type FunctionEnvironment } from './app-function';
import { nagRef } from './nag-ref';

export type MigrationName = keyof typeof MIGRATION_FUNCTIONS;

/**
 * The version each migration's custom resource carries. CloudFormation sends the provider an Update
 * only when a property changes, so a migration runs on the deploy that creates its resource and again
 * on each deploy that changes this string, never otherwise. Bump it to run a migration again (after
 * fixing it, or to finish a run that a failed deploy interrupted): every migration is idempotent, so a
 * second run moves only what is still to move (docs/deployment.md#data-migrations).
 */
export const MIGRATION_VERSIONS: Readonly<Record<MigrationName, string>> = {
  workspaces: '1',
};

export interface DataMigrationsProps {
  readonly functionEnvironment: FunctionEnvironment;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /** @default MIGRATION_VERSIONS */
  readonly versions?: Readonly<Record<MigrationName, string>>;
}

/**
 * The data migrations on AWS (docs/deployment.md#data-migrations): for each of MIGRATION_FUNCTIONS
 * (functions/routes.ts) a function with its declared needs, a Provider whose framework function
 * invokes it as the `onEvent` handler, and a custom resource that makes CloudFormation run it during
 * the deploy. A failed run fails the deploy. The local cloud runs the same handlers at start
 * (local/services/migrations.ts).
 */
export class DataMigrations extends Construct {
  readonly migrations: ReadonlyMap<MigrationName, { readonly fn: AppFunction; readonly run: CustomResource }>;

  constructor(scope: Construct, id: string, props: DataMigrationsProps) {
    super(scope, id);
    const versions = props.versions ?? MIGRATION_VERSIONS;
    const migrations = new Map<MigrationName, { fn: AppFunction; run: CustomResource }>();
    for (const [name, declaration] of Object.entries(MIGRATION_FUNCTIONS) as [MigrationName, (typeof MIGRATION_FUNCTIONS)[MigrationName]][]) {
      const pascal = name.charAt(0).toUpperCase() + name.slice(1);
      const fn = new AppFunction(this, pascal, {
        environment: props.functionEnvironment,
        handlersDir: props.handlersDir,
        handlerModule: declaration.handler,
      });
      const provider = this.providerFor(`${pascal}Provider`, fn);
      const run = new CustomResource(this, `${pascal}Run`, {
        serviceToken: provider.serviceToken,
        resourceType: `Custom::DataMigration${pascal}`,
        properties: { Migration: name, Version: versions[name] },
        // The framework function waits for the migration, which may take its whole timeout; past that
        // (plus the framework's own start), fail the deploy instead of CloudFormation's default hour.
        serviceTimeout: Duration.seconds(timeoutSecondsOf(declaration) + 300),
      });
      migrations.set(name, { fn, run });
    }
    this.migrations = migrations;
  }

  get functions(): AppFunction[] {
    return [...this.migrations.values()].map((m) => m.fn);
  }

  /**
   * Runs every migration after `dependencies` are created or updated. CloudFormation updates the
   * functions that read what a migration moves first, so that they already read the new layout when
   * the migration starts (what this leaves open: docs/deployment.md#data-migrations).
   */
  runAfter(...dependencies: IDependable[]): void {
    for (const { run } of this.migrations.values()) run.node.addDependency(...dependencies);
  }

  /**
   * The Provider framework's own function is aws-cdk-lib's: it gets a log group with retention and a
   * role that may write only to it (instead of the default AWSLambdaBasicExecutionRole and a log
   * group kept forever); the Provider adds invoke and get-function on the migration to that role.
   * At INFO it logs each CloudFormation request it passes on and the answer (the response URL redacted).
   */
  private providerFor(id: string, onEventHandler: AppFunction): Provider {
    const logGroup = new LogGroup(this, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, `${id}Role`, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const provider = new Provider(this, id, { onEventHandler, logGroup, frameworkOnEventRole: role, frameworkLambdaLoggingLevel: ApplicationLogLevel.INFO });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagRef(role, onEventHandler.node.defaultChild as CfnFunction, 'Arn')}:*]`,
      reason: "aws-cdk-lib's Provider grants invoke on the migration function and its versions (ARN:*); the wildcard spans only that function.",
    });
    return provider;
  }
}
