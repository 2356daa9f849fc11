import type { PostTabId } from '@shared/statuses';

/**
 * Query keys of the posts feature. Every key starts with 'posts' so the shell's refresh and any post
 * mutation can invalidate all post data, in every feature, with `['posts']`.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  /** With a client (agency filter) the key names it; without, it is the every-client key. */
  list: (tab: PostTabId, clientId = '') => (clientId ? ([...postKeys.lists(), tab, clientId] as const) : ([...postKeys.lists(), tab] as const)),
  one: (id: string) => [...postKeys.all, 'one', id] as const,
  /** Like `list`: with a client the key names it, so each filter keeps its own counts. */
  counts: (clientId = '') => (clientId ? ([...postKeys.all, 'counts', clientId] as const) : ([...postKeys.all, 'counts'] as const)),
};
