/**
 * Resolves once the page has loaded and the browser is idle: code the first paint does not need (the
 * realtime client, Amplify behind a fresh stored session) then downloads and runs without competing
 * with the page's own code and data. Call it from a component that mounts with the page's content, so
 * that the wait starts after that content has rendered.
 */
export function afterPageLoad(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : window.setTimeout(resolve, 0);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}
