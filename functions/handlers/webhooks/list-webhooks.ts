import { WebhookEndpointListSchema } from '@shared/webhooks';
import { httpHandler } from '../../domain/http-api';
import { listWorkspaceWebhooks } from '../../domain/webhooks';

/** GET /api/workspace/webhooks: the workspace's endpoints (never their secrets). */
export const handler = httpHandler({}, async ({ workspaceId, userId, role }) => ({
  statusCode: 200,
  body: WebhookEndpointListSchema.parse({ items: await listWorkspaceWebhooks({ workspaceId, userId, role }) }),
}));
