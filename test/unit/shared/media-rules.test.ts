import { describe, expect, it } from 'vitest';
import { INSTAGRAM_NEEDS_MEDIA_MESSAGE } from '@shared/instagram';
import { CreatePostSchema } from '@shared/compose';
import { ConfirmUploadBodySchema, MAX_MEDIA_PER_POST, TOO_MANY_FILES_MESSAGE } from '@shared/media';
import {
  documentNotTakenMessage,
  FACEBOOK_VIDEO_ALONE_MESSAGE,
  LINKEDIN_DOCUMENT_ALONE_MESSAGE,
  LINKEDIN_DOCUMENT_TITLE_MESSAGE,
  mediaRuleProblem,
  mediaRuleProblems,
  INSTAGRAM_CAROUSEL_MESSAGE,
  TIKTOK_NEEDS_VIDEO_MESSAGE,
  TIKTOK_ONE_FILE_MESSAGE,
  X_TEXT_ONLY_MESSAGE,
  YOUTUBE_ONE_FILE_MESSAGE,
  YOUTUBE_NEEDS_VIDEO_MESSAGE,
  type MediaFacts,
} from '@shared/media-rules';

const video = (name: string, width: number | null, height: number | null, duration: number | null): MediaFacts => ({
  file_name: name,
  file_type: 'video/mp4',
  width,
  height,
  duration_seconds: duration,
});
const photo = (name = 'cake.jpg', width = 1080, height = 1080): MediaFacts => ({ file_name: name, file_type: 'image/jpeg', width, height });
const shortClip = video('short.mp4', 1080, 1920, 30);

describe("each platform's media rules at compose time", () => {
  it('TikTok needs exactly one video: none, a photo only, or two videos are refused', () => {
    expect(mediaRuleProblem('tiktok', [])).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('tiktok', [photo()])).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('tiktok', [shortClip, video('b.mp4', 1080, 1920, 10)])).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('tiktok', [shortClip])).toBeNull();
    expect(TIKTOK_NEEDS_VIDEO_MESSAGE).toBe('TikTok needs one video to post.');
  });

  it('YouTube Shorts names the file, its size and its length when it is landscape or over 60 s', () => {
    expect(mediaRuleProblem('youtube', [video('clip.mp4', 1920, 1080, 75)])).toBe(
      'YouTube Shorts needs a vertical video of at most 60 seconds; clip.mp4 is 1920×1080, 75 s.',
    );
    expect(mediaRuleProblem('youtube', [video('wide.mp4', 1920, 1080, 20)])).toMatch(/wide\.mp4 is 1920×1080, 20 s\.$/);
    expect(mediaRuleProblem('youtube', [video('long.mp4', 1080, 1920, 61)])).toMatch(/long\.mp4 is 1080×1920, 61 s\.$/);
  });

  it('YouTube Shorts takes a vertical or square video of up to exactly 60 s', () => {
    expect(mediaRuleProblem('youtube', [video('a.mp4', 1080, 1920, 60)])).toBeNull();
    expect(mediaRuleProblem('youtube', [video('b.mp4', 1080, 1080, 59.9)])).toBeNull();
    expect(mediaRuleProblem('youtube', [video('c.mp4', 1080, 1920, 60.0004)])).toBeNull();
    expect(mediaRuleProblem('youtube', [video('d.mp4', 1080, 1920, 60.01)])).not.toBeNull();
  });

  it('YouTube Shorts needs one video; an unmeasured one is not held against the user', () => {
    expect(mediaRuleProblem('youtube', [])).toBe(YOUTUBE_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('youtube', [photo()])).toBe(YOUTUBE_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('youtube', [shortClip, shortClip])).toBe(YOUTUBE_NEEDS_VIDEO_MESSAGE);
    expect(mediaRuleProblem('youtube', [video('old.mp4', null, null, null)])).toBeNull();
    expect(mediaRuleProblem('youtube', [video('half.mp4', null, null, 90)])).toBe(
      'YouTube Shorts needs a vertical video of at most 60 seconds; half.mp4 is 90 s.',
    );
  });

  it('X is text only: any attachment is refused, none is fine', () => {
    expect(mediaRuleProblem('x', [photo()])).toBe(X_TEXT_ONLY_MESSAGE);
    expect(X_TEXT_ONLY_MESSAGE).toBe('X posts are text only for now; remove the media or unselect X.');
    expect(mediaRuleProblem('x', [])).toBeNull();
  });

  it('Instagram keeps its own rules, and Facebook takes anything the upload rules took', () => {
    expect(mediaRuleProblem('instagram', [])).toBe(INSTAGRAM_NEEDS_MEDIA_MESSAGE);
    expect(mediaRuleProblem('instagram', [photo('tall.png', 500, 1500)])).toMatch(/tall\.png is 1:3/);
    expect(mediaRuleProblem('instagram', [shortClip])).toBeNull();
    expect(mediaRuleProblem('facebook', [])).toBeNull();
    expect(mediaRuleProblem('facebook', [photo('tall.png', 500, 1500)])).toBeNull();
    // A Facebook feed post attaches photos only, so a video beside photos would be dropped; it is refused instead.
    expect(mediaRuleProblem('facebook', [photo('tall.png', 500, 1500), shortClip])).toBe(FACEBOOK_VIDEO_ALONE_MESSAGE);
  });

  it('lists every selected platform’s problem in the product’s order, and only the selected ones', () => {
    expect(mediaRuleProblems(['x', 'tiktok', 'instagram', 'facebook'], [photo()])).toEqual([
      { platform: 'x', message: X_TEXT_ONLY_MESSAGE },
      { platform: 'tiktok', message: TIKTOK_NEEDS_VIDEO_MESSAGE },
    ]);
    expect(mediaRuleProblems(['facebook', 'instagram'], [photo()])).toEqual([]);
  });
});

describe('the confirm call’s video measures', () => {
  it('takes a key with or without all three measures, and refuses made-up or partial ones', () => {
    expect(ConfirmUploadBodySchema.safeParse({ key: 'k' }).success).toBe(true);
    expect(ConfirmUploadBodySchema.safeParse({ key: 'k', video: { duration_seconds: 12.5, width: 1080, height: 1920 } }).success).toBe(true);
    for (const bad of [
      { duration_seconds: 0, width: 1080, height: 1920 },
      { duration_seconds: 12, width: -1, height: 1920 },
      { duration_seconds: 12, width: 1080.5, height: 1920 },
      { duration_seconds: 12, width: 1080, height: 100_000 },
      { duration_seconds: 12, width: 1080 },
      { duration_seconds: Number.POSITIVE_INFINITY, width: 1080, height: 1920 },
    ]) {
      expect(ConfirmUploadBodySchema.safeParse({ key: 'k', video: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(ConfirmUploadBodySchema.safeParse({ key: 'k', duration_seconds: 12 }).success).toBe(false);
  });
});

describe('several files per post', () => {
  const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(`p${i + 1}.jpg`));

  it('Instagram takes one file or a carousel of 2 to 10 photos and videos, and refuses 11', () => {
    expect(mediaRuleProblem('instagram', photos(1))).toBeNull();
    expect(mediaRuleProblem('instagram', photos(2))).toBeNull();
    expect(mediaRuleProblem('instagram', [...photos(9), shortClip])).toBeNull();
    expect(mediaRuleProblem('instagram', photos(11))).toBe(INSTAGRAM_CAROUSEL_MESSAGE);
    expect(INSTAGRAM_CAROUSEL_MESSAGE).toBe('An Instagram carousel takes 2 to 10 photos or videos.');
  });

  it('Instagram judges every carousel item by its aspect rules, naming the file out of range', () => {
    expect(mediaRuleProblem('instagram', [photo('a.jpg'), photo('wide.jpg', 3000, 1000), photo('c.jpg')])).toMatch(/wide\.jpg is 3:1/);
  });

  it('Facebook takes many photos, or one video alone', () => {
    expect(mediaRuleProblem('facebook', photos(12))).toBeNull();
    expect(mediaRuleProblem('facebook', [shortClip])).toBeNull();
    expect(mediaRuleProblem('facebook', [shortClip, shortClip])).toBe(FACEBOOK_VIDEO_ALONE_MESSAGE);
  });

  it('TikTok and YouTube take one video and nothing beside it', () => {
    expect(mediaRuleProblem('tiktok', [shortClip, photo()])).toBe(TIKTOK_ONE_FILE_MESSAGE);
    expect(mediaRuleProblem('youtube', [shortClip, photo()])).toBe(YOUTUBE_ONE_FILE_MESSAGE);
    expect(mediaRuleProblem('tiktok', photos(3))).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
  });

  it('Pinterest takes one image or a carousel of 2 to 5, and names the count beyond it', () => {
    expect(mediaRuleProblem('pinterest', photos(1))).toBeNull();
    expect(mediaRuleProblem('pinterest', photos(2))).toBeNull();
    expect(mediaRuleProblem('pinterest', photos(5))).toBeNull();
    expect(mediaRuleProblem('pinterest', photos(6))).toBe('A Pinterest carousel takes 2 to 5 images (this post has 6); remove some or unselect Pinterest.');
  });

  it('Pinterest takes a video with one cover image, and refuses a video beside several images', () => {
    expect(mediaRuleProblem('pinterest', [shortClip, photo()])).toBeNull();
    expect(mediaRuleProblem('pinterest', [shortClip])).toMatch(/one video with an image for its cover/);
    expect(mediaRuleProblem('pinterest', [shortClip, ...photos(2)])).toMatch(/a carousel takes images only/);
    expect(mediaRuleProblem('pinterest', [shortClip, shortClip, photo()])).toMatch(/a carousel takes images only/);
  });

  it('X stays text only with several photos', () => {
    expect(mediaRuleProblem('x', photos(3))).toBe(X_TEXT_ONLY_MESSAGE);
  });

  it('three photos for Instagram and Facebook: no problem for either', () => {
    expect(mediaRuleProblems(['instagram', 'facebook'], photos(3))).toEqual([]);
  });
});

describe('files per post', () => {
  it('a post takes up to 20 files; the 21st is refused with the reason', () => {
    const target = { platform: 'facebook', social_account_id: 'a1', caption: 'Many loaves' };
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
    expect(CreatePostSchema.safeParse({ platforms: [target], media_ids: ids(20) }).success).toBe(true);
    const refused = CreatePostSchema.safeParse({ platforms: [target], media_ids: ids(21) });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message)).toContain(TOO_MANY_FILES_MESSAGE);
    expect(TOO_MANY_FILES_MESSAGE).toBe(`A post takes at most ${MAX_MEDIA_PER_POST} files.`);
  });
});

describe('PDF documents: LinkedIn alone takes them', () => {
  const deck: MediaFacts = { file_name: 'deck.pdf', file_type: 'application/pdf', file_size: 2_000_000 };

  it('LinkedIn takes one PDF with a title', () => {
    expect(mediaRuleProblem('linkedin', [deck], { title: 'Our Q3 results' })).toBeNull();
  });

  it('LinkedIn refuses a PDF without a title, or with a blank one', () => {
    expect(mediaRuleProblem('linkedin', [deck])).toBe(LINKEDIN_DOCUMENT_TITLE_MESSAGE);
    expect(mediaRuleProblem('linkedin', [deck], { title: '   ' })).toBe(LINKEDIN_DOCUMENT_TITLE_MESSAGE);
  });

  it('LinkedIn refuses a PDF beside an image, a video or another PDF', () => {
    const titled = { title: 'Deck' };
    expect(mediaRuleProblem('linkedin', [deck, photo()], titled)).toBe(LINKEDIN_DOCUMENT_ALONE_MESSAGE);
    expect(mediaRuleProblem('linkedin', [shortClip, deck], titled)).toBe(LINKEDIN_DOCUMENT_ALONE_MESSAGE);
    expect(mediaRuleProblem('linkedin', [deck, { ...deck, file_name: 'b.pdf' }], titled)).toBe(LINKEDIN_DOCUMENT_ALONE_MESSAGE);
  });

  it('every other network refuses a PDF, each with its own name, LinkedIn not among them', () => {
    const problems = mediaRuleProblems(['linkedin', 'instagram', 'x', 'bluesky'], [deck], { title: 'Deck', tiktokPhotos: true });
    expect(problems).toEqual([
      { platform: 'instagram', message: "Instagram can't post a PDF document; only LinkedIn takes documents. Remove the PDF or unselect Instagram." },
      { platform: 'x', message: documentNotTakenMessage('x') },
      { platform: 'bluesky', message: documentNotTakenMessage('bluesky') },
    ]);
    for (const platform of ['facebook', 'tiktok', 'youtube', 'threads', 'pinterest'] as const)
      expect(mediaRuleProblem(platform, [deck], { tiktokPhotos: true })).toBe(documentNotTakenMessage(platform));
  });
});
