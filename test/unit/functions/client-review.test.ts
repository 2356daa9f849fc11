import { CLIENT_COMMENT_MAX, REVIEW_LINK_MSG, ReviewDecisionBodySchema } from '@shared/review-links';
import { describe, expect, it } from 'vitest';
import type { PostRecord, StoredClientReview } from '../../../functions/data/posts';
import { clientReviewView, reviewFingerprint } from '../../../functions/domain/client-review';
import { aPostRecord } from '../../helpers/post-record';

/** What a client's decision through a review link applies to (docs/review-links.md#versions), and what the decision accepts. */

const account = { id: 'acc-1', platform: 'facebook' as const, account_id: 'page-1', account_name: 'Acme on Facebook' };
const waiting = (): PostRecord => aPostRecord(account, { status: 'pending_approval', scheduled_at: '2030-07-01T10:00:00.000Z', client_id: 'client-1' });
const decided = (post: PostRecord): PostRecord => {
  const review: StoredClientReview = {
    decision: 'approved',
    comment: null,
    at: '2030-06-01T10:00:00.000Z',
    client_name: 'Acme',
    fingerprint: reviewFingerprint(post),
  };
  return { ...post, client_review: review };
};

describe('a client’s decision on a post', () => {
  it('stands after an Editor approves the post (status and version move, what the client saw does not)', () => {
    const post = decided(waiting());
    const approved: PostRecord = { ...post, status: 'scheduled', version: post.version + 1, usage_month: '2030-06' };

    expect(clientReviewView(approved)).toMatchObject({ decision: 'approved', client_name: 'Acme', current: true });
  });

  it.each<[string, (post: PostRecord) => PostRecord]>([
    ['a caption', (p) => ({ ...p, platforms: p.platforms.map((t) => ({ ...t, caption: 'Another caption' })) })],
    ['the time', (p) => ({ ...p, scheduled_at: '2030-07-02T10:00:00.000Z' })],
    ['the title', (p) => ({ ...p, title: 'New title' })],
    ['the files', (p) => ({ ...p, media: [{ id: 'm-1', file_path: 'k', file_type: 'image/png', file_size: 3, created_at: p.created_at }] })],
    ['a target’s settings', (p) => ({ ...p, platforms: p.platforms.map((t) => ({ ...t, settings: { first_comment: 'Link in bio' } })) })],
  ])('needs the client’s review again once %s changed', (_, edit) => {
    expect(clientReviewView(edit(decided(waiting())))).toMatchObject({ decision: 'approved', current: false });
  });

  it('is absent on a post no client decided on', () => {
    expect(clientReviewView(waiting())).toBeNull();
  });
});

describe('the decision a client sends', () => {
  const base = { token: 'a'.repeat(43), post_id: '01JQ00000000000000000000P1', version: 1 };

  it('needs a comment to ask for changes, trimmed and at most the limit', () => {
    const blank = ReviewDecisionBodySchema.safeParse({ ...base, decision: 'changes_requested', comment: '  ' });
    const long = ReviewDecisionBodySchema.safeParse({ ...base, decision: 'changes_requested', comment: 'x'.repeat(CLIENT_COMMENT_MAX + 1) });
    const fine = ReviewDecisionBodySchema.parse({ ...base, decision: 'changes_requested', comment: '  Warmer colours  ' });

    expect(blank.error?.issues[0]?.message).toBe(REVIEW_LINK_MSG.commentRequired);
    expect(long.error?.issues[0]?.message).toBe(REVIEW_LINK_MSG.commentTooLong);
    expect(fine).toMatchObject({ comment: 'Warmer colours' });
  });

  it('takes no comment with an approval, and nothing but the two decisions', () => {
    expect(ReviewDecisionBodySchema.safeParse({ ...base, decision: 'approved' }).success).toBe(true);
    expect(ReviewDecisionBodySchema.safeParse({ ...base, decision: 'approved', comment: 'x' }).success).toBe(false);
    expect(ReviewDecisionBodySchema.safeParse({ ...base, decision: 'publish' }).success).toBe(false);
  });
});
