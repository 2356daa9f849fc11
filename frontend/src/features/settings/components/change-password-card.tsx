import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';
import { SettingsCard } from './settings-card';

const MIN_PASSWORD_LENGTH = 6;

/** The spec's checks (§5 "Change password"), in its order: match first, then length. */
export function passwordProblem(newPassword: string, confirmPassword: string): { title: string; description: string } | null {
  if (!newPassword || newPassword !== confirmPassword) return { title: MSG.passwordsDontMatch, description: MSG.passwordsDontMatchText };
  if (newPassword.length < MIN_PASSWORD_LENGTH) return { title: MSG.passwordTooShortTitle, description: MSG.passwordTooShort };
  return null;
}

/** Settings → Profile → Change Password. */
export function ChangePasswordCard() {
  // The spec's form has only New and Confirm, but Cognito's ChangePassword (Amplify
  // updatePassword) requires the current password as proof, so the form asks for it too.
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
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
      toaster.error(problem);
      return;
    }
    if (!current) {
      toaster.error({ title: 'Error changing password', description: 'Please enter your current password' });
      return;
    }
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
          <Field.Root>
            <Field.Label>Current password</Field.Label>
            <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>New password</Field.Label>
            <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Confirm password</Field.Label>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
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
