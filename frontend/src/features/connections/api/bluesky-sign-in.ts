import { AppPasswordSignInResponseSchema, type AppPasswordSignInBody } from '@shared/bluesky';
import { api } from '@/lib/api-client';

/**
 * The connect popup's Bluesky form: the app password goes to our callback once, to open a session;
 * the answer is where the popup goes next (the same /oauth-callback page an OAuth redirect reaches).
 * No session of ours: the state and this browser's binding cookie identify the connect.
 */
export async function signInToBluesky(body: AppPasswordSignInBody): Promise<string> {
  const { location } = await api('/oauth/bluesky/callback', { method: 'POST', auth: false, body, schema: AppPasswordSignInResponseSchema });
  return location;
}
