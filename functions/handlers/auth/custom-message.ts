import { GetParameterCommand } from '@aws-sdk/client-ssm';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { verificationMail } from '../../domain/verification-mail';
import { ssmClient } from '../../lib/aws';
import { env } from '../../lib/env';
import { logger } from '../../lib/logger';

const VERIFICATION_SOURCES = new Set(['CustomMessage_SignUp', 'CustomMessage_ResendCode']);

let origin: Promise<string> | undefined;

/** The SPA origin: APP_ORIGIN locally; on AWS an SSM parameter written by the web construct. */
function appOrigin(): Promise<string> {
  origin ??= (async () => {
    const { APP_ORIGIN, APP_ORIGIN_PARAMETER } = env();
    if (APP_ORIGIN) return APP_ORIGIN;
    const { Parameter } = await ssmClient().send(new GetParameterCommand({ Name: APP_ORIGIN_PARAMETER }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${APP_ORIGIN_PARAMETER} is empty`);
    return Parameter.Value;
  })().catch((error) => {
    origin = undefined;
    throw error;
  });
  return origin;
}

/** Cognito custom-message trigger: turns the sign-up code into a verification link. */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (!VERIFICATION_SOURCES.has(event.triggerSource)) return event;
  const email = event.request.userAttributes.email;
  if (!email) return event;
  try {
    const mail = verificationMail((await appOrigin()).replace(/\/$/, ''), email, event.request.codeParameter);
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
  } catch (error) {
    // Cognito's default code e-mail still goes out; the user can verify with the code.
    logger.error('Could not build the verification link', { error });
  }
  return event;
}
