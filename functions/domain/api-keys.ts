import {
  API_KEY_MSG,
  LAST_USED_PRECISION_SECONDS,
  MAX_API_KEYS,
  maskApiKey,
  type ApiKeyView,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@shared/api-keys';
import { roleAtLeast, WORKSPACE_MSG, type Role } from '@shared/workspaces';
import { readKeyAdmission, touchApiKey } from '../data/api-key-admission';
import { countApiKeys, deleteApiKey, getApiKey, listApiKeys, putApiKey, type StoredApiKey } from '../data/api-keys';
import { getMember } from '../data/workspaces';
import { looksLikeApiKey, newApiKey, sha256Hex } from '../lib/bearer-tokens';
import { defaultDeps, type Deps } from '../lib/clock';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors';
import type { RouteAccess } from '../routes';

/**
 * Workspace API keys (docs/public-api.md). A key belongs to its workspace and acts there as the
 * member who made it, with the key's role: so posts it makes and approvals it asks for are that
 * member's, and it can never do more than they can. It stops working when it is revoked, when it
 * expires, and when its maker is no longer a member; a maker moved to a lower role takes the key down
 * with them.
 */

/** Who manages keys: an Admin or the Owner (the route's declared access), acting in their workspace. */
export interface KeyManager {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
}

const view = (key: StoredApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  role: key.role,
  masked: maskApiKey(key.last4),
  created_at: key.createdAt,
  created_by: key.createdByEmail,
  last_used_at: key.lastUsedAt,
  expires_at: key.expiresAt,
});

/** POST /api/workspace/api-keys: a new key, returned in full this once. */
export async function createApiKey(manager: KeyManager, body: CreateApiKeyBody, deps: Pick<Deps, 'now' | 'newId'> = defaultDeps): Promise<CreatedApiKey> {
  if (!roleAtLeast(manager.role, body.role)) throw new ForbiddenError('ROLE_TOO_LOW', API_KEY_MSG.roleAboveYours);
  const now = deps.now();
  const expiresAt = body.expires_at ? new Date(body.expires_at).toISOString() : null;
  if (expiresAt && Date.parse(expiresAt) <= now.getTime())
    throw new ValidationError(API_KEY_MSG.expiryPast, [{ path: 'expires_at', message: API_KEY_MSG.expiryPast }]);
  // A quota against flooding: counted before the write, so racing requests could pass it together; the route's rate limit bounds by how much.
  if ((await countApiKeys(manager.workspaceId)) >= MAX_API_KEYS)
    throw new AppError('API_KEY_LIMIT_REACHED', 409, API_KEY_MSG.limitReached, { limit: MAX_API_KEYS });
  const key = newApiKey();
  const stored = {
    id: deps.newId(),
    workspaceId: manager.workspaceId,
    name: body.name,
    role: body.role,
    last4: key.slice(-4),
    tokenHash: sha256Hex(key),
    createdAt: now.toISOString(),
    createdBy: manager.userId,
    createdByEmail: (await getMember(manager.workspaceId, manager.userId))?.email ?? null,
    expiresAt,
  };
  await putApiKey(stored);
  return { ...view({ ...stored, lastUsedAt: null }), key };
}

/** GET /api/workspace/api-keys. */
export async function apiKeysOf(workspaceId: string): Promise<ApiKeyView[]> {
  return (await listApiKeys(workspaceId)).map(view);
}

/** DELETE /api/workspace/api-keys/{id}: the key is refused from the next request on. An Owner's key only by an Owner. */
export async function revokeApiKey(manager: KeyManager, keyId: string): Promise<void> {
  const key = await getApiKey(manager.workspaceId, keyId);
  if (!key) throw new NotFoundError(API_KEY_MSG.notFound);
  if (!roleAtLeast(manager.role, key.role)) throw new ForbiddenError('ROLE_TOO_LOW', API_KEY_MSG.ownerKeyNeedsOwner);
  if (!(await deleteApiKey(manager.workspaceId, keyId))) throw new NotFoundError(API_KEY_MSG.notFound);
}

/** Who a /v1 request is, once its key admitted it. */
export interface KeyCaller {
  readonly keyId: string;
  readonly workspaceId: string;
  /** The member who made the key: the request acts as them. */
  readonly userId: string;
  /** The key's role, or its maker's if that is now lower. */
  readonly role: Role;
}

const lower = (a: Role, b: Role): Role => (roleAtLeast(a, b) ? b : a);

/**
 * Admits a /v1 request by its bearer key, or throws: UnauthorizedError for a missing, unknown,
 * revoked or expired key (one message for all: it tells a guesser nothing), ForbiddenError
 * ROLE_TOO_LOW when the key's role is below the route's. Read on every request, never cached, so a
 * revocation is effective on the next request. Marks the key used at most once a minute.
 */
export async function admitKey(authorization: string | undefined, access: RouteAccess, deps: Pick<Deps, 'now'> = defaultDeps): Promise<KeyCaller> {
  const token = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError(API_KEY_MSG.missing);
  if (!looksLikeApiKey(token)) throw new UnauthorizedError(API_KEY_MSG.invalid);
  const found = await readKeyAdmission(sha256Hex(token));
  const now = deps.now();
  const key = found?.key;
  if (!key || !found.makerRole || (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime())) throw new UnauthorizedError(API_KEY_MSG.invalid);
  if (access === 'personal') throw new Error('A personal route is not served to API keys (functions/public-routes.ts).');
  const role = lower(key.role, found.makerRole);
  if (!roleAtLeast(role, access)) throw new ForbiddenError('ROLE_TOO_LOW', WORKSPACE_MSG.roleTooLow(access));
  if (key.lastUsedAt === null || now.getTime() - Date.parse(key.lastUsedAt) >= LAST_USED_PRECISION_SECONDS * 1000) {
    await touchApiKey(key.workspaceId, key.id, now, LAST_USED_PRECISION_SECONDS);
  }
  return { keyId: key.id, workspaceId: key.workspaceId, userId: key.createdBy, role };
}
