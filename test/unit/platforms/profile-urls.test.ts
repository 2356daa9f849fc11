import { describe, expect, it } from 'vitest';
import type { Platform } from '@shared/platforms';
import { hostsFor } from '../../../functions/platforms/hosts';
import { profileUrlOn } from '../../../functions/platforms/profile-urls';

const www = (platform: Platform, sandboxUrl?: string) => hostsFor(platform, sandboxUrl).www;

describe('profile URLs of connected accounts', () => {
  it.each([
    ['instagram', { account_id: '1784', account_name: '@ada.bakes' }, 'https://www.instagram.com/ada.bakes/'],
    ['facebook', { account_id: '61500000000000001', account_name: 'Corner Café' }, 'https://www.facebook.com/61500000000000001'],
    ['x', { account_id: '42', account_name: '@acme' }, 'https://x.com/acme'],
    ['tiktok', { account_id: 'open-id', account_name: '@adabakes' }, 'https://www.tiktok.com/@adabakes'],
    ['youtube', { account_id: 'UC123', account_name: 'Ada Bakes' }, 'https://www.youtube.com/channel/UC123'],
    ['threads', { account_id: '27', account_name: '@cornercafe' }, 'https://threads.net/@cornercafe'],
    ['linkedin', { account_id: 'urn:li:organization:90100001', account_name: 'Corner Café' }, 'https://www.linkedin.com/company/90100001/'],
    ['pinterest', { account_id: '1090', account_name: '@cornercafe' }, 'https://www.pinterest.com/cornercafe/'],
  ] as const)('address a %s account on the real network on AWS', (platform, account, expected) => {
    expect(profileUrlOn(www(platform), { platform, ...account })).toBe(expected);
  });

  it("address the sandbox's pages when the deployment talks to the sandbox", () => {
    const sandbox = 'http://localhost:3100/_sandbox';
    expect(profileUrlOn(www('instagram', sandbox), { platform: 'instagram', account_id: '1', account_name: '@acme' })).toBe(
      'http://localhost:3100/_sandbox/instagram/www/acme/',
    );
    expect(profileUrlOn(www('youtube', sandbox), { platform: 'youtube', account_id: 'UC1', account_name: 'Acme TV' })).toBe(
      'http://localhost:3100/_sandbox/youtube/www/channel/UC1',
    );
  });

  it("give no link to an account known only by a display name, rather than guess a stranger's handle", () => {
    expect(profileUrlOn(www('tiktok'), { platform: 'tiktok', account_id: 'open-id', account_name: 'Ada Bakes' })).toBeNull();
  });

  it('take an Instagram or X name with or without its @', () => {
    expect(profileUrlOn(www('instagram'), { platform: 'instagram', account_id: '1', account_name: 'corner.bakery' })).toBe(
      'https://www.instagram.com/corner.bakery/',
    );
    expect(profileUrlOn(www('x'), { platform: 'x', account_id: '1', account_name: 'acme' })).toBe('https://x.com/acme');
  });

  it('escape handles and ids into the path', () => {
    expect(profileUrlOn(www('facebook'), { platform: 'facebook', account_id: '1/../2', account_name: 'x' })).toBe('https://www.facebook.com/1%2F..%2F2');
  });
});
