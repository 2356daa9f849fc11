import { json, type SandboxResponse } from '../router';

/**
 * X's API v2 errors are RFC 7807 problem documents, sent as `application/problem+json`
 * (docs/platform-apis.md#x-errors, 2026-11-23 corrections): `{title, detail, type, status}`.
 */
export const problemJson = (status: number, body: Record<string, unknown>, headers?: Record<string, string>): SandboxResponse =>
  json(status, body, { 'content-type': 'application/problem+json', ...headers });

/** Scopes X requires per endpoint (docs.x.com API reference, "OAuth 2.0 scopes required by this endpoint"). */
export const X_ENDPOINT_SCOPES = {
  usersMe: ['tweet.read', 'users.read'],
  userTweets: ['tweet.read', 'users.read'],
  createTweet: ['tweet.read', 'tweet.write', 'users.read'],
  postLookup: ['tweet.read', 'users.read'],
} as const;

export const hasScopes = (granted: readonly string[], needed: readonly string[]) => needed.every((s) => granted.includes(s));
