import { BILLING_MSG } from '@shared/billing';
import { describe, expect, it, vi } from 'vitest';
import { confirmCheckoutSignup, type SignupVerificationDeps } from '../../../functions/domain/signup-verification';

/**
 * Verifying an account a paid checkout made, with its owner's password: the code first, then the
 * password, then the gate; what each failure leaves behind.
 */
const NOW = new Date('2026-11-29T10:00:00Z');
const BODY = { email: 'owner@example.com', code: '123456', password: 'owner-chose-1' };

function aDirectory(overrides: Partial<SignupVerificationDeps> = {}) {
  return {
    confirmSignUp: vi.fn(async () => {}),
    setPassword: vi.fn(async () => {}),
    userIdByEmail: vi.fn(async () => 'sub-1'),
    endSessionsAndPayerPassword: vi.fn(async () => 1),
    now: () => NOW,
    ...overrides,
  };
}
const cognitoError = (name: string) => Object.assign(new Error(name), { name });

describe("verifying a checkout-made account with the owner's password", () => {
  it('confirms the code, then sets the password, then drops the payer mark ending earlier sessions', async () => {
    const order: string[] = [];
    const deps = aDirectory({
      confirmSignUp: vi.fn(async () => void order.push('confirm')),
      setPassword: vi.fn(async () => void order.push('password')),
      endSessionsAndPayerPassword: vi.fn(async () => (order.push('gate'), 1)),
    });

    await expect(confirmCheckoutSignup(BODY, deps)).resolves.toEqual({ email: 'owner@example.com' });

    expect(order).toEqual(['confirm', 'password', 'gate']);
    expect(deps.setPassword).toHaveBeenCalledWith('owner@example.com', 'owner-chose-1');
    expect(deps.endSessionsAndPayerPassword).toHaveBeenCalledWith('sub-1', NOW);
  });

  it.each([
    ['CodeMismatchException', 400, BILLING_MSG.verificationCodeWrong],
    ['ExpiredCodeException', 400, BILLING_MSG.verificationCodeExpired],
    ['NotAuthorizedException', 409, BILLING_MSG.alreadyVerified],
    ['LimitExceededException', 429, BILLING_MSG.tooManyVerificationAttempts],
    ['InternalErrorException', 502, BILLING_MSG.verificationUnavailable],
  ])('answers a %s from Cognito with %i and sets no password', async (name, status, message) => {
    const deps = aDirectory({ confirmSignUp: vi.fn(async () => Promise.reject(cognitoError(name))) });

    await expect(confirmCheckoutSignup(BODY, deps)).rejects.toMatchObject({ statusCode: status, message });

    expect(deps.setPassword).not.toHaveBeenCalled();
    expect(deps.endSessionsAndPayerPassword).not.toHaveBeenCalled();
  });

  it('keeps the payer mark when the password cannot be set after the address was verified, and says to reset it', async () => {
    const deps = aDirectory({ setPassword: vi.fn(async () => Promise.reject(cognitoError('InternalErrorException'))) });

    await expect(confirmCheckoutSignup(BODY, deps)).rejects.toMatchObject({ statusCode: 502, message: BILLING_MSG.verifiedButPasswordNotSet });

    expect(deps.endSessionsAndPayerPassword).not.toHaveBeenCalled();
  });
});
