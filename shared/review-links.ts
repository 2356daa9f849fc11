import * as z from 'zod';
import { PLATFORMS } from './platforms';
import { text } from './text';
import { CLIENT_DECISIONS } from './review-link-rules';

/**
 * Client review links (docs/review-links.md): an Editor sends a client a link that shows, without an
 * account, that client's upcoming posts as the networks will show them; the client approves each or
 * asks for changes with a comment. Nothing else of the workspace is reachable from it.
 */
export { CLIENT_DECISIONS, CLIENT_REVIEW_LABELS, type ClientDecision } from './review-link-rules';
export const REVIEW_LINK_DEFAULT_DAYS = 7;
export const REVIEW_LINK_MAX_DAYS = 30;
/** At most this many upcoming posts are shown, soonest first. */
export const REVIEW_LINK_MAX_POSTS = 100;
export const CLIENT_COMMENT_MAX = 1000;

const Ulid = (message: string) => z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message });

export const REVIEW_LINK_MSG = {
  /** One answer for an unknown, a revoked and an expired link: the page must not tell them apart. */
  unusable: 'This review link is not valid any more. Ask the agency that sent it for a new one.',
  invalid: 'This review link is not valid.',
  alreadyRevoked: 'This link was already revoked.',
  expiryRange: `A link works for 1 to ${REVIEW_LINK_MAX_DAYS} days.`,
  postGone: 'This post is no longer waiting for your review. Reload the page to see what is.',
  changed: 'This post was changed meanwhile. Reload the page to see the new version.',
  commentRequired: 'Say what should change.',
  commentTooLong: `A comment is at most ${CLIENT_COMMENT_MAX} characters.`,
} as const;

/** A review link's token as the URL carries it: 32 random bytes, base64url (43 characters). */
export const ReviewLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, REVIEW_LINK_MSG.invalid);

export const ReviewLinkParamsSchema = z.object({ id: Ulid('Client not found'), linkId: Ulid('Review link not found') });

/** POST /api/clients/{id}/review-links: how long it works (7 days when left out). */
export const CreateReviewLinkBodySchema = z
  .object({
    expires_in_days: z
      .number({ message: REVIEW_LINK_MSG.expiryRange })
      .int(REVIEW_LINK_MSG.expiryRange)
      .min(1, REVIEW_LINK_MSG.expiryRange)
      .max(REVIEW_LINK_MAX_DAYS, REVIEW_LINK_MSG.expiryRange)
      .optional(),
  })
  .strict();
export type CreateReviewLinkBody = z.input<typeof CreateReviewLinkBodySchema>;

/** A link as the agency sees it in the list (never its token: only its hash is stored). */
export const ReviewLinkSchema = z.object({ id: z.string(), client_id: z.string(), created_at: z.string(), expires_at: z.string() });
export type ReviewLink = z.infer<typeof ReviewLinkSchema>;

/** The creation answer: the one time the URL (and so the token) is shown. */
export const CreatedReviewLinkSchema = ReviewLinkSchema.extend({ url: z.url() });
export type CreatedReviewLink = z.infer<typeof CreatedReviewLinkSchema>;

export const ReviewLinkListSchema = z.object({ items: z.array(ReviewLinkSchema) });
export type ReviewLinkList = z.infer<typeof ReviewLinkListSchema>;

// ---------------------------------------------------------------------------------------------
// The public side

/** A client's decision as the app shows it on the post. `current`: made on the post as it is now (not edited since). */
export const ClientReviewSchema = z.object({
  decision: z.enum(CLIENT_DECISIONS),
  comment: z.string().nullable(),
  at: z.iso.datetime(),
  client_name: z.string(),
  current: z.boolean(),
});
export type ClientReview = z.infer<typeof ClientReviewSchema>;

/** GET /api/review-links/posts?token=. */
export const ReviewPostsQuerySchema = z.object({ token: ReviewLinkTokenSchema });

/** One post as the client sees it: only what the previews draw, its time, and the client's own decision on this version. */
export const ReviewPostSchema = z.object({
  id: z.string(),
  version: z.number().int().positive(),
  status: z.enum(['pending_approval', 'scheduled']),
  scheduled_at: z.iso.datetime(),
  title: z.string().nullable(),
  media: z.array(
    z.object({
      url: z.string(),
      kind: z.enum(['image', 'video']),
      width: z.number().int().positive().nullable(),
      height: z.number().int().positive().nullable(),
    }),
  ),
  targets: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      account_name: z.string(),
      caption: z.string(),
      first_comment: z.string().nullable(),
      thread: z.array(z.string()),
      tiktok_photo_title: z.string().nullable(),
    }),
  ),
  /** The client's decision on the post as it is now; null when there is none, or the post changed since. */
  decision: z.object({ decision: z.enum(CLIENT_DECISIONS), comment: z.string().nullable(), at: z.iso.datetime() }).nullable(),
});
export type ReviewPost = z.infer<typeof ReviewPostSchema>;

export const ReviewPageSchema = z.object({
  workspace_name: z.string(),
  client_name: z.string(),
  expires_at: z.string(),
  posts: z.array(ReviewPostSchema),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** POST /api/review-links/decisions: the client's answer on one post, for the version they saw. */
export const ReviewDecisionBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ token: ReviewLinkTokenSchema, post_id: Ulid('Post not found'), version: z.number().int().positive(), decision: z.literal('approved') }).strict(),
    z
      .object({
        token: ReviewLinkTokenSchema,
        post_id: Ulid('Post not found'),
        version: z.number().int().positive(),
        decision: z.literal('changes_requested'),
        comment: text({ message: REVIEW_LINK_MSG.commentRequired })
          .trim()
          .min(1, REVIEW_LINK_MSG.commentRequired)
          .max(CLIENT_COMMENT_MAX, REVIEW_LINK_MSG.commentTooLong),
      })
      .strict(),
  ],
  { message: 'Choose approve or request changes.' },
);
export type ReviewDecisionBody = z.input<typeof ReviewDecisionBodySchema>;
