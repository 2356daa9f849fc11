import { ClientIdParamsSchema } from '@shared/clients';
import { ReviewLinkListSchema } from '@shared/review-links';
import { activeReviewLinks } from '../../domain/review-links';
import { httpHandler, ok } from '../../domain/http-api';

/** GET /api/clients/{id}/review-links: the client's working review links, without their tokens. */
export const handler = httpHandler({ params: ClientIdParamsSchema }, async ({ workspaceId, params }) =>
  ok(ReviewLinkListSchema.parse({ items: await activeReviewLinks(workspaceId, params.id) })),
);
