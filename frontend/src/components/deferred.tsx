import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';

/** What a deferred component's placeholder can do: ask for the real one now, opened (a click on a menu's button). */
export interface DeferredPlaceholderProps {
  activate: () => void;
}

/**
 * A component the page's first paint does not need (a menu, a tooltip, the mobile drawer): the
 * placeholder, which looks the same closed (the menu's button, the tooltip's trigger), renders in its
 * place until the code has downloaded once the page has loaded. A placeholder that is activated
 * (clicked) fetches the code at once and opens it when it arrives (`defaultOpen`); `urgent` says
 * when the props alone need the real component now (a drawer asked to open). A failed download
 * leaves the placeholder and is tried again on the next activation or mount. The placeholder must
 * render the same elements as the real component closed (see the focus kept below).
 */
/** Where an element sits in the document, as child indices from <body>. */
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node.parentElement && node !== document.body; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(path: number[]): Element | undefined {
  let node: Element | undefined = document.body;
  for (const index of path) node = node?.children[index];
  return node;
}

/** Deferred code being fetched right now (each settles, loaded or failed). */
const inFlight = new Set<Promise<unknown>>();

/** Resolves once the deferred code being fetched now has arrived or failed: what a test waits on before it times a wait. */
export function deferredCodeSettled(): Promise<void> {
  return Promise.allSettled([...inFlight]).then(() => undefined);
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>,
  Placeholder: ComponentType<P & DeferredPlaceholderProps>,
  urgent?: (props: P) => boolean,
): ComponentType<P> {
  let loaded: ComponentType<P & { defaultOpen?: boolean }> | null = null;
  let loading: Promise<ComponentType<P & { defaultOpen?: boolean }>> | null = null;
  const fetchNow = () => {
    if (loading) return loading;
    const started = load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    inFlight.add(started);
    void started.then(
      () => inFlight.delete(started),
      () => inFlight.delete(started),
    );
    return (loading = started);
  };

  return function Deferred(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [activated, setActivated] = useState(false);
    const now = activated || (urgent?.(props) ?? false);
    // The real component replaces the placeholder's elements with equal ones in the same place: if the
    // focus was on one of them (a keyboard user on a sidebar link), it moves to its replacement.
    const focusAt = useRef<number[] | null>(null);
    useLayoutEffect(() => {
      const path = focusAt.current;
      focusAt.current = null;
      if (!path || (document.activeElement && document.activeElement !== document.body)) return;
      const replacement = elementAt(path);
      if (replacement instanceof HTMLElement) replacement.focus({ preventScroll: true });
    }, [Component]);
    useEffect(() => {
      if (Component) return;
      let live = true;
      void (now ? Promise.resolve() : afterPageLoad())
        .then(fetchNow)
        .then((component) => {
          if (!live) return;
          const focused = document.activeElement;
          focusAt.current = focused && focused !== document.body ? pathOf(focused) : null;
          setComponent(() => component);
        })
        .catch(() => undefined);
      return () => {
        live = false;
      };
    }, [Component, now]);
    if (Component) return <Component {...props} {...(activated && { defaultOpen: true })} />;
    return <Placeholder {...props} activate={() => setActivated(true)} />;
  };
}
