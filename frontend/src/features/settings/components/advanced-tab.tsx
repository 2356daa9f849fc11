import { Alert, Button, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsCard } from './settings-card';

/** Settings → Advanced: the Danger Zone (docs/product-rules.md#settings, #account-deletion). */
export function AdvancedTab() {
  const [open, setOpen] = useState(false);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: 'Account deleted' });
      // The Cognito user is gone; signing out only clears this browser's session.
      signOut()
        .catch((error: unknown) => console.error('Sign-out after account deletion failed', error))
        .finally(() => navigate(paths.auth.getHref(), { replace: true }));
    },
    // A refusal (the Owner of a shared workspace) stays on the page, next to the button, saying what to do first.
    onError: () => setOpen(false),
  });

  return (
    <SettingsCard title="Danger Zone" description="Irreversible actions on your account." tone="danger">
      <Stack gap="4" align="flex-start">
        <Text textStyle="sm">
          Deleting your account removes your posts, media, connected accounts, clients, notifications and settings. This cannot be undone.
        </Text>
        {remove.isError ? (
          <Alert.Root status="error" size="sm" rounded="lg" data-testid="delete-account-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your account was not deleted</Alert.Title>
              <Alert.Description>{remove.error.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Dialog.Root
          recipe={dialogSlotRecipe}
          open={open}
          onOpenChange={(details) => !remove.isPending && setOpen(details.open)}
          role="alertdialog"
          lazyMount
          unmountOnExit
        >
          <Dialog.Trigger asChild>
            <Button colorPalette="red" variant="solid">
              <LuTrash2 /> Delete Account
            </Button>
          </Dialog.Trigger>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Are you absolutely sure?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>
                    This permanently deletes your account and all of its data: posts, media, connected accounts, clients and settings. There is no way back.
                  </Text>
                  {/* Deletion takes seconds (subscription, schedules, files, items): say it is under way. */}
                  {remove.isPending ? (
                    <HStack role="status" gap="2" mt="4" textStyle="sm" color="fg.muted" data-testid="deleting-account">
                      <Spinner size="sm" />
                      <Text>
                        Deleting your account: cancelling billing, then removing posts, media and connections. This takes a few seconds; keep this page open.
                      </Text>
                    </HStack>
                  ) : null}
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={remove.isPending}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                    Yes, Delete Everything
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" disabled={remove.isPending} />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      </Stack>
    </SettingsCard>
  );
}
