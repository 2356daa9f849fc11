import { ClientIdParamsSchema } from '@shared/clients';
import { CreateReviewLinkBodySchema, CreatedReviewLinkSchema } from '@shared/review-links';
import { createReviewLink } from '../../domain/review-links';
import { httpHandler } from '../../domain/http-api';

/** POST /api/clients/{id}/review-links: a link the client opens to review their upcoming posts (its URL is shown this once). */
export const handler = httpHandler({ params: ClientIdParamsSchema, body: CreateReviewLinkBodySchema }, async ({ workspaceId, userId, params, body }) => ({
  statusCode: 201,
  body: CreatedReviewLinkSchema.parse(await createReviewLink({ workspaceId, userId }, params.id, body)),
}));
