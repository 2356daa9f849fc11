import { Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { updateWorkspaceSettings, useWorkspaceSettings, workspaceSettingsKeys } from '@/lib/api/approvals';

/**
 * "Posts need approval" (docs/approvals.md): an Admin or the Owner turns it on so Editors' posts
 * wait for someone else's approval too. Contributors' always do, whatever it says.
 */
export function ApprovalSetting() {
  const settings = useWorkspaceSettings();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: updateWorkspaceSettings,
    onSuccess: (saved) =>
      toaster.success({ title: saved.posts_need_approval ? 'Editors’ posts now need approval' : 'Editors schedule their posts directly again' }),
    onError: (error) => toaster.error({ title: "Couldn't change the setting", description: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceSettingsKeys.all }),
  });
  const on = update.isPending ? !!update.variables?.posts_need_approval : !!settings.data?.posts_need_approval;
  return (
    <Stack gap="2">
      <Switch.Root
        colorPalette="brand"
        checked={on}
        disabled={!settings.data || update.isPending}
        onCheckedChange={(e) => update.mutate({ posts_need_approval: e.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Posts need approval</Switch.Label>
      </Switch.Root>
      <Text textStyle="sm" color="fg.muted">
        A Contributor&apos;s post always waits for an Editor&apos;s approval before it is scheduled. Turned on, an Editor&apos;s does too, and someone else
        approves it. Admins and the Owner always schedule directly.
      </Text>
    </Stack>
  );
}
