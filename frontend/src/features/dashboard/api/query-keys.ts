/**
 * Query keys of the dashboard feature. The dashboard's post lists live under 'posts' so the shell's
 * refresh and every post mutation (which invalidate ['posts']) refresh them too.
 */
export const dashboardKeys = {
  posts: () => ['posts', 'dashboard'] as const,
};
