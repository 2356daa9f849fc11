import { BLUESKY_SIGN_IN_PATH } from '@shared/bluesky-sign-in-path';

/** Every route of the SPA (docs/product-rules.md#routes). Components link with getHref(); the router uses path. */
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
    /**
     * `claim`: a paid public checkout to attach to the account once signed in (see app.subscription).
     * `ended`: the session ended elsewhere; the page says so.
     * `invite`: an invitation's token; signing in goes back to that invitation (see invite).
     */
    getHref: (query: { mode?: AuthMode; email?: string; claim?: string; ended?: boolean; invite?: string } = {}) =>
      withQuery('/auth', {
        mode: query.mode === 'signup' ? 'signup' : undefined,
        email: query.email,
        claim: query.claim,
        session: query.ended ? 'ended' : undefined,
        invite: query.invite,
      }),
  },
  /** Forgot password: the e-mail, then the mailed code and a new password. */
  forgotPassword: {
    path: '/auth/forgot-password',
    getHref: (query: { email?: string } = {}) => withQuery('/auth/forgot-password', { email: query.email }),
  },
  verifyEmail: {
    path: '/auth/verify',
    getHref: (email: string, code: string) => withQuery('/auth/verify', { email, code }),
  },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  /** Connection status page; the query (status, provider, msg, error) is read once, then dropped. */
  connections: {
    path: '/connections',
    getHref: (query?: URLSearchParams) => (query?.size ? `/connections?${query.toString()}` : '/connections'),
  },
  /** The success URL of a public checkout: the paid visitor creates the account here. */
  completeSignup: {
    path: '/complete-signup',
    getHref: (query: { email: string; sessionId?: string }) => withQuery('/complete-signup', { email: query.email, session_id: query.sessionId }),
  },
  /** The link of an invitation e-mail: public; accepting needs a session, which sign-in and sign-up bring back here. */
  invite: { path: '/invite', getHref: (token: string) => withQuery('/invite', { token }) },
  /** An agency's client connect link: public; the client connects their accounts without one of ours. */
  connectLink: {
    path: '/connect',
    /** `result`: the callback's query (status, provider, error) when the consent popup came back without its opener. */
    getHref: (token: string, result?: URLSearchParams) => withQuery('/connect', { ...Object.fromEntries(result ?? []), token }),
  },
  /** An agency's client review link: public; the client reviews their upcoming posts without an account. */
  reviewLink: { path: '/review', getHref: (token: string) => withQuery('/review', { token }) },
  /** Where the backend's OAuth callback sends the connect popup. */
  oauthCallback: { path: '/oauth-callback', getHref: () => '/oauth-callback' },
  /** The connect popup's Bluesky step (the handle, before Bluesky's own sign-in page), opened with the connect's state. */
  blueskySignIn: { path: BLUESKY_SIGN_IN_PATH, getHref: (state: string) => withQuery(BLUESKY_SIGN_IN_PATH, { state }) },
  app: {
    root: { path: '/home', getHref: () => '/home' },
    dashboard: { path: '', getHref: () => '/home' },
    compose: { path: 'compose', getHref: () => '/home/compose' },
    schedule: { path: 'schedule', getHref: () => '/home/schedule' },
    queue: { path: 'queue', getHref: () => '/home/queue' },
    posts: { path: 'posts', getHref: () => '/home/posts' },
    analytics: { path: 'analytics', getHref: () => '/home/analytics' },
    platforms: { path: 'platforms', getHref: () => '/home/platforms' },
    clients: { path: 'clients', getHref: () => '/home/clients' },
    import: { path: 'import', getHref: () => '/home/import' },
    settings: { path: 'settings', getHref: () => '/home/settings' },
    /** The public API's reference, rendered from its OpenAPI document. */
    apiReference: { path: 'api-reference', getHref: () => '/home/api-reference' },
    /** The current workspace's members, invitations and name (Admin and Owner). */
    members: { path: 'members', getHref: () => '/home/members' },
    /** `claim`: the page claims that paid public checkout for the signed-in user once, then drops it. */
    subscription: { path: 'subscription', getHref: (query: { claim?: string } = {}) => withQuery('/home/subscription', { claim: query.claim }) },
  },
} as const;

/** The public footer's links (docs/product-rules.md#landing), shared by the landing and the other public pages. */
export const FOOTER_LINKS = [
  { label: 'About Us', to: paths.aboutUs.getHref() },
  { label: 'Privacy Policy', to: paths.privacyPolicy.getHref() },
  { label: 'Terms of Service', to: paths.termsOfService.getHref() },
  { label: 'Contact Us', to: paths.contactUs.getHref() },
] as const;
