import type { Tooltip as ChakraTooltip } from '@chakra-ui/react';
import { cloneElement, isValidElement, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { deferred, type DeferredPlaceholderProps } from '../deferred';

export interface TooltipProps extends ChakraTooltip.RootProps {
  content: ReactNode;
  disabled?: boolean;
  showArrow?: boolean;
}

type TriggerProps = { onPointerEnter?: (event: PointerEvent) => void; onFocus?: (event: FocusEvent) => void };

/** The trigger alone, as it looks with the tooltip closed; pointing at it or focusing it fetches the tooltip and opens it. */
function TriggerOnly({ children, disabled, activate }: TooltipProps & DeferredPlaceholderProps) {
  if (disabled || !isValidElement<TriggerProps>(children)) return <>{children}</>;
  const trigger = children;
  return cloneElement(trigger, {
    onPointerEnter: (event: PointerEvent) => {
      trigger.props.onPointerEnter?.(event);
      activate();
    },
    onFocus: (event: FocusEvent) => {
      trigger.props.onFocus?.(event);
      activate();
    },
  });
}

/**
 * A tooltip on hover or focus. Its code (Zag's tooltip and the floating positioner) comes after the
 * page's first paint; until then the trigger renders alone, as it looks without the tooltip open.
 */
export const Tooltip = deferred<TooltipProps>(() => import('./tooltip-view').then((module) => module.TooltipView), TriggerOnly);
