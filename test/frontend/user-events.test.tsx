import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@shared/realtime';
import { ON_USER_EVENT_SUBSCRIPTION } from '@shared/realtime';
import { amplifyEndpointFor } from '@/features/notifications/api/subscribe-user-events';
import { ALICE, hub, resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, notification, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

/** aws-amplify/api stand-in: each graphql() call is a subscription the test can push events into. */
const realtime = vi.hoisted(() => {
  type Observer = { next(value: { data: unknown }): void; error(error: unknown): void };
  type Headers = () => Promise<Record<string, string>>;
  const subscriptions: {
    query: string;
    variables: Record<string, unknown>;
    authMode?: string;
    headers?: Headers;
    observer?: Observer;
    unsubscribed: boolean;
  }[] = [];
  const generateClient = () => ({
    graphql: (options: { query: string; variables: Record<string, unknown>; authMode?: string }, headers?: Headers) => ({
      subscribe(observer: Observer) {
        const entry = { ...options, headers, observer, unsubscribed: false };
        subscriptions.push(entry);
        return { unsubscribe: () => void (entry.unsubscribed = true) };
      },
    }),
  });
  const amplifyConfig: { current: Record<string, unknown> } = { current: {} };
  const Amplify = {
    configure: vi.fn((config: Record<string, unknown>) => void (amplifyConfig.current = config)),
    getConfig: vi.fn(() => amplifyConfig.current),
  };
  return { subscriptions, generateClient: vi.fn(generateClient), Amplify, amplifyConfig };
});

vi.mock('aws-amplify', () => ({ Amplify: realtime.Amplify }));
vi.mock('aws-amplify/api', () => ({ generateClient: realtime.generateClient }));

const ID_1 = '01JQ0000000000000000000001';
const LOCAL_GRAPHQL_PATH = '/_local/realtime/graphql';

/** A browser Notification stand-in whose permission the test sets. */
const browserNotifications: { title: string; options?: NotificationOptions }[] = [];
function stubNotificationPermission(permission: NotificationPermission) {
  class FakeNotification {
    static permission = permission;
    constructor(title: string, options?: NotificationOptions) {
      browserNotifications.push({ title, options });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
}

const anEvent = (overrides: Partial<UserEvent> = {}): UserEvent => ({
  userId: ALICE.sub,
  id: ID_1,
  message: 'Your post went out on Instagram',
  createdAt: new Date().toISOString(),
  postId: 'post-1',
  postStatus: 'posted',
  ...overrides,
});

/** The live subscription once the shell made it. */
async function theSubscription() {
  await waitFor(() => expect(realtime.subscriptions.filter((s) => !s.unsubscribed)).toHaveLength(1));
  return realtime.subscriptions.find((s) => !s.unsubscribed)!;
}

function push(subscription: Awaited<ReturnType<typeof theSubscription>>, event: UserEvent) {
  act(() => subscription.observer!.next({ data: { onUserEvent: event } }));
}

/** The shell at /home, signed in as Alice; the bell lists `before` until an event arrives, then `after`. */
async function givenTheShell(options: { pushOptIn?: boolean; graphqlUrl?: string | undefined } = {}) {
  let notifications = [] as ReturnType<typeof notification>[];
  const api = mockApi({
    ...shellRoutes({ me: meResponse({ settings: { push_opt_in: options.pushOptIn ?? false } }) }),
    'GET /notifications': () => ({ body: { items: notifications } }),
  });
  signedInAs();
  const app = renderApp('/home', { config: { graphqlUrl: 'graphqlUrl' in options ? options.graphqlUrl : LOCAL_GRAPHQL_PATH } });
  await screen.findByTestId('greeting');
  return { ...app, api, setNotifications: (items: typeof notifications) => void (notifications = items) };
}

describe('live user events in the signed-in shell', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    realtime.subscriptions.length = 0;
    realtime.generateClient.mockClear();
    realtime.Amplify.configure.mockClear();
    realtime.amplifyConfig.current = {};
    browserNotifications.length = 0;
    stubNotificationPermission('granted');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('subscribes to the signed-in user’s own events through the configured endpoint, with a fresh access token for the authorizer', async () => {
    // Act
    await givenTheShell();
    const subscription = await theSubscription();

    // Assess
    expect(subscription.query).toBe(ON_USER_EVENT_SUBSCRIPTION);
    expect(subscription.variables).toEqual({ userId: ALICE.sub });
    expect(subscription.authMode).toBe('lambda');
    expect(await subscription.headers!()).toEqual({ Authorization: `access-${ALICE.sub}` });
    expect(realtime.Amplify.configure).toHaveBeenCalledWith(
      expect.objectContaining({
        API: {
          GraphQL: { endpoint: `${window.location.origin.replace(/^http:/, 'ws:')}${LOCAL_GRAPHQL_PATH}`, region: 'us-east-1', defaultAuthMode: 'lambda' },
        },
      }),
    );
  });

  it('refreshes the bell and every post view when an event arrives', async () => {
    // Prepare
    const { api, setNotifications } = await givenTheShell();
    const subscription = await theSubscription();
    await waitFor(() => expect(api.callsTo('GET', '/notifications')).toHaveLength(1));
    setNotifications([notification({ id: ID_1, message: 'Your post went out on Instagram' })]);

    // Act
    push(subscription, anEvent());

    // Assess
    expect(await screen.findByTestId('notifications-unread-count')).toHaveTextContent('1');
    expect(api.callsTo('GET', '/notifications').length).toBeGreaterThanOrEqual(2);
  });

  it('refreshes post data (lists, counts, calendar, dashboard share the "posts" key)', async () => {
    // Prepare
    const { api } = await givenTheShell();
    const subscription = await theSubscription();
    const before = api.calls.filter((c) => c.path.startsWith('/posts') || c.path === '/dashboard').length;

    // Act
    push(subscription, anEvent());

    // Assess: the dashboard at /home shows post data, which is refetched.
    await waitFor(() => expect(api.calls.filter((c) => c.path.startsWith('/posts') || c.path === '/dashboard').length).toBeGreaterThan(before));
  });

  it('raises a browser notification when the user opted in and the browser allows it', async () => {
    // Prepare
    await givenTheShell({ pushOptIn: true });
    const subscription = await theSubscription();

    // Act
    push(subscription, anEvent({ message: 'X rejected your post' }));

    // Assess
    await waitFor(() =>
      expect(browserNotifications).toEqual([{ title: 'Schedule & Autopost', options: expect.objectContaining({ body: 'X rejected your post' }) }]),
    );
  });

  it('raises no browser notification when the user did not opt in', async () => {
    // Prepare
    const { api } = await givenTheShell({ pushOptIn: false });
    const subscription = await theSubscription();
    const calls = api.callsTo('GET', '/notifications').length;

    // Act
    push(subscription, anEvent());
    await waitFor(() => expect(api.callsTo('GET', '/notifications').length).toBeGreaterThan(calls));

    // Assess
    expect(browserNotifications).toEqual([]);
  });

  it('raises no browser notification when the browser has not granted permission', async () => {
    // Prepare
    stubNotificationPermission('denied');
    const { api } = await givenTheShell({ pushOptIn: true });
    const subscription = await theSubscription();
    const calls = api.callsTo('GET', '/notifications').length;

    // Act
    push(subscription, anEvent());
    await waitFor(() => expect(api.callsTo('GET', '/notifications').length).toBeGreaterThan(calls));

    // Assess
    expect(browserNotifications).toEqual([]);
  });

  it('refetches after the connection comes back from a drop (events may have been missed)', async () => {
    // Prepare
    const { api } = await givenTheShell();
    await theSubscription();
    await waitFor(() => expect(api.callsTo('GET', '/notifications')).toHaveLength(1));
    const listener = hub.listen.mock.calls.filter(([channel]) => channel === 'api').at(-1)![1] as unknown as (capsule: unknown) => void;

    // Act
    act(() => listener({ payload: { event: 'ConnectionStateChange', data: { connectionState: 'ConnectionDisrupted' } } }));
    act(() => listener({ payload: { event: 'ConnectionStateChange', data: { connectionState: 'Connected' } } }));

    // Assess
    await waitFor(() => expect(api.callsTo('GET', '/notifications')).toHaveLength(2));
  });

  it('does not subscribe at all when the deployment has no realtime endpoint', async () => {
    // Act
    await givenTheShell({ graphqlUrl: undefined });
    await screen.findByRole('button', { name: 'Notifications' });

    // Assess
    expect(realtime.generateClient).not.toHaveBeenCalled();
  });

  it('unsubscribes when the shell goes away', async () => {
    // Prepare
    const app = await givenTheShell();
    const subscription = await theSubscription();

    // Act
    app.unmount();

    // Assess
    expect(subscription.unsubscribed).toBe(true);
  });
});

describe('amplifyEndpointFor', () => {
  it('resolves the local same-origin path and keeps Amplify from upgrading plain HTTP to wss://', () => {
    expect(amplifyEndpointFor('/_local/realtime/graphql', 'http://localhost:3000')).toBe('ws://localhost:3000/_local/realtime/graphql');
  });

  it('passes AppSync’s https endpoint through unchanged', () => {
    const url = 'https://abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com/graphql';
    expect(amplifyEndpointFor(url, 'https://d111.cloudfront.net')).toBe(url);
  });
});
