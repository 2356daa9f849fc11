import { Box, Button, Menu, Portal, Skeleton, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { LuCheck, LuChevronsUpDown, LuPlus } from 'react-icons/lu';
import { ROLE_NAMES } from '@shared/workspaces';
import { toaster } from '@/components/ui/toaster';
import { useCurrentWorkspace, useSwitchWorkspace } from '@/lib/api/workspaces';
import { CreateWorkspaceDialog } from './create-workspace-dialog';

const CREATE = '__create__';

/**
 * The top bar's workspace menu: the current workspace's name; the person's workspaces with their
 * role in each (a check on the current one) and "Create workspace".
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, isPending } = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);

  if (isPending) return <Skeleton h="8" w={{ base: '20', md: '32' }} rounded="md" aria-label="Loading workspaces" data-testid="workspace-switcher-loading" />;
  // The list failed: the app still works in the server's default workspace; nothing to switch between.
  if (!workspace || !workspaces) return null;

  return (
    <>
      <Menu.Root
        recipe={menuSlotRecipe}
        positioning={{ placement: 'bottom-start' }}
        onSelect={(details) => {
          if (details.value === CREATE) setCreating(true);
          else if (details.value !== workspace.id) switchTo(details.value);
        }}
      >
        <Menu.Trigger asChild>
          <Button
            variant="ghost"
            size="sm"
            px="2"
            gap="1.5"
            maxW={{ base: '32', md: '56' }}
            aria-label={`Workspace: ${workspace.name}. Switch workspace`}
            data-testid="workspace-switcher"
          >
            <Text as="span" truncate fontWeight="semibold">
              {workspace.name}
            </Text>
            <Box as="span" color="fg.muted" flexShrink={0} aria-hidden>
              <LuChevronsUpDown />
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="16rem" maxW="calc(100vw - 2rem)">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Workspaces</Menu.ItemGroupLabel>
                {workspaces.map((item) => {
                  const current = item.id === workspace.id;
                  return (
                    <Menu.Item key={item.id} value={item.id} aria-current={current ? 'true' : undefined} data-testid="workspace-option">
                      <Box as="span" w="4" flexShrink={0} color="brand.fg" aria-hidden>
                        {current ? <LuCheck /> : null}
                      </Box>
                      <Text as="span" flex="1" truncate>
                        {item.name}
                      </Text>
                      <Text as="span" textStyle="xs" color="fg.muted" flexShrink={0}>
                        {ROLE_NAMES[item.role]}
                      </Text>
                    </Menu.Item>
                  );
                })}
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value={CREATE}>
                <LuPlus />
                Create workspace
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <CreateWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => {
          toaster.success({ title: `Workspace "${created.name}" created` });
          switchTo(created.id);
        }}
      />
    </>
  );
}
