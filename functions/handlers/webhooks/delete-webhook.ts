import { WebhookIdParamsSchema } from '@shared/webhooks';
import { httpHandler, noContent } from '../../domain/http-api';
import { removeWebhook } from '../../domain/webhooks';

/** DELETE /api/workspace/webhooks/{id}: nothing more is sent to it. */
export const handler = httpHandler({ params: WebhookIdParamsSchema }, async ({ workspaceId, userId, role, params }) => {
  await removeWebhook({ workspaceId, userId, role }, params.id);
  return noContent();
});
