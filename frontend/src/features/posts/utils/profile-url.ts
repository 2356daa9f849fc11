import type { Platform } from '@shared/platforms';

/**
 * The public profile page of a connected account. Facebook Pages and YouTube channels are addressed
 * by their numeric/channel id (names are not unique there); the others by handle.
 */
export function profileUrl(platform: Platform, account: { account_id: string; account_name: string }): string {
  const handle = encodeURIComponent(account.account_name.replace(/^@/, ''));
  const id = encodeURIComponent(account.account_id);
  switch (platform) {
    case 'instagram':
      return `https://instagram.com/${handle}`;
    case 'facebook':
      return `https://facebook.com/${id}`;
    case 'x':
      return `https://x.com/${handle}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}`;
    case 'youtube':
      return `https://www.youtube.com/channel/${id}`;
  }
}
