/** Query keys of the accounts feature (connected social accounts). */
export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  platforms: () => [...accountKeys.all, 'platforms'] as const,
  pageInfo: (id: string) => [...accountKeys.all, 'page-info', id] as const,
};
