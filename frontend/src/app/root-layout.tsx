import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/product';

export interface RouteHandle {
  title?: string;
}

/** The deepest matched route's title: the page's name, for the document title and the app's top bar. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  return handle?.title;
}

function useDocumentTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

// Brand 400 to purple 400, the same in both themes; plain styles because Chakra may not be loaded yet.
const PROGRESS_BAR_STYLE = {
  position: 'fixed',
  top: 0,
  insetInline: 0,
  height: '0.125rem',
  zIndex: 2147483647,
  backgroundImage: 'linear-gradient(to right, #818cf8, #c084fc)',
} as const;

/** Wraps every route: page title, scroll restoration and a thin bar while a lazy route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <>
      {navigation.state === 'loading' ? <div style={PROGRESS_BAR_STYLE} role="progressbar" aria-label="Loading page" /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
