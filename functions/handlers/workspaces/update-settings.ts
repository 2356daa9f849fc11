import { UpdateWorkspaceSettingsBodySchema, WorkspaceSettingsSchema } from '@shared/approvals';
import { updateWorkspaceSettings } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** PATCH /api/workspace/settings: an Admin or the Owner turns "Posts need approval" on or off. */
export const handler = httpHandler({ body: UpdateWorkspaceSettingsBodySchema }, async ({ workspaceId, body }) =>
  ok(WorkspaceSettingsSchema.parse(await updateWorkspaceSettings(workspaceId, body))),
);
