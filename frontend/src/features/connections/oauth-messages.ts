import * as z from 'zod';
import { PLATFORMS } from '@shared/platforms';

/** Where /oauth-callback leaves its result when there is no opener to tell (docs/product-rules.md#connecting-an-account, legacy handler). */
export const OAUTH_RESULT_STORAGE_KEY = 'oauth_result';

/**
 * Where /oauth-callback also reports when it has no opener: a sign-in page that sends
 * Cross-Origin-Opener-Policy (atproto's authorization servers, Bluesky's among them) cuts the popup
 * off from the window that opened it, but both are still the app's origin, so a BroadcastChannel
 * reaches the opener's tab.
 */
export const OAUTH_CHANNEL = 'sa-oauth-result';
/** The opener's answer on OAUTH_CHANNEL: the popup may close. */
export const OAuthAckSchema = z.object({ type: z.literal('oauth-ack') });
/** How long /oauth-callback listens for that answer. */
export const OAUTH_ACK_WAIT_MS = 500;

/** What /oauth-callback posts to its opener (same origin only). */
export const OAuthMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('oauth-success'), provider: z.enum(PLATFORMS).optional() }),
  z.object({ type: z.literal('oauth-error'), provider: z.enum(PLATFORMS).optional(), message: z.string().optional() }),
]);
export type OAuthMessage = z.infer<typeof OAuthMessageSchema>;

export const OAUTH_FALLBACK = {
  initiate: 'Failed to initiate OAuth flow',
  auth: 'OAuth authentication failed',
} as const;

export const OAUTH_TOASTS = {
  popupBlocked: { title: 'Popup blocked', description: 'Please allow popups for this site to connect your account.' },
  failed: 'Connection failed',
  success: 'Success!',
} as const;

export function connectedMessage(platformLabel: string): string {
  return `${platformLabel} account connected successfully`;
}
