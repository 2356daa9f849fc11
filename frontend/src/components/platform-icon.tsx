import type { IconBaseProps, IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import type { Platform } from '@shared/platforms';

/**
 * Bluesky's butterfly, drawn here (react-icons' set has no current one): two upper wings and two
 * smaller lower wings meeting at the body, in Bluesky's brand blue (#1185FE), the colour its brand
 * guidelines give the mark.
 */
export const BlueskyButterfly: IconType = (props) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="#1185FE" {...props}>
    <path d="M12 10.6C10.9 8.4 7.9 4.3 5.1 2.9 3.8 2.3 2 2 2 4.6c0 .5.3 4.3.5 4.9.6 2.2 2.9 2.8 5 2.4-3.7.6-4.6 2.7-2.6 4.8 3.9 4 5.6-1 6-2.3l.1-.3.1.3c.4 1.3 2.1 6.3 6 2.3 2-2.1 1.1-4.2-2.6-4.8 2.1.4 4.4-.2 5-2.4.2-.6.5-4.4.5-4.9C22 2 20.2 2.3 18.9 2.9 16.1 4.3 13.1 8.4 12 10.6Z" />
  </svg>
);

/**
 * Threads' mark: an "@"-like loop drawn in the current text colour (black on light, white on dark, as
 * Meta's brand rules ask for the mark on its own). Our own drawing, sized like the react-icons marks.
 */
export const ThreadsMark: IconType = ({ size = '1em', title, ...rest }: IconBaseProps) => (
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

/**
 * LinkedIn's "in" mark, our own drawing: a rounded square in LinkedIn blue (#0A66C2) with the white
 * "in" knocked out, used unaltered and unrecoloured as LinkedIn's brand guidelines ask.
 */
export const LinkedInMark: IconType = ({ size = '1em', title, ...rest }: IconBaseProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} {...rest}>
    {title ? <title>{title}</title> : null}
    <rect width="24" height="24" rx="3" fill="#0A66C2" />
    <circle cx="6.6" cy="6.7" r="1.8" fill="#fff" />
    <path
      fill="#fff"
      d="M5 9.4h3.2V19H5zM10.2 9.4h3.06v1.31h.04c.43-.81 1.47-1.66 3.02-1.66 3.23 0 3.83 2.13 3.83 4.9V19h-3.2v-4.4c0-1.05-.02-2.4-1.46-2.4-1.46 0-1.69 1.14-1.69 2.32V19h-3.2z"
    />
  </svg>
);

/**
 * Pinterest's badge as its brand guidelines describe it: a white "P" on a Pinterest-red (#E60023) circle,
 * never recoloured or stretched. Our own drawing of the letter, sized like the react-icons marks.
 */
export const PinterestBadge: IconType = ({ size = '1em', title, ...rest }: IconBaseProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} {...rest}>
    {title ? <title>{title}</title> : null}
    <circle cx="12" cy="12" r="11" fill="#E60023" />
    <path
      d="M12.3 5.2c-3.9 0-6 2.6-6 5.3 0 1.3.7 2.9 1.8 3.4.2.1.3 0 .3-.1l.3-1.1c0-.1 0-.2-.1-.3-.4-.5-.7-1.2-.7-1.9 0-2.1 1.6-4 4.2-4 2.3 0 3.9 1.5 3.9 3.7 0 2.5-1.2 4.2-2.9 4.2-.9 0-1.6-.8-1.4-1.7.3-1.1.8-2.3.8-3.1 0-.7-.4-1.3-1.2-1.3-.9 0-1.7 1-1.7 2.3 0 .8.3 1.4.3 1.4l-1.1 4.7c-.3 1.3 0 3 0 3.2 0 .1.1.1.2.1.1-.1 1.2-1.7 1.6-3.1l.6-2.3c.3.6 1.2 1.1 2.2 1.1 2.9 0 4.9-2.6 4.9-6.2 0-2.7-2.3-5.3-5.9-5.3Z"
      fill="#fff"
    />
  </svg>
);

export const PLATFORM_ICONS: Record<Platform, IconType> = {
  instagram: FaInstagram,
  facebook: FaFacebook,
  x: FaXTwitter,
  tiktok: FaTiktok,
  youtube: FaYoutube,
  bluesky: BlueskyButterfly,
  threads: ThreadsMark,
  linkedin: LinkedInMark,
  pinterest: PinterestBadge,
};

export function PlatformIcon({ platform }: { platform: Platform }) {
  const Icon = PLATFORM_ICONS[platform];
  return <Icon aria-hidden />;
}
