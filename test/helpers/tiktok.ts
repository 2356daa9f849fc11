import type { TikTokCreatorInfo } from '@shared/tiktok';

/** What `creator_info/query` says of a creator (GET /api/accounts/{id}/tiktok-creator-info): Ada, who may post publicly or privately, with every interaction on. */
export function aCreatorInfo(overrides: Partial<TikTokCreatorInfo> = {}): TikTokCreatorInfo {
  return {
    creator_nickname: 'Ada Bakes',
    creator_username: 'adabakes',
    creator_avatar_url: null,
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
    ...overrides,
  };
}
