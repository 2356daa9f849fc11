import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { system } from './system';

export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>{children}</ColorModeProvider>
    </ChakraProvider>
  );
}
