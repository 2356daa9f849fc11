import { IdParamsSchema } from '@shared/posts';
import { getPost } from '../../domain/posts';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/posts/{id}: one of the user's posts; anyone else's is a 404. */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) => ok(await getPost(workspaceId, params.id)));
