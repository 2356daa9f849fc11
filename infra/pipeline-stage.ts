import { CfnOutput, Stage, type StageProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AppStack, type AppStackProps } from './app-stack';
import type { AppConfig } from './config';

/** The name both a hand deploy and the pipeline give the app stack of a stage, so either updates the same stack. */
export const appStackName = (stage: AppConfig['stage']): string => `ScheduleAutopost-${stage}`;

/** The app stack's props from the deployment settings: one mapping for `npx cdk deploy` (bin/app.ts) and the pipeline's stages. */
export function appStackProps(config: AppConfig, webDir: string): AppStackProps {
  return {
    env: { region: config.region },
    description: `Schedule & Autopost (${config.stage})`,
    stage: config.stage,
    webDir,
    google: config.google,
    extraCorsOrigins: config.extraCorsOrigins,
    logLevel: config.logLevel,
    platformCredentialsSecretName: config.platformCredentialsSecretName,
    proComingSoon: config.proComingSoon,
    graphApiVersion: config.graphApiVersion,
    ...(config.blueskyServiceUrl === 'off' ? {} : { blueskyServiceUrl: config.blueskyServiceUrl }),
    linkedinPages: config.linkedinPages,
    pinterestApiHost: config.pinterestApiHost,
    youtubeUnverified: config.youtubeUnverified,
    tiktokUnaudited: config.tiktokUnaudited,
    ...(config.mediaPull ? { mediaPull: config.mediaPull } : {}),
    stripeSecretName: config.stripeSecretName,
    stripePrices: config.stripePrices,
    publisherConcurrency: config.publisherConcurrency,
    alarmEmail: config.alarmEmail,
    ...(config.mail ? { mail: config.mail } : {}),
    alarmTopicArn: config.alarmTopicArn,
    waf: config.waf,
  };
}

export interface AppStageProps extends StageProps {
  readonly config: AppConfig;
  /** The built SPA (see bin/app.ts). */
  readonly webDir: string;
  /** Test seam: passed to AppStack as is (the infra tests point it at stub handlers). */
  readonly stackProps?: Partial<AppStackProps>;
}

/**
 * One deployment of the app as a pipeline stage: the AppStack exactly as bin/app.ts builds it for
 * `npx cdk deploy`, under the same stack name, in the stage's account.
 */
export class AppStage extends Stage {
  readonly stack: AppStack;

  constructor(scope: Construct, id: string, props: AppStageProps) {
    super(scope, id, props);
    const base = appStackProps(props.config, props.webDir);
    this.stack = new AppStack(this, 'App', {
      ...base,
      env: { account: props.env?.account, region: props.config.region },
      stackName: appStackName(props.config.stage),
      ...props.stackProps,
    });
  }

  /** A stack output by its id (`AppUrl`, `UserPoolId`, `TableName`, …), for a later step's environment. */
  output(id: string): CfnOutput {
    const output = this.stack.node.tryFindChild(id);
    if (!(output instanceof CfnOutput)) throw new Error(`The app stack has no output ${id}`);
    return output;
  }
}
