import { ConfirmSignUpCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PLANS, type PlanId } from '@shared/plans';
import { expect } from 'vitest';
import { cloud, cognito, mailsTo, verificationCodeIn } from './given';
import { weCallTheApi } from './when';
import { aLaterSecondThan } from './then';

/** Billing given/when-steps: checkouts, the local Stripe's hosted page and control API. */
export const productOf = (plan: PlanId) => PLANS.find((p) => p.id === plan)!.productId!;

export const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** `POST /api/billing/complete-signup` from the complete-signup page (no session). */
export const completeSignup = (body: Record<string, unknown>) => weCallTheApi('POST', '/api/billing/complete-signup', { body });

/** `POST /api/billing/claim-checkout`: a signed-in user claims a checkout paid with their e-mail. */
export const claimCheckout = (token: string, sessionId: string) =>
  weCallTheApi('POST', '/api/billing/claim-checkout', { token, body: { session_id: sessionId } });

/** The user's subscription overview (`GET /api/subscription`). */
export const subscriptionOf = async (token: string) => (await weCallTheApi('GET', '/api/subscription', { token })).body;

export async function aPublicCheckout(email: string, plan: PlanId = 'basic') {
  const res = await weCallTheApi('POST', '/api/billing/public-checkout', { body: { productId: productOf(plan), email, name: 'Test Buyer' } });
  if (res.status !== 200) throw new Error(`public checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const checkoutUrl = res.body.checkoutUrl as string;
  return { checkoutUrl, sessionId: sessionIdOf(checkoutUrl) };
}

/** Opens the hosted checkout page and submits its Pay form (with `fields`, e.g. a promotion code), as a browser would; returns where it redirects. */
export async function weOpenAndPay(checkoutUrl: string, button: 'pay' | 'cancel' = 'pay', fields: Record<string, string> = {}) {
  const page = await fetch(checkoutUrl);
  const html = await page.text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!).find((a) => a.endsWith(`/${button}`));
  if (!action) throw new Error(`No ${button} form on the hosted checkout page`);
  const res = await fetch(new URL(action, checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: button === 'pay' ? new URLSearchParams({ pay: '1', ...fields }).toString() : '',
    redirect: 'manual',
  });
  return { page: html, status: res.status, location: res.headers.get('location') ?? '', answer: res.status === 303 ? '' : await res.text() };
}

export async function stripeControl(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${cloud().url}/_local/stripe/control${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function signInWithPassword(email: string, password: string) {
  const auth = await cognito().send(
    new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return auth.AuthenticationResult!.AccessToken!;
}

/** A visitor who paid for `plan` on the hosted page (webhooks delivered) but has no account yet. */
export async function aPaidPublicCheckout(email: string, plan: PlanId = 'basic') {
  const checkout = await aPublicCheckout(email, plan);
  const paid = await weOpenAndPay(checkout.checkoutUrl);
  return { ...checkout, successUrl: paid.location };
}

/** A signed-in user's own checkout, paid on the hosted page. */
export async function aPaidCheckout(accessToken: string, plan: PlanId = 'basic') {
  const res = await weCallTheApi('POST', '/api/billing/checkout', { token: accessToken, body: { productId: productOf(plan) } });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const paid = await weOpenAndPay(res.body.checkoutUrl);
  return { checkoutUrl: res.body.checkoutUrl as string, sessionId: sessionIdOf(res.body.checkoutUrl), successUrl: paid.location };
}

/**
 * The owner of `email` follows the verification link of the mail Cognito sent for an account a
 * checkout made, and chooses `password` on the page it opens (as the app's /verify page does with the
 * link's code): the account is confirmed, the post-confirmation trigger runs and `password` is set.
 */
export async function weVerifyTheEmail(email: string, password: string) {
  const mails = await mailsTo(email);
  expect(mails.length, `no verification mail to ${email}`).toBeGreaterThan(0);
  const newest = mails[0]!;
  const link = /href="([^"]+)"/.exec(newest.html)?.[1] ?? '';
  expect(new URL(link).searchParams.get('password'), 'the link asks for a password').toBe('new');
  const res = await weCallTheApi('POST', '/api/billing/confirm-signup', { body: { email, code: verificationCodeIn(newest), password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Setting the password ends the sessions begun before it, to the whole second (token times have
  // one-second precision): a sign-in in the same second would be refused.
  await aLaterSecondThan(Date.now());
}

/** The owner confirms the address through Cognito alone, as the plain link (a resend without the checkout's metadata) does. */
export async function weConfirmTheAddressOnly(email: string) {
  const mails = await mailsTo(email);
  await cognito().send(new ConfirmSignUpCommand({ ClientId: cloud().clientId, Username: email, ConfirmationCode: verificationCodeIn(mails[0]!) }));
}
