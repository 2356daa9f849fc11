import type { SocialAccount } from '@shared/accounts';

/** A connected social account as the domain sees it: a Facebook Page unless the overrides say otherwise. */
export function aSocialAccount(overrides: Partial<SocialAccount> = {}): SocialAccount {
  return {
    id: 'acc-fb',
    platform: 'facebook',
    account_id: 'fb-page-1',
    account_name: 'Bakery Page',
    picture_url: null,
    is_connected: true,
    needs_reconnect: false,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
