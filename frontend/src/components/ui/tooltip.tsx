import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';
import { tooltipSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

interface TooltipProps extends ChakraTooltip.RootProps {
  content: ReactNode;
  disabled?: boolean;
  showArrow?: boolean;
}

export function Tooltip({ content, disabled, showArrow, children, ...rest }: TooltipProps) {
  if (disabled) return <>{children}</>;
  return (
    <ChakraTooltip.Root recipe={tooltipSlotRecipe} openDelay={300} closeDelay={100} {...rest}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>
            {showArrow ? (
              <ChakraTooltip.Arrow>
                <ChakraTooltip.ArrowTip />
              </ChakraTooltip.Arrow>
            ) : null}
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
