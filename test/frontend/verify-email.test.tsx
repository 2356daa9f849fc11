import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authModule, resetAmplifyMocks } from './helpers/amplify-mocks';
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
});
