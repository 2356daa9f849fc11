import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack } from '../infra/app-stack';
import { parseAppConfig } from '../infra/config';
import { parsePipelineConfig, pipelineEnabled, PipelineStack, stageConfig } from '../infra/pipeline';
import { appStackName, appStackProps } from '../infra/pipeline-stage';
import { REPO_ROOT } from '../infra/constructs/app-function';

const app = new App();
const config = parseAppConfig((key) => app.node.tryGetContext(key));

// The SPA is part of the deployment. Build it when it is missing (a fresh checkout); an existing
// build is used as is, so run `npm run build:web` before deploying frontend changes.
const webDir = path.resolve(REPO_ROOT, config.webDir);
if (!existsSync(path.join(webDir, 'index.html'))) {
  if (!existsSync(path.join(REPO_ROOT, 'frontend/vite.config.ts'))) {
    throw new Error(`No web build at ${webDir} and no frontend/vite.config.ts to build it with.`);
  }
  console.error(`No web build at ${webDir}; running npm run build:web ...`);
  execSync('npm run build:web', { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`npm run build:web finished but ${webDir}/index.html is still missing (is webDir right?).`);
  }
}

const context = (key: string) => app.node.tryGetContext(key);
if (pipelineEnabled(context)) {
  // `-c pipeline=true`: the deploy pipeline, whose dev and prod stages each hold the app stack.
  const pipeline = parsePipelineConfig(context);
  new PipelineStack(app, 'ScheduleAutopost-pipeline', {
    env: { account: pipeline.account, region: config.region },
    description: 'Schedule & Autopost deploy pipeline',
    pipeline,
    dev: stageConfig('dev', pipeline, context),
    prod: stageConfig('prod', pipeline, context),
    webDir,
  });
} else {
  new AppStack(app, appStackName(config.stage), appStackProps(config, webDir));
}

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
