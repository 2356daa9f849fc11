import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';

/**
 * One toaster for the whole app: `toaster.success/error/info(...)`. "Destructive" toasts are `error`.
 * Top right, under the 3.5rem top bar: at the bottom right a toast sat over the forms' submit
 * buttons, and as a toast pauses while the pointer rests on it, one raised by a click on the button
 * stayed there.
 */
const TOAST_OFFSETS = { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' } as const;
export const toaster = createToaster({ placement: 'top-end', offsets: TOAST_OFFSETS, pauseOnPageIdle: true, max: 4 });

// The toasts' UI (Ark's toast machine, dismissable layers) is not needed for a page's first paint:
// it loads in its own chunk once the page has loaded, and toasts raised before it arrives wait in the store.
const ToasterView = lazy(() => import('./toaster-view'));

export function Toaster() {
  const [pageLoaded, setPageLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageLoad().then(() => mounted && setPageLoaded(true));
    return () => void (mounted = false);
  }, []);
  return pageLoaded ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
