import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { readConnectionResult, storeConnectionResult, takeConnectLinkReturn, toOAuthMessage } from '../connection-result';

/**
 * Where the backend's callback sends the connect popup (docs/product-rules.md#connecting-an-account): tell the opener how it went and
 * close; opened without an opener (a new tab, a blocked opener), keep the result and go to /connections,
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
