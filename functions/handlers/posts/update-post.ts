import { PostWithLimitWarningsSchema } from '@shared/platform-limits';
import { IdParamsSchema } from '@shared/posts';
import { UpdatePostBodySchema } from '@shared/post-bodies';
import { afterPostWrite, approvalOf, statusBefore } from '../../domain/approvals';
import { withLimitWarnings } from '../../domain/platform-limits';
import { updatePost } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/**
 * PATCH /api/posts/{id}: the Edit Post dialog (the whole post, or older clients' time and captions); limit warnings as on create.
 * Someone whose posts need approval edits drafts and waiting posts only, and a time makes it wait (docs/approvals.md).
 */
export const handler = httpHandler({ params: IdParamsSchema, body: UpdatePostBodySchema }, async ({ workspaceId, userId, role, params, body }) => {
  const actor = { workspaceId, userId, role };
  const [before, approval] = await Promise.all([statusBefore(workspaceId, params.id), approvalOf(actor)]);
  const post = await updatePost(workspaceId, params.id, body, undefined, approval);
  await afterPostWrite(actor, before, post);
  return ok(PostWithLimitWarningsSchema.parse(await withLimitWarnings(workspaceId, post)));
});
