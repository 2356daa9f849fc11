import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { passwordResetMail } from '../../domain/password-reset-mail';
import { verificationMail } from '../../domain/verification-mail';
import { appOrigin } from '../../lib/app-origin';
import { logger } from '../../lib/logger';

type Mail = (origin: string, email: string, code: string, choosePassword: boolean) => { subject: string; html: string };

const MAILS: Partial<Record<string, Mail>> = {
  CustomMessage_SignUp: verificationMail,
  CustomMessage_ResendCode: verificationMail,
  CustomMessage_ForgotPassword: passwordResetMail,
};

/** Cognito custom-message trigger: turns the sign-up code into a verification link, the reset code into a reset link. */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const build = MAILS[event.triggerSource];
  if (!build) return event;
  const email = event.request.userAttributes.email;
  if (!email) return event;
  try {
    // Set on a checkout-made sign-up (and the SPA's resends for it): its link asks for the password.
    const choosePassword = event.request.clientMetadata?.signup === 'checkout';
    const mail = build(await appOrigin(), email, event.request.codeParameter, choosePassword);
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
  } catch (error) {
    // Cognito's default code e-mail still goes out; the user can verify with the code.
    logger.error('Could not build the link of the e-mail', { error, triggerSource: event.triggerSource });
  }
  return event;
}
