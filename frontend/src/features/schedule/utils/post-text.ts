import type { Post } from '@shared/posts';

/** The first non-empty caption across the post's targets (spec §2 day panel). */
export function firstCaption(post: Post): string {
  return post.platforms.find((target) => target.caption.trim() !== '')?.caption ?? post.title ?? '(No caption)';
}
