import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { onboardUser } from '../../domain/onboarding';
import { endSessionsAfterPasswordReset } from '../../domain/sessions';
import { logger } from '../../lib/logger';

const EventSchema = z.object({
  triggerSource: z.string(),
  request: z.object({ userAttributes: z.object({ sub: z.string().min(1), email: z.string().optional() }).loose() }),
});

/**
 * Cognito post-confirmation trigger. A failure here is logged, never fatal (docs/product-rules.md#messages-and-errors): the user is
 * confirmed either way, and GET /api/me answers with defaults for a missing settings row.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const parsed = EventSchema.safeParse(event);
  if (!parsed.success) {
    logger.error('Unexpected post-confirmation event', { issues: parsed.error.issues });
    return event;
  }
  const { sub, email } = parsed.data.request.userAttributes;
  if (parsed.data.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    // A reset password ends every session. Not swallowed like onboarding's failure: Cognito passes
    // the error on to the caller, who sees the reset did not complete and tries again.
    await endSessionsAfterPasswordReset(sub, new Date());
    return event;
  }
  // Only a new sign-up needs onboarding.
  if (parsed.data.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  try {
    await onboardUser(sub, email ?? null);
  } catch (error) {
    logger.error('Onboarding a new user failed', { error, userId: sub });
  }
  return event;
}
