import type { ClientReview } from '@shared/review-links';
import type { PostRecord, StoredClientReview } from '../data/posts';
import { sha256Hex } from '../lib/bearer-tokens';

/**
 * What a client's decision through a review link applies to (docs/review-links.md#versions): the
 * post's content and time as the client saw them. Anything the client sees (title, each target's
 * account, caption and settings, the files, the time) is in the fingerprint; statuses and versions
 * are not, so an Editor approving the post (which bumps its version) leaves the client's decision standing,
 * while an edit of what the client saw makes the post need the client's review again.
 */
export function reviewFingerprint(post: Pick<PostRecord, 'title' | 'scheduled_at' | 'youtube_type' | 'media' | 'platforms'>): string {
  return sha256Hex(
    JSON.stringify([
      post.title,
      post.scheduled_at,
      post.youtube_type,
      post.media.map((m) => m.id),
      post.platforms.map((t) => [t.platform, t.social_account_id, t.caption, t.settings]),
    ]),
  );
}

/** Whether the decision was made on the post as it is now. */
export const isCurrentReview = (post: PostRecord, review: StoredClientReview): boolean => review.fingerprint === reviewFingerprint(post);

/** The decision as the app shows it on the post. */
export function clientReviewView(post: PostRecord): ClientReview | null {
  const review = post.client_review;
  if (!review) return null;
  return { decision: review.decision, comment: review.comment, at: review.at, client_name: review.client_name, current: isCurrentReview(post, review) };
}
