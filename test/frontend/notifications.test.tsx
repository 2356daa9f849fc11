import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { mockApi, notification, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';
import type { Notification } from '@shared/notifications';
import { WORKSPACE_HEADER } from '@shared/workspaces';

const ID_1 = '01JQ0000000000000000000001';
const ID_2 = '01JQ0000000000000000000002';

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

async function openNotifications(items: Notification[], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...shellRoutes({ notifications: items }), ...extra });
  signedInAs();
  const app = renderApp('/home');
  await screen.findByTestId('greeting');
  await app.user.click(screen.getByRole('button', { name: /^Notifications/ }));
  const menu = await screen.findByTestId('notifications-menu');
  return { ...app, api, menu };
}

describe('the notifications menu', () => {
  beforeEach(() => resetAmplifyMocks());

  it('says "No notifications yet" when there are none', async () => {
    const { menu } = await openNotifications([]);
    expect(within(menu).getByText('Notifications')).toBeInTheDocument();
    expect(await within(menu).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('lists each message with its relative time', async () => {
    const { menu } = await openNotifications([
      notification({ id: ID_1, message: 'Your post went out on Instagram', created_at: minutesAgo(5) }),
      notification({ id: ID_2, message: 'X rejected your post', created_at: minutesAgo(120), read: true }),
    ]);
    expect(await within(menu).findByText('Your post went out on Instagram')).toBeInTheDocument();
    expect(within(menu).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(menu).getByText('about 2 hours ago')).toBeInTheDocument();
  });

  it('counts unread notifications on the bell', async () => {
    mockApi(
      shellRoutes({
        notifications: [notification({ id: ID_1 }), notification({ id: ID_2, read: true })],
      }),
    );
    signedInAs();
    renderApp('/home');
    expect(await screen.findByTestId('notifications-unread-count')).toHaveTextContent('1');
    // A screen reader hears the count too: it is in the bell's name, not only drawn on it.
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('names the bell plainly when everything is read', async () => {
    mockApi(shellRoutes({ notifications: [notification({ id: ID_1, read: true })] }));
    signedInAs();
    renderApp('/home');
    await screen.findByTestId('greeting');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.queryByTestId('notifications-unread-count')).not.toBeInTheDocument();
  });

  it('marks an unread item read when it is clicked', async () => {
    let read = false;
    const { user, menu, api } = await openNotifications([], {
      'GET /notifications': () => ({ body: { items: [notification({ id: ID_1, message: 'Post published', read })] } }),
      [`POST /notifications/${ID_1}/read`]: () => {
        read = true;
        return { status: 204 };
      },
    });
    const item = await within(menu).findByRole('button', { name: /Post published/ });
    expect(item.closest('[data-testid="notification-item"]')).toHaveAttribute('data-read', 'false');
    await user.click(item);
    await waitFor(() => expect(api.callsTo('POST', `/notifications/${ID_1}/read`)).toHaveLength(1));
    await waitFor(() => expect(within(menu).getByTestId('notification-item')).toHaveAttribute('data-read', 'true'));
    expect(screen.queryByTestId('notifications-unread-count')).not.toBeInTheDocument();
  });

  it('offers "Mark all read" only while something is unread, and it marks everything read', async () => {
    let allRead = false;
    const { user, menu, api } = await openNotifications([], {
      'GET /notifications': () => ({
        body: { items: [notification({ id: ID_1, read: allRead }), notification({ id: ID_2, read: allRead })] },
      }),
      'POST /notifications/read-all': () => {
        allRead = true;
        return { body: { updated: 2 } };
      },
    });
    await user.click(await within(menu).findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('POST', '/notifications/read-all')).toHaveLength(1));
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument());
    for (const item of within(menu).getAllByTestId('notification-item')) {
      expect(item).toHaveAttribute('data-read', 'true');
    }
  });

  it('does not offer "Mark all read" when everything is read', async () => {
    const { menu } = await openNotifications([notification({ id: ID_1, read: true })]);
    await within(menu).findAllByTestId('notification-item');
    expect(within(menu).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('says "Couldn\'t load notifications" when the list fails to load', async () => {
    const { menu } = await openNotifications([], {
      'GET /notifications': { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } },
    });
    expect(await within(menu).findByText("Couldn't load notifications")).toBeInTheDocument();
  });

  it('names another workspace on its notices, and a click switches there and opens the post', async () => {
    // Prepare: Alice is in her own workspace; one notice is from the agency she is an Editor in.
    const AGENCY = '01JQ0000000000000000000AG1';
    const POST = '01JQ0000000000000000000P01';
    const { menu, user, location, api } = await openNotifications(
      [
        notification({ id: ID_1, message: 'Your post was published to Facebook', workspace_id: AGENCY, workspace_name: 'Acme Agency', post_id: POST }),
        notification({ id: ID_2, message: 'Your post to X failed: rate limited', workspace_id: ALICE.sub, workspace_name: 'Alice Studio', post_id: null }),
      ],
      {
        'GET /workspaces': {
          body: {
            items: [
              { id: ALICE.sub, name: 'Alice Studio', role: 'owner' },
              { id: AGENCY, name: 'Acme Agency', role: 'editor' },
            ],
          },
        },
        [`POST /notifications/${ID_1}/read`]: { status: 204 },
      },
    );
    const items = await within(menu).findAllByTestId('notification-item');
    await waitFor(() => expect(within(items[0]!).getByTestId('notification-workspace')).toHaveTextContent('Acme Agency'));
    expect(within(items[1]!).queryByTestId('notification-workspace')).not.toBeInTheDocument();

    // Act
    await user.click(within(items[0]!).getByRole('button'));

    // Assess: the agency is now the workspace, and the post's page opened in it.
    await waitFor(() => expect(location().pathname).toBe('/home/posts'));
    expect(location().search).toBe(`?post=${POST}`);
    expect(window.localStorage.getItem(`sa.workspace.${ALICE.sub}`)).toBe(AGENCY);
    await waitFor(() => expect(api.calls.some((call) => call.path.startsWith('/posts') && call.headers[WORKSPACE_HEADER] === AGENCY)).toBe(true));
  });
});
