import { ImportRequestSchema, ImportResponseSchema } from '@shared/import';
import { importPosts } from '../../domain/bulk-import';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/posts/import: one chunk of CSV rows, each re-checked and written or refused on its own (docs/bulk-import.md). */
export const handler = httpHandler({ body: ImportRequestSchema }, async ({ workspaceId, body }) =>
  ok(ImportResponseSchema.parse(await importPosts(workspaceId, body))),
);
