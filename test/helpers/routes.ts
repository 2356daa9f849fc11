/** The signed-in routes, each a page of the app shell: the accessibility test and `npm run bench` visit all of them. */
export const SIGNED_IN_ROUTES = [
  '/home',
  '/home/compose',
  '/home/schedule',
  '/home/queue',
  '/home/posts',
  '/home/import',
  '/home/analytics',
  '/home/platforms',
  '/home/clients',
  '/home/settings',
  '/home/api-reference',
  '/home/subscription',
];
