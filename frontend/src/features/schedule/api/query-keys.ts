/**
 * Query keys of the schedule feature. They start with 'posts' so the shell's refresh and any post
 * mutation (here or in another feature) invalidate the calendar with `['posts']`.
 */
export const scheduleKeys = {
  posts: ['posts'] as const,
  calendarAll: () => [...scheduleKeys.posts, 'calendar'] as const,
  calendar: (from: string, to: string) => [...scheduleKeys.calendarAll(), from, to] as const,
};
