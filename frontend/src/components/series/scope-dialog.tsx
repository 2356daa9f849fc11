import { Button, CloseButton, Dialog, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Scope } from '@shared/recurrence';

interface ScopeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'edit' saves the change, 'delete' removes. */
  action: 'edit' | 'delete';
  onConfirm: (scope: Scope) => void;
  pending?: boolean;
}

const CHOICES: { value: Scope; label: string; hint: string }[] = [
  { value: 'this', label: 'This post only', hint: 'The rest of the series stays as it is.' },
  { value: 'following', label: 'This and all following posts', hint: 'Posts already published are never changed.' },
];

/** "This one or all following?" before an occurrence of a recurring post is edited or deleted (docs/recurring-posts.md#editing). */
export function ScopeDialog({ open, onOpenChange, action, onConfirm, pending = false }: ScopeDialogProps) {
  const [scope, setScope] = useState<Scope>('this');
  const verb = action === 'edit' ? 'Save changes to' : 'Delete';
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !pending && onOpenChange(d.open)} role="alertdialog" placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header pe="12">
              <Dialog.Title>{action === 'edit' ? 'Edit a recurring post' : 'Delete a recurring post'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RadioGroup.Root value={scope} onValueChange={(d) => setScope(d.value as Scope)} aria-label={`${verb} which posts`}>
                <Stack gap="3">
                  {CHOICES.map((choice) => (
                    <RadioGroup.Item key={choice.value} value={choice.value} alignItems="flex-start">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <Stack gap="0">
                        <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                        <Text textStyle="xs" color="fg.muted">
                          {choice.hint}
                        </Text>
                      </Stack>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button colorPalette={action === 'delete' ? 'red' : 'brand'} loading={pending} onClick={() => onConfirm(scope)}>
                {action === 'edit' ? 'Save' : 'Delete'}
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
