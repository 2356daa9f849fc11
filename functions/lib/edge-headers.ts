/**
 * Headers CloudFront adds to every /api/* request (infra/constructs/web.ts) and the API relies on
 * (functions/lib/http.ts). CloudFront overwrites a viewer header of the same name, so neither can
 * be supplied by a client that goes through CloudFront; the API's own execute-api endpoint, which
 * bypasses CloudFront, is refused for lacking the origin-verify value.
 */

/** The viewer's IP, set by a viewer-request CloudFront Function from `event.viewer.ip`. */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** A random value from Secrets Manager that only CloudFront sends (a custom origin header). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
