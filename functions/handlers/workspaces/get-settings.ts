import { WorkspaceSettingsSchema } from '@shared/approvals';
import { workspaceSettings } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/workspace/settings: the workspace's own settings ("Posts need approval"), for every member. */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(WorkspaceSettingsSchema.parse(await workspaceSettings(workspaceId))));
