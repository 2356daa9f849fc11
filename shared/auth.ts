import * as z from 'zod';
import { MSG } from './messages';
import { text } from './text';

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;

// A pragmatic address check: something@something.tld, no spaces. Cognito is the final judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = text().trim().regex(EMAIL_PATTERN, { message: MSG.emailInvalid }).max(EMAIL_MAX, { message: MSG.emailTooLong });

export const PasswordSchema = text().min(PASSWORD_MIN, { message: MSG.passwordTooShort }).max(PASSWORD_MAX, { message: MSG.passwordTooLong });

/** Sign-in and sign-up form (docs/product-rules.md#account-forms). */
export const CredentialsSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type Credentials = z.infer<typeof CredentialsSchema>;

/** The first problem, in field order, as the spec wants one toast at a time. */
export function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? null;
}

/** POST /api/account/password: Settings → Change Password. The current password proves who asks. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: text()
    .min(1, { message: 'Please enter your current password' })
    .max(PASSWORD_MAX * 4),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
