/** Product constants (docs/product-rules.md#constants) that only shape the UI. */
export const UI = {
  sidebarWidth: '16rem',
  sidebarWidthMobile: '18rem',
  sidebarWidthIcon: '3rem',
  sidebarCookieName: 'sidebar_state',
  sidebarCookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  sidebarShortcutKey: 'b',
  refreshShortcutKey: 'r',
  mobileBreakpointPx: 768,
  themeStorageKey: 'theme',
  defaultTheme: 'dark',
  postsRefreshMs: 15_000,
  dashboardUpcoming: 5,
  dashboardRecent: 3,
  captionPreviewChars: 60,
  defaultEditTime: '12:00',
  oauthPopup: { width: 600, height: 700, pollMs: 500 },
  delays: { settingsReloadMs: 1000, signupRedirectMs: 1000, contactSimulationMs: 1000 },
  formats: { scheduled: 'MMM d, h:mm a', published: 'MMM d', linked: 'MMM d, yyyy', calendar: 'h:mm a' },
  query: { retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 5 * 60_000 },
} as const;

/** Good morning before 12, Good afternoon before 18, otherwise Good evening (docs/product-rules.md#dashboard). */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
