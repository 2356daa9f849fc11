import { CreatedApiKeySchema } from '@shared/api-keys';
import { expect } from 'vitest';
import type { aConfirmedUser } from './given';
import { weCallTheApi } from './when';

/** Workspace API keys (docs/public-api.md), made as an Admin makes one in Settings. */
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

/** A new key of `owner`'s workspace (an Editor's, named Zapier, unless `body` says otherwise); the test stops unless it was made. */
export async function anApiKey(owner: Person, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const made = await weCallTheApi('POST', '/api/workspace/api-keys', { token: owner.accessToken, body: { name: 'Zapier', role: 'editor', ...body }, headers });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return CreatedApiKeySchema.parse(made.body);
}

/** A /v1 call as a program makes it: the API key as the bearer token. */
export const withKey = (method: string, path: string, key: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  weCallTheApi(method, path, { token: key, ...options });
