import { WebhookIdParamsSchema, WebhookWithSecretSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { rotateWebhookSecret } from '../../domain/webhooks';

/** POST /api/workspace/webhooks/{id}/rotate-secret: a new secret, answered this once. */
export const handler = httpHandler({ params: WebhookIdParamsSchema }, async ({ workspaceId, userId, role, params }) => ({
  statusCode: 200,
  body: WebhookWithSecretSchema.parse(await rotateWebhookSecret({ workspaceId, userId, role }, params.id)),
}));
