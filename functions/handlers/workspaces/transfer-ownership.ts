import { MemberSchema, TransferOwnershipBodySchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { transferWorkspaceOwnership } from '../../domain/workspaces';

/** POST /api/workspace/transfer-ownership: the Owner makes another member the Owner and becomes an Admin. */
export const handler = httpHandler({ body: TransferOwnershipBodySchema }, async ({ workspaceId, userId, body }) =>
  ok(MemberSchema.parse(await transferWorkspaceOwnership(workspaceId, userId, body.user_id))),
);
