/**
 * A client's decisions on a review link (docs/review-links.md) as the Posts cards show them. Apart from
 * shared/review-links.ts (which re-exports them) because that module builds zod schemas when it loads.
 */
export const CLIENT_DECISIONS = ['approved', 'changes_requested'] as const;
export type ClientDecision = (typeof CLIENT_DECISIONS)[number];

export const CLIENT_REVIEW_LABELS: Record<ClientDecision, string> = {
  approved: 'Client approved',
  changes_requested: 'Client requested changes',
};
