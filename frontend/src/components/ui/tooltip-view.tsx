import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';
import { tooltipSlotRecipe } from '@chakra-ui/react/theme';
import type { TooltipProps } from './tooltip';

/** The tooltip itself (see ./tooltip.tsx, which loads it after the page's first paint). */
export function TooltipView({ content, disabled, showArrow, children, ...rest }: TooltipProps) {
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
