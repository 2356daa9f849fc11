import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@shared/settings';
import { WORKSPACE_MSG } from '@shared/workspaces';
import { authModule, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import { FakeXhr } from './helpers/xhr';

const UPLOAD_URL = 'https://media-bucket.example/upload';
const AVATAR_KEY = 'avatars/user-alice-1767225600000.png';
const AVATAR_URL = 'https://media-bucket.example/avatars/user-alice-1767225600000.png?signed';

const bodyOf = (call: { body: unknown }) => call.body as Record<string, unknown>;

/** Types into a field in one go: per-key typing is slow under jsdom and adds nothing here. */
async function fill(user: ReturnType<typeof renderApp>['user'], label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  if (text) await user.paste(text);
}

/** The toast with this title, and its description. */
async function toast(title: string, description?: string) {
  const titleEl = await screen.findByText(title);
  if (description !== undefined) {
    const root = titleEl.closest('[data-part="root"]') ?? titleEl.parentElement!.parentElement!;
    expect(within(root as HTMLElement).getByText(description)).toBeInTheDocument();
  }
}

async function openSettings(options: { me?: MeResponse; tab?: string; routes?: Parameters<typeof mockApi>[0] } = {}) {
  let me = options.me ?? meResponse({ profile: { username: 'Sam', bio: 'Bakes', website: 'https://sam.example' } });
  const api = mockApi({
    ...shellRoutes(),
    'GET /me': () => ({ body: me }),
    ...options.routes,
  });
  const app = renderApp(`/home/settings${options.tab ? `?tab=${options.tab}` : ''}`);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...app, api, setMe: (next: MeResponse) => (me = next) };
}

// The first test also loads the lazy route's chunk, slow on a busy 2-core machine.
describe('the Settings page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the Profile, Notifications, Preferences and Advanced tabs, Profile first', async () => {
    const { user } = await openSettings();

    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Notifications', 'Preferences', 'Advanced']);
    expect(await screen.findByLabelText('Nickname')).toHaveValue('Sam');

    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    expect(await screen.findByText('Danger Zone')).toBeInTheDocument();
  });

  describe('Profile', () => {
    it('shows the saved profile and saves changes, then refreshes the greeting data', async () => {
      // Prepare
      const { user, api, setMe } = await openSettings({
        routes: { 'PATCH /profile': (call) => ({ body: { profile: { username: null, bio: null, website: null, avatar_url: null, ...bodyOf(call) } } }) },
      });
      expect(await screen.findByLabelText('Nickname')).toHaveValue('Sam');
      expect(screen.getByLabelText('Bio')).toHaveValue('Bakes');
      expect(screen.getByLabelText('Website')).toHaveValue('https://sam.example');
      const meReads = api.callsTo('GET', '/me').length;

      // Act
      await fill(user, 'Nickname', 'Samantha');
      await fill(user, 'Bio', 'Cakes every day');
      await fill(user, 'Website', 'https://samantha.example');
      setMe(meResponse({ profile: { username: 'Samantha' } }));
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));

      // Assess
      await toast('Profile updated successfully!');
      expect(api.callsTo('PATCH', '/profile').map(bodyOf)).toEqual([{ username: 'Samantha', bio: 'Cakes every day', website: 'https://samantha.example' }]);
      await waitFor(() => expect(api.callsTo('GET', '/me').length).toBeGreaterThan(meReads));
    });

    it('refuses a website that is not an http(s) link, sending nothing', async () => {
      const { user, api } = await openSettings();
      await screen.findByLabelText('Website');

      await fill(user, 'Website', 'javascript:alert(1)');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));

      await toast('Error updating profile', 'Website must be a link starting with http:// or https://');
      expect(api.callsTo('PATCH', '/profile')).toHaveLength(0);
      // The field itself says so too, and no other field is marked.
      await waitFor(() => expect(screen.getByLabelText('Website')).toHaveAccessibleErrorMessage('Website must be a link starting with http:// or https://'));
      expect(screen.getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Nickname')).not.toHaveAttribute('aria-invalid');
    });

    it('sets the picture from a link, and refuses an ftp: link', async () => {
      const { user, api } = await openSettings({ routes: { 'PATCH /profile': { body: { profile: meResponse().profile } } } });
      await screen.findByLabelText('Profile picture URL');

      await fill(user, 'Profile picture URL', 'ftp://files.example/me.png');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      await toast('Error updating profile', 'Profile picture URL must be a link starting with http:// or https://');
      expect(api.callsTo('PATCH', '/profile')).toHaveLength(0);

      await fill(user, 'Profile picture URL', 'https://cdn.example/me.png');
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      await toast('Profile updated successfully!');
      expect(bodyOf(api.callsTo('PATCH', '/profile')[0]!)).toMatchObject({ avatar_url: 'https://cdn.example/me.png' });
    });

    it("shows the server's message when saving fails", async () => {
      const { user } = await openSettings({
        routes: { 'PATCH /profile': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Nickname must be 50 characters or less' } } } },
      });
      await screen.findByLabelText('Nickname');

      await user.click(screen.getByRole('button', { name: 'Save Profile' }));

      await toast('Error updating profile', 'Nickname must be 50 characters or less');
    });

    it('uploads a picture (presign → storage POST → confirm), and the top-bar avatar shows it', async () => {
      // Prepare
      const { user, api, setMe } = await openSettings({
        routes: {
          'POST /profile/avatar/uploads': { body: { key: AVATAR_KEY, url: UPLOAD_URL, fields: { key: AVATAR_KEY, 'Content-Type': 'image/png' } } },
          'POST /profile/avatar': () => {
            setMe(meResponse({ profile: { avatar_url: AVATAR_URL } }));
            return { body: { profile: meResponse({ profile: { avatar_url: AVATAR_URL } }).profile } };
          },
        },
      });
      const input = await screen.findByLabelText('Profile picture file');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');

      // Act
      await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
      const xhr = FakeXhr.instances[0]!;
      xhr.respond(204);

      // Assess
      await toast('Profile picture uploaded successfully!');
      expect(api.callsTo('POST', '/profile/avatar/uploads').map(bodyOf)).toEqual([{ file_name: 'me.png', file_type: 'image/png', file_size: 3 }]);
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe(UPLOAD_URL);
      expect([...xhr.body!.keys()]).toEqual(['key', 'Content-Type', 'file']);
      expect(api.callsTo('POST', '/profile/avatar').map(bodyOf)).toEqual([{ key: AVATAR_KEY }]);
      await waitFor(() => expect(screen.getByTestId('avatar-picture')).toHaveAttribute('src', AVATAR_URL));
    });

    it('refuses a file that is not an image before any request', async () => {
      const { api } = await openSettings();
      const input = await screen.findByLabelText('Profile picture file');

      // A drop or a browser ignoring `accept` can still hand over any file.
      fireEvent.change(input, { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });

      await toast('Error uploading profile picture', 'Only JPEG, PNG, WebP or GIF images can be used as a profile picture');
      expect(api.callsTo('POST', '/profile/avatar/uploads')).toHaveLength(0);
      expect(FakeXhr.instances).toHaveLength(0);
    });

    it('refuses an SVG picture (it can carry script) before any request', async () => {
      const { api } = await openSettings();
      const input = await screen.findByLabelText('Profile picture file');

      fireEvent.change(input, { target: { files: [new File(['<svg onload="alert(1)"/>'], 'me.svg', { type: 'image/svg+xml' })] } });

      await toast('Error uploading profile picture', 'Only JPEG, PNG, WebP or GIF images can be used as a profile picture');
      expect(api.callsTo('POST', '/profile/avatar/uploads')).toHaveLength(0);
    });

    it('says the upload failed when the API refuses the stored file', async () => {
      const { user } = await openSettings({
        routes: {
          'POST /profile/avatar/uploads': { body: { key: AVATAR_KEY, url: UPLOAD_URL, fields: {} } },
          'POST /profile/avatar': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Only images can be used as a profile picture' } } },
        },
      });

      await user.upload(await screen.findByLabelText('Profile picture file'), new File(['png'], 'me.png', { type: 'image/png' }));
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
      FakeXhr.instances[0]!.respond(204);

      await toast('Error uploading profile picture', 'Only images can be used as a profile picture');
    });

    it('says the upload failed when the storage refuses it', async () => {
      const { user, api } = await openSettings({
        routes: { 'POST /profile/avatar/uploads': { body: { key: AVATAR_KEY, url: UPLOAD_URL, fields: {} } } },
      });

      await user.upload(await screen.findByLabelText('Profile picture file'), new File(['png'], 'me.png', { type: 'image/png' }));
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
      FakeXhr.instances[0]!.respond(403);

      await toast('Error uploading profile picture', 'Storage refused the upload (status 403)');
      expect(api.callsTo('POST', '/profile/avatar')).toHaveLength(0);
    });

    it('removes the picture', async () => {
      const { user, api } = await openSettings({
        me: meResponse({ profile: { avatar_url: AVATAR_URL } }),
        routes: { 'PATCH /profile': { body: { profile: meResponse().profile } } },
      });
      expect(await screen.findByTestId('profile-picture')).toHaveAttribute('src', AVATAR_URL);

      await user.click(screen.getByRole('button', { name: 'Remove' }));

      await toast('Profile updated successfully!');
      expect(api.callsTo('PATCH', '/profile').map(bodyOf)).toEqual([{ avatar_url: null }]);
    });
  });

  describe('Change Password', () => {
    it('keeps the button disabled until both new password fields are filled', async () => {
      const { user } = await openSettings();
      const button = await screen.findByRole('button', { name: 'Change Password' });
      expect(button).toBeDisabled();

      await fill(user, 'New password', 'secret99');
      expect(button).toBeDisabled();
      await fill(user, 'Confirm password', 'secret99');
      expect(button).toBeEnabled();
    });

    it("says the passwords don't match", async () => {
      const { user, api } = await openSettings();
      await screen.findByLabelText('New password');

      await fill(user, 'Current password', 'secret123');
      await fill(user, 'New password', 'secret99');
      await fill(user, 'Confirm password', 'secret98');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      await toast("Passwords don't match", 'Please make sure both passwords are the same');
      expect(api.callsTo('POST', '/account/password')).toHaveLength(0);
      // The confirmation is the field marked.
      await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveAccessibleErrorMessage('Please make sure both passwords are the same'));
      expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    });

    it('says a password under 6 characters is too short', async () => {
      const { user, api } = await openSettings();
      await screen.findByLabelText('New password');

      await fill(user, 'Current password', 'secret123');
      await fill(user, 'New password', 'abc');
      await fill(user, 'Confirm password', 'abc');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      await toast('Password too short', 'Password must be at least 6 characters');
      expect(api.callsTo('POST', '/account/password')).toHaveLength(0);
      await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleErrorMessage('Password must be at least 6 characters'));
      expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    });

    it('asks for the current password, which proves who asks', async () => {
      const { user, api } = await openSettings();
      await screen.findByLabelText('New password');

      await fill(user, 'New password', 'secret99');
      await fill(user, 'Confirm password', 'secret99');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      await toast('Error changing password', 'Please enter your current password');
      expect(api.callsTo('POST', '/account/password')).toHaveLength(0);
      await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleErrorMessage('Please enter your current password'));
    });

    it('changes the password through the API (which ends every session) and signs out, never through Cognito directly', async () => {
      const { user, api } = await openSettings({ routes: { 'POST /account/password': { status: 204 } } });
      await screen.findByLabelText('New password');

      await fill(user, 'Current password', 'secret123');
      await fill(user, 'New password', 'secret99');
      await fill(user, 'Confirm password', 'secret99');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      await toast('Password changed successfully!', 'Please sign in again with your new password.');
      const [call] = api.callsTo('POST', '/account/password');
      expect(call?.body).toEqual({ currentPassword: 'secret123', newPassword: 'secret99' });
      // The app's access tokens cannot call Cognito's ChangePassword (no self-service scope).
      expect(authModule.updatePassword).not.toHaveBeenCalled();
      await waitFor(() => expect(authModule.signOut).toHaveBeenCalled());
    });

    it("shows the API's message and stays signed in when the current password is wrong", async () => {
      const { user } = await openSettings({
        routes: { 'POST /account/password': { status: 400, body: { error: { code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' } } } },
      });
      await screen.findByLabelText('New password');

      await fill(user, 'Current password', 'wrong-one');
      await fill(user, 'New password', 'secret99');
      await fill(user, 'Confirm password', 'secret99');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      await toast('Error changing password', 'Your current password is not correct.');
      expect(authModule.signOut).not.toHaveBeenCalled();
    });
  });

  describe('Notifications', () => {
    function browserNotifications(answer: NotificationPermission) {
      const requestPermission = vi.fn(async () => answer);
      vi.stubGlobal(
        'Notification',
        Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
      );
      return requestPermission;
    }

    it('turns push on after the browser grants permission, and saves the choice', async () => {
      const requestPermission = browserNotifications('granted');
      const { user, api } = await openSettings({
        tab: 'notifications',
        routes: { 'PATCH /settings': (call) => ({ body: { settings: { ...meResponse().settings, ...bodyOf(call) } } }) },
      });
      const toggle = await screen.findByRole('checkbox', { name: /Browser push notifications/ });
      expect(toggle).not.toBeChecked();

      await user.click(screen.getByText('Browser push notifications'));

      await toast('Settings updated successfully!');
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(api.callsTo('PATCH', '/settings').map(bodyOf)).toEqual([{ push_opt_in: true }]);
      expect(toggle).toBeChecked();
    });

    it.each(['denied', 'default'] as const)('resets the toggle and says notifications are blocked when the answer is %s', async (answer) => {
      browserNotifications(answer);
      const { user, api } = await openSettings({ tab: 'notifications' });
      await screen.findByRole('checkbox', { name: /Browser push notifications/ });

      await user.click(screen.getByText('Browser push notifications'));

      await toast('Notifications blocked', 'Please enable notifications in your browser settings');
      expect(screen.getByRole('checkbox', { name: /Browser push notifications/ })).not.toBeChecked();
      expect(api.callsTo('PATCH', '/settings')).toHaveLength(0);
    });

    it('turns approval e-mails off, and on again, without touching push', async () => {
      const { user, api } = await openSettings({
        tab: 'notifications',
        routes: { 'PATCH /settings': (call) => ({ body: { settings: { ...meResponse().settings, ...bodyOf(call) } } }) },
      });
      const toggle = await screen.findByRole('checkbox', { name: /Email me about approvals/ });
      expect(toggle).toBeChecked();

      await user.click(screen.getByText('Email me about approvals'));
      await toast('Settings updated successfully!');
      await waitFor(() => expect(toggle).toBeEnabled());
      await user.click(screen.getByText('Email me about approvals'));

      await waitFor(() => expect(api.callsTo('PATCH', '/settings').map(bodyOf)).toEqual([{ email_approvals: false }, { email_approvals: true }]));
      expect(toggle).toBeChecked();
    });

    it('turns push off without asking the browser', async () => {
      const requestPermission = browserNotifications('granted');
      const { user, api } = await openSettings({
        tab: 'notifications',
        me: meResponse({ settings: { push_opt_in: true } }),
        routes: { 'PATCH /settings': { body: { settings: meResponse().settings } } },
      });
      const toggle = await screen.findByRole('checkbox', { name: /Browser push notifications/ });
      expect(toggle).toBeChecked();

      await user.click(screen.getByText('Browser push notifications'));

      await toast('Settings updated successfully!');
      expect(requestPermission).not.toHaveBeenCalled();
      expect(api.callsTo('PATCH', '/settings').map(bodyOf)).toEqual([{ push_opt_in: false }]);
      expect(toggle).not.toBeChecked();
    });

    it('puts the toggle back when saving fails', async () => {
      browserNotifications('granted');
      await openSettings({
        tab: 'notifications',
        routes: { 'PATCH /settings': { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } } },
      });
      await screen.findByRole('checkbox', { name: /Browser push notifications/ });

      fireEvent.click(screen.getByText('Browser push notifications'));

      await toast('Error updating settings', 'Something went wrong on our side. Please try again.');
      await waitFor(() => expect(screen.getByRole('checkbox', { name: /Browser push notifications/ })).not.toBeChecked());
    });
  });

  describe('Preferences', () => {
    it("offers the spec's timezones with their labels and the saved zone selected", async () => {
      await openSettings({ tab: 'preferences', me: meResponse({ settings: { timezone: 'Asia/Tokyo' } }) });
      const select = await screen.findByLabelText('Timezone');

      expect(select).toHaveValue('Asia/Tokyo');
      const labels = within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(labels).toHaveLength(29);
      expect(labels).toContain('Asia/Mumbai');
      expect(labels).toContain('America/New York');
      expect(screen.getByLabelText('Mode')).toHaveValue('creator');
    });

    it('saves timezone and mode, then reloads the page after 1 second', async () => {
      // Prepare
      const reload = vi.fn();
      const { user, api } = await openSettings({
        tab: 'preferences',
        routes: { 'PATCH /settings': (call) => ({ body: { settings: { ...meResponse().settings, ...bodyOf(call) } } }) },
      });
      await screen.findByLabelText('Timezone');
      await user.selectOptions(screen.getByLabelText('Timezone'), 'Asia/Kolkata');
      await user.selectOptions(screen.getByLabelText('Mode'), 'agency');
      vi.stubGlobal('location', { ...window.location, reload });
      vi.useFakeTimers({ shouldAdvanceTime: true });

      // Act
      await user.click(screen.getByRole('button', { name: 'Save Settings' }));

      // Assess
      await toast('Settings updated successfully!');
      expect(api.callsTo('PATCH', '/settings').map(bodyOf)).toEqual([{ timezone: 'Asia/Kolkata', mode: 'agency' }]);
      expect(reload).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1000));
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('says saving failed, with the message, and does not reload', async () => {
      const reload = vi.fn();
      const { user } = await openSettings({
        tab: 'preferences',
        routes: { 'PATCH /settings': { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Please choose a valid timezone' } } } },
      });
      await screen.findByLabelText('Timezone');
      vi.stubGlobal('location', { ...window.location, reload });
      vi.useFakeTimers({ shouldAdvanceTime: true });

      await user.click(screen.getByRole('button', { name: 'Save Settings' }));

      await toast('Error updating settings', 'Please choose a valid timezone');
      act(() => vi.advanceTimersByTime(2000));
      expect(reload).not.toHaveBeenCalled();
    });
  });

  describe('Advanced', () => {
    it('asks for confirmation; Cancel deletes nothing', async () => {
      const { user, api } = await openSettings({ tab: 'advanced' });

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText('Are you absolutely sure?')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(api.callsTo('DELETE', '/account')).toHaveLength(0);
    });

    it('deletes the account, signs out and goes to /auth', async () => {
      const { user, api, location } = await openSettings({ tab: 'advanced', routes: { 'DELETE /account': { status: 204 } } });

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete Everything' }));

      await toast('Account deleted');
      expect(api.callsTo('DELETE', '/account')).toHaveLength(1);
      await waitFor(() => expect(location().pathname).toBe('/auth'));
      expect(authModule.signOut).toHaveBeenCalled();
    });

    it('says the deletion is under way while it runs', async () => {
      const { user, api } = await openSettings({ tab: 'advanced', routes: { 'DELETE /account': { status: 204 } } });
      // The DELETE answers only when the test says so, as a deletion that takes seconds.
      let answer!: () => void;
      const original = api.fetchMock.getMockImplementation()!;
      api.fetchMock.mockImplementation(async (input, init) => {
        if ((init?.method ?? 'GET') === 'DELETE') await new Promise<void>((resolve) => (answer = resolve));
        return original(input, init);
      });

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete Everything' }));

      expect(await screen.findByTestId('deleting-account')).toHaveTextContent('Deleting your account');
      expect(within(screen.getByRole('alertdialog')).getByRole('status')).toBeInTheDocument();
      act(() => answer());
      await toast('Account deleted');
    });

    it('says deleting failed, with the message, and stays signed in', async () => {
      const { user, location } = await openSettings({
        tab: 'advanced',
        routes: {
          'DELETE /account': { status: 502, body: { error: { code: 'DEPENDENCY_FAILED', message: 'Could not cancel your subscription; please try again' } } },
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete Everything' }));

      expect(await screen.findByTestId('delete-account-error')).toHaveTextContent('Could not cancel your subscription; please try again');
      expect(authModule.signOut).not.toHaveBeenCalled();
      expect(location().pathname).toBe('/home/settings');
    });

    it('tells the Owner of a shared workspace what to do first, on the page', async () => {
      const message = WORKSPACE_MSG.ownsSharedWorkspace('Acme Agency');
      const { user } = await openSettings({ tab: 'advanced', routes: { 'DELETE /account': { status: 409, body: { error: { code: 'CONFLICT', message } } } } });

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete Everything' }));

      const alert = await screen.findByTestId('delete-account-error');
      expect(alert).toHaveTextContent('Your account was not deleted');
      expect(alert).toHaveTextContent(
        'You own the workspace "Acme Agency", which has other members. Transfer its ownership or delete the workspace before deleting your account.',
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(authModule.signOut).not.toHaveBeenCalled();
    });
  });
});

describe('the top-bar avatar', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });

  it('shows the profile picture when one is set, the initial otherwise', async () => {
    mockApi(shellRoutes({ me: meResponse({ profile: { avatar_url: 'https://cdn.example/me.png' } }) }));
    renderApp('/home/settings');

    await waitFor(() => expect(screen.getByTestId('avatar-picture')).toHaveAttribute('src', 'https://cdn.example/me.png'));
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('A');
  });
});
