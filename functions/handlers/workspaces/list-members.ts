import { MembersResponseSchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { membersOverview } from '../../domain/workspaces';

/** GET /api/workspace/members: members, pending invitations and seats of the workspace. */
export const handler = httpHandler({}, async ({ workspaceId, role }) => ok(MembersResponseSchema.parse(await membersOverview(workspaceId, role))));
