import { describe, expect, it } from 'vitest';
import { aspectLabel, INSTAGRAM_NEEDS_MEDIA_MESSAGE, instagramMediaProblem, isInstagramAspect } from '@shared/instagram';

describe("Instagram's compose rules", () => {
  it.each([
    [1080, 1350, true],
    [1079, 1350, false],
    [1910, 1000, true],
    [1911, 1000, false],
    [1080, 1080, true],
    [500, 1500, false],
  ] as const)('takes %i×%i: %s (4:5 and 1.91:1 included)', (w, h, ok) => {
    expect(isInstagramAspect(w, h)).toBe(ok);
  });

  it.each([
    [500, 1500, '1:3'],
    [1080, 1440, '3:4'],
    [1920, 1080, '16:9'],
    [2100, 1000, '21:10'],
    [2351, 1000, '2.35:1'],
    [1000, 2613, '1:2.61'],
  ] as const)('says %i×%i is %s', (w, h, label) => {
    expect(aspectLabel(w, h)).toBe(label);
  });

  it('names the file and the allowed range', () => {
    expect(instagramMediaProblem([{ file_name: 'photo.png', file_type: 'image/png', width: 500, height: 1500 }])).toBe(
      'Instagram needs images between 4:5 (portrait) and 1.91:1 (landscape); photo.png is 1:3.',
    );
  });

  it('asks for a photo or a video when there is none', () => {
    expect(instagramMediaProblem([])).toBe(INSTAGRAM_NEEDS_MEDIA_MESSAGE);
  });

  it('leaves videos and images of unknown size to Instagram', () => {
    expect(instagramMediaProblem([{ file_name: 'clip.mp4', file_type: 'video/mp4', width: 100, height: 1000 }])).toBeNull();
    expect(instagramMediaProblem([{ file_name: 'old.png', file_type: 'image/png' }])).toBeNull();
  });

  it('reports the first carousel item out of range', () => {
    const ok = { file_name: 'a.jpg', file_type: 'image/jpeg', width: 1080, height: 1080 };
    const wide = { file_name: 'pano.jpg', file_type: 'image/jpeg', width: 4000, height: 1000 };
    expect(instagramMediaProblem([ok, wide])).toMatch(/pano\.jpg is 4:1\.$/);
  });
});
