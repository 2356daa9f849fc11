import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { ssmClient } from './aws';
import { env } from './env';

let origin: Promise<string> | undefined;

/** The SPA origin, without a trailing slash: APP_ORIGIN locally; on AWS an SSM parameter written by the web construct. */
export function appOrigin(): Promise<string> {
  origin ??= (async () => {
    const { APP_ORIGIN, APP_ORIGIN_PARAMETER } = env();
    if (APP_ORIGIN) return APP_ORIGIN.replace(/\/$/, '');
    const { Parameter } = await ssmClient().send(new GetParameterCommand({ Name: APP_ORIGIN_PARAMETER }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${APP_ORIGIN_PARAMETER} is empty`);
    return Parameter.Value.replace(/\/$/, '');
  })().catch((error) => {
    origin = undefined;
    throw error;
  });
  return origin;
}
