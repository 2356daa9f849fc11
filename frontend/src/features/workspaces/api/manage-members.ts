import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InviteSchema, MemberSchema, WorkspaceSummarySchema, type InvitableRoleSchema } from '@shared/workspaces';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { workspaceListKeys } from '@/lib/api/workspaces';
import { memberKeys } from './members';

type InvitableRole = z.infer<typeof InvitableRoleSchema>;

export const inviteMember = (body: { email: string; role: InvitableRole }) => api('/workspace/invites', { method: 'POST', body, schema: InviteSchema });
export const revokeInvite = (id: string) => api(`/workspace/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const changeRole = ({ userId, role }: { userId: string; role: InvitableRole }) =>
  api(`/workspace/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role }, schema: MemberSchema });
/** Removes a member (an Admin's call), or, for the caller's own row, leaves the workspace. */
export const removeMember = ({ userId, self }: { userId: string; self: boolean }) =>
  self ? api('/workspace/leave', { method: 'POST' }) : api(`/workspace/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
export const transferOwnership = (userId: string) => api('/workspace/transfer-ownership', { method: 'POST', body: { user_id: userId }, schema: MemberSchema });
/** Deletes the current workspace with everything in it; the typed name confirms it (the server checks it again). */
export const deleteWorkspace = (confirmName: string) => api('/workspace', { method: 'DELETE', body: { confirm_name: confirmName } });
export const renameWorkspace = (name: string) => api('/workspace', { method: 'PATCH', body: { name }, schema: WorkspaceSummarySchema });

/**
 * A write on the members page: the page shows each outcome where it happened (next to the form, in
 * the dialog), so the hook only keeps the members list true whichever way the write went.
 */
function useMembersMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>, alsoInvalidates?: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      if (alsoInvalidates) await queryClient.invalidateQueries({ queryKey: alsoInvalidates });
    },
  });
}

export const useInviteMember = () => useMembersMutation(inviteMember);
export const useRevokeInvite = () => useMembersMutation(revokeInvite);
export const useChangeRole = () => useMembersMutation(changeRole);
/** Leaving takes the workspace off the person's own list. */
export const useRemoveMember = () => useMembersMutation(removeMember, workspaceListKeys.all);
/** The switcher shows the name too. */
export const useRenameWorkspace = () => useMembersMutation(renameWorkspace, workspaceListKeys.all);
/** The caller's role changes (Owner to Admin): the switcher's copy of it too. */
export const useTransferOwnership = () => useMembersMutation(transferOwnership, workspaceListKeys.all);
/** The page switches to another workspace afterwards; the list is read again first so the deleted one is gone from it. */
export function useDeleteWorkspace() {
  return useMutation({ mutationFn: deleteWorkspace });
}
