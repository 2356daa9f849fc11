import { UI } from '@shared/ui';

export type Theme = 'light' | 'dark';

/**
 * The theme as a class on <html> and under `theme` in local storage (docs/product-rules.md#shell), for pages rendered
 * without Chakra (the landing). index.html applies the stored theme before first paint; every
 * other page runs next-themes (components/ui/color-mode.tsx), which reads the same key when it
 * mounts. The two are never mounted together.
 */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('light') ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(UI.themeStorageKey, theme);
  } catch {
    // storage unavailable: the choice lasts until the page is left
  }
  const root = document.documentElement;
  // As next-themes' disableTransitionOnChange: every colour changes at once, none animates.
  const freeze = document.createElement('style');
  freeze.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(freeze);
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  void window.getComputedStyle(document.body).opacity; // apply the new colours before transitions return
  window.setTimeout(() => freeze.remove(), 1);
}
