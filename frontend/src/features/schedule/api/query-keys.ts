/**
 * Query keys of the schedule feature. They start with 'posts' so the shell's refresh and any post
 * mutation (here or in another feature) invalidate the calendar with `['posts']`.
 */
export const scheduleKeys = {
  posts: ['posts'] as const,
  calendarAll: () => [...scheduleKeys.posts, 'calendar'] as const,
  /** With a client (agency filter) the key names it; without, it is the every-client key. */
  calendar: (from: string, to: string, clientId = '') =>
    clientId ? ([...scheduleKeys.calendarAll(), from, to, clientId] as const) : ([...scheduleKeys.calendarAll(), from, to] as const),
};
