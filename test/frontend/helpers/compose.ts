import { screen, within } from '@testing-library/react';

/**
 * A platform's tile in Compose's platform picker, by its accessible name ("X (Twitter)"). Looked up in the
 * picker rather than the page: naming a button means reading the computed style of everything in it,
 * which jsdom cascades afresh after every change, and the whole page holds about ninety buttons.
 */
export function platformTile(name: string | RegExp): HTMLElement {
  return within(screen.getByTestId('platform-picker')).getByRole('button', { name });
}
