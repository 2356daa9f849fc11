import { describe, expect, it } from 'vitest';
import {
  ABSOLUTE_CAPTION_CAP,
  CAPTION_LIMITS,
  COMING_SOON_PLATFORMS,
  isPlatform,
  PLATFORM_LABELS,
  PLATFORMS,
  SHORTS_SUFFIX,
  withShortsSuffix,
  YOUTUBE_SHORTS_MAX_SECONDS,
  YOUTUBE_TITLE_MAX,
} from '@shared/platforms';

describe('the supported platforms', () => {
  it('are exactly instagram, facebook, x, tiktok and youtube (docs/product-rules.md#the-product, #entities, #constants)', () => {
    expect([...PLATFORMS]).toEqual(['instagram', 'facebook', 'x', 'tiktok', 'youtube']);
  });

  it('are labelled Instagram, Facebook, X (Twitter), TikTok and YouTube on the picker tiles (docs/product-rules.md#shell)', () => {
    expect(PLATFORM_LABELS).toEqual({
      instagram: 'Instagram',
      facebook: 'Facebook',
      x: 'X (Twitter)',
      tiktok: 'TikTok',
      youtube: 'YouTube',
    });
  });

  it('show only YouTube as coming soon on the platforms page (docs/product-rules.md#the-product, #platforms-page)', () => {
    expect([...COMING_SOON_PLATFORMS]).toEqual(['youtube']);
  });

  it.each(['instagram', 'facebook', 'x', 'tiktok', 'youtube'])('recognise %s as a platform', (value) => {
    expect(isPlatform(value)).toBe(true);
  });

  it.each(['twitter', 'X', 'Instagram', 'linkedin', ''])('do not recognise %j as a platform', (value) => {
    expect(isPlatform(value)).toBe(false);
  });
});

describe('caption limits', () => {
  it.each([
    ['instagram', 2200],
    ['facebook', 63206],
    ['x', 280],
    ['tiktok', 2200],
    ['youtube', 5000],
  ] as const)('allow %s captions up to %i characters (docs/product-rules.md#constants)', (platform, limit) => {
    expect(CAPTION_LIMITS[platform]).toBe(limit);
  });

  it('are defined for every platform and for nothing else', () => {
    expect(Object.keys(CAPTION_LIMITS).sort()).toEqual([...PLATFORMS].sort());
  });

  it('sit under an absolute cap of 63206 characters (docs/product-rules.md#captions, #constants)', () => {
    expect(ABSOLUTE_CAPTION_CAP).toBe(63206);
  });

  it('never exceed the absolute cap', () => {
    for (const limit of Object.values(CAPTION_LIMITS)) expect(limit).toBeLessThanOrEqual(ABSOLUTE_CAPTION_CAP);
  });
});

describe('YouTube Shorts rules', () => {
  it('limit the title to 100 characters (docs/product-rules.md#compose-rules, #constants)', () => {
    expect(YOUTUBE_TITLE_MAX).toBe(100);
  });

  it('limit a Short to 60 seconds (docs/product-rules.md#compose, #constants)', () => {
    expect(YOUTUBE_SHORTS_MAX_SECONDS).toBe(60);
  });

  it('use " #shorts" with a leading space as the suffix (docs/product-rules.md#constants)', () => {
    expect(SHORTS_SUFFIX).toBe(' #shorts');
  });

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
