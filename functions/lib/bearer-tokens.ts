import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@shared/api-keys';

/**
 * Secrets a link or a browser carries (an invitation link, a client connect link, an OAuth state
 * and its browser binding): 32 random bytes (256 bits) as base64url, and the SHA-256 the table keeps
 * in their place, so a stored item never holds what opens it.
 */
export const newBearerToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * A workspace API key: a recognisable prefix and a bearer token's 256 random bits. The table keeps
 * its SHA-256 only (as for every bearer token here); the caller sees the key once, at creation.
 */
export const newApiKey = (): string => `${API_KEY_PREFIX}${newBearerToken()}`;

/** Whether `value` has a key's shape: anything else (a Cognito JWT, a typo) is refused without a lookup. */
export const looksLikeApiKey = (value: string): boolean => API_KEY_PATTERN.test(value);
