import { describe, expect, it } from 'vitest';
import { checkUploadSize, fileTooLargeMessage, isAcceptedMediaType, contentMatchesType, isImageType, sniffMediaType } from '@shared/media';

const MB = 1024 * 1024;

describe('the upload size limit', () => {
  it('accepts a file of exactly 100 MB', () => {
    expect(checkUploadSize('clip.mp4', 100 * MB)).toBeNull();
  });

  it('accepts a small file', () => {
    expect(checkUploadSize('photo.jpg', 350_000)).toBeNull();
  });

  it('rejects a file one byte over 100 MB', () => {
    expect(checkUploadSize('clip.mp4', 100 * MB + 1)).toBe('clip.mp4 exceeds 100MB limit (100.0MB)');
  });

  it('rejects a 150 MB file with "{file name} exceeds 100MB limit ({size}MB)" (docs/product-rules.md#media-rules)', () => {
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
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm', 'IMAGE/JPEG', 'application/pdf'])(
    'accepts %s (the raster images, videos and PDF documents the platforms publish)',
    (mime) => {
      expect(isAcceptedMediaType(mime)).toBe(true);
    },
  );

  it.each([
    'image/svg+xml',
    'image/heic',
    'image/bmp',
    'text/html',
    'video/x-matroska',
    // LinkedIn's Documents API takes these too, but we take PDFs only (shared/media.ts).
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/msword',
    'text/plain',
    'audio/mpeg',
    'application/octet-stream',
    '',
    'imagejpeg',
    'x-image/png',
  ])('rejects %j', (mime) => {
    expect(isAcceptedMediaType(mime)).toBe(false);
  });
});

describe('isImageType', () => {
  it.each(['image/jpeg', 'image/png'])('treats %s as an image', (mime) => {
    expect(isImageType(mime)).toBe(true);
  });

  it.each(['video/mp4', 'application/pdf', ''])('does not treat %j as an image', (mime) => {
    expect(isImageType(mime)).toBe(false);
  });
});

describe('what the first bytes of a file are', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));

  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], '\0\x10JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n\0\0\0\rIHDR'), 'image/png'],
    ['GIF', bytes('GIF89a\x01\0\x01\0'), 'image/gif'],
    ['WebP', bytes('RIFF\x24\0\0\0WEBPVP8 '), 'image/webp'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3], '\x9fB\x86\x81'), 'video/webm'],
    ['MP4', bytes('\0\0\0 ftypisom\0\0\x02\0'), 'video/mp4'],
    ['MOV', bytes('\0\0\0\x14ftypqt  \0\0\0\0'), 'video/quicktime'],
    ['old MOV', bytes('\0\0\0\x08wide\0\0\0\0'), 'video/quicktime'],
    ['PDF', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'application/pdf'],
  ])('knows %s', (_name, head, type) => {
    expect(sniffMediaType(head)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">')],
    ['SVG with an XML prolog', bytes('<?xml version="1.0"?><svg>')],
    ['HTML', bytes('<!doctype html><script>')],
    ['HEIC (an ISO container, not a video)', bytes('\0\0\0\x18ftypheic\0\0\0\0')],
    ['nothing', bytes('')],
    ['a truncated JPEG', bytes([0xff, 0xd8])],
    ['a PDF header not at the start', bytes('\n%PDF-1.7\n')],
    ['a Word document (a zip container)', bytes('PK\x03\x04\x14\0\x06\0')],
  ])('takes %s for none of them', (_name, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });

  it('matches bytes to the claimed type, MP4 and MOV being one container', () => {
    const png = bytes([0x89], 'PNG\r\n\x1a\n\0\0\0\rIHDR');
    const mp4 = bytes('\0\0\0 ftypisom\0\0\x02\0');

    expect(contentMatchesType(png, 'image/png')).toBe(true);
    expect(contentMatchesType(png, 'image/jpeg')).toBe(false);
    expect(contentMatchesType(mp4, 'video/quicktime')).toBe(true);
    expect(contentMatchesType(bytes('<svg>'), 'image/png')).toBe(false);
    expect(contentMatchesType(png, 'image/svg+xml')).toBe(false);
  });

  it('takes a file labelled PDF only when it starts with a PDF header', () => {
    expect(contentMatchesType(bytes('%PDF-1.4\n'), 'application/pdf')).toBe(true);
    expect(contentMatchesType(bytes('<!doctype html>'), 'application/pdf')).toBe(false);
    expect(contentMatchesType(bytes([0xff, 0xd8, 0xff, 0xe0]), 'application/pdf')).toBe(false);
    expect(contentMatchesType(bytes('%PDF-1.4\n'), 'image/png')).toBe(false);
  });
});
