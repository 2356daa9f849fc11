import type { IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import type { Platform } from '@shared/platforms';

export const PLATFORM_ICONS: Record<Platform, IconType> = {
  instagram: FaInstagram,
  facebook: FaFacebook,
  x: FaXTwitter,
  tiktok: FaTiktok,
  youtube: FaYoutube,
};

export function PlatformIcon({ platform }: { platform: Platform }) {
  const Icon = PLATFORM_ICONS[platform];
  return <Icon aria-hidden />;
}
