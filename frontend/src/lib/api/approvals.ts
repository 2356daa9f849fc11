import { needsApproval } from '@shared/approval-rules';
import type { WorkspaceSettings } from '@shared/approvals';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';
import { useCurrentWorkspace } from './workspaces';

/**
 * The workspace's settings ("Posts need approval", docs/approvals.md) and whether what the current
 * person schedules waits for approval: Compose and the post cards read this; the members page changes it.
 */
export const workspaceSettingsKeys = {
  all: ['workspace-settings'] as const,
};

const settings = apiQuery(
  '/workspace/settings',
  () => import('@shared/approvals').then((m) => m.WorkspaceSettingsSchema),
  () => workspaceSettingsKeys.all,
);
export const useWorkspaceSettings = settings.useQuery;

export function updateWorkspaceSettings(body: WorkspaceSettings): Promise<WorkspaceSettings> {
  return api('/workspace/settings', { method: 'PATCH', body, schema: () => import('@shared/approvals').then((m) => m.WorkspaceSettingsSchema) });
}

/**
 * Whether a time on a post this person writes sends it for approval: a Contributor's always does,
 * an Editor's when the workspace setting is on, an Admin's or Owner's never. While the setting is
 * still loading an Editor is told it will ask, so the button never promises a schedule the server
 * will not make.
 */
export function useNeedsApproval(): boolean {
  const { workspace } = useCurrentWorkspace();
  const settings = useWorkspaceSettings();
  if (!workspace) return false;
  return needsApproval(workspace.role, settings.data?.posts_need_approval ?? true);
}
