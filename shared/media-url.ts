import * as z from 'zod';
import { MAX_UPLOAD_MB } from './media';
import { text } from './text';

/**
 * Media from a link (docs/bulk-import.md#media-from-a-link): the server fetches a
 * public https URL into the user's media. The guards and why: docs/threat-model.md#10-media-links.
 */

/** Browsers and CDNs keep URLs well under this; a longer one is not a media link. */
export const MAX_MEDIA_URL_LENGTH = 2048;
/**
 * The whole fetch (every redirect, DNS, the body) must finish within this; the function has 29 s, as
 * long as API Gateway waits (https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html).
 */
export const MEDIA_URL_TIMEOUT_SECONDS = 20;
/** Redirects followed, each one checked like the first URL. */
export const MEDIA_URL_MAX_REDIRECTS = 3;

export const MEDIA_URL_INVALID_MESSAGE = 'Enter the full link to an image or video, starting with https://';
export const MEDIA_URL_HTTPS_MESSAGE = 'Only https:// links can be fetched.';
export const MEDIA_URL_CREDENTIALS_MESSAGE = 'Links with a user name or password in them cannot be fetched.';
export const MEDIA_URL_REDIRECTS_MESSAGE = `The link redirected more than ${MEDIA_URL_MAX_REDIRECTS} times.`;

export const mediaUrlPrivateMessage = (host: string) => `${host} is not a public internet address, so it cannot be fetched.`;
export const mediaUrlNoHostMessage = (host: string) => `We couldn't find the server ${host}.`;
export const mediaUrlUnreachableMessage = (host: string) => `We couldn't reach the server at ${host}.`;
export const mediaUrlStatusMessage = (host: string, status: number) => `The server at ${host} answered ${status}.`;
export const mediaUrlTimeoutMessage = (host: string) => `The server at ${host} took longer than ${MEDIA_URL_TIMEOUT_SECONDS} seconds to send the file.`;
export const mediaUrlTooLargeMessage = (host: string) => `The file at ${host} is larger than the ${MAX_UPLOAD_MB}MB limit.`;
export const mediaUrlTypeMessage = (host: string) => `The file at ${host} is not a JPEG, PNG, WebP or GIF image, an MP4, MOV or WebM video or a PDF document.`;

/** POST /api/media/from-url. The scheme, host and everything else are checked by the server's fetcher. */
export const MediaFromUrlBodySchema = z
  .object({ url: text({ error: MEDIA_URL_INVALID_MESSAGE }).trim().min(1, { error: MEDIA_URL_INVALID_MESSAGE }).max(MAX_MEDIA_URL_LENGTH) })
  .strict();
export type MediaFromUrlBody = z.infer<typeof MediaFromUrlBodySchema>;

/**
 * What is wrong with a link on sight (a bulk-import row's media_urls, before anything is fetched): not a
 * web link, or credentials in it. Everything else (https only, a public address, the answer) is the
 * server's fetcher's to judge, as it is for Compose's "Add from URL".
 */
export function mediaLinkProblem(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return MEDIA_URL_INVALID_MESSAGE;
  }
  if (link.length > MAX_MEDIA_URL_LENGTH) return MEDIA_URL_INVALID_MESSAGE;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return MEDIA_URL_INVALID_MESSAGE;
  if (url.username || url.password) return MEDIA_URL_CREDENTIALS_MESSAGE;
  return null;
}
