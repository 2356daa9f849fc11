import { describe, expect, it } from 'vitest';
import { aConfirmedUser, aRandomEmail } from '../helpers/given';
import {
  aPublicCheckout,
  claimCheckout,
  completeSignup,
  productOf,
  signInWithPassword,
  subscriptionOf,
  weOpenAndPay,
  weVerifyTheEmail,
} from '../helpers/billing';
import { weCallTheApi } from '../helpers/when';

/**
 * A checkout that completes with nothing to pay (a 100%-off promotion code, or a
 * trial) reports payment_status `no_payment_required`; it must grant the plan like a payment. The local
 * Stripe knows the promotion code FREE100 (100% off), as a real account would after making one.
 */

/** The session as Stripe's API returns it (the local Stripe's API port, with the app's key). */
async function stripeSession(sessionId: string) {
  const res = await fetch(`http://${process.env.STRIPE_API_HOST}:${process.env.STRIPE_API_PORT}/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
  });
  return (await res.json()) as { status: string; payment_status: string; amount_total: number };
}

describe('a checkout with nothing to pay (100%-off promotion code)', () => {
  it('lets a visitor sign up with Basic after a $0 checkout', async () => {
    // Prepare
    const email = aRandomEmail();
    const checkout = await aPublicCheckout(email, 'basic');

    // Act
    const paid = await weOpenAndPay(checkout.checkoutUrl, 'pay', { promotion_code: 'free100' });
    const done = await completeSignup({ email, session_id: checkout.sessionId, password: 'secret123', confirm: 'secret123' });
    await weVerifyTheEmail(email, 'secret123');
    const token = await signInWithPassword(email, 'secret123');

    // Assess
    expect(paid.page).toContain('Promotion code');
    expect(paid.status).toBe(303);
    expect(await stripeSession(checkout.sessionId)).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', amount_total: 0 });
    expect(done).toMatchObject({ status: 201 });
    expect(await subscriptionOf(token)).toMatchObject({ plan: 'basic', subscription: { status: 'active', product_id: productOf('basic') } });
  });

  it('lets an existing user claim a $0 checkout made with their e-mail', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const checkout = await aPublicCheckout(user.email, 'basic');
    await weOpenAndPay(checkout.checkoutUrl, 'pay', { promotion_code: 'FREE100' });
    expect(await stripeSession(checkout.sessionId)).toMatchObject({ payment_status: 'no_payment_required' });

    // Act
    const claimed = await claimCheckout(user.accessToken, checkout.sessionId);

    // Assess
    expect(claimed).toMatchObject({ status: 200, body: { subscription: { status: 'active', product_id: productOf('basic') } } });
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic' });
  });

  it("grants a signed-in user's own $0 checkout through the webhook", async () => {
    // Prepare
    const user = await aConfirmedUser();
    const res = await weCallTheApi('POST', '/api/billing/checkout', { token: user.accessToken, body: { productId: productOf('basic') } });

    // Act
    const paid = await weOpenAndPay(res.body.checkoutUrl, 'pay', { promotion_code: 'FREE100' });

    // Assess
    expect(paid.status).toBe(303);
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic', subscription: { status: 'active', product_id: productOf('basic') } });
  });

  it('refuses an unknown promotion code on the hosted page and charges nothing', async () => {
    // Prepare
    const email = aRandomEmail();
    const checkout = await aPublicCheckout(email, 'basic');

    // Act
    const refused = await weOpenAndPay(checkout.checkoutUrl, 'pay', { promotion_code: 'NOPE' });
    const signup = await completeSignup({ email, session_id: checkout.sessionId, password: 'secret123', confirm: 'secret123' });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.answer).toContain('This code is invalid.');
    expect(signup).toMatchObject({ status: 400 });
    expect(await stripeSession(checkout.sessionId)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });
});
