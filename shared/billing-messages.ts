/**
 * Billing texts both sides show (docs/product-rules.md#landing, #subscription, #complete-signup,
 * #messages-and-errors); apart from shared/billing.ts so the sign-in form can show them without
 * downloading that module's zod schemas.
 */
export const BILLING_MSG = {
  subscriptionUpdated: 'Subscription updated successfully',
  accountCreatedTitle: 'Account created successfully!',
  // The payer's e-mail is proven by the verification link before the account can sign in.
  accountCreatedText: 'Check your email to verify your address, then sign in.',
  paymentSuccessful: 'Payment Successful!',
  verificationCodeWrong: 'That verification code is wrong. Open the link from the newest e-mail, or ask for a new one.',
  verificationCodeExpired: 'This verification link has expired or was already used. Ask for a new one.',
  alreadyVerified: 'This e-mail address is already verified. If you do not know the password, use "Forgot password?" on the sign-in page.',
  tooManyVerificationAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signupUnavailable: "Your account was created, but we couldn't finish setting it up. Please submit again in a moment.",
  verificationUnavailable: "We couldn't verify your e-mail right now. Please try again in a moment.",
  verifiedButPasswordNotSet: 'Your e-mail address is verified, but we could not set your password. Use "Forgot password?" on the sign-in page to set it.',
  emailVerifiedPasswordSet: 'Email verified and password set! You can sign in now.',
  paymentAlreadyUsed: 'This payment was already used to create an account',
  paymentNotComplete: 'This payment is not complete',
  paymentNotFound: "We couldn't find this payment",
  emailMismatch: 'The email does not match this payment',
  accountExists: 'An account with this email already exists — sign in instead',
  /** The /complete-signup link that takes an existing user to sign-in with the payment to claim. */
  signInToClaim: 'Sign in to add this plan to your account',
  /** /complete-signup, when the paid e-mail already has an account: no new password is asked for. */
  existingAccountPaid: 'This e-mail already has an account. Sign in with your existing password and the plan will be added to it.',
  /** The sign-in page, reached with a paid checkout to claim. */
  claimOnSignIn: 'Sign in with your existing password. Your payment will be applied to your account once you sign in.',
  planClaimed: 'Your plan was added to your account',
  unknownPlan: 'Unknown plan',
  freePlanNotSold: 'The Free plan needs no payment',
  planNotForSale: "This plan can't be bought right now",
  alreadySubscribed: 'You already have a subscription. Cancel it and wait for it to end before buying another plan.',
  subscriptionNotFound: 'Subscription not found',
  subscriptionNotActive: 'Only an active subscription can be changed',
  invalidSignature: 'Invalid Stripe signature',
} as const;
