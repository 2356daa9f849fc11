import type { Platform } from '@shared/platforms';
import { env } from '../lib/env';
import { hostsFor } from './hosts';
import { handleOf } from './publish';

interface ProfileAccount {
  readonly platform: Platform;
  /** The platform's own id of the account (Page id, channel id, …). */
  readonly account_id: string;
  /** As the adapter stored it: `@handle` where the platform has handles, else a display name. */
  readonly account_name: string;
}

/**
 * The public profile page of a connected account on `www` (the platform's www host: the real one on
 * AWS, the sandbox's on the local cloud). Facebook Pages and YouTube channels are addressed by id,
 * since their names are not unique; Instagram, X, Threads and TikTok by handle (Instagram, X and Threads accounts are
 * always named by it). A TikTok account connected without the user.info.profile scope has only a
 * display name, so it gets no link (null) rather than one to a stranger's page.
 */
export function profileUrlOn(www: string, account: ProfileAccount): string | null {
  const id = encodeURIComponent(account.account_id);
  const handle = encodeURIComponent(handleOf(account.account_name));
  switch (account.platform) {
    case 'instagram':
      return `${www}/${handle}/`;
    case 'facebook':
      return `${www}/${id}`;
    case 'x':
      return `${www}/${handle}`;
    case 'tiktok':
      return account.account_name.startsWith('@') ? `${www}/@${handle}` : null;
    case 'youtube':
      return `${www}/channel/${id}`;
    case 'bluesky':
      return `${www}/profile/${handle}`;
    case 'threads':
      return `${www}/@${handle}`;
    case 'linkedin':
      // Pages by id; a member's public address is a vanity name the sign-in does not give us.
      return account.account_id.startsWith('urn:li:organization:') ? `${www}/company/${encodeURIComponent(account.account_id.slice(20))}/` : null;
    case 'pinterest':
      return `${www}/${handle}/`;
  }
}

/** The profile URL on the network this deployment talks to (PLATFORM_SANDBOX_URL on the local cloud). */
export function profileUrl(account: ProfileAccount): string | null {
  return profileUrlOn(hostsFor(account.platform, env().PLATFORM_SANDBOX_URL).www, account);
}
