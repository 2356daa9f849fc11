/** Connect links' durations and messages, without their schemas (shared/connect-links.ts builds those with zod and re-exports these), for the Clients page's first paint. */

export const CONNECT_LINK_DEFAULT_DAYS = 7;
export const CONNECT_LINK_MAX_DAYS = 14;

export const CONNECT_LINK_MSG = {
  notFound: 'This connect link does not exist or was revoked. Ask the agency that sent it for a new one.',
  expired: 'This connect link has expired. Ask the agency that sent it for a new one.',
  invalid: 'This connect link is not valid.',
  platformNotOffered: 'This link does not offer that network.',
  revokedMeanwhile: 'This connect link was revoked or has expired, so nothing was connected. Ask the agency that sent it for a new one.',
  alreadyRevoked: 'This link was already revoked.',
  platformsRequired: 'Choose at least one network.',
  expiryRange: `A link works for 1 to ${CONNECT_LINK_MAX_DAYS} days.`,
} as const;
