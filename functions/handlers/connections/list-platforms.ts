import { PlatformsResponseSchema } from '@shared/entitlements';
import { platformAvailability } from '../../domain/connections';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/platforms: which platforms this deployment offers and which the user's plan includes. */
export const handler = httpHandler({}, async ({ workspaceId }) => ok(PlatformsResponseSchema.parse(await platformAvailability(workspaceId))));
