import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { UI } from '@shared/ui';

export type ColorMode = 'light' | 'dark';

/** Light or dark, default dark, stored under `theme` and applied as a class on <html> (docs/product-rules.md#shell). */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey={UI.themeStorageKey}
      defaultTheme={UI.defaultTheme}
      enableSystem={false}
      disableTransitionOnChange
      // next-themes' pre-paint script only runs when server-rendered; in this client-only SPA
      // index.html applies the saved theme instead. Typed as data so React 19 does not warn about it.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'light' ? 'light' : 'dark';
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton variant="ghost" size="sm" aria-label="Toggle theme" onClick={toggleColorMode} {...props}>
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
