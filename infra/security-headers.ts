import { createHash } from 'node:crypto';

/**
 * The security headers the SPA is served with: one definition for CloudFront's response headers
 * policy (infra/constructs/web.ts) and for the local front door (`npm start`, the e2e tests), so
 * the app is developed and tested under the Content-Security-Policy its users get.
 */
export const HSTS = { maxAgeSeconds: 365 * 24 * 3600, includeSubdomains: true, preload: true } as const;
export const FRAME_OPTION = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * CSP hashes of the inline scripts in the built index.html (e.g. the theme script that runs before
 * first paint), so `script-src` can stay free of 'unsafe-inline'. The hash covers the exact text.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

export interface CspSources {
  /** Hashes of index.html's inline scripts (`inlineScriptHashes`). */
  readonly scripts: readonly string[];
  /** Origins the SPA fetches from or posts to besides its own (Cognito, the media bucket, AppSync). */
  readonly connect: readonly string[];
  /** Origins the SPA plays video/audio from besides its own (the media bucket). */
  readonly media: readonly string[];
  /**
   * Origins of images besides its own and any https: one. Empty on AWS (the bucket is https); the
   * local S3 answers over http on its own port.
   */
  readonly images?: readonly string[];
}

export function contentSecurityPolicy(sources: CspSources): string {
  const list = (extra: readonly string[]) => ["'self'", ...new Set(extra)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(sources.scripts)}`,
    // Chakra UI (emotion) injects <style> elements at runtime.
    `style-src 'self' 'unsafe-inline'`,
    // Users set logo and avatar URLs anywhere on the web (rendered only, never fetched by us).
    `img-src ${list(['data:', 'blob:', 'https:', ...(sources.images ?? [])])}`,
    `font-src 'self' data:`,
    `media-src ${list(['blob:', ...sources.media])}`,
    `connect-src ${list(sources.connect)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** The response headers as CloudFront's policy writes them. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}${HSTS.preload ? '; preload' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTION,
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': csp,
  };
}
