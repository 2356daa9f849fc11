import { CreateWorkspaceBodySchema, WorkspaceSummarySchema } from '@shared/workspaces';
import { httpHandler } from '../../domain/http-api';
import { createNewWorkspace } from '../../domain/workspaces';

/** POST /api/workspaces: a new workspace with the caller as its Owner. */
export const handler = httpHandler({ body: CreateWorkspaceBodySchema }, async ({ userId, body }) => ({
  statusCode: 201,
  body: WorkspaceSummarySchema.parse(await createNewWorkspace(userId, body.name)),
}));
