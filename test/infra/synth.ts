import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, NestedStack, type Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type FunctionDef } from '../../functions/capabilities';
import { JOB_GROUPS, type JobDef, jobEntries, MIGRATION_FUNCTIONS } from '../../functions/jobs';
import { allHandlerModules, REALTIME_FUNCTIONS, ROUTES, TRIGGER_FUNCTIONS } from '../../functions/routes';
import { AppStack, type AppStackProps } from '../../infra/app-stack';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const GOOGLE = {
  clientId: 'google-client-id.apps.googleusercontent.com',
  clientSecretName: 'schedule-autopost/google-client-secret',
  domainPrefix: 'schedule-autopost-test',
} as const;

/** A sending identity for the app's e-mails (docs/deployment.md#e-mail), as an operator would configure it. */
export const MAIL = { from: 'Schedule & Autopost <no-reply@mail.example.com>', identity: 'mail.example.com' } as const;

export interface ValidationViolation {
  readonly ruleName: string;
  readonly severity: string;
  readonly violatingConstructs: { readonly constructPath: string }[];
}

/** An object of the synthesized template (a resource, its properties, a statement…), typed as the CDK's assertions library types it (Template.findResources). */
export type TemplateJson = ReturnType<Template['findResources']>[string];

export interface SynthesizedApp {
  readonly app: App;
  readonly stack: AppStack;
  readonly template: Template;
  /** Every unacknowledged finding of every validation plugin (cdk-nag, CloudFormation rules, annotations). */
  readonly violations: ValidationViolation[];
  /** Every acknowledgement in the app: rule id → reason. */
  readonly acknowledgements: { readonly id: string; readonly reason: string; readonly path: string }[];
  /** The JSON object deployed as `/config.json` (tokens appear as deploy-time markers). */
  readonly runtimeConfig: Record<string, unknown>;
  /** Resources in each CloudFormation template of the app (the stack and its nested stacks), by construct path. */
  readonly resourceCounts: Record<string, number>;
  /**
   * Each template as synthesized, before nested stacks are inlined, by construct path: where the
   * DependsOn between a nested stack and its parent's resources can be read.
   */
  readonly templates: Record<string, CfnTemplate>;
}

/**
 * Bundling is skipped here, so the stack only needs handler files to exist: point it at one-line
 * stubs, so these tests do not depend on the handlers' state. NodejsFunction wants entries under
 * the project root, hence a cache directory inside it rather than the OS temp directory.
 */
export function stubHandlers(): string {
  const dir = path.join(REPO_ROOT, 'node_modules/.cache/infra-test-handlers');
  for (const module of allHandlerModules()) {
    const file = path.join(dir, `${module}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'export const handler = async () => ({});\n');
  }
  return dir;
}

/**
 * Synthesizes the app as bin/app.ts does (cdk.json feature flags, cdk-nag AwsSolutions), with
 * bundling skipped and the fixture web build, and collects the validation report instead of
 * throwing on it.
 */
export function synthApp(props: Partial<AppStackProps> = {}): SynthesizedApp {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-cdk-out-'));
  const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new AppStack(app, 'ScheduleAutopost-test', {
    env: { region: 'us-east-1' },
    stage: 'dev',
    webDir: 'test/fixtures/web',
    handlersDir: stubHandlers(),
    // Functions that declare 'mail:send' cannot be synthesized without one.
    mail: MAIL,
    ...props,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  try {
    return readAssembly(app, stack, outdir);
  } finally {
    // The assembly holds ~20 MB of staged assets (CDK's own handlers and layers).
    rmSync(outdir, { recursive: true, force: true });
  }
}

function readAssembly(app: App, stack: AppStack, outdir: string): SynthesizedApp {
  try {
    app.synth();
  } catch (error) {
    // Validation findings fail synthesis; they are asserted from the report, with their paths.
    if (!existsSync(path.join(outdir, 'validation-report.json'))) throw error;
  }
  const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { violations: ValidationViolation[] }[];
  };
  const resourceCounts: Record<string, number> = {};
  const templates: Record<string, CfnTemplate> = {};
  const template = Template.fromJSON(flatten(outdir, stack, resourceCounts, templates));

  const acknowledgements = app.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ id, reason, path: construct.node.path }))),
    );

  // The site deployment has two sources: the build directory, then the generated config.json.
  const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as {
    Properties: { SourceObjectKeys: string[] };
  }[];
  const configZip = deployments.find((d) => d.Properties.SourceObjectKeys.length === 2)!.Properties.SourceObjectKeys[1]!;
  const configFile = path.join(outdir, `asset.${configZip.replace(/\.zip$/, '')}`, 'config.json');
  const runtimeConfig = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;

  return {
    app,
    stack,
    template,
    violations: report.pluginReports.flatMap((r) => r.violations),
    acknowledgements,
    runtimeConfig,
    resourceCounts,
    templates,
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface CfnTemplate {
  Resources: Record<string, { Properties?: Record<string, Json>; DependsOn?: string | string[] } & Record<string, Json>>;
  Outputs?: Record<string, { Value: Json }>;
  [key: string]: unknown;
}

/**
 * The stack's template with its nested stacks' resources inlined, as CloudFormation resolves them:
 * a nested stack's parameter becomes the value its parent passes, a parent's `Outputs.X` of a nested
 * stack becomes that output's value. Tests then assert on one template, whichever stack a resource
 * lives in (the logical ids inside a nested stack are those the resource would have in the parent).
 */
function flatten(outdir: string, stack: Stack, counts: Record<string, number>, templates: Record<string, CfnTemplate>): CfnTemplate {
  let template = JSON.parse(readFileSync(path.join(outdir, stack.templateFile), 'utf8')) as CfnTemplate;
  counts[stack.node.path] = Object.keys(template.Resources).length;
  templates[stack.node.path] = structuredClone(template);
  const nestedStacks = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const resourceId = stack.resolve(nested.nestedStackResource!.logicalId) as string;
    const parameters = (template.Resources[resourceId]?.Properties?.Parameters ?? {}) as Record<string, Json>;
    const child = substitute(flatten(outdir, nested, counts, templates), (node) =>
      typeof node.Ref === 'string' && node.Ref in parameters ? parameters[node.Ref] : undefined,
    ) as CfnTemplate;
    delete template.Resources[resourceId];
    for (const [id, resource] of Object.entries(child.Resources)) {
      if (id in template.Resources) throw new Error(`Logical id ${id} is in ${nested.node.path} and its parent`);
      template.Resources[id] = resource;
    }
    template = substitute(template, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || getAtt[0] !== resourceId) return undefined;
      const output = String(getAtt[1]).replace(/^Outputs\./, '');
      return child.Outputs![output]!.Value;
    }) as CfnTemplate;
    for (const resource of Object.values(template.Resources)) {
      if (resource.DependsOn === undefined) continue;
      const dependsOn = [resource.DependsOn].flat().filter((id) => id !== resourceId);
      if (dependsOn.length) resource.DependsOn = dependsOn;
      else delete resource.DependsOn;
    }
  }
  return template;
}

/** Replaces, depth first, every object for which `replace` returns a value. */
function substitute(value: unknown, replace: (node: Record<string, Json>) => Json | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Record<string, Json>);
  if (replaced !== undefined) return substitute(replaced, replace);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, replace)]));
}

const pascalCase = (text: string) =>
  text
    .split(/[/-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * The declaration (functions/routes.ts, functions/jobs.ts) of the function with this logical id: `Api<Module>` for
 * routes, `Auth<Trigger>` for the Cognito triggers, `<group construct><id>` for the jobs (functions/jobs.ts;
 * a publisher per platform: `Publishing<Platform>Publisher`), `Migrations<Name>` for the data migrations.
 */
export function declarationOfFunction(logicalId: string): FunctionDef {
  const id = logicalId.replace(/[0-9A-F]{8}$/, '');
  // A job's function is `<its group's construct><id>`: Publishing in the root, the nested groups' own.
  const jobIds: Record<string, FunctionDef> = Object.fromEntries(
    jobEntries().map(([, job]: [string, JobDef]) => {
      const group = JOB_GROUPS[job.group];
      return [`${'nested' in group ? group.nested.constructId : 'Publishing'}${job.id}`, job];
    }),
  );
  const engineIds: Record<string, FunctionDef> = { ...jobIds, RealtimeAuthorizer: REALTIME_FUNCTIONS.authorizer };
  // A per-platform job's functions are `Publishing<Platform><id>`.
  const perPlatform = jobEntries().find(
    ([, job]) => job.trigger.kind === 'queue' && job.trigger.perPlatform && new RegExp(`^Publishing\\w+${job.id}$`).test(id),
  );

  const found =
    (ROUTES as readonly FunctionDef[]).find((r) => `Api${pascalCase(r.handler)}` === id) ??
    Object.entries(TRIGGER_FUNCTIONS).find(([name]) => `Auth${pascalCase(name)}` === id)?.[1] ??
    engineIds[id] ??
    Object.entries(MIGRATION_FUNCTIONS).find(([name]) => `Migrations${pascalCase(name)}` === id)?.[1] ??
    perPlatform?.[1];
  if (!found) throw new Error(`No declaration for the function ${logicalId}`);
  return found;
}
