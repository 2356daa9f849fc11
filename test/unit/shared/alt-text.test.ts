import { describe, expect, it } from 'vitest';
import { strictestAltTextNetwork } from '@shared/alt-text';
import { CreatePostSchema } from '@shared/compose';
import type { Platform } from '@shared/platforms';

const target = (platform: Platform) => ({ platform, social_account_id: `acc-${platform}`, caption: 'Hello' });

function messages(input: unknown): string[] {
  const result = CreatePostSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('alt text in the compose rules', () => {
  it('takes a post whose images have no alt text: a description is optional', () => {
    expect(messages({ platforms: [target('bluesky')], media_ids: ['m1', 'm2'] })).toEqual([]);
    expect(messages({ platforms: [target('bluesky')], media_ids: ['m1'], media_alt: { m1: '   ' } })).toEqual([]);
  });

  it("takes Bluesky's 2,000 graphemes, counting a family emoji as one", () => {
    const family = '👨‍👩‍👧‍👦';
    expect(messages({ platforms: [target('bluesky')], media_ids: ['m1'], media_alt: { m1: family.repeat(2000) } })).toEqual([]);
  });

  it('refuses alt text over the limit of a selected network that takes it, naming the image and the network', () => {
    const body = { platforms: [target('facebook'), target('bluesky')], media_ids: ['m1', 'm2'], media_alt: { m2: 'a'.repeat(2001) } };
    expect(messages(body)).toEqual(['Alt text for image 2 is 2,001 characters; Bluesky allows 2,000']);
  });

  it('refuses alt text for a file the post does not list', () => {
    expect(messages({ platforms: [target('bluesky')], media_ids: ['m1'], media_alt: { other: 'A cat' } })).toEqual([
      'Alt text was given for a file that is not attached to this post',
    ]);
  });

  it('bounds alt text even when no selected network sends it, so nothing stored is unusable everywhere', () => {
    const body = { platforms: [target('facebook')], media_ids: ['m1'], media_alt: { m1: 'a'.repeat(2001) } };
    expect(messages(body)).toEqual(['Alt text for image 1 must be 2,000 characters or less']);
    expect(messages({ ...body, media_alt: { m1: 'a'.repeat(2000) } })).toEqual([]);
  });
});

describe('the alt text counter', () => {
  it('follows the strictest selected network that takes alt text, and none when no selected network does', () => {
    expect(strictestAltTextNetwork(['facebook', 'bluesky'])).toEqual({ platform: 'bluesky', limit: 2000 });
    expect(strictestAltTextNetwork(['facebook', 'instagram'])).toBeNull();
  });
});
