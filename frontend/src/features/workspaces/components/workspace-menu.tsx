import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { LuCheck, LuPlus } from 'react-icons/lu';
import { ROLE_NAMES, type WorkspaceSummary } from '@shared/workspaces';
import { toaster } from '@/components/ui/toaster';
import { useSwitchWorkspace } from '@/lib/api/workspaces';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { WorkspaceButton } from './workspace-switcher';

const CREATE = '__create__';

export interface WorkspaceMenuProps {
  workspace: WorkspaceSummary;
  workspaces: WorkspaceSummary[];
}

/** The workspace menu itself (see ./workspace-switcher.tsx, which loads it after the page's first paint). */
export function WorkspaceMenu({ workspace, workspaces, defaultOpen }: WorkspaceMenuProps & { defaultOpen?: boolean }) {
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Menu.Root
        recipe={menuSlotRecipe}
        positioning={{ placement: 'bottom-start' }}
        defaultOpen={defaultOpen}
        onSelect={(details) => {
          if (details.value === CREATE) setCreating(true);
          else if (details.value !== workspace.id) switchTo(details.value);
        }}
      >
        <Menu.Trigger asChild>
          <WorkspaceButton name={workspace.name} />
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
