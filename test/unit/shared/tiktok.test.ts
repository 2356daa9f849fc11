import { describe, expect, it } from 'vitest';
import { CreatePostSchema, TargetSettingsSchema } from '@shared/compose';
import { TIKTOK_MSG, tiktokCommercialLabel, tiktokConsentText, tiktokPrivacyOf, tiktokSettingsProblems } from '@shared/tiktok';

/** TikTok's Content Sharing Guidelines as the API and the compose panel enforce them. */
const post = (settings: Record<string, unknown>) => ({ platforms: [{ platform: 'tiktok', social_account_id: 'acc-1', caption: 'Hi', settings }] });
const messages = (settings: Record<string, unknown>) => {
  const r = CreatePostSchema.safeParse(post(settings));
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('TikTok Direct Post settings', () => {
  it('accepts a post whose privacy the user chose and whose terms the user agreed to', () => {
    expect(messages({ tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true })).toEqual([]);
  });

  it('never defaults the privacy level: a Direct Post without one is refused at its field', () => {
    expect(messages({ tiktok_consent: true })).toEqual([{ path: 'platforms.0.settings.tiktok_privacy_level', message: 'Choose who can see this TikTok post' }]);
  });

  it('refuses a privacy level TikTok does not have', () => {
    expect(CreatePostSchema.safeParse(post({ tiktok_privacy_level: 'FRIENDS', tiktok_consent: true })).success).toBe(false);
  });

  it('requires the consent to the Music Usage Confirmation', () => {
    expect(messages({ tiktok_privacy_level: 'SELF_ONLY' })).toEqual([{ path: 'platforms.0.settings.tiktok_consent', message: TIKTOK_MSG.consentRequired }]);
  });

  it('requires "Your brand" or "Branded content" once commercial content is disclosed', () => {
    expect(messages({ tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true, tiktok_commercial: true })).toEqual([
      { path: 'platforms.0.settings.tiktok_commercial', message: 'You need to indicate if your content promotes yourself, a third party, or both.' },
    ]);
  });

  it('refuses branded content that only the creator could see', () => {
    const settings = { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true, tiktok_commercial: true, tiktok_branded_content: true };
    expect(messages(settings)).toEqual([{ path: 'platforms.0.settings.tiktok_branded_content', message: TIKTOK_MSG.brandedNotPrivate }]);
  });

  it('asks nothing of a draft sent to the TikTok inbox: the user finishes it in the app', () => {
    expect(messages({ tiktok_draft: true })).toEqual([]);
  });

  it('refuses anything but Only me for an unaudited TikTok client', () => {
    expect(tiktokSettingsProblems({ tiktok_privacy_level: 'FOLLOWER_OF_CREATOR', tiktok_consent: true }, { unaudited: true })).toEqual([
      { field: 'tiktok_privacy_level', message: 'TikTok only allows private (Only me) posts from this app until TikTok audits it' },
    ]);
    expect(tiktokSettingsProblems({ tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true }, { unaudited: true })).toEqual([]);
  });

  it('still reads posts stored before the guidelines, their Private switch as Only me', () => {
    const stored = { tiktok_private: true, tiktok_draft: false };

    expect(TargetSettingsSchema.parse(stored)).toEqual(stored);
    expect(tiktokPrivacyOf(stored)).toBe('SELF_ONLY');
    expect(tiktokPrivacyOf({ tiktok_private: false })).toBeUndefined();
  });

  it('names the label TikTok will show and the consent line for branded content', () => {
    expect(tiktokCommercialLabel({ tiktok_commercial: true, tiktok_your_brand: true })).toBe("Your photo/video will be labeled as 'Promotional content'");
    expect(tiktokCommercialLabel({ tiktok_commercial: true, tiktok_your_brand: true, tiktok_branded_content: true })).toBe(
      "Your photo/video will be labeled as 'Paid partnership'",
    );
    expect(tiktokCommercialLabel({ tiktok_your_brand: true })).toBeNull();
    expect(tiktokConsentText({})).toBe("By posting, you agree to TikTok's Music Usage Confirmation");
    expect(tiktokConsentText({ tiktok_commercial: true, tiktok_branded_content: true })).toBe(
      "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation",
    );
  });
});
