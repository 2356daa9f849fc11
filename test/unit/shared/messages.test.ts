import { describe, expect, it } from 'vitest';
import { captionOverLimitMessage, MSG } from '@shared/messages';

const SPEC_TEXTS = [
  ['notAuthenticated', 'Not authenticated'],
  ['validationErrorTitle', 'Validation Error'],
  ['emailInvalid', 'Please enter a valid email address'],
  ['emailTooLong', 'Email must be less than 255 characters'],
  ['passwordTooShort', 'Password must be at least 6 characters'],
  ['passwordTooLong', 'Password must be less than 72 characters'],
  ['passwordsDontMatch', "Passwords don't match"],
  ['passwordsDontMatchText', 'Please make sure both passwords are the same'],
  ['passwordTooShortTitle', 'Password too short'],
  ['selectPlatform', 'Please select at least one platform'],
  ['youtubeTitleRequired', 'YouTube requires a title'],
  ['youtubeTitleTooLong', 'YouTube title must be 100 characters or less'],
  ['captionExceedsMax', 'Caption exceeds maximum length'],
  ['captionTooLongTitle', 'Caption too long'],
  ['connectAccounts', 'Please connect accounts for selected platforms'],
  ['fileTooLargeTitle', 'File too large'],
  ['accountCreated', 'Account created! Please check your email to verify.'],
  ['welcomeBack', 'Welcome back!'],
  ['dataRefreshed', 'Data refreshed'],
  ['noNotifications', 'No notifications yet'],
  ['messageSent', 'Message Sent!'],
  ['pageNotFound', 'Oops! Page not found'],
  ['unexpectedError', 'Unexpected Application Error!'],
  ['platformLocked', 'Connect account in Settings → Platforms'],
] as const;

describe('the user-facing messages', () => {
  it.each(SPEC_TEXTS)('word %s exactly as the spec does: %j', (key, text) => {
    expect(MSG[key]).toBe(text);
  });

  it('are each checked against a spec text above', () => {
    expect(Object.keys(MSG).sort()).toEqual(SPEC_TEXTS.map(([key]) => key).sort());
  });
});

describe('captionOverLimitMessage', () => {
  it('fills "{platform} caption exceeds limit of {limit} characters (current: {n})" (docs/product-rules.md#captions)', () => {
    expect(captionOverLimitMessage('instagram', 2200, 2201)).toBe('instagram caption exceeds limit of 2200 characters (current: 2201)');
  });

  it('prints the counts without thousands separators', () => {
    expect(captionOverLimitMessage('youtube', 5000, 12345)).toBe('youtube caption exceeds limit of 5000 characters (current: 12345)');
  });
});
