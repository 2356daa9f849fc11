import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { deferredCodeSettled } from '@/components/deferred';
import { toaster } from '@/components/ui/toaster';
import { appCodeLoaded, forgetRenderedApps } from './helpers/render-app';

// Every frontend test runs against the Amplify stand-ins (helpers/amplify-mocks.ts); a file that needs its own
// module (user-events mocks aws-amplify for realtime) declares it, and its vi.mock wins for that file.
vi.mock('aws-amplify', () => import('./helpers/amplify-mocks').then((m) => m.coreModule));
vi.mock('aws-amplify/auth', () => import('./helpers/amplify-mocks').then((m) => m.authModule));
vi.mock('aws-amplify/utils', () => import('./helpers/amplify-mocks').then((m) => m.utilsModule));

// Lazy routes load their chunks on first render; on a busy 2-core CI machine that can take
// longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// A findBy/waitFor starts its clock once the rendered app's route code has loaded (a condition,
// bounded only by the test's own timeout): the first test of a file pays for compiling the lazy
// routes, which on a loaded machine took longer than the 5 s above by itself.
// The same for a menu's or tooltip's code fetched after first paint (components/deferred.tsx): a hover
// before it arrived waits for the code, and then its 5 s for the tooltip.
const { asyncWrapper } = getConfig();
configure({ asyncWrapper: (run) => asyncWrapper(async () => (await appCodeLoaded(), await deferredCodeSettled(), run())) });

// jsdom lacks these browser APIs that Chakra/Ark (and our mobile breakpoint hook) use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;

window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  cleanup();
  forgetRenderedApps();
  toaster.remove();
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
