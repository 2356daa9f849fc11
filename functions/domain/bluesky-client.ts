import { blueskyClientMetadata, blueskyJwks } from '../platforms/bluesky-oauth';
import { configuredApp } from '../platforms/configured-apps';

/**
 * The documents Bluesky's authorization servers fetch from us: our atproto OAuth client metadata
 * (its URL is our client_id) and the public half of our signing key (jwks_uri). Undefined when this
 * deployment does not offer Bluesky.
 */
export async function blueskyClientDocument(which: 'metadata' | 'jwks'): Promise<object | undefined> {
  const app = await configuredApp('bluesky');
  if (!app) return undefined;
  const privateKey = app.clientSecret || undefined;
  return which === 'metadata' ? blueskyClientMetadata({ redirectUri: app.redirectUri, privateKey }) : blueskyJwks(privateKey);
}
