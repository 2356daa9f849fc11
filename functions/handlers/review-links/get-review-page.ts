import { ReviewPageSchema, ReviewPostsQuerySchema } from '@shared/review-links';
import { httpHandler, ok } from '../../domain/http-api';
import { reviewPage } from '../../domain/review-links';

/** GET /api/review-links/posts?token=: what the public review page shows (public: the token is the key). */
export const handler = httpHandler({ auth: 'public', query: ReviewPostsQuerySchema }, async ({ query }) =>
  ok(ReviewPageSchema.parse(await reviewPage(query.token))),
);
