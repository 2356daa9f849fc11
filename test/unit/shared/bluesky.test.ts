import { describe, expect, it } from 'vitest';
import { captionLength, captionProblem, CreatePostSchema } from '@shared/compose';
import { mediaRuleProblem } from '@shared/media-rules';
import { upgradeToConnectMessage } from '@shared/plans';

const photo = (name: string, bytes = 500_000) => ({ file_name: name, file_type: 'image/jpeg', file_size: bytes });

describe('Bluesky compose rules', () => {
  it('counts graphemes as Bluesky does: an emoji, a flag or a letter with its accent is one', () => {
    expect(captionLength('bluesky', '🙂')).toBe(1);
    expect(captionLength('bluesky', '🇫🇷')).toBe(1);
    expect(captionLength('bluesky', 'e\u0301')).toBe(1);
    expect(captionLength('bluesky', '👩‍👩‍👧')).toBe(1);
  });

  it('takes 300 emoji (600 UTF-16 units) and refuses 301 characters, naming the limit', () => {
    expect(captionProblem('bluesky', '🙂'.repeat(300))).toBeNull();
    expect(captionProblem('bluesky', 'a'.repeat(301))).toEqual({
      title: 'Caption too long',
      message: 'Bluesky caption exceeds limit of 300 characters (current: 301)',
    });
  });

  it('refuses a caption within 300 graphemes but over 3,000 bytes', () => {
    // 300 family emoji: 300 graphemes, 18 bytes each.
    const families = '👩‍👩‍👧'.repeat(300);
    expect(captionProblem('bluesky', families)?.message).toBe("Bluesky caption exceeds Bluesky's limit of 3,000 bytes; shorten it");
  });

  it('refuses a post to Bluesky with a 301-character caption before anything is saved', () => {
    const parsed = CreatePostSchema.safeParse({ platforms: [{ platform: 'bluesky', social_account_id: 'acc', caption: 'a'.repeat(301) }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['platforms', 0, 'caption'],
      message: 'Bluesky caption exceeds limit of 300 characters (current: 301)',
    });
  });

  it('takes up to four images of at most 2,000,000 bytes and no video', () => {
    expect(mediaRuleProblem('bluesky', [])).toBeNull();
    expect(
      mediaRuleProblem(
        'bluesky',
        ['a', 'b', 'c', 'd'].map((n) => photo(`${n}.jpg`)),
      ),
    ).toBeNull();
    expect(
      mediaRuleProblem(
        'bluesky',
        ['a', 'b', 'c', 'd', 'e'].map((n) => photo(`${n}.jpg`)),
      ),
    ).toBe('Bluesky takes at most 4 images per post; remove some or unselect Bluesky.');
    expect(mediaRuleProblem('bluesky', [photo('big.jpg', 2_000_001)])).toBe('Bluesky takes images of up to 2 MB; big.jpg is 2.0 MB.');
    expect(mediaRuleProblem('bluesky', [{ file_name: 'clip.mp4', file_type: 'video/mp4', file_size: 1000 }])).toBe(
      "Bluesky videos aren't supported yet: post images or text to Bluesky.",
    );
  });

  it('is in the Basic plan, beside X', () => {
    expect(upgradeToConnectMessage('bluesky')).toBe('Upgrade to Basic to connect Bluesky');
  });
});
