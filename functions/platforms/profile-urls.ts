import { env } from '../lib/env';
import { hostsFor } from './hosts';
import { serverNetworkOf } from './networks';
import type { ProfileConnection } from './networks/server-network';
import { handleOf } from './publish';

/**
 * The public profile page of a connected account on `www` (the platform's www host: the real one on
 * AWS, the sandbox's on the local cloud), as its network's server module addresses it
 * (functions/platforms/networks/<network>.ts): Facebook Pages and YouTube channels by id, since their
 * names are not unique; Instagram, X, Threads and TikTok by handle. Null where the address cannot be
 * known (a TikTok account without its handle, a LinkedIn member).
 */
export function profileUrlOn(www: string, account: ProfileConnection): string | null {
  const encoded = { id: encodeURIComponent(account.account_id), handle: encodeURIComponent(handleOf(account.account_name)) };
  return serverNetworkOf(account.platform).profileUrl(www, account, encoded);
}

/** The profile URL on the network this deployment talks to (PLATFORM_SANDBOX_URL on the local cloud). */
export function profileUrl(account: ProfileConnection): string | null {
  return profileUrlOn(hostsFor(account.platform, env().PLATFORM_SANDBOX_URL).www, account);
}
