import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG, type SubscriptionResponse } from '@shared/billing';
import { MSG } from '@shared/messages';
import { authModule, resetAmplifyMocks, signedInAs, signInSucceedsAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  const email$ = await screen.findByLabelText('Email');
  await user.clear(email$);
  if (email) await user.type(email$, email);
  const password$ = screen.getByLabelText('Password');
  await user.clear(password$);
  if (password) await user.type(password$, password);
  await user.click(screen.getByTestId('auth-submit'));
}

async function expectToast(title: string, description?: string) {
  const titleNode = await screen.findByText(title);
  if (description) {
    const toast = titleNode.closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
    expect(within(toast).getByText(description)).toBeInTheDocument();
  }
}

/** Signs alice in through /auth under the given Cognito flow: the toast says welcome back and Amplify was asked for that flow. */
async function signInWithFlow(authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH') {
  mockApi(shellRoutes());
  signInSucceedsAs();
  const app = renderApp('/auth', { config: { authFlow } });
  await fillAndSubmit(app.user, 'alice@example.com', 'secret123');
  await expectToast(MSG.welcomeBack);
  expect(authModule.signIn).toHaveBeenCalledWith({
    username: 'alice@example.com',
    password: 'secret123',
    options: { authFlowType: authFlow },
  });
  return app;
}

describe('the sign-in page', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows "Please enter a valid email address" in a Validation Error toast for a bad e-mail', async () => {
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'not-an-email', 'secret123');
    await expectToast(MSG.validationErrorTitle, 'Please enter a valid email address');
    expect(authModule.signIn).not.toHaveBeenCalled();
  });

  it('shows "Password must be at least 6 characters" for a short password', async () => {
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'alice@example.com', '12345');
    await expectToast('Validation Error', 'Password must be at least 6 characters');
  });

  it('shows "Password must be less than 72 characters" for a long password', async () => {
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'alice@example.com', 'x'.repeat(73));
    await expectToast('Validation Error', 'Password must be less than 72 characters');
  });

  it('toasts only the first problem when both fields are wrong, and marks each field with its own', async () => {
    // Act
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'nope', '1');

    // Assess: one toast, the e-mail's (docs/product-rules.md#account-forms)
    await expectToast('Validation Error', 'Please enter a valid email address');
    const toast = (await screen.findByText('Validation Error')).closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
    expect(within(toast).queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    // …and both fields say what is wrong with them
    const email$ = screen.getByLabelText('Email');
    const password$ = screen.getByLabelText('Password');
    await waitFor(() => expect(email$).toHaveAccessibleErrorMessage('Please enter a valid email address'));
    await waitFor(() => expect(password$).toHaveAccessibleErrorMessage('Password must be at least 6 characters'));
    expect(email$).toHaveAttribute('aria-invalid', 'true');
    expect(password$).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the marks once the form is right, and marks only the field still wrong', async () => {
    // Prepare
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'nope', '1');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));

    // Act
    await fillAndSubmit(user, 'alice@example.com', '1');

    // Assess
    await waitFor(() => expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(authModule.signIn).not.toHaveBeenCalled();
  });

  it('signs up, toasts "Account created! Please check your email to verify." and switches to sign-in', async () => {
    const { user } = renderApp('/auth?mode=signup');
    expect(await screen.findByTestId('sign-up-form')).toBeInTheDocument();
    await fillAndSubmit(user, 'new@example.com', 'secret123');
    await expectToast(MSG.accountCreated);
    expect(authModule.signUp).toHaveBeenCalledWith({
      username: 'new@example.com',
      password: 'secret123',
      options: { userAttributes: { email: 'new@example.com' } },
    });
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.queryByRole('link', { name: /Open the local inbox/ })).not.toBeInTheDocument();
  });

  it('links to the local inbox after sign-up when the runtime config has one', async () => {
    const { user } = renderApp('/auth?mode=signup', { config: { inboxUrl: 'http://localhost:4000/_local/inbox' } });
    await fillAndSubmit(user, 'new@example.com', 'secret123');
    const link = await screen.findByRole('link', { name: /Open the local inbox/ });
    expect(link).toHaveAttribute('href', 'http://localhost:4000/_local/inbox');
  });

  it('signs in with SRP on AWS, where the app client refuses USER_PASSWORD_AUTH', async () => {
    await signInWithFlow('USER_SRP_AUTH');
  });

  it('signs in with USER_PASSWORD_AUTH where /config.json says so (the local Cognito has no SRP), toasts "Welcome back!" and opens /home', async () => {
    const { location } = await signInWithFlow('USER_PASSWORD_AUTH');
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(location().pathname).toBe('/home');
  });

  describe('with ?claim= from the complete-signup page', () => {
    const URL_TO_CLAIM = '/auth?email=alice%40example.com&claim=cs_test_42';
    const FREE: SubscriptionResponse = { subscription: null, plan: 'free', usage: { month: '2026-06', used: 0, limit: 5 } };
    const BASIC: SubscriptionResponse = {
      subscription: {
        id: 'sub_claimed',
        status: 'active',
        product_id: 'prod_sa_basic_monthly',
        current_period_end: '2026-07-14T12:00:00.000Z',
        cancel_at_period_end: false,
        created_at: '2026-06-14T12:00:00.000Z',
      },
      plan: 'basic',
      usage: { month: '2026-06', used: 0, limit: 15 },
    };

    it('signs in, claims the paid checkout once, toasts and shows the plan on /home/subscription', async () => {
      // Prepare
      let claimed = false;
      const api = mockApi({
        ...shellRoutes(),
        'GET /subscription': () => ({ body: claimed ? BASIC : FREE }),
        'POST /billing/claim-checkout': () => {
          claimed = true;
          return { body: { subscription: BASIC.subscription, message: BILLING_MSG.planClaimed } };
        },
      });
      signInSucceedsAs();
      const { user, location } = renderApp(URL_TO_CLAIM);
      expect(await screen.findByLabelText('Email')).toHaveValue('alice@example.com');

      // Act
      await fillAndSubmit(user, 'alice@example.com', 'secret123');

      // Assess
      await expectToast(BILLING_MSG.planClaimed);
      await waitFor(() => expect(location().pathname).toBe('/home/subscription'));
      expect(location().search).toBe('');
      expect(await screen.findByTestId('subscription-card')).toBeInTheDocument();
      const calls = api.callsTo('POST', '/billing/claim-checkout');
      expect(calls).toHaveLength(1);
      expect(calls[0]!.body).toEqual({ session_id: 'cs_test_42' });
      expect(calls[0]!.headers.Authorization).toMatch(/^Bearer /);
    });

    it('sends a user who is already signed in straight to /home/subscription and claims there', async () => {
      // Prepare
      const api = mockApi({
        ...shellRoutes(),
        'GET /subscription': { body: BASIC },
        'POST /billing/claim-checkout': { body: { subscription: BASIC.subscription, message: BILLING_MSG.planClaimed } },
      });
      signedInAs();

      // Act
      const { location } = renderApp(URL_TO_CLAIM);

      // Assess
      await expectToast(BILLING_MSG.planClaimed);
      expect(location().pathname).toBe('/home/subscription');
      expect(api.callsTo('POST', '/billing/claim-checkout')).toHaveLength(1);
    });

    it("shows the API's refusal in an Error toast and still opens /home/subscription", async () => {
      // Prepare
      const api = mockApi({
        ...shellRoutes(),
        'GET /subscription': { body: FREE },
        'POST /billing/claim-checkout': { status: 403, body: { error: { code: 'EMAIL_MISMATCH', message: BILLING_MSG.emailMismatch } } },
      });
      signInSucceedsAs();
      const { user, location } = renderApp(URL_TO_CLAIM);

      // Act
      await fillAndSubmit(user, 'alice@example.com', 'secret123');

      // Assess
      await expectToast('Error', BILLING_MSG.emailMismatch);
      await waitFor(() => expect(location().pathname).toBe('/home/subscription'));
      expect(api.callsTo('POST', '/billing/claim-checkout')).toHaveLength(1);
    });
  });

  it('asks an unconfirmed user to verify their e-mail first', async () => {
    authModule.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'alice@example.com', 'secret123');
    await expectToast('Error', 'Please verify your email first — check your inbox for the verification link.');
  });

  it.each([
    ['a wrong password', 'NotAuthorizedException', 'Incorrect username or password.'],
    ['a deleted user', 'UserNotFoundException', 'User does not exist.'],
    ['a disabled user', 'NotAuthorizedException', 'User is disabled.'],
    ['a user refused by a trigger', 'NotAuthorizedException', 'User not authorized'],
  ])('says the same plain words for %s, never whether the account exists', async (_case, name, cognitoText) => {
    authModule.signIn.mockRejectedValue(Object.assign(new Error(cognitoText), { name }));
    const { user, location } = renderApp('/auth');
    await fillAndSubmit(user, 'alice@example.com', 'wrong-pass');
    await expectToast('Error', "We couldn't sign you in with that email and password.");
    expect(screen.queryByText(cognitoText)).not.toBeInTheDocument();
    expect(location().pathname).toBe('/auth');
  });

  it('says to wait after too many attempts, and to check the connection when Cognito cannot be reached', async () => {
    authModule.signIn.mockRejectedValueOnce(Object.assign(new Error('Password attempts exceeded'), { name: 'NotAuthorizedException' }));
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'alice@example.com', 'wrong-pass');
    await expectToast('Error', 'Too many sign-in attempts. Please wait a few minutes and try again.');

    authModule.signIn.mockRejectedValueOnce(Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' }));
    await user.click(screen.getByTestId('auth-submit'));
    expect(await screen.findByText("We couldn't reach the sign-in service. Check your connection and try again.")).toBeInTheDocument();
  });

  it('prefills the e-mail from ?email= in sign-in mode', async () => {
    renderApp('/auth?email=bob%40example.com');
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it('switches between sign-in and sign-up with the toggle and with the link', async () => {
    const { user } = renderApp('/auth');
    await screen.findByTestId('sign-in-form');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(await screen.findByTestId('sign-up-form')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByTestId('sign-up-form')).toBeInTheDocument();
  });

  it('offers Google only when the deployment enables it', async () => {
    const first = renderApp('/auth');
    await screen.findByTestId('sign-in-form');
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderApp('/auth', { config: { googleSignIn: true, oauthDomain: 'auth.example.com' } });
    await user.click(await screen.findByRole('button', { name: /Continue with Google/ }));
    await waitFor(() => expect(authModule.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' }));
  });
});
