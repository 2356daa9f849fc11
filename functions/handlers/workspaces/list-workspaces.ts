import { WorkspaceListSchema } from '@shared/workspaces';
import { httpHandler, ok } from '../../domain/http-api';
import { workspacesOf } from '../../domain/workspaces';

/** GET /api/workspaces: the workspaces the signed-in person belongs to, by name, with their role in each. */
export const handler = httpHandler({}, async ({ userId }) => ok(WorkspaceListSchema.parse({ items: await workspacesOf(userId) })));
