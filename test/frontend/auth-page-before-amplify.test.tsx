import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { authModule, coreModule, resetAmplifyMocks, signInSucceedsAs } from './helpers/amplify-mocks';
import { mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

// Its own file: Amplify, once loaded, stays loaded for the rest of a file, and these tests need it not yet loaded.
describe('the sign-in page before Amplify has loaded', () => {
  beforeEach(() => resetAmplifyMocks());

  it('shows the form although loading Amplify failed, and signs in once the submit loads it again', async () => {
    mockApi(shellRoutes());
    signInSucceedsAs();
    coreModule.Amplify.configure.mockImplementationOnce(() => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { user } = renderApp('/auth');

    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    // The form's own early load of Amplify (after its first paint) has failed by now.
    await waitFor(() => expect(coreModule.Amplify.configure).toHaveBeenCalledTimes(1));
    await user.click(screen.getByTestId('auth-submit'));

    expect(await screen.findByText(MSG.welcomeBack)).toBeInTheDocument();
    expect(coreModule.Amplify.configure).toHaveBeenCalledTimes(2);
    expect(authModule.signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'alice@example.com', password: 'secret123' }));
  });
});
