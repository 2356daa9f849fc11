import { describe, expect, it } from 'vitest';
import { firstIssue } from '@shared/auth';
import { captionLength, captionProblem, ComposeTargetSchema, noConnectionProblem, CreatePostSchema, TargetSettingsSchema } from '@shared/compose';
import type { Platform } from '@shared/platforms';

const SPEC_LIMITS = [
  ['instagram', 2200],
  ['facebook', 63206],
  ['x', 280],
  ['tiktok', 2200],
  ['youtube', 5000],
] as const;

/** A TikTok Direct Post needs the user's privacy choice and consent (Content Sharing Guidelines). */
const TIKTOK_READY = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true } as const;

function target(platform: Platform, caption = 'Hello world', social_account_id = `acc-${platform}`) {
  return { platform, social_account_id, caption, ...(platform === 'tiktok' ? { settings: TIKTOK_READY } : {}) };
}

function issues(input: unknown) {
  const result = CreatePostSchema.safeParse(input);
  return result.success ? [] : result.error.issues;
}

function issueMessages(input: unknown): string[] {
  return issues(input).map((i) => i.message);
}

describe('CreatePostSchema', () => {
  it('accepts a draft for one platform with a caption', () => {
    expect(CreatePostSchema.safeParse({ platforms: [target('instagram')] }).success).toBe(true);
  });

  it('rejects a post with no platform with "Please select at least one platform" alone (docs/product-rules.md#compose-rules)', () => {
    expect(issueMessages({ title: '', platforms: [] })).toEqual(['Please select at least one platform']);
  });

  it('requires a title when YouTube is selected with "YouTube requires a title" (docs/product-rules.md#compose-rules)', () => {
    expect(issueMessages({ platforms: [target('youtube')] })).toEqual(['YouTube requires a title']);
  });

  it.each(['', '   '])('treats the blank title %j for YouTube as missing', (title) => {
    expect(issueMessages({ title, platforms: [target('youtube')] })).toEqual(['YouTube requires a title']);
  });

  it('accepts a YouTube title of exactly 100 characters', () => {
    expect(issueMessages({ title: 't'.repeat(100), platforms: [target('youtube')] })).toEqual([]);
  });

  it('rejects a YouTube title of 101 characters with "YouTube title must be 100 characters or less" (docs/product-rules.md#compose-rules)', () => {
    expect(issueMessages({ title: 't'.repeat(101), platforms: [target('youtube')] })).toEqual(['YouTube title must be 100 characters or less']);
  });

  it('needs no title when YouTube is not selected', () => {
    expect(issueMessages({ platforms: [target('instagram'), target('x')] })).toEqual([]);
  });

  it.each(SPEC_LIMITS)('accepts a caption for %s of exactly its limit of %i characters', (platform, limit) => {
    const post = { title: 'A title', platforms: [target(platform, 'c'.repeat(limit))] };

    expect(issueMessages(post)).toEqual([]);
  });

  it.each(SPEC_LIMITS.filter(([, limit]) => limit < 63206))(
    'rejects a caption for %s one character over its limit of %i, titled "Caption too long" (docs/product-rules.md#captions)',
    (platform, limit) => {
      // Prepare
      const post = { title: 'A title', platforms: [target(platform, 'c'.repeat(limit + 1))] };

      // Act
      const found = issues(post);

      // Assess
      expect(found).toHaveLength(1);
      expect(found[0]?.message).toMatch(new RegExp(`^\\S.* caption exceeds limit of ${limit} characters \\(current: ${limit + 1}\\)$`));
      expect(found[0]?.path).toEqual(['platforms', 0, 'caption']);
      expect((found[0] as { params?: { title?: string } }).params?.title).toBe('Caption too long');
    },
  );

  it('rejects a caption over 63206 characters with "Caption exceeds maximum length" (docs/product-rules.md#captions)', () => {
    const post = { platforms: [target('facebook', 'c'.repeat(63207))] };

    expect(issueMessages(post)).toEqual(['Caption exceeds maximum length']);
  });

  it('reports every caption that is too long, each at its own target', () => {
    // Prepare
    const post = { platforms: [target('x', 'c'.repeat(281)), target('instagram'), target('tiktok', 'c'.repeat(2201))] };

    // Act
    const found = issues(post);

    // Assess
    expect(found.map((i) => i.path)).toEqual([
      ['platforms', 0, 'caption'],
      ['platforms', 2, 'caption'],
    ]);
  });

  it('puts the YouTube title problem before caption problems, in the spec order (docs/product-rules.md#compose-rules)', () => {
    // Prepare
    const post = { platforms: [target('x', 'c'.repeat(281)), target('youtube')] };

    // Act
    const result = CreatePostSchema.safeParse(post);

    // Assess
    expect(firstIssue(result)).toBe('YouTube requires a title');
  });

  it('accepts a schedule time sent as an ISO time with a zone (docs/product-rules.md#scheduling-rules)', () => {
    for (const scheduled_at of ['2030-06-01T09:00:00Z', '2030-06-01T09:00:00.000+02:00'])
      expect(CreatePostSchema.safeParse({ scheduled_at, platforms: [target('instagram')] }).success, scheduled_at).toBe(true);
  });

  it('accepts a post without a schedule time as a draft', () => {
    expect(CreatePostSchema.safeParse({ scheduled_at: null, platforms: [target('instagram')] }).success).toBe(true);
  });

  it.each(['2030-06-01T09:00', '2030-06-01 09:00', 'tomorrow'])('rejects the schedule time %j that is not an ISO time with a zone', (scheduled_at) => {
    expect(CreatePostSchema.safeParse({ scheduled_at, platforms: [target('instagram')] }).success).toBe(false);
  });

  it('defaults the media ids to none', () => {
    expect(CreatePostSchema.parse({ platforms: [target('instagram')] }).media_ids).toEqual([]);
  });

  it('accepts the media ids of the post', () => {
    const post = CreatePostSchema.parse({ platforms: [target('instagram')], media_ids: ['m1', 'm2'] });

    expect(post.media_ids).toEqual(['m1', 'm2']);
  });

  it("accepts 'shorts' as the only youtube_type (docs/product-rules.md#entities)", () => {
    const base = { title: 'Clip', platforms: [target('youtube')] };

    expect(CreatePostSchema.safeParse({ ...base, youtube_type: 'shorts' }).success).toBe(true);
    expect(CreatePostSchema.safeParse({ ...base, youtube_type: 'video' }).success).toBe(false);
  });

  it('accepts all five platforms in one post', () => {
    const post = {
      title: 'Launch',
      platforms: (['instagram', 'facebook', 'x', 'tiktok', 'youtube'] as const).map((p) => target(p)),
    };

    expect(issueMessages(post)).toEqual([]);
  });
});

describe('ComposeTargetSchema', () => {
  it('defaults the target settings to an empty object (docs/product-rules.md#entities)', () => {
    expect(ComposeTargetSchema.parse({ platform: 'tiktok', social_account_id: 'acc-tiktok', caption: 'Hi' }).settings).toEqual({});
  });

  it('rejects an unknown platform', () => {
    expect(ComposeTargetSchema.safeParse({ ...target('x'), platform: 'myspace' }).success).toBe(false);
  });

  it('rejects a target without a social account', () => {
    expect(ComposeTargetSchema.safeParse({ ...target('x'), social_account_id: '' }).success).toBe(false);
  });
});

describe('TargetSettingsSchema', () => {
  it('accepts the TikTok private and draft switches (docs/product-rules.md#entities)', () => {
    const settings = { tiktok_private: true, tiktok_draft: false };

    expect(TargetSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('accepts an empty object', () => {
    expect(TargetSettingsSchema.parse({})).toEqual({});
  });

  it('rejects keys other than tiktok_private and tiktok_draft', () => {
    expect(TargetSettingsSchema.safeParse({ tiktok_private: true, instagram_story: true }).success).toBe(false);
  });

  it('rejects a switch that is not a boolean', () => {
    expect(TargetSettingsSchema.safeParse({ tiktok_draft: 'yes' }).success).toBe(false);
  });
});

describe('captionProblem', () => {
  it.each(SPEC_LIMITS)('finds no problem with a caption for %s of exactly %i characters', (platform, limit) => {
    expect(captionProblem(platform, 'c'.repeat(limit))).toBeNull();
  });

  it('finds no problem with an empty caption', () => {
    expect(captionProblem('x', '')).toBeNull();
  });

  it('reports a 281-character X caption with the platform named as users know it (docs/product-rules.md#captions)', () => {
    expect(captionProblem('x', 'c'.repeat(281))).toEqual({
      title: 'Caption too long',
      message: 'X caption exceeds limit of 280 characters (current: 281)',
    });
  });

  it('reports a caption over the absolute cap with "Caption exceeds maximum length" (docs/product-rules.md#captions)', () => {
    expect(captionProblem('facebook', 'c'.repeat(63207))?.message).toBe('Caption exceeds maximum length');
  });

  it('reports the absolute cap first for a caption that breaks both the cap and its platform limit', () => {
    expect(captionProblem('instagram', 'c'.repeat(70000))?.message).toBe('Caption exceeds maximum length');
  });
});

describe('captionLength', () => {
  it('counts the characters of a caption', () => {
    expect(captionLength('instagram', 'Hello, world')).toBe(12);
  });

  it('counts an accented letter as one character', () => {
    expect(captionLength('facebook', 'café')).toBe(4);
  });

  it('counts code points on networks other than X (an emoji is one, a URL its length)', () => {
    expect(captionLength('instagram', '😀 https://example.com')).toBe(21);
  });
});

describe('captionLength on X (twitter-text weighting, docs/platform-apis.md#x-limits)', () => {
  it('counts Latin text one per character', () => {
    expect(captionLength('x', 'Hello, world')).toBe(12);
  });

  it('normalises to NFC first, so a decomposed é counts once', () => {
    expect(captionLength('x', 'cafe\u0301')).toBe(4);
  });

  it.each([
    ['U+10FF (end of the first light range)', '\u10FF', 1],
    ['U+1100 (just past it)', '\u1100', 2],
    ['U+2000–U+200D (spaces and joiners)', '\u2000\u200D', 2],
    ['U+200E (just past them)', '\u200E', 2],
    ['U+2010–U+201F (dashes and quotes)', '\u2010\u201C\u201F', 3],
    ['U+2032–U+2037 (primes)', '\u2032\u2037', 2],
    ['U+2038 (just past them)', '\u2038', 2],
  ])('weighs %s as given', (_name, text, weight) => {
    expect(captionLength('x', text)).toBe(weight);
  });

  it('counts CJK characters two each', () => {
    expect(captionLength('x', '日本語')).toBe(6);
  });

  it.each([
    ['a single emoji', '😀'],
    ['a ZWJ family sequence', '👨\u200D👩\u200D👧\u200D👦'],
    ['an emoji with a skin tone', '👍🏽'],
    ['a flag', '🇿🇦'],
    ['a keycap', '1️⃣'],
    ['a text symbol in emoji style', '❤️'],
  ])('counts %s as 2', (_name, text) => {
    expect(captionLength('x', text)).toBe(2);
  });

  it('counts a lone © as a plain character', () => {
    expect(captionLength('x', '©')).toBe(1);
  });

  it.each([['https://example.com/a/very/long/path?with=query&and=more'], ['http://x.co'], ['www.example.org/page'], ['example.com']])(
    'counts the URL %s as 23',
    (url) => {
      expect(captionLength('x', url)).toBe(23);
    },
  );

  it('counts each URL as 23 and the text around it by weight, leaving trailing punctuation out', () => {
    expect(captionLength('x', 'Read https://example.com/post, then www.example.org.')).toBe(5 + 23 + 7 + 23 + 1);
  });

  it('does not take an e-mail address for a URL', () => {
    expect(captionLength('x', 'me@example.com')).toBe(14);
  });

  it('lets 280 Latin characters through and refuses 141 CJK characters', () => {
    expect(captionProblem('x', 'a'.repeat(280))).toBeNull();
    expect(captionProblem('x', '日'.repeat(141))?.message).toBe('X caption exceeds limit of 280 characters (current: 282)');
  });

  it('lets a caption with a long URL through when its weighted length fits', () => {
    expect(captionProblem('x', `${'a'.repeat(256)} https://example.com/${'p'.repeat(300)}`)).toBeNull();
  });
});

describe('noConnectionProblem', () => {
  it('finds no problem when every selected platform has a connected account', () => {
    expect(noConnectionProblem(['instagram', 'facebook'], ['instagram', 'facebook', 'x'])).toBeNull();
  });

  it('finds no problem when at least one selected platform has a connected account (docs/product-rules.md#compose-rules)', () => {
    expect(noConnectionProblem(['instagram', 'tiktok'], ['tiktok'])).toBeNull();
  });

  it('says "Please connect accounts for selected platforms" when no selected platform is connected (docs/product-rules.md#compose-rules)', () => {
    expect(noConnectionProblem(['instagram', 'x'], ['facebook'])).toBe('Please connect accounts for selected platforms');
  });

  it('says so too when no account is connected at all', () => {
    expect(noConnectionProblem(['youtube'], [])).toBe('Please connect accounts for selected platforms');
  });
});
