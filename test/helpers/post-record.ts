import type { SocialAccount } from '@shared/accounts';
import { ulid } from 'ulid';
import type { PostRecord } from '../../functions/data/posts';

/** A post record for one account, in any status (the publisher's statuses included); a draft by default. */
export function aPostRecord(
  account: Pick<SocialAccount, 'id' | 'platform' | 'account_id' | 'account_name'>,
  overrides: Partial<PostRecord> = {},
  caption = 'Stored post',
): PostRecord {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    title: null,
    scheduled_at: null,
    published_at: null,
    status: 'draft',
    error_message: null,
    youtube_type: null,
    client_id: null,
    version: 1,
    created_at: now,
    updated_at: now,
    usage_month: null,
    media: [],
    platforms: [
      {
        id: ulid(),
        platform: account.platform,
        social_account_id: account.id,
        account_name: account.account_name,
        account_id: account.account_id,
        caption,
        settings: {},
        status: 'pending',
        post_url: null,
        posted_at: null,
        error_message: null,
      },
    ],
    ...overrides,
  };
}
