import { describe, expect, it } from 'vitest';
import {
  capitalize,
  EDITABLE_STATUSES,
  POST_STATUSES,
  POST_TABS,
  postStatusColor,
  postStatusLabel,
  SUBSCRIPTION_STATUSES,
  subscriptionBadgeVariant,
  UPCOMING_STATUSES,
} from '@shared/statuses';

describe('post statuses', () => {
  it('are draft, pending_approval, scheduled, queued, publishing, posted and failed (docs/product-rules.md#post-statuses)', () => {
    expect([...POST_STATUSES].sort()).toEqual(['draft', 'failed', 'pending_approval', 'posted', 'publishing', 'queued', 'scheduled']);
  });

  it('count scheduled, queued and publishing as upcoming on the dashboard and calendar (docs/product-rules.md#dashboard, #post-statuses)', () => {
    expect([...UPCOMING_STATUSES].sort()).toEqual(['publishing', 'queued', 'scheduled']);
  });

  it('allow editing only scheduled, waiting and draft posts (docs/product-rules.md#post-statuses)', () => {
    expect([...EDITABLE_STATUSES].sort()).toEqual(['draft', 'pending_approval', 'scheduled']);
  });
});

describe('the Posts tabs', () => {
  it('are Scheduled, Needs approval, Posted, Drafts and Failed, in that order (docs/product-rules.md#posts-list)', () => {
    expect(POST_TABS.map((t) => t.label)).toEqual(['Scheduled', 'Needs approval', 'Posted', 'Drafts', 'Failed']);
  });

  it.each([
    ['Scheduled', ['publishing', 'queued', 'scheduled']],
    ['Needs approval', ['pending_approval']],
    ['Posted', ['posted']],
    ['Drafts', ['draft']],
    ['Failed', ['failed']],
  ])('show %s posts with the statuses %j (docs/product-rules.md#post-statuses)', (label, statuses) => {
    const tab = POST_TABS.find((t) => t.label === label);
    expect([...(tab?.statuses ?? [])].sort()).toEqual(statuses);
  });

  it.each([
    ['Scheduled', 'No scheduled posts'],
    ['Needs approval', 'No posts waiting for approval'],
    ['Posted', 'No posted posts'],
    ['Drafts', 'No draft posts'],
    ['Failed', 'No failed posts'],
  ])('say the exact empty text for the %s tab (docs/product-rules.md#posts-list)', (label, empty) => {
    expect(POST_TABS.find((t) => t.label === label)?.empty).toBe(empty);
  });

  it('place every post status in exactly one tab', () => {
    const shown = POST_TABS.flatMap((t) => [...t.statuses]);
    expect([...shown].sort()).toEqual([...POST_STATUSES].sort());
  });

  it('use the same statuses for the Scheduled tab as for the upcoming lists', () => {
    const scheduled = POST_TABS.find((t) => t.id === 'scheduled');
    expect([...(scheduled?.statuses ?? [])].sort()).toEqual([...UPCOMING_STATUSES].sort());
  });
});

describe('postStatusColor', () => {
  it.each([
    ['queued', 'blue'],
    ['publishing', 'yellow'],
    ['posted', 'green'],
    ['failed', 'red'],
    ['scheduled', 'purple'],
    ['pending_approval', 'yellow'],
  ])('colours a %s badge %s (docs/product-rules.md#post-statuses)', (status, colour) => {
    expect(postStatusColor(status)).toBe(colour);
  });

  it.each(['draft', 'archived', ''])('colours any other status, such as %j, grey (docs/product-rules.md#post-statuses)', (status) => {
    expect(postStatusColor(status)).toBe('gray');
  });
});

describe('subscription statuses', () => {
  it('are active, trialing, canceled, incomplete and past_due (docs/product-rules.md#subscription-statuses)', () => {
    expect([...SUBSCRIPTION_STATUSES]).toEqual(['active', 'trialing', 'canceled', 'incomplete', 'past_due']);
  });

  it.each([
    ['active', 'default'],
    ['trialing', 'secondary'],
    ['canceled', 'destructive'],
    ['incomplete', 'destructive'],
    ['past_due', 'destructive'],
  ])('give an %s subscription the %s badge (docs/product-rules.md#subscription-statuses)', (status, variant) => {
    expect(subscriptionBadgeVariant(status)).toBe(variant);
  });

  it.each(['unpaid', 'incomplete_expired', 'paused', ''])(
    'give any other status, such as %j, the secondary badge (docs/product-rules.md#subscription-statuses)',
    (status) => {
      expect(subscriptionBadgeVariant(status)).toBe('secondary');
    },
  );
});

describe('postStatusLabel', () => {
  it('reads a waiting post as "Needs approval", as its tab does, and any other status capitalised', () => {
    expect(postStatusLabel('pending_approval')).toBe('Needs approval');
    expect(postStatusLabel('scheduled')).toBe('Scheduled');
  });
});

describe('capitalize', () => {
  it('capitalises a status for its badge (docs/product-rules.md#posts-list)', () => {
    expect(capitalize('posted')).toBe('Posted');
  });

  it('leaves the rest of the word as it is', () => {
    expect(capitalize('past_due')).toBe('Past_due');
  });

  it('returns an empty string unchanged', () => {
    expect(capitalize('')).toBe('');
  });
});
