import { Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { clearStoredConnectionResult, hasConnectionResult, readConnectionResult, showConnectionResult } from '../connection-result';
import { AccountsOverview } from './accounts-overview';

/**
 * /connections (docs/product-rules.md#routes): shows the toast the query asks for (status, provider, msg, error), cleans
 * the URL with history replaced, and lists the accounts like the Platforms page.
 */
export function ConnectionsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const result = readConnectionResult(params);
    if (!hasConnectionResult(result)) return;
    const key = params.toString();
    // StrictMode runs effects twice: one toast per result.
    if (shownFor.current !== key) {
      shownFor.current = key;
      // After the commit: the toaster flushes synchronously, which React refuses mid-render.
      queueMicrotask(() => showConnectionResult(result));
    }
    clearStoredConnectionResult();
    void navigate(paths.connections.getHref(), { replace: true });
  }, [params, navigate]);

  return (
    <Stack gap="6">
      <PageHeader title="Connections" description="Connect via OAuth and manage every connected account per platform." />
      <AccountsOverview connectLabel="Connect via OAuth" />
    </Stack>
  );
}
