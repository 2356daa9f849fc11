import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_FUNCTIONS } from '../../functions/jobs';
import { DataMigrations, MIGRATION_VERSIONS, type MigrationName } from '../../infra/constructs/data-migrations';
import { type CfnTemplate, stubHandlers, type SynthesizedApp, synthApp, type TemplateJson } from './synth';

type Resource = { Properties: TemplateJson; DependsOn?: string | string[] };

const resourcesOf = (synth: SynthesizedApp, type: string) => synth.template.findResources(type) as Record<string, Resource>;

/** Every statement of the IAM policies attached to the role `roleId`. */
function statementsOf(synth: SynthesizedApp, roleId: string): { Action: string | string[]; Resource: unknown }[] {
  return Object.values(resourcesOf(synth, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((st) => [st.Action].flat()).sort();

describe('Data migrations on AWS', () => {
  let synth: SynthesizedApp;
  let migrationFunctions: [string, Resource][];

  beforeAll(() => {
    synth = synthApp();
    migrationFunctions = Object.entries(resourcesOf(synth, 'AWS::Lambda::Function')).filter(
      ([id, fn]) => id.startsWith('Migrations') && fn.Properties.Environment?.Variables?.TABLE_NAME,
    );
  });

  it('deploys one function per migration that may scan, read and write the table and nothing else', () => {
    // Prepare
    const [tableId] = Object.keys(resourcesOf(synth, 'AWS::DynamoDB::Table'));

    // Assess
    expect(migrationFunctions).toHaveLength(Object.keys(MIGRATION_FUNCTIONS).length);
    for (const [, fn] of migrationFunctions) {
      const statements = statementsOf(synth, fn.Properties.Role['Fn::GetAtt'][0] as string);
      const onTable = statements.filter((st) => JSON.stringify(st.Resource).includes(`"${tableId}"`));
      expect(actionsOf(onTable)).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:Scan',
        'dynamodb:UpdateItem',
      ]);
      // Besides the table: what every app function has (its own log group, X-Ray, the app-origin parameter).
      expect(actionsOf(statements.filter((st) => !onTable.includes(st)))).toEqual([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'ssm:GetParameter',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ]);
      // No capability setting: no token key, queue, secret or realtime endpoint reaches it.
      expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual([
        'APP_ORIGIN_PARAMETER',
        'LOG_LEVEL',
        'MEDIA_BUCKET',
        'NODE_OPTIONS',
        'POWERTOOLS_SERVICE_NAME',
        'PRO_COMING_SOON',
        'TABLE_NAME',
        'TIKTOK_PHOTOS',
        'TIKTOK_UNAUDITED',
      ]);
    }
  });

  it('has CloudFormation run each migration through a Provider, with its name and version as properties', () => {
    // Prepare
    const functions = resourcesOf(synth, 'AWS::Lambda::Function');

    for (const [name, declaration] of Object.entries(MIGRATION_FUNCTIONS) as [MigrationName, (typeof MIGRATION_FUNCTIONS)[MigrationName]][]) {
      // Act
      const [migrationId] = migrationFunctions.find(([id]) => id.startsWith(`Migrations${name.charAt(0).toUpperCase()}${name.slice(1)}`))!;
      const runs = Object.values(synth.template.findResources(`Custom::DataMigration${name.charAt(0).toUpperCase()}${name.slice(1)}`)) as Resource[];

      // Assess: the custom resource's service token is the framework function, which invokes the migration.
      expect(runs).toHaveLength(1);
      const run = runs[0]!.Properties;
      expect(run).toMatchObject({ Migration: name, Version: MIGRATION_VERSIONS[name] });
      expect(typeof run.Version).toBe('string');
      expect(Number(run.ServiceTimeout)).toBeGreaterThan(declaration.timeoutSeconds);
      const frameworkId = run.ServiceToken['Fn::GetAtt'][0] as string;
      const framework = functions[frameworkId]!.Properties;
      expect(framework.Handler).toBe('framework.onEvent');
      expect(framework.Environment.Variables.USER_ON_EVENT_FUNCTION_ARN).toEqual({ 'Fn::GetAtt': [migrationId, 'Arn'] });
      expect(framework.Timeout).toBeGreaterThanOrEqual(declaration.timeoutSeconds);
      const frameworkRole = framework.Role['Fn::GetAtt'][0] as string;
      const invoke = statementsOf(synth, frameworkRole).find((st) => st.Action === 'lambda:InvokeFunction')!;
      expect(invoke.Resource).toContainEqual({ 'Fn::GetAtt': [migrationId, 'Arn'] });
      // Its logs go to a log group with a retention, written through its own role, not a managed policy.
      const logGroupId = framework.LoggingConfig.LogGroup.Ref as string;
      expect(resourcesOf(synth, 'AWS::Logs::LogGroup')[logGroupId]!.Properties.RetentionInDays).toBeGreaterThan(0);
      expect(framework.LoggingConfig.ApplicationLogLevel).toBe('INFO');
      expect(resourcesOf(synth, 'AWS::IAM::Role')[frameworkRole]!.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('runs after the table and every function that reads or writes it are deployed', () => {
    // Prepare: the root template as CloudFormation gets it, where the migrations are one nested stack resource.
    const root = synth.templates[synth.stack.node.path]!;
    const nestedStacks = synth.stack.node.children.filter((c): c is NestedStack => c instanceof NestedStack);
    const logicalIdOf = (nested: NestedStack) => synth.stack.resolve(nested.nestedStackResource!.logicalId) as string;
    const migrations = nestedStacks.find((nested) => synth.templates[nested.node.path]!.Resources[migrationFunctions[0]![0]])!;
    const usesTable = (template: CfnTemplate, id: string) =>
      template.Resources[id]!.Type === 'AWS::Lambda::Function' && JSON.stringify(template.Resources[id]!.Properties).includes('"TABLE_NAME"');
    const [tableId] = Object.keys(resourcesOf(synth, 'AWS::DynamoDB::Table'));

    // Act
    const resource = root.Resources[logicalIdOf(migrations)]!;
    const dependsOn = [resource.DependsOn ?? []].flat();

    // Assess: every table-using function of the root, and every other nested stack holding one.
    const rootFunctions = Object.keys(root.Resources).filter((id) => usesTable(root, id));
    const otherStacks = nestedStacks
      .filter((nested) => nested !== migrations)
      .filter((nested) => Object.keys(synth.templates[nested.node.path]!.Resources).some((id) => usesTable(synth.templates[nested.node.path]!, id)))
      .map(logicalIdOf);
    expect(rootFunctions.length).toBeGreaterThan(0);
    expect(otherStacks.length).toBeGreaterThan(0);
    expect(dependsOn).toEqual(expect.arrayContaining([...rootFunctions, ...otherStacks]));
    expect(Object.values(resource.Properties!.Parameters as object)).toContainEqual({ Ref: tableId });
  });
});

describe('DataMigrations', () => {
  const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
  const synthWith = (versions: Record<MigrationName, string>) => {
    const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Migrations', { env: { region: 'us-east-1' } });
    new DataMigrations(stack, 'Migrations', {
      functionEnvironment: { tableName: 'table', mediaBucketName: 'media', appOriginParameterName: '/Migrations/app-origin' },
      handlersDir: stubHandlers(),
      versions,
    });
    return Template.fromStack(stack).toJSON() as CfnTemplate;
  };

  it('changes only the version property when a version is bumped, so CloudFormation updates the resource and the migration runs again', () => {
    // Prepare
    const before = synthWith(MIGRATION_VERSIONS);
    const bumped = Object.fromEntries(Object.entries(MIGRATION_VERSIONS).map(([name, version]) => [name, `${version}-again`])) as Record<MigrationName, string>;

    // Act
    const after = synthWith(bumped);

    // Assess: same resources (no replacement), and the custom resources differ only in Version.
    expect(Object.keys(after.Resources)).toEqual(Object.keys(before.Resources));
    const changed = Object.keys(after.Resources).filter((id) => JSON.stringify(after.Resources[id]) !== JSON.stringify(before.Resources[id]));
    expect(changed).toHaveLength(Object.keys(MIGRATION_FUNCTIONS).length);
    for (const id of changed) {
      const { Version: newVersion, ...rest } = after.Resources[id]!.Properties!;
      const { Version: oldVersion, ...restBefore } = before.Resources[id]!.Properties!;
      expect(after.Resources[id]!.Type).toMatch(/^Custom::DataMigration/);
      expect(newVersion).not.toEqual(oldVersion);
      expect(rest).toEqual(restBefore);
    }
  });
});
