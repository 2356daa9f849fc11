/**
 * The versioned public prefix. The app's own routes are under /api and never take a key. Apart from
 * shared/api-keys.ts (which builds zod schemas when it loads) for the API reference page's first paint.
 */
export const PUBLIC_API_PREFIX = '/v1';
