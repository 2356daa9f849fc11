import * as z from 'zod';
/** The stored outcome of a post's first comment and thread; the compose rules are in follow-up-rules.ts. */
export * from './follow-up-rules';

/** The first comment's outcome on a target. */
export const FirstCommentOutcomeSchema = z.object({
  status: z.enum(['posted', 'failed']),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type FirstCommentOutcome = z.infer<typeof FirstCommentOutcomeSchema>;

/** A thread's outcome: `posted` of `total` parts went out (part 1 is the post itself), in order, with their links. */
export const ThreadOutcomeSchema = z.object({
  total: z.number().int().positive(),
  posted: z.number().int().nonnegative(),
  urls: z.array(z.string()),
  /** 1-based; null while nothing failed. */
  failed_part: z.number().int().positive().nullable(),
  error: z.string().nullable(),
});
export type ThreadOutcome = z.infer<typeof ThreadOutcomeSchema>;

/** `post_platforms[].follow_ups`: written when the target settles. */
export const FollowUpsSchema = z.object({
  first_comment: FirstCommentOutcomeSchema.optional(),
  thread: ThreadOutcomeSchema.optional(),
});
export type FollowUps = z.infer<typeof FollowUpsSchema>;
