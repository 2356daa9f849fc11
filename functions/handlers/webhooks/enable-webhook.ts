import { WebhookEndpointSchema, WebhookIdParamsSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { reenableWebhook } from '../../domain/webhooks';

/** POST /api/workspace/webhooks/{id}/enable: switches an endpoint back on, its failure count cleared. */
export const handler = httpHandler({ params: WebhookIdParamsSchema }, async ({ workspaceId, userId, role, params }) => ({
  statusCode: 200,
  body: WebhookEndpointSchema.parse(await reenableWebhook({ workspaceId, userId, role }, params.id)),
}));
