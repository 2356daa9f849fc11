import { queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { roleAtLeast, type Role } from '@shared/roles';
import type { WorkspaceSummary } from '@shared/workspaces';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { chooseWorkspace, useChosenWorkspaceId } from '@/lib/current-workspace';

/**
 * Query keys of the person's workspaces. The list is the person's, not a workspace's: it is the one
 * query a workspace switch keeps (everything else in the cache belongs to the workspace left).
 */
export const workspaceListKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceListKeys.all, 'list'] as const,
};

export async function getWorkspaces(): Promise<WorkspaceSummary[]> {
  const { items } = await api('/workspaces', { schema: () => import('@shared/workspaces').then((m) => m.WorkspaceListSchema) });
  return items;
}

export function getWorkspacesQueryOptions() {
  return queryOptions({ queryKey: workspaceListKeys.list(), queryFn: getWorkspaces });
}

export function useWorkspaces() {
  return useQuery(getWorkspacesQueryOptions());
}

/**
 * The workspace the app acts in: the one chosen in this browser if the person still belongs to it,
 * else their first workspace (the one whose id is their user id), else the first listed.
 */
export function pickWorkspace(items: readonly WorkspaceSummary[], chosenId: string | null, userId: string | undefined): WorkspaceSummary | undefined {
  return items.find((w) => w.id === chosenId) ?? items.find((w) => w.id === userId) ?? items[0];
}

export interface CurrentWorkspace {
  /** Undefined until the list has loaded (or when it failed). */
  workspace: WorkspaceSummary | undefined;
  workspaces: WorkspaceSummary[] | undefined;
  /** The id the requests carry now (null: none chosen yet, the server uses the person's first). */
  chosenId: string | null;
  isPending: boolean;
  isError: boolean;
  /** True while the list is being read again (a workspace just made or joined may be missing from the cached one). */
  isFetching: boolean;
  /** True when the current role is at least `least`; false while unknown, so a gated control appears once allowed. */
  can: (least: Role) => boolean;
}

export function useCurrentWorkspace(): CurrentWorkspace {
  const { user } = useAuth();
  const list = useWorkspaces();
  const chosenId = useChosenWorkspaceId();
  const workspace = list.data ? pickWorkspace(list.data, chosenId, user?.sub) : undefined;
  const role = workspace?.role;
  const can = useCallback((least: Role) => (role ? roleAtLeast(role, least) : false), [role]);
  return { workspace, workspaces: list.data, chosenId, isPending: list.isPending, isError: list.isError, isFetching: list.isFetching, can };
}

const keepsAcrossWorkspaces = (query: Query) => query.queryKey[0] === workspaceListKeys.all[0];

/**
 * Makes `workspaceId` the current workspace. Every cached answer but the workspace list belonged to
 * the workspace left, so it is dropped (in-flight requests cancelled, so a late answer of the old
 * workspace cannot land) and what is on screen reloads in the new one.
 */
export function useResetToWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    (workspaceId: string) => {
      chooseWorkspace(workspaceId);
      const filters = { predicate: (query: Query) => !keepsAcrossWorkspaces(query) };
      // Both start now (neither waits on the other): by the next render no old answer is left to show.
      void queryClient.cancelQueries(filters);
      void queryClient.resetQueries(filters);
    },
    [queryClient],
  );
}

/** Switching from the top bar (or after accepting an invitation): a fresh cache, and the Home page of that workspace. */
export function useSwitchWorkspace() {
  const reset = useResetToWorkspace();
  const navigate = useNavigate();
  return useCallback(
    (workspaceId: string) => {
      reset(workspaceId);
      void navigate(paths.app.root.getHref());
    },
    [reset, navigate],
  );
}
