import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';
import { SettingsCard } from './settings-card';

const MIN_PASSWORD_LENGTH = 6;

type PasswordField = 'current' | 'next' | 'confirm';

/** The checks of "Change password" (docs/product-rules.md#account-forms), in that order: match first, then length; `field` is the one to mark. */
export function passwordProblem(newPassword: string, confirmPassword: string): { title: string; description: string; field: PasswordField } | null {
  if (!newPassword || newPassword !== confirmPassword) return { title: MSG.passwordsDontMatch, description: MSG.passwordsDontMatchText, field: 'confirm' };
  if (newPassword.length < MIN_PASSWORD_LENGTH) return { title: MSG.passwordTooShortTitle, description: MSG.passwordTooShort, field: 'next' };
  return null;
}

const CURRENT_MISSING = 'Please enter your current password';

/** Settings → Profile → Change Password. */
export function ChangePasswordCard() {
  // The spec's form has only New and Confirm, but Cognito's ChangePassword (Amplify
  // updatePassword) requires the current password as proof, so the form asks for it too.
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  // The field that is wrong is marked as well as toasted.
  const [invalid, setInvalid] = useState<{ field: PasswordField; message: string } | null>(null);
  const { signOut } = useAuth();
  const change = useChangePassword({
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      // Every session ended with the change (this one too): sign in again with the new password.
      signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    },
  });

  function submit() {
    const problem = passwordProblem(next, confirm);
    if (problem) {
      setInvalid({ field: problem.field, message: problem.description });
      toaster.error({ title: problem.title, description: problem.description });
      return;
    }
    if (!current) {
      setInvalid({ field: 'current', message: CURRENT_MISSING });
      toaster.error({ title: 'Error changing password', description: CURRENT_MISSING });
      return;
    }
    setInvalid(null);
    change.mutate({ oldPassword: current, newPassword: next });
  }

  return (
    <SettingsCard title="Change Password" description="Enter your current password, then the new one twice.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="4">
          <Field.Root invalid={invalid?.field === 'current'}>
            <Field.Label>Current password</Field.Label>
            <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
            <Field.ErrorText>{invalid?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={invalid?.field === 'next'}>
            <Field.Label>New password</Field.Label>
            <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
            <Field.ErrorText>{invalid?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={invalid?.field === 'confirm'}>
            <Field.Label>Confirm password</Field.Label>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <Field.ErrorText>{invalid?.message}</Field.ErrorText>
          </Field.Root>
          <HStack>
            <Button type="submit" colorPalette="brand" disabled={!next || !confirm} loading={change.isPending}>
              Change Password
            </Button>
          </HStack>
        </Stack>
      </form>
    </SettingsCard>
  );
}
