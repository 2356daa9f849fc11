import { AcceptInviteBodySchema, WorkspaceSummarySchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { acceptInvite } from '../../domain/workspaces';

/** POST /api/invites/accept: the signed-in invitee joins the workspace. */
export const handler = httpHandler({ body: AcceptInviteBodySchema }, async ({ userId, body }) =>
  ok({ workspace: WorkspaceSummarySchema.parse(await acceptInvite(userId, body.token)) }),
);
