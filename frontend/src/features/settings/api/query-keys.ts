/** Query keys of the settings feature (the signed-in user's settings and profile). */
export const settingsKeys = {
  all: ['settings'] as const,
  me: () => [...settingsKeys.all, 'me'] as const,
};
