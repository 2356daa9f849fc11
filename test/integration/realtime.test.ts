import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ON_USER_EVENT_SUBSCRIPTION, PUBLISH_USER_EVENT_MUTATION, type UserEvent } from '@shared/realtime';
import { notifyUser } from '../../functions/domain/notifications';
import { publishUserEvent } from '../../functions/lib/realtime';
import { aConfirmedUser, cloud } from '../helpers/given';
import { signInWithPassword } from '../helpers/billing';
import { weCallTheApi } from '../helpers/when';
import { aLaterSecondThan, theTestsTimeLeft } from '../helpers/then';

/**
 * The local realtime API (local/realtime/index.ts) as AppSync's clients see it: a raw WebSocket
 * client speaking the AppSync realtime protocol the way Amplify v6 does, and the IAM-signed
 * publisher the Lambdas use.
 */
type Message = { type: string; id?: string; payload?: { data: { onUserEvent: UserEvent } } };

const graphqlUrl = () => `${cloud().url}/_local/realtime/graphql`;
const realtimeUrl = () => `${graphqlUrl().replace(/^http/, 'ws')}/realtime`;

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** A realtime connection, authenticated like Amplify v6: `graphql-ws` plus a `header-<base64url>` subprotocol. */
async function aRealtimeConnection(token: string, handshake: 'subprotocol' | 'query' = 'subprotocol') {
  const header = JSON.stringify({ Authorization: token, host: new URL(graphqlUrl()).host });
  const socket =
    handshake === 'subprotocol'
      ? new WebSocket(realtimeUrl(), ['graphql-ws', `header-${Buffer.from(header).toString('base64url')}`])
      : new WebSocket(`${realtimeUrl()}?header=${encodeURIComponent(Buffer.from(header).toString('base64'))}&payload=e30=`, ['graphql-ws']);
  sockets.push(socket);
  const received: Message[] = [];
  const waiters: { predicate: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as Message;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });

  // A message may be slow on a loaded machine: wait for it as long as the test has left.
  const next = (predicate: (m: Message) => boolean, timeoutMs = theTestsTimeLeft()) =>
    new Promise<Message>((resolve, reject) => {
      const seen = received.find(predicate);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`No matching message; got ${JSON.stringify(received)}`)), timeoutMs);
      waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });

  return {
    socket,
    received,
    protocol: socket.protocol,
    send: (message: Record<string, unknown>) => socket.send(JSON.stringify(message)),
    next,
    async init() {
      socket.send(JSON.stringify({ type: 'connection_init' }));
      return next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
    },
    async subscribe(id: string, userId: string, authorization = token) {
      socket.send(
        JSON.stringify({
          id,
          type: 'start',
          payload: {
            data: JSON.stringify({ query: ON_USER_EVENT_SUBSCRIPTION, variables: { userId } }),
            extensions: { authorization: { Authorization: authorization, host: new URL(graphqlUrl()).host, 'x-amz-user-agent': 'aws-amplify/6' } },
          },
        }),
      );
      return next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
    },
    dataFor: (id: string) => received.filter((m) => m.type === 'data' && m.id === id).map((m) => m.payload!.data.onUserEvent),
  };
}

/** A subscriber for the user, ready to receive. */
async function aSubscriber(user: { userId: string; accessToken: string }, id = 'sub-1') {
  const connection = await aRealtimeConnection(user.accessToken);
  expect((await connection.init()).type).toBe('connection_ack');
  expect(await connection.subscribe(id, user.userId)).toEqual({ type: 'start_ack', id });
  return connection;
}

const anEvent = (userId: string, overrides: Partial<UserEvent> = {}): UserEvent => ({
  userId,
  id: `evt-${Math.random().toString(36).slice(2, 10)}`,
  message: 'Your post was published to Instagram',
  createdAt: new Date().toISOString(),
  postId: 'post-1',
  postStatus: 'posted',
  ...overrides,
});

describe('the realtime API (local AppSync)', () => {
  describe('connecting', () => {
    it('acknowledges an authenticated connection with AppSync’s timeout, then keeps it alive', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const connection = await aRealtimeConnection(user.accessToken);

      // Act
      const ack = await connection.init();

      // Assess
      expect(connection.protocol).toBe('graphql-ws');
      expect(ack).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300000 } });
      expect(await connection.next((m) => m.type === 'ka')).toEqual({ type: 'ka' });
    });

    it('also accepts the documented ?header=…&payload=e30= handshake', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const connection = await aRealtimeConnection(user.accessToken, 'query');

      // Act
      const ack = await connection.init();

      // Assess
      expect(ack.type).toBe('connection_ack');
    });

    it('refuses a connection without a valid token with a non-retryable 401', async () => {
      // Prepare
      const connection = await aRealtimeConnection('not-a-jwt');

      // Act
      const reply = await connection.init();

      // Assess
      expect(reply).toEqual({
        type: 'connection_error',
        payload: { errors: [expect.objectContaining({ errorType: 'UnauthorizedException', errorCode: 401 })] },
      });
    });
  });

  describe('subscribing', () => {
    it('delivers exactly the event published for the subscriber', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);
      const event = anEvent(user.userId);

      // Act
      const outcome = await publishUserEvent(event);
      await subscriber.next((m) => m.type === 'data');

      // Assess
      expect(outcome).toBe('published');
      expect(subscriber.dataFor('sub-1')).toEqual([event]);
    });

    it('never delivers another user’s event', async () => {
      // Prepare
      const alice = await aConfirmedUser();
      const bob = await aConfirmedUser();
      const aliceSubscriber = await aSubscriber(alice);
      const forBob = anEvent(bob.userId, { message: 'for Bob' });
      const forAlice = anEvent(alice.userId, { message: 'for Alice' });

      // Act: Bob's event goes first, so it would have arrived before Alice's.
      await publishUserEvent(forBob);
      await publishUserEvent(forAlice);
      await aliceSubscriber.next((m) => m.type === 'data');

      // Assess
      expect(aliceSubscriber.dataFor('sub-1')).toEqual([forAlice]);
    });

    it('refuses to subscribe a user to another user’s events (authorization is enforced by the API)', async () => {
      // Prepare
      const alice = await aConfirmedUser();
      const bob = await aConfirmedUser();
      const connection = await aRealtimeConnection(alice.accessToken);
      await connection.init();

      // Act
      const reply = await connection.subscribe('spy', bob.userId);
      await publishUserEvent(anEvent(bob.userId));

      // Assess
      expect(reply).toEqual({
        type: 'error',
        id: 'spy',
        payload: { errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access onUserEvent on type Subscription' }] },
      });
      expect(connection.dataFor('spy')).toEqual([]);
    });

    it('refuses a start message whose token does not verify', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const connection = await aRealtimeConnection(user.accessToken);
      await connection.init();
      const [header, payload] = user.accessToken.split('.');

      // Act
      const reply = await connection.subscribe('forged', user.userId, `${header}.${payload}.forged-signature`);

      // Assess
      expect(reply).toMatchObject({ type: 'error', id: 'forged', payload: { errors: [{ errorType: 'UnauthorizedException' }] } });
    });

    it('stops delivering after stop, and completes', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);

      // Act
      subscriber.send({ type: 'stop', id: 'sub-1' });
      const complete = await subscriber.next((m) => m.type === 'complete');
      await publishUserEvent(anEvent(user.userId));
      // A second subscription on the same socket proves that the socket still works and delivers.
      await subscriber.subscribe('sub-2', user.userId);
      await publishUserEvent(anEvent(user.userId, { message: 'second' }));
      await subscriber.next((m) => m.type === 'data' && m.id === 'sub-2');

      // Assess
      expect(complete).toEqual({ type: 'complete', id: 'sub-1' });
      expect(subscriber.dataFor('sub-1')).toEqual([]);
      expect(subscriber.dataFor('sub-2').map((e) => e.message)).toEqual(['second']);
    });
  });

  describe('ended sessions', () => {
    it('refuses a connection and a subscription to a token whose session was ended by sign-out-everywhere', async () => {
      // Prepare: a token that verifies (signature, expiry) but whose session has ended.
      const user = await aConfirmedUser();
      const open = await aRealtimeConnection(user.accessToken);
      expect((await open.init()).type).toBe('connection_ack');
      expect((await weCallTheApi('POST', '/api/account/sign-out-everywhere', { token: user.accessToken })).status).toBe(204);

      // Act
      const reconnect = await aRealtimeConnection(user.accessToken);
      const handshake = await reconnect.init();
      const start = await open.subscribe('sub-after-end', user.userId);

      // Assess
      expect(handshake).toMatchObject({ type: 'connection_error', payload: { errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })] } });
      expect(start).toMatchObject({
        type: 'error',
        id: 'sub-after-end',
        payload: { errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })] },
      });
    });

    it('closes an open subscription when its session ends, and delivers it nothing more', async () => {
      // Prepare: the user is subscribed and receives events.
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);
      const before = anEvent(user.userId, { id: 'evt-before-end' });
      await publishUserEvent(before);
      await subscriber.next((m) => m.type === 'data' && m.payload?.data.onUserEvent.id === 'evt-before-end');

      // Act: another device signs out everywhere; then an event is published for the user.
      expect((await weCallTheApi('POST', '/api/account/sign-out-everywhere', { token: user.accessToken })).status).toBe(204);
      const completed = await subscriber.next((m) => m.type === 'complete' && m.id === 'sub-1');
      // A fresh session's subscriber on the same user, to know when the event has been fanned out.
      await aLaterSecondThan(Date.now()); // token times have one-second precision
      const fresh = await aSubscriber({ userId: user.userId, accessToken: await signInWithPassword(user.email, user.password) }, 'sub-fresh');
      await publishUserEvent(anEvent(user.userId, { id: 'evt-after-end' }));
      await fresh.next((m) => m.type === 'data' && m.payload?.data.onUserEvent.id === 'evt-after-end');

      // Assess
      expect(completed).toEqual({ type: 'complete', id: 'sub-1' });
      expect(subscriber.dataFor('sub-1').map((e) => e.id)).toEqual(['evt-before-end']);
    });

    it('closes the subscriptions of a deleted account', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);

      // Act
      expect((await weCallTheApi('DELETE', '/api/account', { token: user.accessToken })).status).toBe(204);

      // Assess
      expect(await subscriber.next((m) => m.type === 'complete' && m.id === 'sub-1')).toEqual({ type: 'complete', id: 'sub-1' });
    });
  });

  describe('publishing', () => {
    const mutationBody = (userId: string) => JSON.stringify({ query: PUBLISH_USER_EVENT_MUTATION, variables: anEvent(userId) });

    it('refuses an unsigned mutation with 401', async () => {
      // Act
      const res = await fetch(graphqlUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: mutationBody('someone') });

      // Assess
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ errors: [{ errorType: 'UnauthorizedException' }] });
    });

    it('refuses a mutation carrying a user’s token instead of an IAM signature', async () => {
      // Prepare
      const user = await aConfirmedUser();

      // Act
      const res = await fetch(graphqlUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: user.accessToken },
        body: mutationBody(user.userId),
      });

      // Assess
      expect(res.status).toBe(401);
    });

    it('refuses a mutation signed with the wrong secret, and the publisher reports it without throwing', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);

      // Act
      const outcome = await publishUserEvent(anEvent(user.userId), {
        credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'not-the-secret' }),
      });
      await publishUserEvent(anEvent(user.userId, { message: 'signed properly' }));
      await subscriber.next((m) => m.type === 'data');

      // Assess
      expect(outcome).toBe('failed');
      expect(subscriber.dataFor('sub-1').map((e) => e.message)).toEqual(['signed properly']);
    });

    it('refuses a signed mutation whose body was changed after signing', async () => {
      // Prepare: capture a correctly signed request, then replay its headers with another body.
      const captured: { headers?: Record<string, string> } = {};
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async (_url: unknown, init?: RequestInit) => {
        captured.headers = init?.headers as Record<string, string>;
        return new Response('{}');
      }) as typeof fetch;
      try {
        await publishUserEvent(anEvent('victim'));
      } finally {
        globalThis.fetch = realFetch;
      }

      // Act
      const res = await fetch(graphqlUrl(), { method: 'POST', headers: captured.headers, body: mutationBody('someone-else') });

      // Assess
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ errorType: 'InvalidSignatureException' }] });
    });

    it('refuses a mutation signed by an unknown access key with 403', async () => {
      // Act
      const outcome = await publishUserEvent(anEvent('someone'), {
        credentials: async () => ({ accessKeyId: 'AKIDSTRANGER', secretAccessKey: 'local' }),
      });

      // Assess
      expect(outcome).toBe('failed');
    });

    it('skips publishing, without error, where no realtime API is configured', async () => {
      // Act
      const outcome = await publishUserEvent(anEvent('someone'), { url: '' });

      // Assess
      expect(outcome).toBe('skipped');
    });
  });

  describe('notifyUser (the publishing engine’s call)', () => {
    it('writes the activity_log row and pushes it to the user’s subscription', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const subscriber = await aSubscriber(user);

      // Act
      const note = await notifyUser(user.userId, { message: 'Posted to X', postId: 'post-42', postStatus: 'posted' });
      const pushed = await subscriber.next((m) => m.type === 'data');
      const listed = await weCallTheApi('GET', '/api/notifications', { token: user.accessToken });

      // Assess
      expect(listed.body.items).toEqual([
        { id: note.id, message: 'Posted to X', created_at: note.created_at, read: false, workspace_id: null, workspace_name: null, post_id: 'post-42' },
      ]);
      expect(pushed.payload!.data.onUserEvent).toEqual({
        userId: user.userId,
        id: note.id,
        message: 'Posted to X',
        createdAt: note.created_at,
        postId: 'post-42',
        postStatus: 'posted',
      });
    });

    it('still writes the row when the push cannot be delivered', async () => {
      // Prepare
      const user = await aConfirmedUser();
      const saved = process.env.REALTIME_GRAPHQL_URL;
      process.env.REALTIME_GRAPHQL_URL = 'http://127.0.0.1:9/nowhere';
      const { resetEnvForTests } = await import('../../functions/lib/env');
      resetEnvForTests();

      // Act
      try {
        await notifyUser(user.userId, 'Failed to post to TikTok');
      } finally {
        process.env.REALTIME_GRAPHQL_URL = saved;
        resetEnvForTests();
      }
      const listed = await weCallTheApi('GET', '/api/notifications', { token: user.accessToken });

      // Assess
      expect(listed.body.items.map((n: { message: string }) => n.message)).toEqual(['Failed to post to TikTok']);
    });
  });
});
