import { graphApiVersionFrom } from '@shared/graph-api-version';
import type { Platform } from '@shared/platforms';
import { SERVER_NETWORKS } from './networks';

/**
 * The real hosts each platform's OAuth and API calls go to (docs/platform-apis.md), from each
 * network's server module (functions/platforms/networks/<network>.ts). Paths after the host are the
 * real ones. The sandbox platforms (local/sandbox) serve every host at
 * `${sandboxUrl}/${platform}/${hostKey}`, so pointing an adapter at the sandbox swaps origins only.
 */
export const PLATFORM_HOSTS = Object.fromEntries(Object.values(SERVER_NETWORKS).map((n) => [n.id, n.hosts])) as {
  readonly [P in Platform]: (typeof SERVER_NETWORKS)[P]['hosts'];
};

export type PlatformHosts<P extends Platform> = { readonly [K in keyof (typeof PLATFORM_HOSTS)[P]]: string };

/**
 * The Graph API version the adapters and the sandbox speak: the deployment setting GRAPH_API_VERSION
 * (infra/config.ts passes it to the functions; the local cloud shares its environment with the
 * sandbox), read once when this module loads. A malformed value stops the cold start.
 */
export const GRAPH_VERSION = graphApiVersionFrom(process.env);

/** The Threads API's own version path, separate from Graph's (developers.facebook.com/documentation/threads/reference). */
export { THREADS_VERSION } from '@shared/graph-api-version';

/**
 * The `LinkedIn-Version` (YYYYMM) every /rest call sends (docs/platforms.md#linkedin). LinkedIn serves a
 * version for about a year after its release; move it forward before it is sunset.
 */
export const LINKEDIN_VERSION = '202610';

/**
 * Where Bluesky accounts sign in: the deployment setting BLUESKY_SERVICE_URL (bsky.social's
 * entryway in production; the local cloud's own PDS, local/bluesky). Absent: Bluesky is not offered.
 */
export function blueskyServiceUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.BLUESKY_SERVICE_URL || undefined;
}

/**
 * Pinterest's API sandbox: apps with Trial access may not create pins on api.pinterest.com and must
 * use this host (pins made there are visible only to their creator) until Standard access is granted
 * (developers.pinterest.com/docs/developer-tools/sandbox/).
 */
export const PINTEREST_TRIAL_API_HOST = 'https://api-sandbox.pinterest.com';

/** A setting that takes one of a few words: absent or empty is the default, anything else stops the cold start naming it. */
function oneOf<const T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be ${allowed.join(' or ')} (got "${value}")`);
  return value as T;
}

/**
 * Whether LinkedIn sign-in asks for the organization-page scopes: the deployment setting LINKEDIN_PAGES
 * (`on`/`off`, default `off`). LinkedIn refuses a whole authorization request naming a scope the app
 * was not granted, and the page scopes come only with the Community Management API product, after
 * LinkedIn's review (docs/platforms.md#linkedin). Off: members connect alone.
 */
export function linkedinPages(env: NodeJS.ProcessEnv = process.env): boolean {
  return oneOf(env, 'LINKEDIN_PAGES', ['on', 'off'], 'off') === 'on';
}

/**
 * Which Pinterest API the adapter calls: the deployment setting PINTEREST_API_HOST (`production`, the
 * default, or `sandbox` for an app with Trial access, which may pin only on PINTEREST_TRIAL_API_HOST).
 */
export function pinterestApiHost(env: NodeJS.ProcessEnv = process.env): 'production' | 'sandbox' {
  return oneOf(env, 'PINTEREST_API_HOST', ['production', 'sandbox'], 'production');
}

/**
 * Hosts for a platform: the real ones, or the sandbox's when `sandboxUrl` is given. Bluesky has no
 * sandbox stand-in: its stand-in is Bluesky's own PDS, named by BLUESKY_SERVICE_URL. Pinterest's real
 * API host follows PINTEREST_API_HOST; the local stand-in serves both, so a `sandboxUrl` wins.
 */
export function hostsFor<P extends Platform>(platform: P, sandboxUrl?: string, env: NodeJS.ProcessEnv = process.env): PlatformHosts<P> {
  if (platform === 'bluesky') {
    return {
      ...PLATFORM_HOSTS.bluesky,
      api: blueskyServiceUrl(env) ?? PLATFORM_HOSTS.bluesky.api,
      plc: env.BLUESKY_PLC_URL || PLATFORM_HOSTS.bluesky.plc,
    } as PlatformHosts<P>;
  }
  const real = PLATFORM_HOSTS[platform] as Record<string, string>;
  if (!sandboxUrl) {
    if (platform === 'pinterest' && pinterestApiHost(env) === 'sandbox') return { ...real, api: PINTEREST_TRIAL_API_HOST } as PlatformHosts<P>;
    return real as PlatformHosts<P>;
  }
  const base = sandboxUrl.replace(/\/$/, '');
  return Object.fromEntries(Object.keys(real).map((key) => [key, `${base}/${platform}/${key}`])) as PlatformHosts<P>;
}
