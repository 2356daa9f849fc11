import { describe, expect, it } from 'vitest';
import { isOAuthErrorCode, oauthErrorMessage } from '@shared/oauth-errors';

describe('OAuth error messages', () => {
  it.each([
    'invalid_request',
    'unauthorized_client',
    'access_denied',
    'unsupported_response_type',
    'invalid_scope',
    'server_error',
    'temporarily_unavailable',
    'invalid_grant',
    'invalid_client',
    'unsupported_grant_type',
    'consent_required',
    'login_required',
  ])('say %s in plain words that name the platform and never the code', (code) => {
    const message = oauthErrorMessage('tiktok', code);
    expect(message).toContain('TikTok');
    expect(message).not.toContain(code);
    expect(message).toMatch(/\.$/);
  });

  it('say a cancelled consent as the user did it', () => {
    expect(oauthErrorMessage('instagram', 'access_denied')).toBe('You cancelled the connection on Instagram.');
  });

  it('tell bare codes from sentences someone already wrote', () => {
    expect(isOAuthErrorCode('access_denied')).toBe(true);
    expect(isOAuthErrorCode('You cancelled the connection on X.')).toBe(false);
    expect(isOAuthErrorCode('Access denied')).toBe(false);
  });
});
