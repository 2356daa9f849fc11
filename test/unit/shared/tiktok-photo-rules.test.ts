import { describe, expect, it } from 'vitest';
import { CreatePostSchema } from '@shared/compose';
import {
  mediaRuleProblem,
  TIKTOK_COVER_MESSAGE,
  TIKTOK_MIXED_MESSAGE,
  TIKTOK_NEEDS_MEDIA_MESSAGE,
  TIKTOK_NEEDS_VIDEO_MESSAGE,
  TIKTOK_ONE_FILE_MESSAGE,
  TIKTOK_PHOTO_COUNT_MESSAGE,
  type MediaFacts,
} from '@shared/media-rules';
import { TIKTOK_MSG, tiktokSettingsProblems } from '@shared/tiktok';

/**
 * TikTok photo posts at compose time (docs/tiktok.md#photo-posts), with the limits of the Photo reference
 * (https://developers.tiktok.com/doc/content-posting-api-reference-photo-post): 1–35 JPEG/WebP photos of
 * up to 20 MB, a cover among them, a title of up to 90 characters. With the deployment's photo posts off,
 * the rules and messages are today's.
 */
const photo = (name: string, type = 'image/jpeg', size: number | null = 500_000): MediaFacts => ({ file_name: name, file_type: type, file_size: size });
const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(`p${i + 1}.jpg`));
const clip: MediaFacts = { file_name: 'clip.mp4', file_type: 'video/mp4', width: 1080, height: 1920, duration_seconds: 20 };
const on = { tiktokPhotos: true } as const;

describe('TikTok photo posts on', () => {
  it('takes 1 to 35 JPEG or WebP photos, and still one video alone', () => {
    expect(mediaRuleProblem('tiktok', photos(1), on)).toBeNull();
    expect(mediaRuleProblem('tiktok', [...photos(34), photo('last.webp', 'image/webp')], on)).toBeNull();
    expect(mediaRuleProblem('tiktok', [clip], on)).toBeNull();
  });

  it('refuses no media, 36 photos, photos beside a video, and says which rule', () => {
    expect(mediaRuleProblem('tiktok', [], on)).toBe(TIKTOK_NEEDS_MEDIA_MESSAGE);
    expect(mediaRuleProblem('tiktok', photos(36), on)).toBe(TIKTOK_PHOTO_COUNT_MESSAGE);
    expect(mediaRuleProblem('tiktok', [photo('a.jpg'), clip], on)).toBe(TIKTOK_MIXED_MESSAGE);
    expect(TIKTOK_NEEDS_MEDIA_MESSAGE).toBe('TikTok needs one video or 1 to 35 photos to post.');
  });

  it('names the file TikTok would not take: a PNG or GIF, or a photo over 20 MB', () => {
    expect(mediaRuleProblem('tiktok', [photo('a.jpg'), photo('logo.png', 'image/png')], on)).toBe(
      'TikTok photo posts take JPEG or WebP photos; logo.png is PNG.',
    );
    expect(mediaRuleProblem('tiktok', [photo('anim.gif', 'image/gif')], on)).toBe('TikTok photo posts take JPEG or WebP photos; anim.gif is GIF.');
    expect(mediaRuleProblem('tiktok', [photo('big.jpg', 'image/jpeg', 21 * 1024 * 1024)], on)).toBe('TikTok takes photos of up to 20 MB; big.jpg is 21.0 MB.');
    expect(mediaRuleProblem('tiktok', [photo('ok.jpg', 'image/jpeg', 20 * 1024 * 1024)], on)).toBeNull();
  });

  it('refuses a cover that is not one of the photos', () => {
    expect(mediaRuleProblem('tiktok', photos(3), { ...on, tiktokCoverIndex: 2 })).toBeNull();
    expect(mediaRuleProblem('tiktok', photos(3), { ...on, tiktokCoverIndex: 3 })).toBe(TIKTOK_COVER_MESSAGE);
  });
});

describe('TikTok photo posts off (the default)', () => {
  it("keeps today's rules and messages", () => {
    expect(mediaRuleProblem('tiktok', [])).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('tiktok', photos(3))).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('tiktok', [clip, photo('a.jpg')])).toBe(TIKTOK_ONE_FILE_MESSAGE);
    expect(mediaRuleProblem('tiktok', photos(3), { tiktokPhotos: false })).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
  });
});

describe('the photo title', () => {
  const base = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true } as const;

  it('takes up to 90 characters and refuses more with the count, drafts included', () => {
    expect(tiktokSettingsProblems({ ...base, tiktok_photo_title: 'é'.repeat(90) })).toEqual([]);
    expect(tiktokSettingsProblems({ ...base, tiktok_photo_title: 'x'.repeat(91) })).toEqual([
      { field: 'tiktok_photo_title', message: TIKTOK_MSG.photoTitleTooLong(91) },
    ]);
    expect(tiktokSettingsProblems({ tiktok_draft: true, tiktok_photo_title: 'x'.repeat(95) })).toHaveLength(1);
  });

  it('is checked by the API schema, and a cover index outside 0–34 is refused', () => {
    const post = (settings: object) =>
      CreatePostSchema.safeParse({ platforms: [{ platform: 'tiktok', social_account_id: 'a1', caption: 'Bake', settings: { ...base, ...settings } }] });
    expect(post({ tiktok_photo_title: 'Loaves', tiktok_photo_cover_index: 0 }).success).toBe(true);
    expect(post({ tiktok_photo_title: 'x'.repeat(91) }).error?.issues[0]?.message).toBe(TIKTOK_MSG.photoTitleTooLong(91));
    expect(post({ tiktok_photo_cover_index: 35 }).success).toBe(false);
  });
});
