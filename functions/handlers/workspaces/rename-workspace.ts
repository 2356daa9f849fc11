import { RenameWorkspaceBodySchema, WorkspaceSummarySchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { renameCurrentWorkspace } from '../../domain/workspaces';

/** PATCH /api/workspace: renames the workspace the request acts in. */
export const handler = httpHandler({ body: RenameWorkspaceBodySchema }, async ({ workspaceId, role, body }) =>
  ok(WorkspaceSummarySchema.parse(await renameCurrentWorkspace(workspaceId, role, body.name))),
);
