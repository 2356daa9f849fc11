/** Post lifecycle (docs/product-rules.md#post-statuses, docs/publishing.md#outcomes). */
export const POST_STATUSES = ['draft', 'pending_approval', 'scheduled', 'queued', 'publishing', 'posted', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Tabs of the Posts view and the statuses each one shows (docs/product-rules.md#post-statuses). */
export const POST_TABS = [
  { id: 'scheduled', label: 'Scheduled', statuses: ['scheduled', 'queued', 'publishing'], empty: 'No scheduled posts' },
  { id: 'approval', label: 'Needs approval', statuses: ['pending_approval'], empty: 'No posts waiting for approval' },
  { id: 'posted', label: 'Posted', statuses: ['posted'], empty: 'No posted posts' },
  { id: 'drafts', label: 'Drafts', statuses: ['draft'], empty: 'No draft posts' },
  { id: 'failed', label: 'Failed', statuses: ['failed'], empty: 'No failed posts' },
] as const satisfies readonly { id: string; label: string; statuses: readonly PostStatus[]; empty: string }[];
export type PostTabId = (typeof POST_TABS)[number]['id'];

/** Statuses the dashboard and calendar treat as upcoming. */
export const UPCOMING_STATUSES: readonly PostStatus[] = ['scheduled', 'queued', 'publishing'];

/** Only these can be edited (docs/product-rules.md#post-statuses). */
/** Posts a page of the Posts view shows (GET /api/posts' default limit). */
export const POST_PAGE_SIZE = 20;

export const EDITABLE_STATUSES: readonly PostStatus[] = ['scheduled', 'pending_approval', 'draft'];

/** Badge colours: queued blue, publishing yellow, posted green, failed red, scheduled purple, waiting for approval yellow, other grey. */
export type BadgeColor = 'blue' | 'yellow' | 'green' | 'red' | 'purple' | 'gray';
export function postStatusColor(status: string): BadgeColor {
  switch (status) {
    case 'queued':
      return 'blue';
    case 'publishing':
    case 'pending_approval':
      return 'yellow';
    case 'posted':
      return 'green';
    case 'failed':
      return 'red';
    case 'scheduled':
      return 'purple';
    default:
      return 'gray';
  }
}

/** Subscription statuses and their badge variant (docs/product-rules.md#subscription-statuses). */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'canceled', 'incomplete', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type BadgeVariant = 'default' | 'secondary' | 'destructive';
export function subscriptionBadgeVariant(status: string): BadgeVariant {
  switch (status) {
    case 'active':
      return 'default';
    case 'canceled':
    case 'incomplete':
    case 'past_due':
      return 'destructive';
    default:
      return 'secondary';
  }
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A post status as the badges show it ("pending_approval" reads "Needs approval"). */
export function postStatusLabel(status: string): string {
  return status === 'pending_approval' ? 'Needs approval' : capitalize(status);
}

/** "A scheduled time in the past is refused with a clear message" (here, apart from shared/posts.ts's schemas, for the calendar's first paint). */
export const SCHEDULED_IN_PAST_MESSAGE = 'The scheduled time has already passed. Choose a time in the future.';
