import { describe, expect, it } from 'vitest';
import { CredentialsSchema, EmailSchema, firstIssue, PasswordSchema } from '@shared/auth';

const DOMAIN = '@example.com';

/** A well-formed address of exactly `length` characters. */
function emailOfLength(length: number): string {
  return `${'a'.repeat(length - DOMAIN.length)}${DOMAIN}`;
}

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('EmailSchema', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', 'a@b.io'])('accepts %s', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true);
  });

  it.each(['', 'user', 'user@', '@example.com', 'user@example', 'us er@example.com', 'user@@example.com'])(
    'rejects %j with "Please enter a valid email address" (docs/product-rules.md#account-forms)',
    (email) => {
      expect(messages(EmailSchema.safeParse(email))).toEqual(['Please enter a valid email address']);
    },
  );

  it('accepts an email of exactly 255 characters', () => {
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    expect(EmailSchema.safeParse(email).success).toBe(true);
  });

  it('rejects an email of 256 characters with "Email must be less than 255 characters" (docs/product-rules.md#account-forms)', () => {
    expect(messages(EmailSchema.safeParse(emailOfLength(256)))).toEqual(['Email must be less than 255 characters']);
  });

  it('ignores spaces around the address', () => {
    expect(EmailSchema.parse('  user@example.com ')).toBe('user@example.com');
  });
});

describe('PasswordSchema', () => {
  it('rejects 5 characters with "Password must be at least 6 characters" (docs/product-rules.md#account-forms)', () => {
    expect(messages(PasswordSchema.safeParse('a'.repeat(5)))).toEqual(['Password must be at least 6 characters']);
  });

  it('accepts 6 characters', () => {
    expect(PasswordSchema.safeParse('a'.repeat(6)).success).toBe(true);
  });

  it('accepts 72 characters', () => {
    expect(PasswordSchema.safeParse('a'.repeat(72)).success).toBe(true);
  });

  it('rejects 73 characters with "Password must be less than 72 characters" (docs/product-rules.md#account-forms)', () => {
    expect(messages(PasswordSchema.safeParse('a'.repeat(73)))).toEqual(['Password must be less than 72 characters']);
  });

  it('rejects an empty password as too short', () => {
    expect(messages(PasswordSchema.safeParse(''))).toEqual(['Password must be at least 6 characters']);
  });

  it('counts spaces as characters rather than trimming them', () => {
    expect(PasswordSchema.parse('  pass  ')).toBe('  pass  ');
  });
});

describe('firstIssue', () => {
  it('returns null when the credentials are valid', () => {
    const result = CredentialsSchema.safeParse({ email: 'user@example.com', password: 'secret1' });

    expect(firstIssue(result)).toBeNull();
  });

  it('returns the email problem first when both fields are wrong (docs/product-rules.md#account-forms: the first issue is shown)', () => {
    // Act
    const result = CredentialsSchema.safeParse({ email: 'not-an-email', password: '123' });

    // Assess
    expect(messages(result)).toHaveLength(2);
    expect(firstIssue(result)).toBe('Please enter a valid email address');
  });

  it('returns the password problem when only the password is wrong', () => {
    const result = CredentialsSchema.safeParse({ email: 'user@example.com', password: 'x'.repeat(73) });

    expect(firstIssue(result)).toBe('Password must be less than 72 characters');
  });

  it('returns the validity problem rather than the length problem for a long malformed email', () => {
    const result = EmailSchema.safeParse('a'.repeat(300));

    expect(firstIssue(result)).toBe('Please enter a valid email address');
  });

  it('returns null for a failure that carries no issues', () => {
    expect(firstIssue({ success: false, error: { issues: [] } })).toBeNull();
  });
});
