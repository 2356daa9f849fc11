import { describe, expect, it } from 'vitest';
import { captionProblem } from '@shared/compose';
import { CAPTION_LIMITS, isPlatform, PLATFORMS, withShortsSuffix } from '@shared/platforms';

describe('the supported platforms', () => {
  it('are exactly instagram, facebook, x, tiktok, youtube, bluesky, threads, linkedin and pinterest (docs/product-rules.md#the-product, #entities, #constants)', () => {
    expect([...PLATFORMS]).toEqual(['instagram', 'facebook', 'x', 'tiktok', 'youtube', 'bluesky', 'threads', 'linkedin', 'pinterest']);
  });

  it.each(['instagram', 'facebook', 'x', 'tiktok', 'youtube', 'bluesky', 'threads', 'linkedin', 'pinterest'])('recognise %s as a platform', (value) => {
    expect(isPlatform(value)).toBe(true);
  });

  it.each(['twitter', 'X', 'Instagram', 'LinkedIn', ''])('do not recognise %j as a platform', (value) => {
    expect(isPlatform(value)).toBe(false);
  });
});

describe('caption limits', () => {
  it.each([
    ['instagram', 2200, 'Instagram caption exceeds limit of 2200 characters (current: 2201)'],
    ['x', 280, 'X caption exceeds limit of 280 characters (current: 281)'],
    ['tiktok', 2200, 'TikTok caption exceeds limit of 2200 characters (current: 2201)'],
    ['youtube', 5000, 'YouTube caption exceeds limit of 5000 characters (current: 5001)'],
    ['threads', 500, 'Threads caption exceeds limit of 500 characters (current: 501)'],
    ['linkedin', 3000, 'LinkedIn caption exceeds limit of 3000 characters (current: 3001)'],
    ['pinterest', 500, 'Pinterest caption exceeds limit of 500 characters (current: 501)'],
    // Facebook's own limit is the absolute cap, so one more character is refused by the cap's message.
    ['facebook', 63206, 'Caption exceeds maximum length'],
  ] as const)('take a %s caption of exactly %i characters and refuse one more (docs/product-rules.md#constants)', (platform, limit, message) => {
    expect(captionProblem(platform, 'a'.repeat(limit))).toBeNull();
    expect(captionProblem(platform, 'a'.repeat(limit + 1))?.message).toBe(message);
  });

  it('are defined for every platform and for nothing else', () => {
    expect(Object.keys(CAPTION_LIMITS).sort()).toEqual([...PLATFORMS].sort());
  });
});

describe('YouTube Shorts rules', () => {
  it('append " #shorts" to a title that does not contain it', () => {
    expect(withShortsSuffix('My cat video')).toBe('My cat video #shorts');
  });

  it('append the suffix when the title only has the word shorts without a hash', () => {
    expect(withShortsSuffix('Best shorts ever')).toBe('Best shorts ever #shorts');
  });

  it('leave a title that already ends with #shorts unchanged', () => {
    expect(withShortsSuffix('My cat video #shorts')).toBe('My cat video #shorts');
  });

  it('leave a title unchanged when #Shorts appears in the middle in another case', () => {
    expect(withShortsSuffix('My #Shorts cat video')).toBe('My #Shorts cat video');
  });

  it('leave a title unchanged when it contains #SHORTS in capitals', () => {
    expect(withShortsSuffix('#SHORTS compilation')).toBe('#SHORTS compilation');
  });

  it('append the suffix only once when applied twice', () => {
    expect(withShortsSuffix(withShortsSuffix('Launch day'))).toBe('Launch day #shorts');
  });
});
