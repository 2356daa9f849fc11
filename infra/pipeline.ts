import { Aws, Stack, Validations, type CfnResource, type StackProps } from 'aws-cdk-lib';
import { CfnProject, ComputeType, LinuxBuildImage } from 'aws-cdk-lib/aws-codebuild';
import { PipelineType, type ActionBindOptions, type ActionConfig, type Artifact, type IStage } from 'aws-cdk-lib/aws-codepipeline';
import { CodeStarConnectionsSourceAction, type CodeStarConnectionsSourceActionProps } from 'aws-cdk-lib/aws-codepipeline-actions';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import { CodeBuildStep, CodePipeline, CodePipelineSource, FileSet, ManualApprovalStep, ShellStep } from 'aws-cdk-lib/pipelines';
import type { Construct } from 'constructs';
import { z } from 'zod';
import type { AppStackProps } from './app-stack';
import { parseAppConfig, type AppConfig } from './config';
import { AppStage, appStackName } from './pipeline-stage';

/**
 * The deploy pipeline (CDK Pipelines on CodePipeline): source (CodeConnections) → synth with the
 * tests → self-update → dev → smoke test against dev → manual approval → prod. bin/app.ts builds it
 * instead of the app stack only when the `pipeline` setting is on.
 */
const AccountSchema = z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id');
const SettingsSchema = z.record(z.string(), z.unknown());

const PipelineConfigSchema = z.object({
  connectionArn: z
    .string({ message: 'is required (the ARN of a CodeConnections/CodeStar connection to the repository host)' })
    .regex(/^arn:aws[\w-]*:(codestar-connections|codeconnections):[a-z0-9-]+:\d{12}:connection\/[\w-]+$/, 'must be a CodeConnections connection ARN'),
  repository: z.string({ message: 'is required (owner/name)' }).regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name'),
  branch: z.string().min(1).default('main'),
  /** The pipeline's account, also the dev stage's (the smoke test's Cognito and table calls run there). */
  account: AccountSchema,
  /** Prod's account; another one needs `cdk bootstrap --trust <account>` there. */
  prodAccount: AccountSchema.optional(),
  /** Settings of each stage (the keys of infra/config.ts's context), over the common ones. */
  devSettings: SettingsSchema.default({}),
  prodSettings: SettingsSchema.default({}),
});
export type PipelineConfig = z.infer<typeof PipelineConfigSchema>;

type ContextReader = (key: string) => unknown;

const json = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** Whether bin/app.ts builds the pipeline (`-c pipeline=true` or PIPELINE=true) instead of the app stack. */
export function pipelineEnabled(context: ContextReader, env: NodeJS.ProcessEnv = process.env): boolean {
  const value = context('pipeline') ?? env.PIPELINE;
  return value === true || value === 'true';
}

/** The pipeline's settings (context wins over the environment, as in infra/config.ts); a bad one stops synth naming it. */
export function parsePipelineConfig(context: ContextReader, env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  const read = (key: string, envKey: string): unknown => context(key) ?? (env[envKey] || undefined);
  const parsed = PipelineConfigSchema.safeParse({
    connectionArn: read('pipelineConnectionArn', 'PIPELINE_CONNECTION_ARN'),
    repository: read('pipelineRepository', 'PIPELINE_REPOSITORY'),
    branch: read('pipelineBranch', 'PIPELINE_BRANCH'),
    account: read('pipelineAccount', 'PIPELINE_ACCOUNT') ?? (env.CDK_DEFAULT_ACCOUNT || undefined),
    prodAccount: read('prodAccount', 'PROD_ACCOUNT'),
    devSettings: json(read('devSettings', 'DEV_SETTINGS')),
    prodSettings: json(read('prodSettings', 'PROD_SETTINGS')),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`Invalid pipeline configuration:\n${problems}`);
  }
  return parsed.data;
}

/** A stage's app settings: its own (devSettings/prodSettings) over the common context and environment, stage fixed. */
export function stageConfig(stage: AppConfig['stage'], pipeline: PipelineConfig, context: ContextReader, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const own = stage === 'dev' ? pipeline.devSettings : pipeline.prodSettings;
  return parseAppConfig((key) => (key === 'stage' ? stage : (own[key] ?? context(key))), env);
}

/**
 * The environment the pipeline's own synth runs with, so that the CodeBuild `cdk synth` (which has
 * no `-c` flags) rebuilds the same pipeline and stages; what is not here must be in cdk.json.
 */
export function synthEnvironment(pipeline: PipelineConfig): Record<string, string> {
  return {
    PIPELINE: 'true',
    PIPELINE_CONNECTION_ARN: pipeline.connectionArn,
    PIPELINE_REPOSITORY: pipeline.repository,
    PIPELINE_BRANCH: pipeline.branch,
    PIPELINE_ACCOUNT: pipeline.account,
    ...(pipeline.prodAccount && { PROD_ACCOUNT: pipeline.prodAccount }),
    DEV_SETTINGS: JSON.stringify(pipeline.devSettings),
    PROD_SETTINGS: JSON.stringify(pipeline.prodSettings),
  };
}

/**
 * The IAM service prefix of a connection ARN: `codeconnections` for connections made since the
 * rename (the console makes only these since July 2024), `codestar-connections` for older ones.
 * AWS matches a policy's action prefix to the resource's ("When specifying a resource in the IAM
 * policy, the service prefix needs to match that of the resource", Developer Tools console guide,
 * "Connections rename"), so UseConnection must be granted under the ARN's own prefix.
 */
export function connectionService(connectionArn: string): 'codeconnections' | 'codestar-connections' {
  const service = connectionArn.split(':')[2];
  if (service !== 'codeconnections' && service !== 'codestar-connections') throw new Error(`Not a connection ARN: ${connectionArn}`);
  return service;
}

/**
 * aws-cdk-lib's connection source action grants `codestar-connections:UseConnection` whatever the
 * ARN's prefix, which a `codeconnections` ARN does not match: this one hands it a role that grants
 * UseConnection under the ARN's own prefix instead.
 */
class ConnectionSourceAction extends CodeStarConnectionsSourceAction {
  constructor(private readonly connection: CodeStarConnectionsSourceActionProps) {
    super(connection);
  }

  protected override bound(scope: Construct, stage: IStage, options: ActionBindOptions): ActionConfig {
    const useConnection = `${connectionService(this.connection.connectionArn)}:UseConnection`;
    const retarget = (statement: PolicyStatement) =>
      statement.actions.includes('codestar-connections:UseConnection')
        ? new PolicyStatement({ actions: [useConnection], resources: statement.resources })
        : statement;
    const role = new Proxy(options.role, {
      get(target, property, receiver) {
        if (property === 'addToPrincipalPolicy') return (statement: PolicyStatement) => target.addToPrincipalPolicy(retarget(statement));
        // The action grants through addToPolicy, which the role class has beyond IRole.
        if (property === 'addToPolicy') return (statement: PolicyStatement) => target.addToPrincipalPolicy(retarget(statement)).statementAdded;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) satisfies IRole;
    return super.bound(scope, stage, { ...options, role });
  }
}

/** The repository's branch through a CodeConnections (or older CodeStar) connection, granted as its ARN needs. */
class ConnectionSource extends CodePipelineSource {
  constructor(
    private readonly repository: string,
    private readonly branch: string,
    private readonly connectionArn: string,
  ) {
    super(repository);
    this.configurePrimaryOutput(new FileSet('Source', this));
  }

  protected getAction(output: Artifact, actionName: string, runOrder: number, variablesNamespace?: string): ConnectionSourceAction {
    const [owner, ...repo] = this.repository.split('/');
    return new ConnectionSourceAction({
      output,
      actionName,
      runOrder,
      variablesNamespace,
      connectionArn: this.connectionArn,
      owner: owner!,
      repo: repo.join('/'),
      branch: this.branch,
    });
  }
}

/** Debian with Node 22, the Node the project's npm scripts run on (the e2e tests drive Debian's Chromium). */
const BUILD_IMAGE = LinuxBuildImage.fromDockerRegistry('public.ecr.aws/docker/library/node:22-bookworm');

export interface PipelineStackProps extends StackProps {
  readonly pipeline: PipelineConfig;
  readonly dev: AppConfig;
  readonly prod: AppConfig;
  /** The built SPA (bin/app.ts builds it when missing). */
  readonly webDir: string;
  /** Test seam: passed to both stages' AppStack (the infra tests point it at stub handlers). */
  readonly stackProps?: Partial<AppStackProps>;
}

export class PipelineStack extends Stack {
  readonly codePipeline: CodePipeline;
  readonly devStage: AppStage;
  readonly prodStage: AppStage;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    const { pipeline } = props;
    const account = pipeline.account;
    const prodAccount = pipeline.prodAccount ?? account;
    const source = new ConnectionSource(pipeline.repository, pipeline.branch, pipeline.connectionArn);

    this.codePipeline = new CodePipeline(this, 'Pipeline', {
      pipelineName: 'ScheduleAutopost',
      pipelineType: PipelineType.V2,
      // Artifacts and build outputs encrypted with the pipeline's own rotated KMS key (cdk-nag CB4),
      // which is also what lets another account's deploy role read them.
      crossAccountKeys: true,
      enableKeyRotation: true,
      synth: new ShellStep('Synth', {
        input: source,
        env: synthEnvironment(pipeline),
        installCommands: ['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium'],
        // `npm test` is the type-check and every test layer (the e2e ones drive /usr/bin/chromium).
        commands: ['npm ci', 'npm run build:web', 'npm test', 'npx cdk synth'],
      }),
      synthCodeBuildDefaults: { buildEnvironment: { buildImage: BUILD_IMAGE, computeType: ComputeType.LARGE } },
      // One CodeBuild project publishes every asset in turn, rather than one project per asset all at
      // once: with ~80 assets the parallel form starts ~80 builds together, beyond the concurrent-build
      // quota of new or small accounts, and fails the stage (docs/deployment.md#asset-publishing).
      publishAssetsInParallel: false,
    });

    this.devStage = new AppStage(this, 'Dev', {
      env: { account, region: props.dev.region },
      config: props.dev,
      webDir: props.webDir,
      stackProps: props.stackProps,
    });
    this.codePipeline.addStage(this.devStage, { post: [this.smokeTest(source, this.devStage, account)] });

    this.prodStage = new AppStage(this, 'Prod', {
      env: { account: prodAccount, region: props.prod.region },
      config: props.prod,
      webDir: props.webDir,
      stackProps: props.stackProps,
    });
    this.codePipeline.addStage(this.prodStage, {
      pre: [new ManualApprovalStep('PromoteToProd', { comment: 'Dev is deployed and its smoke test passed. Deploy this version to prod?' })],
    });
    this.codePipeline.buildPipeline();
    this.acknowledgeNagFindings();
  }

  /** cdk-nag findings on what CDK Pipelines generates, each with why it stays. */
  private acknowledgeNagFindings(): void {
    const logicalId = (resource: CfnResource) => `<${this.getLogicalId(resource)}>`;
    const generated =
      "CDK Pipelines grant, scoped by aws-cdk-lib to the pipeline's own artifact bucket, its key, its CodeBuild projects and the cdk bootstrap roles";
    const projects = this.codePipeline.node.findAll().filter((c): c is CfnProject => c instanceof CfnProject);
    const at = `${this.region}:${this.account}`;
    const dev = `${this.devStage.stack.region}:${this.devStage.stack.account}`;
    Validations.of(this.codePipeline).acknowledge(
      {
        id: 'AwsSolutions-S1',
        reason: 'The pipeline artifact bucket holds build artifacts only; every access goes through the pipeline roles and is in CloudTrail.',
      },
      {
        id: 'AwsSolutions-CB5',
        reason: "Debian with Node 22 (node:22-bookworm on ECR Public), the Node the project is built and tested on: the e2e tests drive Debian's Chromium.",
      },
      ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: generated,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(this.codePipeline.pipeline.artifactBucket.node.defaultChild as CfnResource)}.Arn>/*]`,
        reason: generated,
      },
      ...projects.flatMap((project) => [
        { id: `AwsSolutions-IAM5[Resource::arn:aws:logs:${at}:log-group:/aws/codebuild/${logicalId(project)}:*]`, reason: generated },
        { id: `AwsSolutions-IAM5[Resource::arn:aws:codebuild:${at}:report-group/${logicalId(project)}-*]`, reason: generated },
      ]),
      { id: `AwsSolutions-IAM5[Resource::arn:aws:logs:${at}:log-group:/aws/codebuild/*]`, reason: generated },
      { id: `AwsSolutions-IAM5[Resource::arn:aws:codebuild:${at}:report-group/*]`, reason: generated },
      {
        id: `AwsSolutions-IAM5[Resource::arn:*:iam::${this.account}:role/*]`,
        reason: 'CDK Pipelines self-mutation assumes the cdk bootstrap roles, whose names it only knows by pattern.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CDK Pipelines self-mutation and asset publishing read CloudFormation and assume bootstrap roles in any target account (aws-cdk-lib grants).',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cognito-idp:${dev}:userpool/*]`,
        reason:
          'The smoke test makes and removes a throw-away user in the dev pool, whose id exists only after the dev deploy; bounded to the dev account and region.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:${dev}:table/${appStackName('dev')}-*]`,
        reason:
          'The smoke test gives its throw-away user a stand-in social account in the dev table, whose name CloudFormation generates (the dev stack name is its prefix).',
      },
    );
  }

  /**
   * `npm run smoke` against the stage just deployed. Its Cognito calls make and remove a throw-away
   * user; its table write gives that user a stand-in social account (a draft needs one).
   */
  private smokeTest(source: CodePipelineSource, stage: AppStage, account: string): CodeBuildStep {
    const region = stage.stack.region;
    return new CodeBuildStep('SmokeTest', {
      input: source,
      envFromCfnOutputs: { APP_URL: stage.output('AppUrl'), TABLE_NAME: stage.output('TableName') },
      buildEnvironment: { buildImage: BUILD_IMAGE },
      installCommands: ['npm ci'],
      commands: ['npm run smoke -- --url "$APP_URL" --table "$TABLE_NAME"'],
      rolePolicyStatements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
          // The pool id is only known after deploy; the stage's account and region bound it.
          resources: [`arn:${Aws.PARTITION}:cognito-idp:${region}:${account}:userpool/*`],
        }),
        new PolicyStatement({
          actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem'],
          // CloudFormation names the table <stack name>-<logical id>-<suffix>.
          resources: [`arn:${Aws.PARTITION}:dynamodb:${region}:${account}:table/${stage.stack.stackName}-*`],
        }),
      ],
    });
  }
}
