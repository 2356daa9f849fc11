import { WebhookDeliveryListSchema, WebhookIdParamsSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { listWebhookDeliveries } from '../../domain/webhooks';

/** GET /api/workspace/webhooks/{id}/deliveries: the endpoint's latest deliveries and their attempts. */
export const handler = httpHandler({ params: WebhookIdParamsSchema }, async ({ workspaceId, userId, role, params }) => ({
  statusCode: 200,
  body: WebhookDeliveryListSchema.parse({ items: await listWebhookDeliveries({ workspaceId, userId, role }, params.id) }),
}));
