import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { readConnectionResult, storeConnectionResult, takeConnectLinkReturn, toOAuthMessage } from '../connection-result';
import { OAUTH_ACK_WAIT_MS, OAUTH_CHANNEL, OAuthAckSchema } from '../oauth-messages';

/**
 * Where the backend's callback sends the connect popup (docs/product-rules.md#connecting-an-account): tell the opener how it went and
 * close; without an opener (cut off by the sign-in page's Cross-Origin-Opener-Policy), tell it over
 * OAUTH_CHANNEL and close once it answers; meanwhile, and when nobody answers (a new tab, an opener
 * gone), keep the result and go to /connections,
 * or back to the client connect link the connect was started from (its visitor has no session).
 */
export function OAuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const result = readConnectionResult(params);
    const linkToken = takeConnectLinkReturn();
    const opener = window.opener as Window | null;
    if (opener) {
      opener.postMessage(toOAuthMessage(result), window.location.origin);
      window.close();
      return;
    }
    // No opener: a sign-in page with Cross-Origin-Opener-Policy (Bluesky's) may have cut this popup
    // off from it. Tell the app's tabs; the one waiting for this connect answers, and then this popup
    // closes. Meanwhile (and when nobody answers: a plain tab, an opener gone) it goes on as before.
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(OAUTH_CHANNEL);
      const unheard = window.setTimeout(() => channel.close(), OAUTH_ACK_WAIT_MS);
      channel.onmessage = (event: MessageEvent) => {
        if (!OAuthAckSchema.safeParse(event.data).success) return;
        window.clearTimeout(unheard);
        channel.close();
        window.close();
      };
      channel.postMessage(toOAuthMessage(result));
    }
    if (linkToken) {
      void navigate(paths.connectLink.getHref(linkToken, params), { replace: true });
      return;
    }
    storeConnectionResult(result);
    void navigate(paths.connections.getHref(params), { replace: true });
  }, [params, navigate]);

  return (
    <Center minH="100dvh" p="6">
      <Stack align="center" gap="3" role="status">
        <Spinner color="brand.solid" />
        <Text color="fg.muted">Finishing connection…</Text>
      </Stack>
    </Center>
  );
}
