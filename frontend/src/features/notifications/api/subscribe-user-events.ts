import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@shared/api';
import { ON_USER_EVENT_SUBSCRIPTION, OnUserEventDataSchema, type UserEvent } from '@shared/realtime';
import { accessToken } from '@/lib/api-client';

/**
 * The live subscription to the signed-in user's events (docs/product-rules.md#notifications), through AppSync's
 * realtime protocol with the user's Cognito access token, which the API's Lambda authorizer checks
 * against the session gate on every connection and subscription. Loaded on demand by useUserEvents, so
 * aws-amplify/api stays out of the landing and shell bundles.
 */
export interface UserEventHandlers {
  onEvent(event: UserEvent): void;
  /** The connection came back after a drop: events may have been missed meanwhile. */
  onReconnected(): void;
  /** The subscription was refused (an ended session, among others): the caller checks the session. */
  onRefused(): void;
}

/**
 * What Amplify should be given as the GraphQL endpoint. Amplify derives the WebSocket URL from it
 * (`<endpoint>/realtime` off AppSync's own domains) and rewrites http:// to wss://, which the local
 * cloud (plain HTTP) cannot answer; a ws:// endpoint is kept as is. On AWS the URL is https://.
 */
export function amplifyEndpointFor(graphqlUrl: string, origin: string): string {
  const url = new URL(graphqlUrl, origin);
  return url.protocol === 'http:' ? `ws:${url.href.slice('http:'.length)}` : url.href;
}

function configureRealtime(config: RuntimeConfig, origin: string): void {
  const endpoint = amplifyEndpointFor(config.graphqlUrl!, origin);
  const current = Amplify.getConfig();
  if (current.API?.GraphQL?.endpoint === endpoint) return;
  Amplify.configure({ ...current, API: { GraphQL: { endpoint, region: config.region, defaultAuthMode: 'lambda' } } });
}

type Observer = { next(value: { data?: unknown }): void; error(error: unknown): void };
type Subscribable = { subscribe(observer: Observer): { unsubscribe(): void } };

/** Subscribes; returns the unsubscribe. Amplify reconnects a dropped socket by itself. */
export function subscribeToUserEvents(config: RuntimeConfig, userId: string, handlers: UserEventHandlers, origin = window.location.origin): () => void {
  configureRealtime(config, origin);
  const client = generateClient();
  // A function, so Amplify asks for the current token on every (re)connection and subscription start.
  const authorization = async () => ({ Authorization: await accessToken() });
  const subscription = (
    client.graphql({ query: ON_USER_EVENT_SUBSCRIPTION, variables: { userId }, authMode: 'lambda' }, authorization) as unknown as Subscribable
  ).subscribe({
    next: ({ data }) => {
      const parsed = OnUserEventDataSchema.safeParse(data);
      if (parsed.success && parsed.data.onUserEvent) handlers.onEvent(parsed.data.onUserEvent);
    },
    // A refused subscription leaves the 15 s polling in charge; the caller checks whether the session ended.
    error: (error) => {
      console.warn('Live notifications unavailable', error);
      handlers.onRefused();
    },
  });
  let disrupted = false;
  const stopListening = Hub.listen('api', ({ payload }) => {
    if (payload.event !== 'ConnectionStateChange') return;
    const state = (payload.data as { connectionState?: string } | undefined)?.connectionState;
    if (state === 'ConnectionDisrupted' || state === 'ConnectionDisruptedPendingNetwork') disrupted = true;
    if (state === 'Connected' && disrupted) {
      disrupted = false;
      handlers.onReconnected();
    }
  });
  return () => {
    stopListening();
    subscription.unsubscribe();
  };
}
