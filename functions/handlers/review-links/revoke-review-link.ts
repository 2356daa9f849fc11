import { ReviewLinkParamsSchema } from '@shared/review-links';
import { revokeReviewLink } from '../../domain/review-links';
import { httpHandler, noContent } from '../../domain/http-api';

/** DELETE /api/clients/{id}/review-links/{linkId}: the link stops working at once. */
export const handler = httpHandler({ params: ReviewLinkParamsSchema }, async ({ workspaceId, params }) => {
  await revokeReviewLink(workspaceId, params.id, params.linkId);
  return noContent();
});
