import { describe, expect, it } from 'vitest';
import { greetingFor, UI } from '@shared/ui';

describe('the UI constants', () => {
  it('size the sidebar 16rem, 18rem on mobile and 3rem as icons (docs/product-rules.md#constants)', () => {
    expect([UI.sidebarWidth, UI.sidebarWidthMobile, UI.sidebarWidthIcon]).toEqual(['16rem', '18rem', '3rem']);
  });

  it('keep the sidebar state in a cookie for 7 days (docs/product-rules.md#shell, #constants)', () => {
    expect(UI.sidebarCookieMaxAgeSeconds).toBe(7 * 24 * 60 * 60);
    expect(UI.sidebarCookieName).not.toBe('');
  });

  it('toggle the sidebar with b and refresh with r (docs/product-rules.md#shell, #constants)', () => {
    expect(UI.sidebarShortcutKey).toBe('b');
    expect(UI.refreshShortcutKey).toBe('r');
  });

  it('switch to the mobile layout at 768 px (docs/product-rules.md#constants)', () => {
    expect(UI.mobileBreakpointPx).toBe(768);
  });

  it("store the theme under 'theme', dark by default (docs/product-rules.md#shell, #constants)", () => {
    expect(UI.themeStorageKey).toBe('theme');
    expect(UI.defaultTheme).toBe('dark');
  });

  it('refresh the posts lists every 15000 ms (docs/product-rules.md#posts-list, #constants)', () => {
    expect(UI.postsRefreshMs).toBe(15000);
  });

  it('show 5 upcoming and 3 recent posts on the dashboard with 60-character captions (docs/product-rules.md#dashboard, #constants)', () => {
    expect([UI.dashboardUpcoming, UI.dashboardRecent, UI.captionPreviewChars]).toEqual([5, 3, 60]);
  });

  it('default the edit time to 12:00 (docs/product-rules.md#posts-list, #constants)', () => {
    expect(UI.defaultEditTime).toBe('12:00');
  });

  it('open the OAuth popup at 600 by 700 px and poll it every 500 ms (docs/product-rules.md#connecting-an-account, #constants)', () => {
    expect(UI.oauthPopup).toEqual({ width: 600, height: 700, pollMs: 500 });
  });

  it('wait 1 s before the settings reload, the signup redirect and the simulated contact send (docs/product-rules.md#constants)', () => {
    expect(UI.delays).toEqual({ settingsReloadMs: 1000, signupRedirectMs: 1000, contactSimulationMs: 1000 });
  });

  it('use the display formats of the spec (docs/product-rules.md#constants)', () => {
    expect(UI.formats).toEqual({
      scheduled: 'MMM d, h:mm a',
      published: 'MMM d',
      linked: 'MMM d, yyyy',
      calendar: 'h:mm a',
    });
  });

  it('retry data fetching 3 times, back off up to 30 s and collect the cache after 5 minutes (docs/product-rules.md#constants)', () => {
    expect(UI.query).toEqual({ retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 300_000 });
  });
});

describe('greetingFor', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('greets at hour %i with %j (docs/product-rules.md#dashboard)', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});
