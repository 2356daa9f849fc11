import type { IconBaseProps, IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import type { Platform } from '@shared/platforms';

/**
 * Threads' mark: an "@"-like loop drawn in the current text colour (black on light, white on dark, as
 * Meta's brand rules ask for the mark on its own). Our own drawing, sized like the react-icons marks.
 */
const ThreadsMark: IconType = ({ size = '1em', title, ...rest }: IconBaseProps) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth={2.2}
    strokeLinecap="round"
    strokeLinejoin="round"
    {...rest}
  >
    {title ? <title>{title}</title> : null}
    <circle cx="12" cy="12" r="3.4" />
    <path d="M15.4 12v1.4a2.5 2.5 0 0 0 5 0V12a8.4 8.4 0 1 0-3.3 6.7" />
  </svg>
);

export const PLATFORM_ICONS: Record<Platform, IconType> = {
  instagram: FaInstagram,
  facebook: FaFacebook,
  x: FaXTwitter,
  tiktok: FaTiktok,
  youtube: FaYoutube,
  threads: ThreadsMark,
};

export function PlatformIcon({ platform }: { platform: Platform }) {
  const Icon = PLATFORM_ICONS[platform];
  return <Icon aria-hidden />;
}
