import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import type { SocialAccount } from '@shared/accounts';
import { FREE_PLAN, PLANS } from '@shared/plans';
import { describe, expect, it } from 'vitest';
import { aSocialAccount } from '../../helpers/accounts';
import { decodeCursor, encodeCursor, postIndexKeys, tabOf, type PostRecord } from '../../../functions/data/posts';
import { monthOf, scheduleFrom, targetFor } from '../../../functions/domain/posts';
import { aPostRecord } from '../../helpers/posts';
import { PlanError, ValidationError } from '../../../functions/lib/errors';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const USER = 'user-1';
const POST_ID = '01KAAAAAAAAAAAAAAAAAAAAAAA';

function aPost(overrides: Partial<PostRecord> = {}): PostRecord {
  return aPostRecord(anAccount(), {
    id: POST_ID,
    scheduled_at: '2026-12-01T09:00:00.000Z',
    status: 'scheduled',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-21T08:00:00.000Z',
    usage_month: '2026-11',
    platforms: [],
    ...overrides,
  });
}

const anAccount = (overrides: Partial<SocialAccount> = {}) => aSocialAccount({ id: 'acc-1', account_name: 'My Page', ...overrides });

describe('status from the schedule time (docs/product-rules.md#scheduling-rules)', () => {
  it('makes a post without a time a draft', () => {
    expect(scheduleFrom(undefined, NOW)).toEqual({ status: 'draft', scheduled_at: null });
    expect(scheduleFrom(null, NOW)).toEqual({ status: 'draft', scheduled_at: null });
  });

  it('makes a post with a future time scheduled, stored in UTC', () => {
    expect(scheduleFrom('2026-11-23T09:00:00-05:00', NOW)).toEqual({ status: 'scheduled', scheduled_at: '2026-11-23T14:00:00.000Z' });
  });

  it('refuses a time before now with the clear message', () => {
    expect(() => scheduleFrom('2026-11-22T09:59:59Z', NOW)).toThrow(new ValidationError(SCHEDULED_IN_PAST_MESSAGE));
  });

  it('counts usage in the UTC calendar month of the moment of scheduling', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });
});

describe('the index keys of a post', () => {
  it.each([
    ['scheduled', 'scheduled'],
    ['queued', 'scheduled'],
    ['publishing', 'scheduled'],
    ['posted', 'posted'],
    ['draft', 'drafts'],
    ['failed', 'failed'],
  ] as const)('puts a %s post in the %s tab', (status, tab) => {
    expect(tabOf(status)).toBe(tab);
  });

  it('orders the scheduled tab by due time and carries the open (watchdog) entry', () => {
    expect(postIndexKeys(USER, aPost())).toEqual({
      gsi1pk: 'POSTTAB#user-1#scheduled',
      gsi1sk: `2026-12-01T09:00:00.000Z#${POST_ID}`,
      gsi3pk: 'POSTTAB#user-1#scheduled',
      gsi3sk: `2026-12-01T09:00:00.000Z#${POST_ID}`,
      gsi2pk: 'OPEN',
      gsi2sk: `2026-12-01T09:00:00.000Z#user-1#${POST_ID}`,
    });
  });

  it('orders drafts by creation, posted by publication and failed by last change, none of them open', () => {
    const draft = postIndexKeys(USER, aPost({ status: 'draft', scheduled_at: null }));
    const posted = postIndexKeys(USER, aPost({ status: 'posted', published_at: '2026-12-01T09:00:05.000Z' }));
    const failed = postIndexKeys(USER, aPost({ status: 'failed' }));
    expect(draft).toEqual({
      gsi1pk: 'POSTTAB#user-1#drafts',
      gsi1sk: `2026-11-20T08:00:00.000Z#${POST_ID}`,
      gsi3pk: 'POSTTAB#user-1#drafts',
      gsi3sk: `2026-11-20T08:00:00.000Z#${POST_ID}`,
    });
    expect(posted.gsi1sk).toBe(`2026-12-01T09:00:05.000Z#${POST_ID}`);
    expect(failed.gsi1sk).toBe(`2026-11-21T08:00:00.000Z#${POST_ID}`);
    for (const keys of [draft, posted, failed]) expect(keys).not.toHaveProperty('gsi2pk');
  });
});

describe('page cursors', () => {
  const key = { pk: 'WS#user-1', sk: `POST#${POST_ID}`, gsi1pk: 'POSTTAB#user-1#drafts', gsi1sk: `2026-11-20T08:00:00.000Z#${POST_ID}` };

  it('round-trips a key of the same user and tab through an opaque string', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'user-1', 'drafts')).toEqual(key);
  });

  it("refuses another user's key", () => {
    const theirs = { ...key, pk: 'WS#user-2', gsi1pk: 'POSTTAB#user-2#drafts' };
    expect(() => decodeCursor(encodeCursor(theirs), 'user-1', 'drafts')).toThrow(ValidationError);
  });

  it('refuses a key whose index partition is another user’s, even with the right pk', () => {
    expect(() => decodeCursor(encodeCursor({ ...key, gsi1pk: 'POSTTAB#user-2#drafts' }), 'user-1', 'drafts')).toThrow(ValidationError);
  });

  it('refuses a key of another tab', () => {
    expect(() => decodeCursor(encodeCursor(key), 'user-1', 'failed')).toThrow(ValidationError);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['base64 of non-JSON', Buffer.from('{oops').toString('base64url')],
    ['an array', encodeCursor([1, 2] as unknown as Record<string, unknown>)],
    ['extra attributes', encodeCursor({ ...key, gsi2pk: 'OPEN' })],
    ['a non-string value', encodeCursor({ ...key, gsi1sk: 5 })],
    ['a key that is not a post', encodeCursor({ ...key, sk: 'SETTINGS' })],
  ])('refuses %s', (_name, cursor) => {
    expect(() => decodeCursor(cursor, 'user-1', 'drafts')).toThrow(ValidationError);
  });
});

describe('compose targets against the user’s accounts and plan', () => {
  const newId = () => 'T1';
  const compose = (overrides = {}) => ({ platform: 'facebook' as const, social_account_id: 'acc-1', caption: 'Hi', settings: {}, ...overrides });

  it('builds a pending target named after the connected account', () => {
    expect(targetFor(compose(), [anAccount()], FREE_PLAN, newId)).toEqual({
      id: 'T1',
      platform: 'facebook',
      social_account_id: 'acc-1',
      account_name: 'My Page',
      account_id: 'fb-page-1',
      caption: 'Hi',
      settings: {},
      status: 'pending',
      post_url: null,
      posted_at: null,
      error_message: null,
    });
  });

  it('asks to connect accounts when the account is not one of the user’s', () => {
    expect(() => targetFor(compose({ social_account_id: 'someone-elses' }), [anAccount()], FREE_PLAN, newId)).toThrow(
      new ValidationError('Please connect accounts for selected platforms'),
    );
  });

  it('refuses an account of another platform than the target’s', () => {
    expect(() => targetFor(compose({ platform: 'instagram' }), [anAccount()], FREE_PLAN, newId)).toThrow(ValidationError);
  });

  it('refuses a disconnected account', () => {
    expect(() => targetFor(compose(), [anAccount({ is_connected: false })], FREE_PLAN, newId)).toThrow(/not connected/);
  });

  it('refuses a platform the plan lacks with the upgrade message', () => {
    const x = anAccount({ platform: 'x' });
    expect(() => targetFor(compose({ platform: 'x' }), [x], FREE_PLAN, newId)).toThrow(PlanError);
    expect(targetFor(compose({ platform: 'x' }), [x], PLANS[1]!, newId).platform).toBe('x');
  });
});
