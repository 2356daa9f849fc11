import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@/features/auth/texts';
import { authModule, resetAmplifyMocks, signedInAs, signedOut } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const SESSION_ENDED = { status: 401, body: { error: { code: 'SESSION_ENDED', message: 'Your session has ended; please sign in again.' } } };

async function expectToast(title: string, description: string) {
  const titleNode = await screen.findByText(title);
  const toast = titleNode.closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
  expect(within(toast).getByText(description)).toBeInTheDocument();
}

describe('a session ended in another browser', () => {
  beforeEach(() => resetAmplifyMocks());

  it('signs this browser out and shows the sign-in page with a plain message instead of load errors', async () => {
    // Prepare: Amplify still holds tokens here, but the API refuses their session.
    signedInAs();
    mockApi({ ...shellRoutes(), 'GET /me': SESSION_ENDED, 'GET /notifications': SESSION_ENDED });

    // Act
    const app = renderApp('/home');

    // Assess
    expect(await screen.findByText(AUTH_TEXT.sessionEnded)).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-form')).toBeInTheDocument();
    expect(authModule.signOut).toHaveBeenCalled();
    expect(app.location().pathname).toBe('/auth');
    expect(screen.queryByText(/Couldn't load/i)).not.toBeInTheDocument();
  });

  it('does not show the message after an ordinary sign-out', async () => {
    // Prepare
    signedOut();

    // Act
    renderApp('/auth');

    // Assess
    expect(await screen.findByTestId('sign-in-form')).toBeInTheDocument();
    expect(screen.queryByText(AUTH_TEXT.sessionEnded)).not.toBeInTheDocument();
  });
});

describe('forgot password', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedOut();
  });

  it('is linked from the sign-in form, carrying the e-mail typed so far', async () => {
    // Prepare
    const { user, location } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');

    // Act
    await user.click(screen.getByRole('link', { name: AUTH_TEXT.forgotPassword }));

    // Assess
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(location().pathname).toBe('/auth/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
  });

  it('asks Cognito for a code, then sets the new password with it and sends the user to sign in', async () => {
    // Prepare
    authModule.resetPassword.mockResolvedValue({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } });
    authModule.confirmResetPassword.mockResolvedValue(undefined);
    const { user, location } = renderApp('/auth/forgot-password');

    // Act
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await user.type(await screen.findByLabelText('Code from the e-mail'), '123456');
    await user.type(screen.getByLabelText('New password'), 'n3w-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    // Assess
    expect(await screen.findByText(AUTH_TEXT.passwordResetDone)).toBeInTheDocument();
    expect(authModule.resetPassword).toHaveBeenCalledWith({ username: 'alice@example.com' });
    expect(authModule.confirmResetPassword).toHaveBeenCalledWith({ username: 'alice@example.com', confirmationCode: '123456', newPassword: 'n3w-secret' });
    await waitFor(() => expect(location().pathname).toBe('/auth'));
  });

  it('says plainly that an unverified address must be verified first, and stays on the e-mail step', async () => {
    // Prepare: what Cognito answers for a user without a verified e-mail (an unconfirmed sign-up).
    authModule.resetPassword.mockRejectedValue(
      Object.assign(new Error('Cannot reset password for the user as there is no registered/verified email or phone_number'), {
        name: 'InvalidParameterException',
      }),
    );
    const { user } = renderApp('/auth/forgot-password');

    // Act
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    // Assess
    await expectToast(AUTH_TEXT.errorTitle, AUTH_TEXT.resetNotPossible);
    expect(screen.getByRole('button', { name: 'Send reset code' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the e-mail')).not.toBeInTheDocument();
  });

  it('opens at the code step from the mail’s link, and says plainly when the code is wrong', async () => {
    // Prepare
    authModule.confirmResetPassword.mockRejectedValue(
      Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' }),
    );
    const { user } = renderApp('/auth/forgot-password?email=alice%40example.com&code=999999');

    // Act
    await user.type(await screen.findByLabelText('New password'), 'n3w-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    // Assess
    await expectToast(AUTH_TEXT.errorTitle, AUTH_TEXT.badResetCode);
    expect(authModule.confirmResetPassword).toHaveBeenCalledWith({ username: 'alice@example.com', confirmationCode: '999999', newPassword: 'n3w-secret' });
  });

  it('refuses a too-short new password before calling Cognito', async () => {
    // Prepare
    const { user } = renderApp('/auth/forgot-password?email=alice%40example.com&code=123456');

    // Act
    await user.type(await screen.findByLabelText('New password'), '123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    // Assess
    await expectToast('Validation Error', 'Password must be at least 6 characters');
    expect(authModule.confirmResetPassword).not.toHaveBeenCalled();
  });
});
