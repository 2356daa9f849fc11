import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { PRODUCT_NAME } from '@/components/logo';

export interface RouteHandle {
  title?: string;
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title?.title]);
}

/** Wraps every route: page title, scroll restoration and a thin bar while a lazy route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Box
          position="fixed"
          top="0"
          insetX="0"
          h="0.5"
          zIndex="max"
          bgGradient="to-r"
          gradientFrom="brand.400"
          gradientTo="purple.400"
          role="progressbar"
          aria-label="Loading page"
        />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
