import { CreateInviteBodySchema, InviteSchema } from '@shared/workspaces';
import { httpHandler } from '../../domain/http-api';
import { inviteMember } from '../../domain/workspaces';
import { defaultDeps } from '../../lib/clock';
import { sendMail } from '../../lib/mail';

/** POST /api/workspace/invites: takes a seat, stores the invitation and e-mails its link. */
export const handler = httpHandler({ body: CreateInviteBodySchema }, async ({ workspaceId, userId, body }) => ({
  statusCode: 201,
  body: InviteSchema.parse(await inviteMember(workspaceId, userId, body, { ...defaultDeps, sendMail })),
}));
