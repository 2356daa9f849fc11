import type { UserEvent } from '@testing-library/user-event';
import { deferredCodeSettled } from '@/components/deferred';

/**
 * Points at what `target()` finds, as a user moving the mouse onto it. A tooltip's code arrives after
 * the page's first paint (components/deferred.tsx) and then replaces the trigger's placeholder with
 * an equal element: when that swap lands between finding the element and the pointer entering it,
 * the pointer entered a node no longer on the page. A user's next mouse move enters the replacement;
 * this hovers the replacement in that case.
 */
export async function hover(user: UserEvent, target: () => HTMLElement): Promise<void> {
  const element = target();
  await user.hover(element);
  await deferredCodeSettled();
  if (!element.isConnected) await user.hover(target());
}
