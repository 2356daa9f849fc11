/**
 * Compose reads only TikTok's creator_info, Pinterest's boards and the best posting times of its own; it writes posts and media. After a post is created these keys are
 * invalidated: every post query in the app starts with 'posts' and the usage meter reads 'usage'.
 */
export const composeKeys = {
  posts: ['posts'] as const,
  usage: ['usage'] as const,
  createPost: ['compose', 'create-post'] as const,
  publishNow: ['compose', 'publish-now'] as const,
  deleteMedia: ['compose', 'delete-media'] as const,
  /** What TikTok lets this creator post right now (read when the TikTok panel opens). */
  tiktokCreatorInfo: (accountId: string) => ['compose', 'tiktok-creator-info', accountId] as const,
  /** The Pinterest account's boards (read when the Pinterest panel opens). */
  pinterestBoards: (accountId: string) => ['compose', 'pinterest-boards', accountId] as const,
  /** The user's best posting times (Analytics, Pro). */
  bestTimes: () => ['compose', 'best-times'] as const,
};
