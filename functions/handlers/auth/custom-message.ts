import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { verificationMail } from '../../domain/verification-mail';
import { appOrigin } from '../../lib/app-origin';
import { logger } from '../../lib/logger';

const VERIFICATION_SOURCES = new Set(['CustomMessage_SignUp', 'CustomMessage_ResendCode']);

/** Cognito custom-message trigger: turns the sign-up code into a verification link. */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (!VERIFICATION_SOURCES.has(event.triggerSource)) return event;
  const email = event.request.userAttributes.email;
  if (!email) return event;
  try {
    const mail = verificationMail(await appOrigin(), email, event.request.codeParameter);
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
  } catch (error) {
    // Cognito's default code e-mail still goes out; the user can verify with the code.
    logger.error('Could not build the verification link', { error });
  }
  return event;
}
