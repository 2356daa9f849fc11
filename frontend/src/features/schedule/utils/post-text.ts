import type { Post } from '@shared/posts';

/** The first non-empty caption across the post's targets (docs/product-rules.md#schedule-calendar, the day panel). */
export function firstCaption(post: Post): string {
  return post.platforms.find((target) => target.caption.trim() !== '')?.caption ?? post.title ?? '(No caption)';
}
