import { WebhookIdParamsSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { sendTestEvent } from '../../domain/webhooks';

/** POST /api/workspace/webhooks/{id}/test: queues a `webhook.test` event to this endpoint. */
export const handler = httpHandler({ params: WebhookIdParamsSchema }, async ({ workspaceId, userId, role, params }) => ({
  statusCode: 202,
  body: await sendTestEvent({ workspaceId, userId, role }, params.id),
}));
