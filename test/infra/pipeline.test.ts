import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePipelineConfig, pipelineEnabled, PipelineStack, stageConfig, type PipelineConfig } from '../../infra/pipeline';
import { stubHandlers, type ValidationViolation } from './synth';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONNECTION = 'arn:aws:codeconnections:us-east-1:111111111111:connection/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab';
/** A connection made before the CodeStar Connections rename keeps its old service prefix. */
const OLD_CONNECTION = 'arn:aws:codestar-connections:us-east-1:111111111111:connection/9a8b7c6d-aaaa-bbbb-cccc-1234567890ab';
const SETTINGS = {
  pipelineConnectionArn: CONNECTION,
  pipelineRepository: 'example-org/schedule-autopost',
  pipelineAccount: '111111111111',
  prodAccount: '222222222222',
  prodSettings: { alarmEmail: 'ops@example.com' },
  // Invitations send e-mail: every stage needs a verified sender.
  mailFrom: 'Schedule & Autopost <no-reply@mail.example.com>',
};

const noEnv = {} as NodeJS.ProcessEnv;
const contextOf = (values: Record<string, unknown>) => (key: string) => values[key];

interface Synthesized {
  pipeline: Template;
  dev: Template;
  prod: Template;
  stack: PipelineStack;
  violations: ValidationViolation[];
}

/** Synthesizes the pipeline as bin/app.ts does with `-c pipeline=true` (cdk.json flags, cdk-nag), offline, bundling skipped. */
function synthPipeline(settings: Record<string, unknown>): Synthesized {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-pipeline-out-'));
  try {
    const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...settings } });
    const context = (key: string) => app.node.tryGetContext(key);
    const pipeline = parsePipelineConfig(context, noEnv);
    const stack = new PipelineStack(app, 'ScheduleAutopost-pipeline', {
      env: { account: pipeline.account, region: 'us-east-1' },
      pipeline,
      dev: stageConfig('dev', pipeline, context, noEnv),
      prod: stageConfig('prod', pipeline, context, noEnv),
      webDir: 'test/fixtures/web',
      stackProps: { handlersDir: stubHandlers() },
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    try {
      app.synth();
    } catch (error) {
      if (!existsSync(path.join(outdir, 'validation-report.json'))) throw error;
    }
    const report = existsSync(path.join(outdir, 'validation-report.json'))
      ? (JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as { pluginReports: { violations: ValidationViolation[] }[] })
      : { pluginReports: [] };
    const read = (file: string) => Template.fromJSON(JSON.parse(readFileSync(path.join(outdir, file), 'utf8')));
    return {
      stack,
      pipeline: read(stack.templateFile),
      dev: read(path.join(stack.devStage.outdir.slice(outdir.length + 1), stack.devStage.stack.templateFile)),
      prod: read(path.join(stack.prodStage.outdir.slice(outdir.length + 1), stack.prodStage.stack.templateFile)),
      violations: report.pluginReports.flatMap((r) => r.violations),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The pipeline's stages by name, each with its actions in run order. */
function stagesOf(
  template: Template,
): Record<string, { Name: string; RunOrder: number; ActionTypeId: { Category: string; Provider: string }; Configuration?: Record<string, unknown> }[]> {
  const [pipeline] = Object.values(template.findResources('AWS::CodePipeline::Pipeline')) as { Properties: { Stages: { Name: string; Actions: never[] }[] } }[];
  return Object.fromEntries(pipeline!.Properties.Stages.map((s) => [s.Name, s.Actions]));
}

/** Every IAM statement of the template that names `action`, with its resources. */
function statementsWith(template: Template, prefix: string): { Action: string | string[]; Resource: unknown }[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { PolicyDocument: { Statement: never[] } } }[];
  return policies
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
    .filter((st) => [st.Action].flat().some((a) => a.startsWith(prefix)));
}

describe('the deploy pipeline', () => {
  let synthesized: Synthesized;
  /** Prod in the pipeline's account, through a connection made before the rename. */
  let single: Synthesized;
  beforeAll(() => {
    synthesized = synthPipeline(SETTINGS);
    const { prodAccount: _, ...oneAccount } = SETTINGS;
    single = synthPipeline({ ...oneAccount, pipelineConnectionArn: OLD_CONNECTION });
  });

  it('lets the source use the connection under the service prefix of its ARN, as IAM matches them', () => {
    expect(statementsWith(synthesized.pipeline, 'codeconnections:')).toEqual([
      expect.objectContaining({ Action: 'codeconnections:UseConnection', Resource: CONNECTION }),
    ]);
    expect(statementsWith(synthesized.pipeline, 'codestar-connections:')).toEqual([]);
    expect(statementsWith(single.pipeline, 'codestar-connections:')).toEqual([
      expect.objectContaining({ Action: 'codestar-connections:UseConnection', Resource: OLD_CONNECTION }),
    ]);
    expect(statementsWith(single.pipeline, 'codeconnections:')).toEqual([]);
  });

  it('publishes the assets one after another from one build, not one build per asset at once', () => {
    const assets = Object.entries(stagesOf(synthesized.pipeline)).filter(([name]) => /^Assets(\.\d+)?$/.test(name));
    expect(assets.flatMap(([, actions]) => actions)).toHaveLength(1);
    expect(assets[0]![1][0]!.ActionTypeId.Provider).toBe('CodeBuild');
  });

  it('runs source, synth with the tests, self-update, dev with a smoke test, then an approval before prod', () => {
    const stages = stagesOf(synthesized.pipeline);
    // Asset publishing takes as many stages as its actions need (50 each).
    expect(Object.keys(stages).filter((name) => !/^Assets(\.\d+)?$/.test(name))).toEqual(['Source', 'Build', 'UpdatePipeline', 'Dev', 'Prod']);
    expect(Object.keys(stages).indexOf('Dev')).toBe(Object.keys(stages).length - 2);
    expect(stages.Source![0]!.ActionTypeId.Provider).toBe('CodeStarSourceConnection');
    expect(stages.Source![0]!.Configuration).toMatchObject({
      ConnectionArn: CONNECTION,
      FullRepositoryId: 'example-org/schedule-autopost',
      BranchName: 'main',
    });

    const dev = stages.Dev!;
    const devDeploy = dev.filter((a) => a.ActionTypeId.Provider === 'CloudFormation');
    const smoke = dev.find((a) => a.Name === 'SmokeTest')!;
    expect(smoke.ActionTypeId.Provider).toBe('CodeBuild');
    expect(smoke.RunOrder).toBeGreaterThan(Math.max(...devDeploy.map((a) => a.RunOrder)));

    const prod = stages.Prod!;
    const approval = prod.find((a) => a.ActionTypeId.Category === 'Approval')!;
    expect(approval.Name).toBe('PromoteToProd');
    const prodDeploy = prod.filter((a) => a.ActionTypeId.Provider === 'CloudFormation');
    expect(prodDeploy.length).toBeGreaterThan(0);
    expect(Math.min(...prodDeploy.map((a) => a.RunOrder))).toBeGreaterThan(approval.RunOrder);
  });

  it('synthesizes after the type-check and every test layer, with the settings the synth needs', () => {
    const build = JSON.stringify(synthesized.pipeline.findResources('AWS::CodeBuild::Project'));
    const synthCommands = ['npm ci', 'npm run build:web', 'npm test', 'npx cdk synth'];
    const at = synthCommands.map((c) => build.indexOf(`"${c}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(build).toContain('PIPELINE_CONNECTION_ARN');
    expect(build).toContain('\\"alarmEmail\\":\\"ops@example.com\\"');
  });

  it('smoke-tests the dev URL from the dev stack output, with rights over that account only', () => {
    synthesized.pipeline.hasResourceProperties('AWS::CodeBuild::Project', {
      Source: { BuildSpec: Match.stringLikeRegexp('npm run smoke -- --url \\\\"\\$APP_URL\\\\" --table \\\\"\\$TABLE_NAME\\\\"') },
    });
    const stages = stagesOf(synthesized.pipeline);
    const smoke = stages.Dev!.find((a) => a.Name === 'SmokeTest')!;
    const env = JSON.parse(String(smoke.Configuration!.EnvironmentVariables)) as { name: string; type: string; value: string }[];
    expect(env).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'APP_URL', value: expect.stringMatching(/^#\{.*\.AppUrl\}$/) }),
        expect.objectContaining({ name: 'TABLE_NAME', value: expect.stringMatching(/^#\{.*\.TableName\}$/) }),
      ]),
    );
    const policies = JSON.stringify(synthesized.pipeline.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('cognito-idp:AdminCreateUser');
    expect(policies).toContain(':111111111111:userpool/*');
    expect(policies).toContain(':111111111111:table/ScheduleAutopost-dev-*');
    expect(policies).not.toContain('222222222222:userpool');
  });

  it('deploys the app stack under the names a hand deploy uses, dev in the pipeline account and prod in its own', () => {
    // The app's own top level holds the pipeline stack only; the app stacks are inside its stages.
    expect(synthesized.stack.node.scope!.node.children.filter((c) => c instanceof Stack).map((c) => c.node.id)).toEqual(['ScheduleAutopost-pipeline']);
    expect(synthesized.stack.devStage.stack.stackName).toBe('ScheduleAutopost-dev');
    expect(synthesized.stack.devStage.stack.account).toBe('111111111111');
    expect(synthesized.stack.prodStage.stack.stackName).toBe('ScheduleAutopost-prod');
    expect(synthesized.stack.prodStage.stack.account).toBe('222222222222');
    // Each stage's settings: prod keeps its data and has the alarm e-mail, dev does not.
    synthesized.prod.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    synthesized.dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    synthesized.prod.hasResourceProperties('AWS::SNS::Subscription', { Endpoint: 'ops@example.com' });
    expect(Object.keys(synthesized.dev.findResources('AWS::SNS::Subscription'))).toEqual([]);
  });

  it('passes cdk-nag with every finding fixed or acknowledged with a reason, with prod in its own account or in the pipeline one', () => {
    const findings = (violations: ValidationViolation[]) =>
      violations.map((v) => `${v.ruleName}: ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`);
    expect(findings(synthesized.violations)).toEqual([]);
    expect(single.stack.prodStage.stack.account).toBe('111111111111');
    expect(findings(single.violations)).toEqual([]);
  });
});

describe('pipeline settings', () => {
  it('is off unless asked for, so a plain `npx cdk deploy` builds the app stack alone', () => {
    expect(pipelineEnabled(contextOf({}), noEnv)).toBe(false);
    expect(pipelineEnabled(contextOf({ pipeline: 'false' }), { PIPELINE: 'true' })).toBe(false);
    expect(pipelineEnabled(contextOf({ pipeline: 'true' }), noEnv)).toBe(true);
    expect(pipelineEnabled(contextOf({ pipeline: true }), noEnv)).toBe(true);
    expect(pipelineEnabled(contextOf({}), { PIPELINE: 'true' })).toBe(true);
  });

  it('names each missing or bad setting', () => {
    expect(() => parsePipelineConfig(contextOf({}), noEnv)).toThrow(/connectionArn: is required[\s\S]*repository: is required[\s\S]*account/);
    expect(() => parsePipelineConfig(contextOf({ ...SETTINGS, pipelineConnectionArn: 'github.com/x' }), noEnv)).toThrow(
      /connectionArn: must be a CodeConnections connection ARN/,
    );
    expect(() => parsePipelineConfig(contextOf({ ...SETTINGS, prodAccount: '12' }), noEnv)).toThrow(/prodAccount: must be a 12-digit/);
  });

  it('reads the environment the pipeline gives its own synth, and each stage gets its own settings', () => {
    const env = {
      PIPELINE_CONNECTION_ARN: CONNECTION,
      PIPELINE_REPOSITORY: 'o/r',
      CDK_DEFAULT_ACCOUNT: '111111111111',
      PROD_SETTINGS: '{"logLevel":"WARN","alarmEmail":"ops@example.com"}',
    };
    const config: PipelineConfig = parsePipelineConfig(contextOf({}), env);
    expect(config).toMatchObject({
      account: '111111111111',
      branch: 'main',
      prodSettings: { logLevel: 'WARN', alarmEmail: 'ops@example.com' },
      devSettings: {},
    });
    expect(stageConfig('prod', config, contextOf({ stage: 'dev', logLevel: 'DEBUG' }), noEnv)).toMatchObject({ stage: 'prod', logLevel: 'WARN', waf: true });
    expect(stageConfig('dev', config, contextOf({ stage: 'prod', logLevel: 'DEBUG' }), noEnv)).toMatchObject({ stage: 'dev', logLevel: 'DEBUG', waf: false });
  });

  it("stops a pipeline whose prod stage's alarms would notify nobody", () => {
    const config = parsePipelineConfig(contextOf({}), { PIPELINE_CONNECTION_ARN: CONNECTION, PIPELINE_REPOSITORY: 'o/r', CDK_DEFAULT_ACCOUNT: '111111111111' });

    expect(() => stageConfig('prod', config, contextOf({}), noEnv)).toThrow(/prod needs somewhere to send alarms/);
    expect(stageConfig('dev', config, contextOf({}), noEnv).stage).toBe('dev');
  });
});
