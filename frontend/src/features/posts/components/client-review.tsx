import { Badge, Text } from '@chakra-ui/react';
import type { Post } from '@shared/posts';
import { CLIENT_REVIEW_LABELS } from '@shared/review-link-rules';

/**
 * The client's decision through a review link (docs/review-links.md). It applies to the post as the
 * client saw it: once the post is edited, the badge says the client has not seen this version.
 */
export function ClientReviewBadge({ review }: { review: Post['client_review'] }) {
  if (!review) return null;
  if (!review.current)
    return (
      <Badge colorPalette="gray" variant="subtle" data-testid="client-review" title={`${review.client_name} decided on an earlier version`}>
        Client review needed again
      </Badge>
    );
  return (
    <Badge
      colorPalette={review.decision === 'approved' ? 'green' : 'orange'}
      variant="subtle"
      data-testid="client-review"
      title={`${review.client_name} (client)`}
    >
      {CLIENT_REVIEW_LABELS[review.decision]}
    </Badge>
  );
}

/** The client's comment, unless the post already shows it as the comment it was sent back with. */
export function ClientReviewComment({ post }: { post: Post }) {
  const review = post.client_review;
  if (!review?.current || !review.comment) return null;
  if (post.status === 'draft' && post.review_comment === review.comment) return null;
  return (
    <Text textStyle="sm" color="fg.muted" whiteSpace="pre-line" data-testid="client-review-comment">
      {review.client_name} (client): “{review.comment}”
    </Text>
  );
}
