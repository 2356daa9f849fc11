import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A question that names the thing: "Disconnect @acme from Instagram?" */
  title: string;
  /** What happens next, in plain words; a string reads as muted text, an element (a choice to make) stands as given. */
  description: ReactNode;
  /** The destructive button, e.g. "Disconnect". */
  confirmLabel: string;
  /** The safe way out, e.g. "Keep Subscription". */
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the action runs, the dialog stays and cannot be dismissed. */
  pending?: boolean;
  /** The confirm button's palette: red for a destructive action (the default), brand for one that publishes. */
  confirmPalette?: 'red' | 'brand';
  /** Until true, the confirm button cannot be pressed (a name to type first). */
  confirmDisabled?: boolean;
}

/**
 * A confirmation before a destructive action. An alertdialog whose focus starts on the
 * safe button, so Enter or a stray click never confirms by accident (WAI-ARIA alertdialog pattern).
 */
export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  confirmPalette = 'red',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(details) => !pending && onOpenChange(details.open)}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {typeof description === 'string' ? (
                <Text textStyle="sm" color="fg.muted">
                  {description}
                </Text>
              ) : (
                description
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button ref={cancelRef} variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmPalette} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
