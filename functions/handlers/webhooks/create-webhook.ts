import { CreateWebhookBodySchema, WebhookWithSecretSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { createWebhook } from '../../domain/webhooks';

/** POST /api/workspace/webhooks: a new endpoint, its signing secret answered this once. */
export const handler = httpHandler({ body: CreateWebhookBodySchema }, async ({ workspaceId, userId, role, body }) => ({
  statusCode: 201,
  body: WebhookWithSecretSchema.parse(await createWebhook({ workspaceId, userId, role }, body)),
}));
