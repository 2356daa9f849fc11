import { LimitCheckBodySchema, LimitCheckResponseSchema } from '@shared/platform-limits';
import { limitWarnings } from '../../domain/platform-limits';
import { httpHandler, ok } from '../../domain/http-api';

/** POST /api/posts/limit-check: would scheduling these accounts at this time exceed a platform's cap? Writes nothing. */
export const handler = httpHandler({ body: LimitCheckBodySchema }, async ({ workspaceId, body }) =>
  ok(LimitCheckResponseSchema.parse({ warnings: await limitWarnings(workspaceId, body) })),
);
