import { describe, expect, it } from 'vitest';
import {
  checkUploadSize,
  fileTooLargeMessage,
  isAcceptedMediaType,
  isImageType,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
} from '@shared/media';

const MB = 1024 * 1024;

describe('the upload size limit', () => {
  it('is 100 MB (spec §5, §9)', () => {
    expect(MAX_UPLOAD_MB).toBe(100);
    expect(MAX_UPLOAD_BYTES).toBe(100 * MB);
  });

  it('accepts a file of exactly 100 MB', () => {
    expect(checkUploadSize('clip.mp4', 100 * MB)).toBeNull();
  });

  it('accepts a small file', () => {
    expect(checkUploadSize('photo.jpg', 350_000)).toBeNull();
  });

  it('rejects a file one byte over 100 MB', () => {
    expect(checkUploadSize('clip.mp4', 100 * MB + 1)).toBe('clip.mp4 exceeds 100MB limit (100.0MB)');
  });

  it('rejects a 150 MB file with "{file name} exceeds 100MB limit ({size}MB)" (spec §5)', () => {
    expect(checkUploadSize('holiday video.mov', 150 * MB)).toBe('holiday video.mov exceeds 100MB limit (150.0MB)');
  });
});

describe('fileTooLargeMessage', () => {
  it('shows the size in MB with one decimal, rounded', () => {
    expect(fileTooLargeMessage('big.mp4', Math.round(123.46 * MB))).toBe('big.mp4 exceeds 100MB limit (123.5MB)');
  });

  it('keeps one decimal for a whole number of MB', () => {
    expect(fileTooLargeMessage('big.mp4', 200 * MB)).toBe('big.mp4 exceeds 100MB limit (200.0MB)');
  });
});

describe('isAcceptedMediaType', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'video/mp4', 'video/quicktime', 'video/webm'])(
    'accepts %s (spec §5: image/* and video/*)',
    (mime) => {
      expect(isAcceptedMediaType(mime)).toBe(true);
    },
  );

  it.each(['application/pdf', 'text/plain', 'audio/mpeg', 'application/octet-stream', '', 'imagejpeg', 'x-image/png'])(
    'rejects %j',
    (mime) => {
      expect(isAcceptedMediaType(mime)).toBe(false);
    },
  );
});

describe('isImageType', () => {
  it.each(['image/jpeg', 'image/png'])('treats %s as an image', (mime) => {
    expect(isImageType(mime)).toBe(true);
  });

  it.each(['video/mp4', 'application/pdf', ''])('does not treat %j as an image', (mime) => {
    expect(isImageType(mime)).toBe(false);
  });
});
