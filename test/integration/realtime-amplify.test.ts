import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ON_USER_EVENT_SUBSCRIPTION, OnUserEventDataSchema, type UserEvent } from '@shared/realtime';
import { amplifyEndpointFor } from '@/features/notifications/api/subscribe-user-events';
import { publishUserEvent } from '../../functions/lib/realtime';
import { aConfirmedUser, cloud } from '../helpers/given';
import { theTestsTimeLeft } from '../helpers/then';

/**
 * The real Amplify v6 client (generateClient().graphql(...).subscribe) against the local realtime
 * emulator, from Node: the protocol check that matters, since the SPA uses exactly this client.
 * ws stands in for the browser's WebSocket (the same client on every Node). The token is passed as the operation's authToken
 * (Amplify sends it as the same Authorization header the user-pool mode would).
 */
const hadWebSocket = 'WebSocket' in globalThis;
beforeAll(() => {
  if (!hadWebSocket) Object.assign(globalThis, { WebSocket });
});
afterAll(() => {
  if (!hadWebSocket) delete (globalThis as { WebSocket?: unknown }).WebSocket;
});

describe('Amplify v6 generateClient against the local realtime API', () => {
  it('subscribes, receives the user’s event, and is refused another user’s', async () => {
    // Prepare
    const { Amplify } = await import('aws-amplify');
    const { generateClient } = await import('aws-amplify/api');
    const alice = await aConfirmedUser();
    const bob = await aConfirmedUser();
    const endpoint = amplifyEndpointFor('/_local/realtime/graphql', cloud().url);
    Amplify.configure({ API: { GraphQL: { endpoint, region: 'us-east-1', defaultAuthMode: 'lambda' } } });
    const client = generateClient();
    type Sub = { subscribe(o: { next(v: { data: unknown }): void; error(e: unknown): void }): { unsubscribe(): void } };
    const subscribe = (userId: string) =>
      client.graphql({ query: ON_USER_EVENT_SUBSCRIPTION, variables: { userId }, authToken: alice.accessToken }) as unknown as Sub;

    // Act: Alice's own events first; then her token on Bob's events. (Amplify closes the shared
    // socket when a subscription is refused and re-subscribes after a back-off, so the refusal
    // comes second: it would otherwise hold up her events for a random while.)
    const received: UserEvent[] = [];
    const own = subscribe(alice.userId).subscribe({
      next: ({ data }) => received.push(OnUserEventDataSchema.parse(data).onUserEvent!),
      error: () => undefined,
    });
    const event: UserEvent = {
      userId: alice.userId,
      id: 'evt-amplify',
      message: 'Posted to YouTube',
      createdAt: new Date().toISOString(),
      postId: null,
      postStatus: null,
    };
    // start_ack has no public hook here: publish until the subscription is live, for as long as the test has left.
    for (let i = 0, until = Date.now() + theTestsTimeLeft(); received.length === 0 && Date.now() < until; i++) {
      await publishUserEvent({ ...event, id: `evt-amplify-${i}` });
      await new Promise((r) => setTimeout(r, 100));
    }
    const error = await new Promise<unknown>((resolve) => {
      subscribe(bob.userId).subscribe({ next: () => resolve('delivered'), error: resolve });
    });
    own.unsubscribe();

    // Assess
    expect(received[0]).toMatchObject({ userId: alice.userId, message: 'Posted to YouTube', postId: null, postStatus: null });
    expect(JSON.stringify(error)).toContain('Unauthorized');
  });
});
