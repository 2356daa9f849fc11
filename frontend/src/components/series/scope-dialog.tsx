import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import type { Scope } from '@shared/recurrence';
import { ConfirmDialog } from '../confirm-dialog';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={action === 'edit' ? 'Edit a recurring post' : 'Delete a recurring post'}
      description={
        <RadioGroup.Root recipe={radioGroupSlotRecipe} value={scope} onValueChange={(d) => setScope(d.value as Scope)} aria-label={`${verb} which posts`}>
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
      }
      confirmLabel={action === 'edit' ? 'Save' : 'Delete'}
      confirmPalette={action === 'delete' ? 'red' : 'brand'}
      onConfirm={() => onConfirm(scope)}
      pending={pending}
    />
  );
}
