/** Every route of the SPA (spec §2 route table). Components link with getHref(); the router uses path. */
export type AuthMode = 'signin' | 'signup';

function withQuery(base: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export const paths = {
  landing: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (query: { mode?: AuthMode; email?: string } = {}) =>
      withQuery('/auth', { mode: query.mode === 'signup' ? 'signup' : undefined, email: query.email }),
  },
  verifyEmail: {
    path: '/auth/verify',
    getHref: (email: string, code: string) => withQuery('/auth/verify', { email, code }),
  },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  app: {
    root: { path: '/home', getHref: () => '/home' },
    dashboard: { path: '', getHref: () => '/home' },
    compose: { path: 'compose', getHref: () => '/home/compose' },
    schedule: { path: 'schedule', getHref: () => '/home/schedule' },
    posts: { path: 'posts', getHref: () => '/home/posts' },
    platforms: { path: 'platforms', getHref: () => '/home/platforms' },
    clients: { path: 'clients', getHref: () => '/home/clients' },
    settings: { path: 'settings', getHref: () => '/home/settings' },
    subscription: { path: 'subscription', getHref: () => '/home/subscription' },
  },
} as const;
