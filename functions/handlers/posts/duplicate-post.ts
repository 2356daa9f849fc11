import { DuplicatePostResponseSchema, IdParamsSchema } from '@shared/posts';
import { duplicatePost } from '../../domain/posts';
import { httpHandler } from '../../domain/http-api';

/** POST /api/posts/{id}/duplicate: a new draft copied from any post, with its own media files. */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) => {
  return { statusCode: 201, body: DuplicatePostResponseSchema.parse(await duplicatePost(workspaceId, params.id)) };
});
