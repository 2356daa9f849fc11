import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { IdParamsSchema } from '@shared/posts';
import { mediaIdForKey, newObjectKey } from '../../../functions/data/keys';
import { extensionFor } from '../../../functions/domain/media';

describe('the extension of an upload', () => {
  it.each([
    ['Holiday Photo.PNG', 'image/png', 'png'],
    ['clip.final.MP4', 'video/mp4', 'mp4'],
    ['weird.j p*g', 'image/jpeg', 'jpg'],
    ['no-extension', 'image/jpeg', 'jpg'],
    ['no-extension', 'video/quicktime', 'mov'],
    ['no-extension', 'image/webp', 'webp'],
    ['no-extension', 'image/x-icon', 'icon'],
    ['.hidden', 'image/png', 'png'],
    ['trailing.', 'image/gif', 'gif'],
    ['long.abcdefghijklmnop', 'video/mp4', 'mp4'],
    ['../../etc/passwd', 'image/svg+xml', 'svg'],
  ])('of %j (%s) is %s', (name, mime, ext) => {
    expect(extensionFor(name, mime)).toBe(ext);
  });
});

describe('the media id of an object key', () => {
  const userId = '3f1c2b9e-0000-4000-8000-000000000001';
  const key = newObjectKey(userId, 'png', new Date('2026-11-01T10:00:00.123Z'), 'a1b2c3d4');

  it('is a ULID carrying the upload time, the same every time', () => {
    const id = mediaIdForKey(userId, key);

    expect(key).toBe(`${userId}/1793527200123-a1b2c3d4.png`);
    expect(IdParamsSchema.safeParse({ id }).success).toBe(true);
    expect(decodeTime(id!)).toBe(Date.parse('2026-11-01T10:00:00.123Z'));
    expect(mediaIdForKey(userId, key)).toBe(id);
  });

  it('differs between keys of the same millisecond', () => {
    const other = newObjectKey(userId, 'png', new Date('2026-11-01T10:00:00.123Z'), 'zzzzzzzz');

    expect(mediaIdForKey(userId, other)).not.toBe(mediaIdForKey(userId, key));
  });

  it.each([
    ['another user', `someone-else/1793527200123-a1b2c3d4.png`],
    ['a prefix look-alike', `${userId}x/1793527200123-a1b2c3d4.png`],
    ['a nested path', `${userId}/x/1793527200123-a1b2c3d4.png`],
    ['a traversal', `${userId}/../other/1793527200123-a1b2c3d4.png`],
    ['an avatar key', `avatars/${userId}-1793527200123.png`],
  ])('is none for %s', (_label, foreign) => {
    expect(mediaIdForKey(userId, foreign)).toBeNull();
  });
});
