import type { HTMLChakraProps } from '@chakra-ui/react';

/** The header bar that stays on top while the page scrolls under it, frosted: the public header and the dashboard's top bar share it. */
export const FROSTED_STICKY_BAR = {
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  bg: 'bg/80',
  backdropFilter: 'saturate(180%) blur(12px)',
} as const satisfies HTMLChakraProps<'header'>;
