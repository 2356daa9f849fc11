import { IdParamsSchema } from '@shared/posts';
import { deleteMedia } from '../../domain/media';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/media/{id}: an unattached file of the user, the stored object first, then the row. */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) => {
  await deleteMedia(workspaceId, params.id);
  return noContent();
});
