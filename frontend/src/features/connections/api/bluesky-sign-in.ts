import { BlueskySignInResponseSchema, type BlueskySignInBody } from '@shared/bluesky';
import { api } from '@/lib/api-client';

/**
 * The connect popup's Bluesky step: the handle goes to our callback path (where the browser-binding
 * cookie is sent), which starts atproto OAuth at the account's own server; the answer is where the
 * popup goes next: that server's sign-in page, or /oauth-callback when the connect has ended.
 * No session of ours: the state and this browser's binding cookie identify the connect.
 */
export async function startBlueskySignIn(body: BlueskySignInBody): Promise<string> {
  const { location } = await api('/oauth/bluesky/callback', { method: 'POST', auth: false, body, schema: BlueskySignInResponseSchema });
  return location;
}
