import { ReviewDecisionBodySchema, ReviewPostSchema } from '@shared/review-links';
import { httpHandler, ok } from '../../domain/http-api';
import { decideOnPost } from '../../domain/review-links';

const DecisionSchema = ReviewPostSchema.shape.decision.unwrap();

/** POST /api/review-links/decisions: a client's approval or request for changes on one post (public: the token is the key). */
export const handler = httpHandler({ auth: 'public', body: ReviewDecisionBodySchema }, async ({ body }) => ok(DecisionSchema.parse(await decideOnPost(body))));
