import type { SocialAccount } from '@shared/accounts';
import { MSG } from '@shared/messages';
import { FREE_PLAN, PLANS, upgradeToConnectMessage } from '@shared/plans';
import { describe, expect, it } from 'vitest';
import { aSocialAccount } from '../../helpers/accounts';
import { duplicableTargets } from '../../../functions/domain/posts';
import { aPostRecord } from '../../helpers/posts';

/** Which targets a duplicate keeps, and why the others are left out. */
const anAccount = aSocialAccount;

const facebook = anAccount();
const x = anAccount({ id: 'acc-x', platform: 'x', account_id: 'x-1', account_name: '@bakery' });
const instagram = anAccount({ id: 'acc-ig', platform: 'instagram', account_id: 'ig-1', account_name: '@bakery.ig' });
const BASIC = PLANS.find((p) => p.id === 'basic')!;

/** A posted post's targets, one per account, as the publisher leaves them. */
function postedTargets(...accounts: SocialAccount[]) {
  return accounts.map((account, i) => ({
    ...aPostRecord(account, {}, `Caption ${i}`).platforms[0]!,
    id: `old-${i}`,
    status: 'posted' as const,
    post_url: `https://example.com/${i}`,
    posted_at: '2026-11-20T10:00:00.000Z',
  }));
}

describe('the targets a duplicate keeps', () => {
  it('keeps every target whose account is connected and on the plan, fresh: pending, new id, nothing published', () => {
    let n = 0;
    const { kept, leftOut } = duplicableTargets(postedTargets(facebook, x), [facebook, x], BASIC, () => `new-${n++}`);

    expect(leftOut).toEqual([]);
    expect(kept).toEqual([
      expect.objectContaining({
        id: 'new-0',
        platform: 'facebook',
        social_account_id: 'acc-fb',
        caption: 'Caption 0',
        status: 'pending',
        post_url: null,
        posted_at: null,
      }),
      expect.objectContaining({
        id: 'new-1',
        platform: 'x',
        social_account_id: 'acc-x',
        caption: 'Caption 1',
        status: 'pending',
        post_url: null,
        posted_at: null,
      }),
    ]);
  });

  it('leaves out a deleted account, a disconnected one and a platform the plan no longer has, each with its reason', () => {
    const disconnected = { ...instagram, is_connected: false };
    const { kept, leftOut } = duplicableTargets(
      postedTargets(facebook, x, instagram, anAccount({ id: 'acc-gone', account_name: 'Old Page' })),
      [facebook, x, disconnected],
      FREE_PLAN,
      () => 'new',
    );

    expect(kept.map((t) => t.social_account_id)).toEqual(['acc-fb']);
    expect(leftOut).toEqual([
      { platform: 'x', account_name: '@bakery', reason: upgradeToConnectMessage('x') },
      { platform: 'instagram', account_name: '@bakery.ig', reason: expect.stringContaining('is not connected') },
      { platform: 'facebook', account_name: 'Old Page', reason: MSG.connectAccounts },
    ]);
  });
});
