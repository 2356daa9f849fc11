import { ChangeRoleBodySchema, MemberIdParamsSchema, MemberSchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { changeMemberRole } from '../../domain/workspaces';

/** PATCH /api/workspace/members/{userId}: another role for a member (not the Owner). */
export const handler = httpHandler({ params: MemberIdParamsSchema, body: ChangeRoleBodySchema }, async ({ workspaceId, params, body }) =>
  ok(MemberSchema.parse(await changeMemberRole(workspaceId, params.userId, body.role))),
);
