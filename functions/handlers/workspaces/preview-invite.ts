import { InvitePreviewQuerySchema, InvitePreviewSchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { previewInvite } from '../../domain/workspaces';

/** GET /api/invites/preview?token=: the workspace, e-mail and role an invitation link names (public). */
export const handler = httpHandler({ auth: 'public', query: InvitePreviewQuerySchema }, async ({ query }) =>
  ok(InvitePreviewSchema.parse(await previewInvite(query.token))),
);
