/** Query keys of the Analytics page (issue 15). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (days: number, clientId: string) => [...analyticsKeys.all, 'period', days, clientId] as const,
  post: (postId: string) => [...analyticsKeys.all, 'post', postId] as const,
};
