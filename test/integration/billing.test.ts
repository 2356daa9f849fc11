import { BILLING_MSG } from '@shared/billing';
import { describe, expect, it, vi } from 'vitest';
import { aConfirmedUser, aRandomEmail, cloud, cognito, mailsTo, verificationCodeIn } from '../helpers/given';
import {
  aPaidCheckout,
  aPaidPublicCheckout,
  aPublicCheckout,
  claimCheckout,
  completeSignup,
  productOf,
  signInWithPassword,
  stripeControl,
  subscriptionOf,
  weOpenAndPay,
  weConfirmTheAddressOnly,
  weVerifyTheEmail,
} from '../helpers/billing';
import { ConfirmForgotPasswordCommand, ForgotPasswordCommand, ResendConfirmationCodeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PAYER_PASSWORD_MESSAGE } from '../../functions/domain/sessions';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/lib/aws';
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../../local/stripe';
import { aLaterSecondThan, itemsOfUser, theTestsTimeLeft } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** Selling plans through the (local) Stripe, end to end through the front door. */

describe('a visitor buys Basic, then creates the account', () => {
  it('pays on the hosted page, completes signup, verifies the e-mail, signs in and sees Basic active', async () => {
    // Prepare
    const email = aRandomEmail();
    const checkout = await aPublicCheckout(email, 'basic');

    // Act
    const paid = await weOpenAndPay(checkout.checkoutUrl);
    const success = new URL(paid.location);
    const done = await completeSignup({
      email: success.searchParams.get('email'),
      session_id: success.searchParams.get('session_id'),
      password: 'secret123',
      confirm: 'secret123',
    });
    const beforeVerifying = await signInWithPassword(email, 'secret123').then(
      () => 'signed in',
      (error: Error) => error.name,
    );
    const [mail] = await mailsTo(email);
    await weVerifyTheEmail(email, 'secret123');
    const token = await signInWithPassword(email, 'secret123');

    // Assess: the payment's e-mail proved nothing; the address is proven by the link, then the plan is there.
    expect(beforeVerifying).toBe('UserNotConfirmedException');
    expect(mail?.html).toMatch(/Verify my email/);
    expect(paid.page).toMatch(/<h1>Schedule &#38; Autopost Basic<\/h1>/);
    expect(paid.page).toContain('$4.99');
    expect(paid.status).toBe(303);
    expect(`${success.origin}${success.pathname}`).toBe(`${cloud().url}/complete-signup`);
    expect(success.searchParams.get('session_id')).toBe(checkout.sessionId);
    expect({ status: done.status, body: done.body }).toEqual({ status: 201, body: { email, message: 'Account created successfully!' } });
    const overview = await subscriptionOf(token);
    expect(overview).toMatchObject({
      plan: 'basic',
      subscription: { status: 'active', product_id: productOf('basic'), cancel_at_period_end: false },
      usage: { used: 0, limit: 15 },
    });
    expect(Date.parse(overview.subscription.current_period_end)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // The account got the defaults a normal sign-up gets (settings, profile, "My Account").
    const me = await weCallTheApi('GET', '/api/me', { token });
    expect(me.status).toBe(200);
  });

  it('refuses a second signup with the same payment', async () => {
    // Prepare
    const email = aRandomEmail();
    const { sessionId } = await aPaidPublicCheckout(email);
    await completeSignup({ email, session_id: sessionId, password: 'secret123' });

    // Act
    const again = await completeSignup({ email, session_id: sessionId, password: 'other-pass' });

    // Assess
    expect(again).toMatchObject({ status: 409, body: { error: { message: BILLING_MSG.paymentAlreadyUsed } } });
    await expect(signInWithPassword(email, 'other-pass')).rejects.toThrow();
  });

  it('refuses an unpaid checkout', async () => {
    // Prepare
    const email = aRandomEmail();
    const { sessionId } = await aPublicCheckout(email);

    // Act
    const res = await completeSignup({ email, session_id: sessionId, password: 'secret123' });

    // Assess
    expect(res).toMatchObject({ status: 400, body: { error: { message: BILLING_MSG.paymentNotComplete } } });
  });

  it("refuses someone else's email, so nobody claims another person's payment", async () => {
    // Prepare
    const { sessionId } = await aPaidPublicCheckout(aRandomEmail());

    // Act
    const res = await completeSignup({ email: aRandomEmail(), session_id: sessionId, password: 'secret123' });

    // Assess
    expect(res).toMatchObject({ status: 403, body: { error: { message: BILLING_MSG.emailMismatch } } });
  });

  it('matches the email case-insensitively', async () => {
    // Prepare
    const email = aRandomEmail();
    const { sessionId } = await aPaidPublicCheckout(email);

    // Act
    const res = await completeSignup({ email: email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'), session_id: sessionId, password: 'secret123' });

    // Assess
    expect(res.status).toBe(201);
  });

  it('tells an existing user to sign in instead, and leaves the payment unused', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const { sessionId } = await aPaidPublicCheckout(user.email);

    // Act
    const res = await completeSignup({ email: user.email, session_id: sessionId, password: 'secret123' });

    // Assess
    expect(res).toMatchObject({ status: 409, body: { error: { message: BILLING_MSG.accountExists } } });
    expect(await signInWithPassword(user.email, user.password)).toBeTruthy();
  });

  it('goes back to the landing page on Cancel', async () => {
    const { checkoutUrl } = await aPublicCheckout(aRandomEmail());

    const res = await weOpenAndPay(checkoutUrl, 'cancel');

    expect(res).toMatchObject({ status: 303, location: `${cloud().url}/` });
  });

  it('refuses the Free plan and bad input with 400 and the spec message', async () => {
    const free = await weCallTheApi('POST', '/api/billing/public-checkout', { body: { productId: 'nope', email: aRandomEmail() } });
    const badEmail = await weCallTheApi('POST', '/api/billing/public-checkout', { body: { productId: productOf('basic'), email: 'not-an-email' } });

    expect(free).toMatchObject({ status: 400, body: { error: { message: BILLING_MSG.unknownPlan } } });
    expect(badEmail).toMatchObject({ status: 400, body: { error: { message: 'Please enter a valid email address' } } });
  });
});

describe("a payer who typed someone else's address at checkout", () => {
  const PAYER_PASSWORD = 'payer-knows-1';
  async function anAccountAPayerMadeFor(owner: string) {
    const checkout = await aPaidPublicCheckout(owner, 'basic');
    const done = await completeSignup({ email: owner, session_id: checkout.sessionId, password: PAYER_PASSWORD, confirm: PAYER_PASSWORD });
    expect(done.status).toBe(201);
  }
  const signInFails = (email: string, password: string) =>
    signInWithPassword(email, password).then(
      () => false,
      () => true,
    );

  it("never gets in with the payer's password once the owner proves the address: the owner sets their own", async () => {
    // Prepare
    const owner = aRandomEmail();
    await anAccountAPayerMadeFor(owner);

    // Act: the owner follows the link, which asks for a password.
    await weVerifyTheEmail(owner, 'owner-chose-1');

    // Assess
    expect(await signInFails(owner, PAYER_PASSWORD)).toBe(true);
    const token = await signInWithPassword(owner, 'owner-chose-1');
    expect((await weCallTheApi('GET', '/api/me', { token })).status).toBe(200);
    expect(await subscriptionOf(token)).toMatchObject({ plan: 'basic' });
  });

  it("opens nothing with the payer's password when the address is confirmed by a link without the password step, until the owner resets it", async () => {
    // Prepare: the payer asks Cognito for a new code (no checkout metadata: a plain link), the owner follows it.
    const owner = aRandomEmail();
    await anAccountAPayerMadeFor(owner);
    await cognito().send(new ResendConfirmationCodeCommand({ ClientId: cloud().clientId, Username: owner }));
    const [plainMail] = await mailsTo(owner);
    await weConfirmTheAddressOnly(owner);

    // Act: the payer signs in with their password (Cognito lets them, the address is confirmed).
    const payerToken = await signInWithPassword(owner, PAYER_PASSWORD);
    const payerCall = await weCallTheApi('GET', '/api/me', { token: payerToken });

    // Assess
    expect(plainMail!.html).not.toContain('password=new');
    expect(payerCall).toMatchObject({ status: 401, body: { error: { code: 'SESSION_ENDED', message: PAYER_PASSWORD_MESSAGE } } });
    expect((await weCallTheApi('GET', '/api/subscription', { token: payerToken })).status).toBe(401);

    // Act: the owner resets the password (the address is verified now).
    await cognito().send(new ForgotPasswordCommand({ ClientId: cloud().clientId, Username: owner }));
    const [resetMail] = await mailsTo(owner);
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: cloud().clientId,
        Username: owner,
        ConfirmationCode: verificationCodeIn(resetMail!),
        Password: 'owner-reset-1',
      }),
    );

    // Assess
    expect(await signInFails(owner, PAYER_PASSWORD)).toBe(true);
    expect((await weCallTheApi('GET', '/api/me', { token: payerToken })).status).toBe(401);
    await aLaterSecondThan(Date.now()); // token times have one-second precision
    expect((await weCallTheApi('GET', '/api/me', { token: await signInWithPassword(owner, 'owner-reset-1') })).status).toBe(200);
  });

  it('refuses a wrong code and sets no password, then a used code is refused too', async () => {
    // Prepare
    const owner = aRandomEmail();
    await anAccountAPayerMadeFor(owner);
    const [mail] = await mailsTo(owner);
    const code = verificationCodeIn(mail!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(code.length, '0');

    // Act
    const refused = await weCallTheApi('POST', '/api/billing/confirm-signup', { body: { email: owner, code: wrong, password: 'guess-it-1' } });
    const accepted = await weCallTheApi('POST', '/api/billing/confirm-signup', { body: { email: owner, code, password: 'owner-chose-1' } });
    const again = await weCallTheApi('POST', '/api/billing/confirm-signup', { body: { email: owner, code, password: 'guess-it-2' } });

    // Assess
    expect(refused).toMatchObject({ status: 400, body: { error: { message: BILLING_MSG.verificationCodeWrong } } });
    expect(accepted).toMatchObject({ status: 200, body: { email: owner, message: BILLING_MSG.emailVerifiedPasswordSet } });
    // A used code: the address is verified already, and without a fresh proof the password stays.
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'ALREADY_VERIFIED', message: BILLING_MSG.alreadyVerified } } });
    expect(await signInFails(owner, 'guess-it-1')).toBe(true);
    expect(await signInFails(owner, 'guess-it-2')).toBe(true);
    expect(await signInFails(owner, 'owner-chose-1')).toBe(false);
  });
});

describe('the /complete-signup page checks its payment before greeting the payer', () => {
  const statusOf = (email: string, sessionId: string) =>
    weCallTheApi('GET', `/api/billing/checkout-status?${new URLSearchParams({ email, session_id: sessionId })}`);

  it('answers paid for a paid, unused checkout and the e-mail it was paid with, and nothing else', async () => {
    // Prepare
    const email = aRandomEmail();
    const { sessionId } = await aPaidPublicCheckout(email);
    const unpaidEmail = aRandomEmail();
    const unpaid = await aPublicCheckout(unpaidEmail);

    // Act
    const [paid, unknown, notPaid, otherEmail, noSession] = await Promise.all([
      statusOf(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'), sessionId),
      statusOf(email, 'cs_test_nobody_paid_this'),
      statusOf(unpaidEmail, unpaid.sessionId),
      statusOf(aRandomEmail(), sessionId),
      weCallTheApi('GET', `/api/billing/checkout-status?${new URLSearchParams({ email })}`),
    ]);

    // Assess
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid', account: 'new' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: BILLING_MSG.paymentNotFound } } });
    expect(notPaid).toMatchObject({ status: 400, body: { error: { message: BILLING_MSG.paymentNotComplete } } });
    expect(otherEmail).toMatchObject({ status: 403, body: { error: { message: BILLING_MSG.emailMismatch } } });
    expect(noSession.status).toBe(400);
  });

  it("tells the payer of an existing account's e-mail to sign in instead of choosing a password, and leaves the account and payment as they were", async () => {
    // Prepare
    const user = await aConfirmedUser();
    const { sessionId } = await aPaidPublicCheckout(user.email.toUpperCase(), 'basic');

    // Act
    const res = await statusOf(user.email, sessionId);

    // Assess
    expect(res).toMatchObject({ status: 200, body: { status: 'paid', account: 'existing' } });
    expect(await signInWithPassword(user.email, user.password)).toBeTruthy();
    // Asking changed nothing: the plan attaches only once the holder signs in and claims it.
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'free', subscription: null });
    expect(await claimCheckout(user.accessToken, sessionId)).toMatchObject({ status: 200, body: { message: BILLING_MSG.planClaimed } });
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic' });
  });

  it('answers already used once the account was created', async () => {
    // Prepare
    const email = aRandomEmail();
    const { sessionId } = await aPaidPublicCheckout(email);
    await completeSignup({ email, session_id: sessionId, password: 'secret123' });

    // Act
    const res = await statusOf(email, sessionId);

    // Assess
    expect(res).toMatchObject({ status: 409, body: { error: { message: BILLING_MSG.paymentAlreadyUsed } } });
  });
});

describe('an existing user pays on the landing page, then signs in to claim the plan', () => {
  it('attaches the paid plan to the account the email belongs to, once', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const { sessionId } = await aPaidPublicCheckout(user.email, 'basic');
    const signup = await completeSignup({ email: user.email, session_id: sessionId, password: 'secret123' });

    // Act
    const claimed = await claimCheckout(user.accessToken, sessionId);
    const again = await claimCheckout(user.accessToken, sessionId);

    // Assess
    expect(signup).toMatchObject({ status: 409, body: { error: { code: 'ACCOUNT_EXISTS', message: BILLING_MSG.accountExists } } });
    expect(claimed).toMatchObject({
      status: 200,
      body: { message: BILLING_MSG.planClaimed, subscription: { status: 'active', product_id: productOf('basic') } },
    });
    expect(await subscriptionOf(user.accessToken)).toMatchObject({
      plan: 'basic',
      subscription: { id: claimed.body.subscription.id, status: 'active', product_id: productOf('basic'), cancel_at_period_end: false },
    });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'PAYMENT_ALREADY_USED', message: BILLING_MSG.paymentAlreadyUsed } } });
    expect((await subscriptionOf(user.accessToken)).subscription.id).toBe(claimed.body.subscription.id);
    // A claimed payment can no longer become a new account either.
    expect(await completeSignup({ email: user.email, session_id: sessionId, password: 'secret123' })).toMatchObject({ status: 409 });
  });

  it('treats a payment made with the address in capitals as the existing account’s: no second account, and the plan attaches to it', async () => {
    // Prepare: the payer typed the address of an existing account in another case
    const user = await aConfirmedUser();
    const shouted = user.email.toUpperCase();
    const { sessionId } = await aPaidPublicCheckout(shouted, 'basic');
    const mailsBefore = (await mailsTo(user.email)).length;

    // Act
    const signup = await completeSignup({ email: shouted, session_id: sessionId, password: 'secret123' });
    const claimed = await claimCheckout(user.accessToken, sessionId);

    // Assess
    expect(signup).toMatchObject({ status: 409, body: { error: { code: 'ACCOUNT_EXISTS', message: BILLING_MSG.accountExists } } });
    // A second account would have been sent its own verification mail.
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);
    expect(claimed).toMatchObject({ status: 200, body: { subscription: { status: 'active', product_id: productOf('basic') } } });
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic' });
  });

  it("refuses another user's claim with 403 and attaches nothing, leaving the payment to its owner", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    const { sessionId } = await aPaidPublicCheckout(owner.email);

    // Act
    const res = await claimCheckout(other.accessToken, sessionId);

    // Assess
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'EMAIL_MISMATCH', message: BILLING_MSG.emailMismatch } } });
    expect(await subscriptionOf(other.accessToken)).toMatchObject({ plan: 'free', subscription: null });
    expect(await claimCheckout(owner.accessToken, sessionId)).toMatchObject({ status: 200 });
  });

  it('refuses an unpaid checkout with 400', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const { sessionId } = await aPublicCheckout(user.email);

    // Act
    const res = await claimCheckout(user.accessToken, sessionId);

    // Assess
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'PAYMENT_NOT_COMPLETE', message: BILLING_MSG.paymentNotComplete } } });
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'free', subscription: null });
  });

  it('refuses a user who already has a paid plan with 409 and keeps their plan', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    const before = await subscriptionOf(user.accessToken);
    const { sessionId } = await aPaidPublicCheckout(user.email, 'basic');

    // Act
    const res = await claimCheckout(user.accessToken, sessionId);

    // Assess
    expect(res).toMatchObject({ status: 409, body: { error: { message: BILLING_MSG.alreadySubscribed } } });
    expect(await subscriptionOf(user.accessToken)).toEqual(before);
    expect(before).toMatchObject({ plan: 'basic', subscription: { id: `sub_test_${user.userId.slice(0, 8)}` } });
  });

  it('refuses an unknown payment with 404 and needs a session', async () => {
    const user = await aConfirmedUser();

    const unknown = await claimCheckout(user.accessToken, 'cs_test_nope');
    const anonymous = await weCallTheApi('POST', '/api/billing/claim-checkout', { body: { session_id: 'cs_test_nope' } });

    expect(unknown).toMatchObject({ status: 404, body: { error: { message: BILLING_MSG.paymentNotFound } } });
    expect(anonymous).toMatchObject({ status: 401, body: { error: { message: 'Not authenticated' } } });
  });
});

describe('a signed-in user buys and manages a plan', () => {
  it('checks out Basic, cancels at period end, then reactivates', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const checkout = await aPaidCheckout(user.accessToken, 'basic');
    const bought = await subscriptionOf(user.accessToken);

    // Act
    const cancel = await weCallTheApi('POST', '/api/billing/subscription', {
      token: user.accessToken,
      body: { subscriptionId: bought.subscription.id, action: 'cancel' },
    });
    const afterCancel = await subscriptionOf(user.accessToken);
    const reactivate = await weCallTheApi('POST', '/api/billing/subscription', {
      token: user.accessToken,
      body: { subscriptionId: bought.subscription.id, action: 'reactivate' },
    });
    // The emulator's webhooks follow the API answers: the overview catches up later (a while, on a loaded machine).
    const afterReactivate = await vi.waitFor(
      async () => {
        const overview = await subscriptionOf(user.accessToken);
        expect(overview.subscription.cancel_at_period_end).toBe(false);
        return overview;
      },
      { timeout: theTestsTimeLeft(), interval: 50 },
    );

    // Assess
    expect(checkout.successUrl).toBe(`${cloud().url}/home/subscription?checkout=success`);
    expect(bought).toMatchObject({ plan: 'basic', subscription: { status: 'active', product_id: productOf('basic'), cancel_at_period_end: false } });
    expect(cancel).toMatchObject({ status: 200, body: { message: 'Subscription updated successfully', subscription: { cancel_at_period_end: true } } });
    expect(afterCancel).toMatchObject({
      plan: 'basic',
      subscription: { status: 'active', cancel_at_period_end: true, current_period_end: bought.subscription.current_period_end },
    });
    expect(reactivate).toMatchObject({ status: 200, body: { subscription: { cancel_at_period_end: false } } });
    expect(afterReactivate.subscription.cancel_at_period_end).toBe(false);
  });

  it('falls back to Free limits when a canceled subscription reaches its period end', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidCheckout(user.accessToken, 'basic');
    const { subscription } = await subscriptionOf(user.accessToken);
    await weCallTheApi('POST', '/api/billing/subscription', { token: user.accessToken, body: { subscriptionId: subscription.id, action: 'cancel' } });

    // Act
    await stripeControl('POST', `/subscriptions/${subscription.id}/advance-period`);
    const overview = await subscriptionOf(user.accessToken);
    const usage = await weCallTheApi('GET', '/api/usage', { token: user.accessToken });

    // Assess
    expect(overview).toMatchObject({ plan: 'free', subscription: { id: subscription.id, status: 'canceled' }, usage: { limit: 5 } });
    expect(usage.body).toMatchObject({ plan: 'free', limit: 5 });
  });

  it('shows past_due when a renewal payment fails, keeping the plan while Stripe retries', async () => {
    const user = await aConfirmedUser();
    await aPaidCheckout(user.accessToken, 'basic');
    const { subscription } = await subscriptionOf(user.accessToken);

    await stripeControl('POST', `/subscriptions/${subscription.id}/fail-payment`);

    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic', subscription: { status: 'past_due' } });
  });

  it("refuses to change someone else's subscription, and a second purchase", async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const other = await aConfirmedUser();
    await aPaidCheckout(owner.accessToken, 'basic');
    const { subscription } = await subscriptionOf(owner.accessToken);

    // Act
    const foreign = await weCallTheApi('POST', '/api/billing/subscription', {
      token: other.accessToken,
      body: { subscriptionId: subscription.id, action: 'cancel' },
    });
    const second = await weCallTheApi('POST', '/api/billing/checkout', { token: owner.accessToken, body: { productId: productOf('pro') } });

    // Assess
    expect(foreign).toMatchObject({ status: 404, body: { error: { message: BILLING_MSG.subscriptionNotFound } } });
    expect((await subscriptionOf(owner.accessToken)).subscription.cancel_at_period_end).toBe(false);
    expect(second).toMatchObject({ status: 409, body: { error: { message: BILLING_MSG.alreadySubscribed } } });
  });

  it('needs a session for checkout, management and the subscription page', async () => {
    const results = await Promise.all([
      weCallTheApi('POST', '/api/billing/checkout', { body: { productId: productOf('basic') } }),
      weCallTheApi('POST', '/api/billing/subscription', { body: { subscriptionId: 'sub_x', action: 'cancel' } }),
      weCallTheApi('GET', '/api/subscription'),
    ]);
    for (const res of results) expect(res).toMatchObject({ status: 401, body: { error: { message: 'Not authenticated' } } });
  });

  it('shows no subscription and Free for a new user', async () => {
    const user = await aConfirmedUser();

    expect(await subscriptionOf(user.accessToken)).toEqual({
      subscription: null,
      plan: 'free',
      usage: { month: new Date().toISOString().slice(0, 7), used: 0, limit: 5 },
    });
  });
});

describe('the Stripe webhook', () => {
  it('rejects a bad signature with 400 and changes nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidCheckout(user.accessToken, 'basic');
    const before = await itemsOfUser(user.userId);
    const { subscription } = await subscriptionOf(user.accessToken);
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscription.id, object: 'subscription' } },
    });

    // Act
    const res = await fetch(`${cloud().url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signPayload(forged, 'whsec_wrong'), 'content-type': 'application/json' },
      body: forged,
    });

    // Assess
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: BILLING_MSG.invalidSignature } });
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  /** A delivery signed with the local cloud's real webhook secret, at `t` (seconds). */
  const deliverSigned = (body: string, t = Math.floor(Date.now() / 1000)) =>
    fetch(`${cloud().url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signPayload(body, LOCAL_WEBHOOK_SECRET, t), 'content-type': 'application/json' },
      body,
    });
  const dedupeMarker = async (eventId: string) =>
    (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `STRIPEEVENT#${eventId}`, sk: `STRIPEEVENT#${eventId}` } })))
      .Item;
  const anEventFor = (subscriptionId: string, id = `evt_probe_${Math.random().toString(36).slice(2)}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });

  it.each([
    ['not JSON', 'this is not json'],
    ['a JSON array', '[{"type":"customer.subscription.deleted"}]'],
  ])('refuses a correctly signed body that is %s with 400, writing no marker for it', async (_name, body) => {
    // Act
    const res = await deliverSigned(body);

    // Assess
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'INVALID_EVENT' } });
    expect(await dedupeMarker('undefined')).toBeUndefined();
  });

  it('refuses a signature dated beyond the tolerance in the future, and changes nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidCheckout(user.accessToken, 'basic');
    const { subscription } = await subscriptionOf(user.accessToken);
    const before = await itemsOfUser(user.userId);
    const body = anEventFor(subscription.id, 'evt_from_the_future');

    // Act
    const res = await deliverSigned(body, Math.floor(Date.now() / 1000) + 3600);

    // Assess
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: BILLING_MSG.invalidSignature } });
    expect(await dedupeMarker('evt_from_the_future')).toBeUndefined();
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('acknowledges an event for a subscription Stripe does not know (so Stripe stops retrying) and writes nothing', async () => {
    // Act
    const res = await deliverSigned(anEventFor('sub_nobody_knows', 'evt_unknown_subscription'));

    // Assess
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
    expect(await dedupeMarker('evt_unknown_subscription')).toBeUndefined();
  });

  it('acknowledges a replayed event without doing it twice, and survives events delivered out of order', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidCheckout(user.accessToken, 'basic');
    const { subscription } = await subscriptionOf(user.accessToken);
    await stripeControl('POST', '/delivery', { hold: true });
    await weCallTheApi('POST', '/api/billing/subscription', { token: user.accessToken, body: { subscriptionId: subscription.id, action: 'cancel' } });
    await weCallTheApi('POST', '/api/billing/subscription', { token: user.accessToken, body: { subscriptionId: subscription.id, action: 'reactivate' } });
    await stripeControl('POST', '/delivery', { hold: false });

    // Act: the reactivation's event first, the cancellation's last
    const delivered = await stripeControl('POST', '/deliver', { order: 'reverse' });
    const created = (
      (await stripeControl('GET', `/events?subscription=${subscription.id}&type=customer.subscription.created`)).body.events as { id: string }[]
    )[0];
    const replay = await stripeControl('POST', `/events/${created.id}/resend`);

    // Assess
    expect((delivered.body.delivered as { status: number }[]).map((d) => d.status)).toEqual([200, 200]);
    expect(replay.body.status).toBe(200);
    expect(await subscriptionOf(user.accessToken)).toMatchObject({ plan: 'basic', subscription: { status: 'active', cancel_at_period_end: false } });
  });
});
