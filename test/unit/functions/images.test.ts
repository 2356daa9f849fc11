import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { instagramJpeg, needsInstagramCopy, readImage } from '../../../functions/domain/images';

const anImage = (width: number, height: number, format: 'png' | 'jpeg' | 'webp', options: { alpha?: boolean } = {}) =>
  sharp({ create: { width, height, channels: options.alpha ? 4 : 3, background: options.alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 200, g: 160, b: 96 } } })
    .toFormat(format)
    .toBuffer();

describe('reading images', () => {
  it('reads the real format and size, whatever the file claims', async () => {
    expect(await readImage(await anImage(300, 200, 'png'))).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('gives the size as displayed: a phone photo stored landscape with EXIF orientation 6 is portrait', async () => {
    const rotated = await sharp(await anImage(400, 300, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();

    expect(await readImage(rotated)).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
  });

  it('cannot read garbage or a file cut short after its header', async () => {
    expect(await readImage(Buffer.from('<svg onload="x"/>'))).toBeNull();
    expect(await readImage((await anImage(400, 400, 'png')).subarray(0, 60))).toBeNull();
  });
});

describe('what Instagram gets', () => {
  it('needs a copy of anything not a JPEG, over 8 MiB, wider than 1440 px or in CMYK', () => {
    const jpeg = { format: 'jpeg', width: 1080, height: 1080, space: 'srgb' };
    expect(needsInstagramCopy(jpeg, 500_000)).toBe(false);
    expect(needsInstagramCopy({ ...jpeg, format: 'png' }, 500_000)).toBe(true);
    expect(needsInstagramCopy(jpeg, 8 * 1024 * 1024 + 1)).toBe(true);
    expect(needsInstagramCopy({ ...jpeg, width: 1441 }, 500_000)).toBe(true);
    expect(needsInstagramCopy({ ...jpeg, space: 'cmyk' }, 500_000)).toBe(true);
  });

  it('turns a transparent PNG into a 1440-wide sRGB JPEG on white, not black', async () => {
    const copy = await instagramJpeg(await anImage(2000, 1000, 'png', { alpha: true }));

    const meta = await sharp(copy).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, space: meta.space, hasAlpha: meta.hasAlpha }).toEqual({
      format: 'jpeg',
      width: 1440,
      height: 720,
      space: 'srgb',
      hasAlpha: false,
    });
    const { dominant } = await sharp(copy).stats();
    expect(dominant.r).toBeGreaterThan(240);
  });

  it('keeps a small image at its size and turns it upright', async () => {
    const rotated = await sharp(await anImage(400, 300, 'webp'))
      .withMetadata({ orientation: 6 })
      .webp()
      .toBuffer();

    const meta = await sharp(await instagramJpeg(rotated)).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({ width: 300, height: 400, orientation: undefined });
  });

  it('lowers the quality until the copy fits the byte limit (noise, the worst case for JPEG)', async () => {
    const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    const atBest = (await instagramJpeg(noise)).length;

    const copy = await instagramJpeg(noise, atBest - 1);

    expect(copy.length).toBeLessThan(atBest);
    expect((await sharp(copy).metadata()).format).toBe('jpeg');
    await expect(instagramJpeg(noise, 1000)).rejects.toThrow(/still \d+ bytes/);
  });
});
