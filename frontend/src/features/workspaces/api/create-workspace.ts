import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkspaceSummarySchema, type WorkspaceSummary } from '@shared/workspaces';
import { api } from '@/lib/api-client';
import { workspaceListKeys } from '@/lib/api/workspaces';

export function createWorkspace(name: string): Promise<WorkspaceSummary> {
  return api('/workspaces', { method: 'POST', body: { name }, schema: WorkspaceSummarySchema });
}

/** A new workspace with the caller as its Owner; the list is read again so the switcher shows it. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceListKeys.all }),
  });
}
