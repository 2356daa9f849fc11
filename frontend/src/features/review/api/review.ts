import { useMutation, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { ReviewLinkTokenSchema, ReviewPageSchema, ReviewPostSchema, type ReviewDecisionBody, type ReviewPage } from '@shared/review-links';
import { api } from '@/lib/api-client';

/** What the public review page shows: whose workspace, which client, and the client's upcoming posts (no sign-in). */
export function getReviewPage(token: string): Promise<ReviewPage> {
  return api(`/review-links/posts?token=${encodeURIComponent(token)}`, { auth: false, schema: ReviewPageSchema });
}

export const reviewPageKey = (token: string) => ['review-page', token] as const;

export function useReviewPage(token: string) {
  // A malformed token is not worth a request: the page says the link is not valid.
  const valid = ReviewLinkTokenSchema.safeParse(token).success;
  return useQuery({ queryKey: reviewPageKey(token), queryFn: () => getReviewPage(token), enabled: valid, retry: false });
}

const DecisionSchema = ReviewPostSchema.shape.decision.unwrap();
export type Decision = z.infer<typeof DecisionSchema>;

export function sendDecision(body: ReviewDecisionBody): Promise<Decision> {
  return api('/review-links/decisions', { method: 'POST', auth: false, body, schema: DecisionSchema });
}

/** One post's decision; the page shows the answer inline on the post. */
export function useSendDecision() {
  return useMutation({ mutationFn: sendDecision });
}
