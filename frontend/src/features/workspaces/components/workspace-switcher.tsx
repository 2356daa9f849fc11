import { Box, Button, Skeleton, Text, type ButtonProps } from '@chakra-ui/react';
import { LuChevronsUpDown } from 'react-icons/lu';
import { deferred } from '@/components/deferred';
import { useCurrentWorkspace } from '@/lib/api/workspaces';
import type { WorkspaceMenuProps } from './workspace-menu';

/** The button that opens the workspace menu; the same before and after the menu's code has loaded. */
export function WorkspaceButton({ name, ...button }: { name: string } & ButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      px="2"
      gap="1.5"
      maxW={{ base: '32', md: '56' }}
      aria-label={`Workspace: ${name}. Switch workspace`}
      data-testid="workspace-switcher"
      {...button}
    >
      <Text as="span" truncate fontWeight="semibold">
        {name}
      </Text>
      <Box as="span" color="fg.muted" flexShrink={0} aria-hidden>
        <LuChevronsUpDown />
      </Box>
    </Button>
  );
}

/** The menu's code (Zag's menu, the create dialog) arrives after the page's first paint; a click before that opens it once it has. */
const WorkspaceMenu = deferred<WorkspaceMenuProps>(
  () => import('./workspace-menu').then((module) => module.WorkspaceMenu),
  ({ workspace, activate }) => <WorkspaceButton name={workspace.name} onClick={activate} />,
);

/**
 * The top bar's workspace menu: the current workspace's name; the person's workspaces with their
 * role in each (a check on the current one) and "Create workspace".
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, isPending } = useCurrentWorkspace();

  if (isPending) return <Skeleton h="8" w={{ base: '20', md: '32' }} rounded="md" aria-label="Loading workspaces" data-testid="workspace-switcher-loading" />;
  // The list failed: the app still works in the server's default workspace; nothing to switch between.
  if (!workspace || !workspaces) return null;
  return <WorkspaceMenu workspace={workspace} workspaces={workspaces} />;
}
