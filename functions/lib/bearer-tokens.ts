import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets a link or a browser carries (an invitation link, a client connect link, an OAuth state
 * and its browser binding): 32 random bytes (256 bits) as base64url, and the SHA-256 the table keeps
 * in their place, so a stored item never holds what opens it.
 */
export const newBearerToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
