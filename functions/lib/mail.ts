import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './aws';
import { env } from './env';
import { DependencyError } from './errors';

/** One e-mail of the app's own (invitations, approval notices) to one person. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  /** The HTML part; mail clients that show no HTML show `text`. */
  readonly html: string;
  readonly text: string;
}

/** What the caller shows when SES did not take the message. */
export const MAIL_NOT_SENT = "We couldn't send the e-mail. Please try again.";

/**
 * Sends `message` through SES (API v2, Simple content: SES builds the MIME message) from MAIL_FROM,
 * the deployment's verified sending identity; on the local cloud the SES stand-in delivers it into
 * the local inbox. Needs the 'mail:send' capability (functions/routes.ts).
 *
 * Any refusal (an unverified sender, a paused or suspended account, a quota or rate limit SES
 * still refuses after the SDK's own retries) becomes a DependencyError with a message the caller
 * can show as is; the SES error stays attached as the cause, so the log says which it was.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const from = env().MAIL_FROM;
  if (!from) throw new DependencyError(MAIL_NOT_SENT, { cause: new Error('MAIL_FROM is not set: the mail:send capability was not granted') });
  try {
    await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: message.html, Charset: 'UTF-8' }, Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  } catch (error) {
    throw new DependencyError(MAIL_NOT_SENT, { cause: error });
  }
}
