import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  IMPORT_MSG,
  importTemplateCsv,
  mediaLinksOf,
  namedFiles,
  parseImportCsv,
  tiktokCreatorProblem,
  tiktokPrivacyNamed,
  type ImportContext,
  type ImportFileContext,
} from '@shared/import';
import { MAX_MEDIA_PER_POST } from '@shared/media';
import { TIKTOK_NEEDS_VIDEO_MESSAGE, tiktokPhotoFormatMessage } from '@shared/media-rules';
import { MEDIA_URL_CREDENTIALS_MESSAGE, MEDIA_URL_INVALID_MESSAGE } from '@shared/media-url';
import { PLAN_PLATFORMS } from '@shared/plans';
import { TIKTOK_MSG } from '@shared/tiktok';
import { aCreatorInfo } from '../../helpers/tiktok';

/** The `media` column (this import's uploads by name) and the TikTok columns, as the preview and the server check them. */
const NOW = new Date('2026-11-26T10:00:00Z');
const SPRING: ImportFileContext = {
  id: 'med-spring',
  name: 'Spring.JPG',
  facts: { file_name: 'Spring.JPG', file_type: 'image/jpeg', width: 1080, height: 1080 },
};
const MENU: ImportFileContext = { id: 'med-menu', name: 'menu.png', facts: { file_name: 'menu.png', file_type: 'image/png', width: 1080, height: 1350 } };
const CLIP: ImportFileContext = {
  id: 'med-clip',
  name: 'clip.mp4',
  facts: { file_name: 'clip.mp4', file_type: 'video/mp4', width: 1080, height: 1920, duration_seconds: 20 },
};
const ADA = aCreatorInfo({ privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'], stitch_disabled: true });
const ctx = (over: Partial<ImportContext> = {}): ImportContext => ({
  timezone: 'UTC',
  now: NOW,
  accounts: [
    { id: 'acc-ig', platform: 'instagram', account_name: 'cornerbakery', is_connected: true },
    { id: 'acc-fb', platform: 'facebook', account_name: 'Corner Bakery', is_connected: true },
    { id: 'acc-tt', platform: 'tiktok', account_name: 'Ada Bakes', is_connected: true },
  ],
  clients: [],
  planPlatforms: PLAN_PLATFORMS.pro,
  mediaFiles: [SPRING, MENU, CLIP],
  ...over,
});
const row = (over: Record<string, string> = {}) => ({ date: '2026-12-01', time: '09:30', platforms: 'instagram', caption: 'Spring menu', ...over });
const tiktokRow = (over: Record<string, string> = {}) => row({ platforms: 'tiktok', media: 'clip.mp4', tiktok_privacy: 'SELF_ONLY', ...over });
const reasonOf = (fields: Record<string, string>, c = ctx()) => {
  const check = checkImportRow(fields, c);
  return check.ok ? null : check.reason;
};
const tiktokSettingsOf = (fields: Record<string, string>, c = ctx()) => {
  const check = checkImportRow(fields, c);
  if (!check.ok) throw new Error(check.reason);
  return check.body.platforms.find((p) => p.platform === 'tiktok')!.settings;
};

describe('the media column', () => {
  it('resolves file names without case to the uploads’ ids, first in the body, and says which are this import’s to copy', () => {
    const check = checkImportRow(row({ media: ' spring.jpg ; MENU.PNG', media_ids: 'older-upload' }), ctx());
    expect(check).toMatchObject({
      ok: true,
      body: { media_ids: ['med-spring', 'med-menu', 'older-upload'] },
      named: [
        { id: 'med-spring', name: 'Spring.JPG' },
        { id: 'med-menu', name: 'menu.png' },
      ],
    });
  });

  it('lets several rows name the same upload (each row gets its own copy on the server)', () => {
    const a = checkImportRow(row({ media: 'spring.jpg' }), ctx());
    const b = checkImportRow(row({ platforms: 'facebook', media: 'spring.jpg' }), ctx());
    expect(a.ok && b.ok && [a.body.media_ids, b.body.media_ids]).toEqual([['med-spring'], ['med-spring']]);
  });

  it('reads names written with commas between them when the whole is no upload, and keeps a name that contains a comma', () => {
    expect(namedFiles('spring.jpg, menu.png', [SPRING, MENU])).toEqual({ files: [SPRING, MENU] });
    const withComma = { id: 'm', name: 'spring, 2026.jpg' };
    expect(namedFiles('spring, 2026.jpg', [withComma, SPRING])).toEqual({ files: [withComma] });
  });

  it.each([
    ['a name no upload has', row({ media: 'spring.jpeg' }), ctx(), IMPORT_MSG.noSuchFile('spring.jpeg')],
    [
      'a name two uploads share',
      row({ media: 'spring.jpg' }),
      ctx({ mediaFiles: [SPRING, { ...SPRING, id: 'med-spring-2', name: 'spring.jpg' }] }),
      IMPORT_MSG.twoFilesNamed('spring.jpg'),
    ],
    [
      'an upload still in flight',
      row({ media: 'spring.jpg' }),
      ctx({ mediaFiles: [{ ...SPRING, uploading: true }] }),
      IMPORT_MSG.fileStillUploading('spring.jpg'),
    ],
    ['the same file twice', row({ media: 'spring.jpg;SPRING.jpg' }), ctx(), IMPORT_MSG.fileListedTwice('SPRING.jpg')],
    ['an upload of this import given by id', row({ media_ids: 'med-menu' }), ctx(), IMPORT_MSG.importFileAsId],
    ['no uploads at all', row({ media: 'spring.jpg' }), ctx({ mediaFiles: undefined }), IMPORT_MSG.noSuchFile('spring.jpg')],
  ])('refuses %s', (_label, fields, c, reason) => {
    expect(reasonOf(fields, c)).toBe(reason);
  });

  it('applies the platforms’ media rules to the uploads it knows (TikTok needs a video), and leaves unknown ids to the server', () => {
    expect(reasonOf(tiktokRow({ media: 'spring.jpg' }))).toBe(TIKTOK_NEEDS_VIDEO_MESSAGE);
    expect(reasonOf(tiktokRow({ media: '', media_ids: 'older-upload' }))).toBeNull();
    expect(reasonOf(row({ media: 'clip.mp4' }))).toBeNull();
  });

  it('takes photos for a TikTok row where the deployment posts TikTok photo posts, as Compose does, and still refuses a PNG there', () => {
    expect(reasonOf(tiktokRow({ media: 'spring.jpg' }), ctx({ tiktokPhotos: true }))).toBeNull();
    expect(reasonOf(tiktokRow({ media: 'menu.png' }), ctx({ tiktokPhotos: true }))).toBe(tiktokPhotoFormatMessage('menu.png', 'image/png'));
  });

  it('is in the template and the help columns, and a template row names a file', () => {
    const template = parseImportCsv(importTemplateCsv());
    expect(template.ok && template.rows[0]!.fields.media).toBe('sourdough.jpg');
    expect(importTemplateCsv().split('\r\n')[0]).toContain(',media,media_ids,');
  });
});

describe('the TikTok columns', () => {
  it('become the Direct Post settings Compose would send: privacy, interactions, disclosure, and the file’s consent', () => {
    expect(
      tiktokSettingsOf(
        tiktokRow({ tiktok_privacy: 'Everyone', tiktok_allow_comment: 'yes', tiktok_allow_duet: 'No', tiktok_brand: 'Y' }),
        ctx({ tiktokConsent: true }),
      ),
    ).toEqual({
      tiktok_privacy_level: 'PUBLIC_TO_EVERYONE',
      tiktok_allow_comment: true,
      tiktok_allow_duet: false,
      tiktok_allow_stitch: false,
      tiktok_commercial: true,
      tiktok_your_brand: true,
      tiktok_branded_content: false,
      tiktok_consent: true,
    });
  });

  it.each([
    ['PUBLIC_TO_EVERYONE', 'PUBLIC_TO_EVERYONE'],
    ['mutual_follow_friends', 'MUTUAL_FOLLOW_FRIENDS'],
    ['Friends', 'MUTUAL_FOLLOW_FRIENDS'],
    ['followers', 'FOLLOWER_OF_CREATOR'],
    ['Only me', 'SELF_ONLY'],
    ['only-me', 'SELF_ONLY'],
    ['private', 'SELF_ONLY'],
    ['Public', 'PUBLIC_TO_EVERYONE'],
    ['friends only', undefined],
  ])('reads tiktok_privacy "%s" as %s', (cell, level) => {
    expect(tiktokPrivacyNamed(cell)).toBe(level);
  });

  it.each([
    ['no privacy', tiktokRow({ tiktok_privacy: '' }), ctx(), IMPORT_MSG.tiktokPrivacyMissing],
    ['an unknown privacy', tiktokRow({ tiktok_privacy: 'secret' }), ctx(), IMPORT_MSG.tiktokPrivacyUnknown('secret')],
    ['a yes/no cell that is neither', tiktokRow({ tiktok_allow_duet: 'maybe' }), ctx(), IMPORT_MSG.yesOrNo('tiktok_allow_duet', 'maybe')],
    ['branded content that is private (TikTok’s rule)', tiktokRow({ tiktok_branded_content: 'yes' }), ctx(), TIKTOK_MSG.brandedNotPrivate],
    ['no consent on the server', tiktokRow(), ctx({ tiktokConsent: false }), TIKTOK_MSG.consentRequired],
    ['anything but Only me from an unaudited app', tiktokRow({ tiktok_privacy: 'Everyone' }), ctx({ tiktokUnaudited: true }), TIKTOK_MSG.unaudited],
    [
      'a privacy level the creator does not offer',
      tiktokRow({ tiktok_privacy: 'followers' }),
      ctx({ tiktokCreators: { 'acc-tt': ADA } }),
      IMPORT_MSG.tiktokPrivacyNotOffered('Ada Bakes', 'FOLLOWER_OF_CREATOR', ADA.privacy_level_options),
    ],
    [
      'an interaction the creator turned off',
      tiktokRow({ tiktok_allow_stitch: 'yes' }),
      ctx({ tiktokCreators: { 'acc-tt': ADA } }),
      IMPORT_MSG.tiktokInteractionOff('Ada Bakes', 'stitches', 'tiktok_allow_stitch'),
    ],
    [
      'a video longer than the creator may post',
      tiktokRow(),
      ctx({ tiktokCreators: { 'acc-tt': { ...ADA, max_video_post_duration_sec: 15 } } }),
      TIKTOK_MSG.tooLong(15),
    ],
    ['creator_info that could not be read', tiktokRow(), ctx({ tiktokCreators: { 'acc-tt': { error: 'Reconnect TikTok' } } }), 'Reconnect TikTok'],
  ])('refuses a TikTok row with %s', (_label, fields, c, reason) => {
    expect(reasonOf(fields, c)).toBe(reason);
  });

  it('passes a row the creator allows, and ignores the TikTok columns on rows without TikTok', () => {
    expect(reasonOf(tiktokRow({ tiktok_allow_comment: 'yes' }), ctx({ tiktokCreators: { 'acc-tt': ADA }, tiktokConsent: true }))).toBeNull();
    expect(reasonOf(row({ media: 'spring.jpg', tiktok_privacy: 'nonsense' }))).toBeNull();
  });

  it('checks creator_info the same way for the server’s real files (null facts are not held against the row)', () => {
    const settings = { tiktok_privacy_level: 'SELF_ONLY', tiktok_allow_comment: true } as const;
    expect(tiktokCreatorProblem('Ada Bakes', settings, ADA, [null])).toBeNull();
    expect(tiktokCreatorProblem('Ada Bakes', settings, { ...ADA, comment_disabled: true }, [])).toBe(
      IMPORT_MSG.tiktokInteractionOff('Ada Bakes', 'comments', 'tiktok_allow_comment'),
    );
    expect(tiktokCreatorProblem('Ada Bakes', settings, { ...ADA, max_video_post_duration_sec: 60 }, [{ duration_seconds: 61 }])).toBe(TIKTOK_MSG.tooLong(60));
  });
});

describe('the media_urls column', () => {
  it('counts a link as the row’s media, so an Instagram row with only a link is valid until the link is fetched', () => {
    const check = checkImportRow(row({ media_urls: 'https://cdn.example.com/spring.jpg' }), ctx());

    expect(check.ok).toBe(true);
    // The link is not an id: the Import page fetches it and adds the id just before the row is sent.
    expect(check.ok && check.body.media_ids).toEqual([]);
  });

  it('takes links separated by semicolons or spaces, and keeps a comma inside a link', () => {
    expect(mediaLinksOf({ media_urls: ' https://a.example/x.jpg; https://b.example/y,z.jpg  https://c.example/w.png ' })).toEqual([
      'https://a.example/x.jpg',
      'https://b.example/y,z.jpg',
      'https://c.example/w.png',
    ]);
  });

  it.each([
    ['not a link', 'spring.jpg', MEDIA_URL_INVALID_MESSAGE],
    ['another scheme', 'ftp://files.example/spring.jpg', MEDIA_URL_INVALID_MESSAGE],
    ['credentials in it', 'https://user:secret@cdn.example.com/spring.jpg', MEDIA_URL_CREDENTIALS_MESSAGE],
  ])('refuses %s with the link and the reason', (_, link, why) => {
    expect(reasonOf(row({ media_urls: link }))).toBe(IMPORT_MSG.badLink(link, why));
  });

  it('refuses more files than a post holds, counting names, ids and links together', () => {
    const links = Array.from({ length: MAX_MEDIA_PER_POST }, (_, i) => `https://cdn.example.com/${i}.jpg`).join(';');

    expect(reasonOf(row({ media: 'spring.jpg', media_urls: links }))).toBe(IMPORT_MSG.tooManyLinks);
  });
});
