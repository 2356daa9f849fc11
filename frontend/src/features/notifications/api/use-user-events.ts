import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UserEvent } from '@shared/realtime';
import { ensureRuntimeConfig } from '@/config/runtime-config';
import { afterPageLoad } from '@/lib/after-page-load';
import { loadAuthSession } from '@/lib/amplify-loader';
import { notificationKeys } from './query-keys';

export const BROWSER_NOTIFICATION_TITLE = 'Schedule & Autopost';

/**
 * Live updates for the signed-in shell: each of the user's events refetches the bell and every post
 * view, and, when the user opted in to push and the browser allows it, raises a browser
 * notification. Without a realtime endpoint in config.json it does nothing (polling remains).
 */
export function useUserEvents({ userId, pushOptIn }: { userId: string | undefined; pushOptIn: boolean }): void {
  const queryClient = useQueryClient();
  // Read at event time, so toggling the setting does not resubscribe.
  const pushOptInRef = useRef(pushOptIn);
  useEffect(() => {
    pushOptInRef.current = pushOptIn;
  }, [pushOptIn]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // Post lists, counts, calendar and dashboard all live under 'posts' (see their key factories).
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    };
    const onEvent = (event: UserEvent) => {
      refetch();
      if (pushOptInRef.current && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        new Notification(BROWSER_NOTIFICATION_TITLE, { body: event.message, tag: event.id });
      }
    };

    (async () => {
      const config = await ensureRuntimeConfig();
      if (!config.graphqlUrl || cancelled) return;
      // The realtime client (~35 KB gzip) waits for the page; it signs its socket with Amplify's session.
      await afterPageLoad();
      if (cancelled) return;
      await loadAuthSession();
      if (cancelled) return;
      const { subscribeToUserEvents } = await import('./subscribe-user-events');
      if (cancelled) return;
      // A refusal may mean the session ended elsewhere: the bell's refetch meets SESSION_ENDED then, and the app signs out.
      unsubscribe = subscribeToUserEvents(config, userId, { onEvent, onReconnected: refetch, onRefused: refetch });
    })().catch((error: unknown) => console.warn('Live notifications unavailable', error));

    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [userId, queryClient]);
}
