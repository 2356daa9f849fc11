import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authModule, resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const LINK = '/auth/verify?email=alice%40example.com&code=123456';

describe('the e-mail verification link', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows a spinner while the code is checked', async () => {
    authModule.confirmSignUp.mockReturnValue(new Promise(() => {}));
    renderApp(LINK);
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
  });

  it('confirms the sign-up once, toasts "Email verified! You can sign in now." and opens sign-in with the e-mail', async () => {
    const { location } = renderApp(LINK);
    expect(await screen.findByText('Email verified! You can sign in now.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(location().search).toBe('?email=alice%40example.com');
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(authModule.confirmSignUp).toHaveBeenCalledTimes(1);
    expect(authModule.confirmSignUp).toHaveBeenCalledWith({ username: 'alice@example.com', confirmationCode: '123456' });
  });

  it('treats an already confirmed account as verified', async () => {
    authModule.confirmSignUp.mockRejectedValue(
      Object.assign(new Error('User cannot be confirmed. Current status is CONFIRMED'), { name: 'NotAuthorizedException' }),
    );
    const { location } = renderApp(LINK);
    expect(await screen.findByText('Email verified! You can sign in now.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/auth'));
  });

  it('explains an expired code and sends a new link on request', async () => {
    authModule.confirmSignUp.mockRejectedValue(
      Object.assign(new Error('Invalid code provided, please request a code again.'), { name: 'ExpiredCodeException' }),
    );
    const { user, location } = renderApp(LINK);
    expect(await screen.findByText('Invalid code provided, please request a code again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('A new verification link is on its way.')).toBeInTheDocument();
    expect(authModule.resendSignUpCode).toHaveBeenCalledWith({ username: 'alice@example.com' });
    expect(location().pathname).toBe('/auth/verify');
  });

  it('says so when the link lacks its e-mail or code', async () => {
    renderApp('/auth/verify?email=alice%40example.com');
    expect(await screen.findByText('This verification link is incomplete')).toBeInTheDocument();
    expect(authModule.confirmSignUp).not.toHaveBeenCalled();
  });

  describe('of an account a paid checkout made (the owner chooses the password)', () => {
    const CHECKOUT_LINK = `${LINK}&password=new`;

    it('verifies and sets the password in one request, never through Cognito alone, then opens sign-in', async () => {
      const api = mockApi({
        'POST /billing/confirm-signup': { body: { email: 'alice@example.com', message: 'Email verified and password set! You can sign in now.' } },
      });
      const { user, location } = renderApp(CHECKOUT_LINK);

      await user.type(await screen.findByLabelText('Password'), 'owner-chose-1');
      await user.type(screen.getByLabelText('Confirm password'), 'owner-chose-1');
      await user.click(screen.getByRole('button', { name: 'Verify and set password' }));

      expect(await screen.findByText('Email verified and password set! You can sign in now.')).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe('/auth'));
      expect(api.callsTo('POST', '/billing/confirm-signup').map((c) => c.body)).toEqual([
        { email: 'alice@example.com', code: '123456', password: 'owner-chose-1' },
      ]);
      // Confirming through Cognito alone would leave the payer's password in place.
      expect(authModule.confirmSignUp).not.toHaveBeenCalled();
    });

    it('sends nothing while the passwords differ', async () => {
      const api = mockApi({});
      const { user } = renderApp(CHECKOUT_LINK);

      await user.type(await screen.findByLabelText('Password'), 'owner-chose-1');
      await user.type(screen.getByLabelText('Confirm password'), 'owner-chose-2');
      await user.click(screen.getByRole('button', { name: 'Verify and set password' }));

      await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveAccessibleErrorMessage("Passwords don't match"));
      expect(api.callsTo('POST', '/billing/confirm-signup')).toHaveLength(0);
    });

    it('explains a used code and sends a new link that asks for the password again', async () => {
      mockApi({
        'POST /billing/confirm-signup': {
          status: 400,
          body: { error: { code: 'EXPIRED_CODE', message: 'This verification link has expired or was already used. Ask for a new one.' } },
        },
      });
      const { user } = renderApp(CHECKOUT_LINK);

      await user.type(await screen.findByLabelText('Password'), 'owner-chose-1');
      await user.type(screen.getByLabelText('Confirm password'), 'owner-chose-1');
      await user.click(screen.getByRole('button', { name: 'Verify and set password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has expired or was already used. Ask for a new one.');
      await user.click(screen.getByRole('button', { name: 'Send a new link' }));

      expect(await screen.findByText('A new verification link is on its way.')).toBeInTheDocument();
      expect(authModule.resendSignUpCode).toHaveBeenCalledWith({ username: 'alice@example.com', options: { clientMetadata: { signup: 'checkout' } } });
    });
  });
});
