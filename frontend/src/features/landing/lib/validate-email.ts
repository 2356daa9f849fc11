import { MSG } from '@shared/messages';

/*
 * The sign-up e-mail rules of shared/auth.ts (EmailSchema), repeated here because that module
 * imports zod, which the landing bundle must not carry. The API checks the same schema again and
 * its 400 message is shown if the two ever drift.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 255;

/** The first problem with the address, or null. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!EMAIL_PATTERN.test(trimmed)) return MSG.emailInvalid;
  if (trimmed.length > EMAIL_MAX) return MSG.emailTooLong;
  return null;
}
