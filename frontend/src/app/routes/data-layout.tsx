import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { QueryClientOverride } from '../query-client';

/** One client for the page's lifetime, whichever data route mounts this layout first or again. */
let appClient: QueryClient | undefined;
/** Whose data each client holds (the last signed-in person it was provided for), across remounts of the layout. */
const personOf = new WeakMap<QueryClient, string | null>();

/**
 * Server state (React Query) for every route that reads or writes it: the sign-in flows, the public
 * invitation and connect-link pages, the OAuth callback and the signed-in app. The content pages
 * (About us, the legal pages, Contact us, not-found) render outside it, so their first paint does not
 * wait for React Query's code.
 */
export default function DataLayout() {
  const override = useContext(QueryClientOverride);
  const client = override ?? (appClient ??= createQueryClient());
  const sub = useAuth().user?.sub ?? null;
  // Another user's (or a signed-out visitor's) view must never show cached data of the previous one.
  useEffect(() => {
    const last = personOf.get(client);
    if (last !== undefined && last !== null && last !== sub) client.clear();
    personOf.set(client, sub);
  }, [client, sub]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
