import { describe, expect, it } from 'vitest';
import { mp4VideoFacts } from '../../../functions/domain/mp4-facts';
import { aFastStartMp4 } from '../../helpers/mp4';

describe('reading an MP4 header for the compose rules', () => {
  it('reads the length from mvhd and the size from the video track’s tkhd', () => {
    expect(mp4VideoFacts(aFastStartMp4({ seconds: 75, width: 1920, height: 1080 }))).toEqual({ duration_seconds: 75, width: 1920, height: 1080 });
  });

  it('turns the size by the display matrix, as a phone records a portrait video', () => {
    expect(mp4VideoFacts(aFastStartMp4({ seconds: 12.5, width: 1920, height: 1080, rotate90: true }))).toEqual({
      duration_seconds: 12.5,
      width: 1080,
      height: 1920,
    });
  });

  it('reads version-1 headers (64-bit times)', () => {
    expect(mp4VideoFacts(aFastStartMp4({ seconds: 30, width: 1080, height: 1920, version: 1 }))).toEqual({ duration_seconds: 30, width: 1080, height: 1920 });
  });

  it('skips an audio track and finds the video one', () => {
    expect(mp4VideoFacts(aFastStartMp4({ seconds: 30, width: 1080, height: 1920, audioFirst: true }))).toEqual({
      duration_seconds: 30,
      width: 1080,
      height: 1920,
    });
  });

  it('says nothing when the header is not in the bytes it was given, or the bytes are not an MP4', () => {
    const whole = aFastStartMp4({ seconds: 30, width: 1080, height: 1920 });
    // Cut inside moov (the 72-byte mdat comes after it), as a header past the bytes read would be.
    expect(mp4VideoFacts(whole.subarray(0, whole.length - 72 - 20))).toBeNull();
    expect(mp4VideoFacts(new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]))).toBeNull();
    expect(mp4VideoFacts(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });
});
