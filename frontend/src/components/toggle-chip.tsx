import { Button, type ButtonProps } from '@chakra-ui/react';

/** A button that is on or off (aria-pressed), solid in the brand colour when on: a day of the week in a repeat rule or a posting time. */
export function ToggleChip({ pressed, ...props }: ButtonProps & { pressed: boolean }) {
  return <Button variant={pressed ? 'solid' : 'outline'} colorPalette={pressed ? 'brand' : 'gray'} aria-pressed={pressed} {...props} />;
}
