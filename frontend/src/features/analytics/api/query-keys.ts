/** Query keys of the Analytics page. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (days: number, clientId: string) => [...analyticsKeys.all, 'period', days, clientId] as const,
  post: (postId: string) => [...analyticsKeys.all, 'post', postId] as const,
};
