/** Review links' durations, without their schemas (shared/review-links.ts builds those with zod and re-exports these), for the Clients page's first paint. */

export const REVIEW_LINK_DEFAULT_DAYS = 7;
export const REVIEW_LINK_MAX_DAYS = 30;
