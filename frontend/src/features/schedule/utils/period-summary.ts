import type { Post } from '@shared/posts';

export interface PeriodSummary {
  posts: number;
  images: number;
  videos: number;
  platforms: number;
}

/** Media items by type across the period's posts, and the distinct platforms their targets go to. */
export function summarizePeriod(posts: readonly Post[]): PeriodSummary {
  let images = 0;
  let videos = 0;
  const platforms = new Set<string>();
  for (const post of posts) {
    for (const item of post.media) {
      if (item.file_type.startsWith('image/')) images += 1;
      else if (item.file_type.startsWith('video/')) videos += 1;
    }
    for (const target of post.platforms) platforms.add(target.platform);
  }
  return { posts: posts.length, images, videos, platforms: platforms.size };
}

/** Word for word as docs/product-rules.md#schedule-calendar has it (the plural nouns too, kept even for 1). */
export function summaryText({ posts, images, videos, platforms }: PeriodSummary): string {
  return `This period: ${posts} posts — ${images} images, ${videos} videos across ${platforms} platforms`;
}
