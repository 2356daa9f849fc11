import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';

export const LEAVE_TITLE = 'Leave Compose?';
export const LEAVE_DESCRIPTION = "This post isn't saved yet. It stays as a draft in this browser, and you'll find it here when you come back.";

/**
 * Asks before leaving Compose with unsaved work: react-router's useBlocker for a
 * move inside the app (the app runs on a data router, app/router.tsx), and the browser's own prompt
 * (beforeunload) for closing or reloading the tab.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  // The blocker reads these refs, not values captured at render: under StrictMode, react-router 7
  // can keep a blocker registered after its component is gone, and it must then block nothing.
  const active = useRef(false);
  const unsaved = useRef(when);
  useEffect(() => {
    unsaved.current = when;
  }, [when]);
  // Compose's own path: the router moves its location before React unmounts Compose, and a click in
  // that window (already on the page the user chose to leave for) must not be blocked and dropped.
  const here = useLocation().pathname;
  const own = useRef(here);
  useEffect(() => {
    own.current = here;
  }, [here]);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      active.current && unsaved.current && currentLocation.pathname === own.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={LEAVE_TITLE}
      description={LEAVE_DESCRIPTION}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
