import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '@shared/billing';
import { MSG } from '@shared/messages';
import { authModule, resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const URL_AFTER_PAYMENT = '/complete-signup?email=buyer%40example.com&session_id=cs_test_42';

/** The payment check the page makes before greeting the payer: this one is paid, unused, and its e-mail has no account. */
const PAID = { 'GET /billing/checkout-status': { body: { status: 'paid', account: 'new' } } };
/** The same payment, made with the e-mail of an existing account. */
const PAID_BY_AN_ACCOUNT = { 'GET /billing/checkout-status': { body: { status: 'paid', account: 'existing' } } };

function toastWith(title: string) {
  return screen.findAllByText(title).then((nodes) => nodes.map((n) => n.closest('[data-scope="toast"][data-part="root"]') as HTMLElement).find(Boolean)!);
}

async function expectToast(title: string, description: string) {
  await waitFor(async () => expect(within(await toastWith(title)).getByText(description)).toBeInTheDocument());
}

async function submit(user: ReturnType<typeof renderApp>['user'], password: string, confirm: string) {
  const password$ = await screen.findByLabelText('Create Password');
  const confirm$ = screen.getByLabelText('Confirm Password');
  await user.clear(password$);
  if (password) await user.type(password$, password);
  await user.clear(confirm$);
  if (confirm) await user.type(confirm$, confirm);
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
}

describe('the complete-signup page', () => {
  beforeEach(() => resetAmplifyMocks());

  it('sends a visitor without an email in the link to the landing page', async () => {
    mockApi({});
    const { location } = renderApp('/complete-signup?session_id=cs_test_42');
    await screen.findByTestId('plan-free');
    expect(location().pathname).toBe('/');
  });

  it('says the payment succeeded and shows the email with the two password fields', async () => {
    mockApi(PAID);
    renderApp(URL_AFTER_PAYMENT);
    expect(await screen.findByRole('heading', { name: BILLING_MSG.paymentSuccessful })).toBeInTheDocument();
    expect(screen.getByTestId('complete-signup-email')).toHaveTextContent('buyer@example.com');
    expect(screen.getByLabelText('Create Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
  });

  it('shows the first problem as a Validation Error toast: too short, too long, then not matching', async () => {
    const api = mockApi(PAID);
    const { user } = renderApp(URL_AFTER_PAYMENT);

    await submit(user, 'abc', 'abc');
    await expectToast(MSG.validationErrorTitle, MSG.passwordTooShort);

    await submit(user, 'x'.repeat(73), 'x'.repeat(73));
    await expectToast(MSG.validationErrorTitle, MSG.passwordTooLong);

    await submit(user, 'secret123', 'secret124');
    await expectToast(MSG.validationErrorTitle, MSG.passwordsDontMatch);

    expect(api.callsTo('POST', '/billing/complete-signup')).toHaveLength(0);
  });

  it('creates the account, says to verify the e-mail and sign in, and signs nobody in', async () => {
    // Prepare
    const api = mockApi({
      ...PAID,
      ...shellRoutes(),
      'POST /billing/complete-signup': { status: 201, body: { email: 'buyer@example.com', message: BILLING_MSG.accountCreatedTitle } },
    });
    const { user, location } = renderApp(URL_AFTER_PAYMENT);

    // Act
    await submit(user, 'secret123', 'secret123');

    // Assess: the address is not proven yet, so no automatic sign-in and no /home.
    await expectToast(BILLING_MSG.accountCreatedTitle, 'Check your email to verify your address, then sign in.');
    const [call] = api.callsTo('POST', '/billing/complete-signup');
    expect(call!.body).toEqual({ email: 'buyer@example.com', session_id: 'cs_test_42', password: 'secret123', confirm: 'secret123' });
    expect(call!.headers.Authorization).toBeUndefined();
    const notice = screen.getByTestId('verify-email');
    expect(within(notice).getByText(BILLING_MSG.accountCreatedText)).toBeInTheDocument();
    expect(screen.queryByLabelText('Create Password')).not.toBeInTheDocument();
    expect(authModule.signIn).not.toHaveBeenCalled();
    expect(location().pathname).toBe('/complete-signup');

    await user.click(within(notice).getByRole('link', { name: 'Go to Sign In' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(location().search).toBe('?email=buyer%40example.com');
  });

  it("shows the API's refusal in an Error toast and stays on the page", async () => {
    mockApi({
      ...PAID,
      'POST /billing/complete-signup': { status: 409, body: { error: { code: 'CONFLICT', message: BILLING_MSG.paymentAlreadyUsed } } },
    });
    const { user, location } = renderApp(URL_AFTER_PAYMENT);
    await submit(user, 'secret123', 'secret123');
    await expectToast('Error', BILLING_MSG.paymentAlreadyUsed);
    expect(authModule.signIn).not.toHaveBeenCalled();
    expect(location().pathname).toBe('/complete-signup');
    expect(screen.queryByRole('link', { name: BILLING_MSG.signInToClaim })).not.toBeInTheDocument();
  });

  it('asks the holder of an existing account to sign in with their password, never for a new one, and keeps the payment for the claim', async () => {
    // Prepare
    mockApi(PAID_BY_AN_ACCOUNT);
    const { user, location } = renderApp(URL_AFTER_PAYMENT);

    // Act
    const link = await screen.findByRole('link', { name: BILLING_MSG.signInToClaim });

    // Assess
    expect(screen.getByRole('heading', { name: BILLING_MSG.paymentSuccessful })).toBeInTheDocument();
    expect(screen.getByText(BILLING_MSG.existingAccountPaid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Create Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Setup' })).not.toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/auth?email=buyer%40example.com&claim=cs_test_42');

    await user.click(link);
    await waitFor(() => expect(location().search).toBe('?email=buyer%40example.com&claim=cs_test_42'));
    expect(await screen.findByLabelText('Email')).toHaveValue('buyer@example.com');
    expect(within(screen.getByTestId('claim-on-sign-in')).getByText(BILLING_MSG.claimOnSignIn)).toBeInTheDocument();
  });

  it('offers a sign-in link carrying the email and the payment when the email got an account after the payment was checked', async () => {
    // Prepare
    mockApi({
      ...PAID,
      'POST /billing/complete-signup': { status: 409, body: { error: { code: 'ACCOUNT_EXISTS', message: BILLING_MSG.accountExists } } },
    });
    const { user, location } = renderApp(URL_AFTER_PAYMENT);

    // Act
    await submit(user, 'secret123', 'secret123');

    // Assess
    await expectToast('Error', BILLING_MSG.accountExists);
    expect(within(screen.getByTestId('account-exists')).getByText(BILLING_MSG.accountExists)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: BILLING_MSG.signInToClaim });
    expect(link).toHaveAttribute('href', '/auth?email=buyer%40example.com&claim=cs_test_42');
    expect(authModule.signIn).not.toHaveBeenCalled();

    await user.click(link);
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(location().search).toBe('?email=buyer%40example.com&claim=cs_test_42');
    expect(await screen.findByLabelText('Email')).toHaveValue('buyer@example.com');
  });

  it('marks the password field that is wrong, not only the toast', async () => {
    // Prepare
    mockApi(PAID);
    const { user } = renderApp(URL_AFTER_PAYMENT);

    // Act: too short
    await submit(user, 'abc', 'abc');

    // Assess
    const password$ = screen.getByLabelText('Create Password');
    const confirm$ = screen.getByLabelText('Confirm Password');
    await waitFor(() => expect(password$).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(password$).toHaveAccessibleErrorMessage(MSG.passwordTooShort));
    expect(confirm$).not.toHaveAttribute('aria-invalid');

    // Act: long enough, but the confirmation differs
    await submit(user, 'secret123', 'secret124');

    // Assess: the mark moves to the confirmation
    await waitFor(() => expect(confirm$).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(confirm$).toHaveAccessibleErrorMessage(MSG.passwordsDontMatch));
    expect(password$).not.toHaveAttribute('aria-invalid');
  });
});

/** Every text the page ever showed while the test ran, so "never appears" covers the loading instant too. */
function recordTexts() {
  const seen = new Set<string>();
  const take = () => seen.add(document.body.textContent ?? '');
  const observer = new MutationObserver(take);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { everShown: (text: string) => (take(), [...seen].some((t) => t.includes(text))), stop: () => observer.disconnect() };
}

describe('the complete-signup page without a usable payment', () => {
  beforeEach(() => resetAmplifyMocks());

  it('checks first, then says it could not find an unknown payment, and never says Payment Successful', async () => {
    // Prepare
    const texts = recordTexts();
    const api = mockApi({
      'GET /billing/checkout-status': { status: 404, body: { error: { code: 'PAYMENT_NOT_FOUND', message: BILLING_MSG.paymentNotFound } } },
    });

    // Act
    renderApp('/complete-signup?email=buyer%40example.com&session_id=cs_unknown');

    // Assess
    expect(await screen.findByRole('heading', { name: BILLING_MSG.paymentNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Create Password')).not.toBeInTheDocument();
    expect(texts.everShown('Checking your payment…')).toBe(true);
    expect(texts.everShown(BILLING_MSG.paymentSuccessful)).toBe(false);
    expect(api.callsTo('GET', '/billing/checkout-status')[0]!.query).toEqual({ email: 'buyer@example.com', session_id: 'cs_unknown' });
    texts.stop();
  });

  it('says the same for a link with no payment session at all', async () => {
    // Prepare: the API refuses an empty session id with the not-found message (shared CheckoutSessionIdSchema)
    const texts = recordTexts();
    mockApi({ 'GET /billing/checkout-status': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: BILLING_MSG.paymentNotFound } } } });

    // Act
    renderApp('/complete-signup?email=buyer%40example.com');

    // Assess
    expect(await screen.findByRole('heading', { name: BILLING_MSG.paymentNotFound })).toBeInTheDocument();
    expect(texts.everShown(BILLING_MSG.paymentSuccessful)).toBe(false);
    texts.stop();
  });

  it('sends the payer of an already used payment to sign in', async () => {
    // Prepare
    mockApi({ 'GET /billing/checkout-status': { status: 409, body: { error: { code: 'PAYMENT_ALREADY_USED', message: BILLING_MSG.paymentAlreadyUsed } } } });

    // Act
    renderApp(URL_AFTER_PAYMENT);

    // Assess
    expect(await screen.findByRole('heading', { name: BILLING_MSG.paymentAlreadyUsed })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth?email=buyer%40example.com');
    expect(screen.queryByText(BILLING_MSG.paymentSuccessful)).not.toBeInTheDocument();
  });
});
