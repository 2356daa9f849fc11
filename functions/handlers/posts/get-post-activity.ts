import { ActivityListSchema } from '@shared/approvals';
import { IdParamsSchema } from '@shared/posts';
import { postActivity } from '../../domain/approvals';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/posts/{id}/activity: who did what to the post, and when, oldest first (docs/approvals.md#history). */
export const handler = httpHandler({ params: IdParamsSchema }, async ({ workspaceId, params }) =>
  ok(ActivityListSchema.parse({ items: await postActivity(workspaceId, params.id) })),
);
