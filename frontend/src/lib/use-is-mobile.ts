import { useSyncExternalStore } from 'react';
import { UI } from '@shared/ui';

const QUERY = `(max-width: ${UI.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True under the 768 px breakpoint (docs/product-rules.md#constants), where the sidebar becomes a drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
