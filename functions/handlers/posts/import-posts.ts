import { ImportRequestSchema, ImportResponseSchema } from '@shared/import';
import { assertSchedulesDirectly } from '../../domain/approvals';
import { importPosts } from '../../domain/bulk-import';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * POST /api/posts/import: one chunk of CSV rows, each re-checked and written or refused on its own (docs/bulk-import.md).
 * Imported rows are scheduled directly, so only for those whose posts need no approval (docs/approvals.md).
 */
export const handler = httpHandler({ body: ImportRequestSchema }, async ({ workspaceId, userId, role, body }) => {
  await assertSchedulesDirectly({ workspaceId, userId, role });
  return ok(ImportResponseSchema.parse(await importPosts(workspaceId, body)));
});
