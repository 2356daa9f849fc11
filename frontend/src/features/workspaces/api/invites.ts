import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { InvitePreviewSchema, InviteTokenSchema, WorkspaceSummarySchema, type InvitePreview } from '@shared/workspaces';
import { api } from '@/lib/api-client';

const AcceptedSchema = z.object({ workspace: WorkspaceSummarySchema });

/** What the invitation page shows before anyone signs in (public). */
export function previewInvite(token: string): Promise<InvitePreview> {
  return api(`/invites/preview?token=${encodeURIComponent(token)}`, { auth: false, schema: InvitePreviewSchema });
}

export function useInvitePreview(token: string) {
  // A malformed token is not worth a request: the page says the link is not valid.
  const valid = InviteTokenSchema.safeParse(token).success;
  return useQuery({ queryKey: ['invite-preview', token], queryFn: () => previewInvite(token), enabled: valid, retry: false });
}

export function acceptInvite(token: string) {
  return api('/invites/accept', { method: 'POST', body: { token }, schema: AcceptedSchema });
}

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
