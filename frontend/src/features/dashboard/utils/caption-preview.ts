import type { Post } from '@shared/posts';
import { UI } from '@shared/ui';

/** The first caption cut to 60 characters with an ellipsis (docs/product-rules.md#constants), or '(No caption)'. */
export function captionPreview(post: Post): string {
  const caption = post.platforms.find((t) => t.caption.trim())?.caption.trim() ?? '';
  if (!caption) return '(No caption)';
  const chars = [...caption];
  return chars.length > UI.captionPreviewChars ? `${chars.slice(0, UI.captionPreviewChars).join('')}…` : caption;
}
