import { useCallback, useEffect, useRef, useState } from 'react';
import { OAUTH_STATE_TTL_SECONDS } from '@shared/oauth-state';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { UI } from '@shared/ui';
import { toaster } from '@/components/ui/toaster';
import { OAUTH_COMPLETE_EVENT } from '@/lib/api/connections';
import { initiateOAuth } from '../api/initiate-oauth';
import { connectedMessage, OAUTH_CHANNEL, OAUTH_FALLBACK, OAUTH_TOASTS, OAuthMessageSchema } from '../oauth-messages';

function popupFeatures(): string {
  const { width, height } = UI.oauthPopup;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},popup=yes`;
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * /oauth-callback posts its result and closes itself at once: the poll may see the popup closed
 * before the message is dispatched here, so a closed popup ends the flow only after this grace.
 */
const CLOSED_GRACE_MS = 1000;

/** How a connect ended, for a page that shows it beside the toast (the public connect-link page). */
export type ConnectOutcome = { platform: Platform; ok: true } | { platform: Platform; ok: false; message: string };

export interface ConnectAccountOptions {
  /** Where to send the popup: the signed-in initiate by default; the connect-link page starts from its link. */
  start?: (platform: Platform) => Promise<string>;
  onOutcome?: (outcome: ConnectOutcome) => void;
}

/**
 * The connect flow (docs/product-rules.md#connecting-an-account): a popup on the platform's consent page, whose end is reported by
 * /oauth-callback through postMessage or noticed by polling popup.closed. Every ending dispatches
 * oauth-complete, so the accounts list refetches.
 */
export function useConnectAccount(options: ConnectAccountOptions = {}) {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const [connecting, setConnecting] = useState<Platform | null>(null);
  const stopRef = useRef<(() => void) | null>(null);

  useEffect(() => () => stopRef.current?.(), []);

  const connect = useCallback((platform: Platform) => {
    stopRef.current?.();
    // Synchronously inside the click: a window opened after an await is blocked as unsolicited.
    const popup = window.open('', 'oauth', popupFeatures());
    if (!popup) {
      toaster.error(OAUTH_TOASTS.popupBlocked);
      return;
    }

    let ended = false;
    let reported = false;
    let closedGrace: number | undefined;
    // The popup's page reports over this channel when it has no opener (a sign-in page with
    // Cross-Origin-Opener-Policy cut it off; popup.closed then reads true long before it is). It
    // stays open as long as the connect's state lives, so a result after that still reaches us.
    const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(OAUTH_CHANNEL) : null;
    const channelTimer = window.setTimeout(() => channel?.close(), OAUTH_STATE_TTL_SECONDS * 1000);
    const closeChannel = () => {
      window.clearTimeout(channelTimer);
      channel?.close();
    };
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(closedGrace);
      if (stopRef.current === stop) stopRef.current = null;
    };
    const end = () => {
      if (ended) return;
      ended = true;
      stop();
      setConnecting(null);
      window.dispatchEvent(new Event(OAUTH_COMPLETE_EVENT));
    };
    function onResult(data: unknown) {
      const parsed = OAuthMessageSchema.safeParse(data);
      if (!parsed.success || reported) return;
      reported = true;
      closeChannel();
      const message = parsed.data;
      if (message.type === 'oauth-success') {
        popup?.close();
        toaster.success({
          title: OAUTH_TOASTS.success,
          description: connectedMessage(PLATFORM_LABELS[message.provider ?? platform]),
        });
        optionsRef.current.onOutcome?.({ platform: message.provider ?? platform, ok: true });
      } else {
        toaster.error({ title: OAUTH_TOASTS.failed, description: message.message || OAUTH_FALLBACK.auth });
        optionsRef.current.onOutcome?.({ platform: message.provider ?? platform, ok: false, message: message.message || OAUTH_FALLBACK.auth });
      }
      // Already ended when the popup looked closed: the list is read again for this late result.
      if (ended) window.dispatchEvent(new Event(OAUTH_COMPLETE_EVENT));
      end();
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      onResult(event.data);
    }
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (reported || !OAuthMessageSchema.safeParse(event.data).success) return;
        // Heard: the popup may close itself.
        channel.postMessage({ type: 'oauth-ack' });
        onResult(event.data);
      };
    }

    window.addEventListener('message', onMessage);
    const poll = window.setInterval(() => {
      if (popup.closed && closedGrace === undefined) closedGrace = window.setTimeout(end, CLOSED_GRACE_MS);
    }, UI.oauthPopup.pollMs);
    stopRef.current = () => {
      stop();
      closeChannel();
    };
    setConnecting(platform);

    (optionsRef.current.start ?? initiateOAuth)(platform).then(
      (authUrl) => {
        if (!ended) popup.location.href = authUrl;
      },
      (error: unknown) => {
        if (ended) return;
        closeChannel();
        popup.close();
        toaster.error({ title: OAUTH_TOASTS.failed, description: errorMessage(error, OAUTH_FALLBACK.initiate) });
        optionsRef.current.onOutcome?.({ platform, ok: false, message: errorMessage(error, OAUTH_FALLBACK.initiate) });
        end();
      },
    );
  }, []);

  return { connect, connecting };
}
