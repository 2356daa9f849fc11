import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

export interface TitledDialogProps {
  title: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's content under the title (a Dialog.Body, a form with its footer, ...). */
  children: ReactNode;
}

/** A modal dialog with a title and a close button, mounted only while open. */
export function TitledDialogView({ title, open, onOpenChange, children }: TitledDialogProps) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
