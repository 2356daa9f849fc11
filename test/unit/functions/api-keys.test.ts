import { API_KEY_MSG, API_KEY_PATTERN, CreateApiKeyBodySchema, maskApiKey } from '@shared/api-keys';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyAdmission } from '../../../functions/data/api-key-admission';
import type { StoredApiKey } from '../../../functions/data/api-keys';
import { looksLikeApiKey, newApiKey, sha256Hex } from '../../../functions/lib/bearer-tokens';

/** The table, as admission reads it: one key by its hash, and its maker's role. */
const table = vi.hoisted(() => ({ byHash: new Map<string, { key: unknown; makerRole: string | null }>(), touched: [] as string[] }));
vi.mock('../../../functions/data/api-key-admission', () => ({
  readKeyAdmission: async (hash: string) => table.byHash.get(hash) ?? null,
  touchApiKey: async (_ws: string, keyId: string) => {
    table.touched.push(keyId);
  },
}));
const { admitKey } = await import('../../../functions/domain/api-keys');

const NOW = new Date('2026-03-01T12:00:00Z');
const clock = { now: () => NOW };

function aStoredKey(key: string, overrides: Partial<StoredApiKey> = {}, makerRole: KeyAdmission['makerRole'] = 'owner') {
  const stored: StoredApiKey = {
    id: 'key-1',
    workspaceId: 'ws-1',
    name: 'Zapier',
    role: 'editor',
    last4: key.slice(-4),
    tokenHash: sha256Hex(key),
    createdAt: '2026-02-01T00:00:00Z',
    createdBy: 'maker-1',
    createdByEmail: null,
    expiresAt: null,
    lastUsedAt: null,
    ...overrides,
  };
  table.byHash.set(sha256Hex(key), { key: stored, makerRole });
}

beforeEach(() => {
  table.byHash.clear();
  table.touched.length = 0;
});

describe('an API key', () => {
  it('is the recognisable prefix and 256 random bits, different every time, and its hash is not the key', () => {
    const [a, b] = [newApiKey(), newApiKey()];

    expect(a).toMatch(API_KEY_PATTERN);
    expect(a).not.toBe(b);
    expect(sha256Hex(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(a)).not.toContain(a.slice('sap_live_'.length));
  });

  it('is told from a Cognito token and a truncated key by its shape', () => {
    expect(looksLikeApiKey(newApiKey())).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe(false);
    expect(looksLikeApiKey(newApiKey().slice(0, -1))).toBe(false);
  });

  it('is shown masked as its prefix and last four characters', () => {
    expect(maskApiKey('AbCd')).toBe('sap_live_…AbCd');
  });

  it('is made with a name and a role, and an optional expiry with an offset', () => {
    expect(CreateApiKeyBodySchema.safeParse({ name: '  ', role: 'editor' }).error?.issues[0]?.message).toBe(API_KEY_MSG.nameRequired);
    expect(CreateApiKeyBodySchema.safeParse({ name: 'n', role: 'boss' }).success).toBe(false);
    expect(CreateApiKeyBodySchema.safeParse({ name: 'n', role: 'editor', expires_at: '2026-04-01T00:00:00Z' }).success).toBe(true);
    expect(CreateApiKeyBodySchema.safeParse({ name: 'n', role: 'editor', expires_at: 'next week' }).success).toBe(false);
  });
});

describe('admitting a request by its key', () => {
  it('admits a valid key in its workspace, as its maker, with its role, and marks it used', async () => {
    const key = newApiKey();
    aStoredKey(key);

    const caller = await admitKey(`Bearer ${key}`, 'editor', clock);

    expect(caller).toEqual({ keyId: 'key-1', workspaceId: 'ws-1', userId: 'maker-1', role: 'editor' });
    expect(table.touched).toEqual(['key-1']);
  });

  it('does not mark a key used again within the minute', async () => {
    const key = newApiKey();
    aStoredKey(key, { lastUsedAt: new Date(NOW.getTime() - 59_000).toISOString() });

    await admitKey(`Bearer ${key}`, 'contributor', clock);

    expect(table.touched).toEqual([]);
  });

  it('refuses an expired key from its expiry on, with the one message for every invalid key', async () => {
    const key = newApiKey();
    aStoredKey(key, { expiresAt: NOW.toISOString() });

    await expect(admitKey(`Bearer ${key}`, 'contributor', clock)).rejects.toMatchObject({ statusCode: 401, message: API_KEY_MSG.invalid });
    await expect(admitKey(`Bearer ${newApiKey()}`, 'contributor', clock)).rejects.toMatchObject({ statusCode: 401, message: API_KEY_MSG.invalid });
    await expect(admitKey(undefined, 'contributor', clock)).rejects.toMatchObject({ statusCode: 401, message: API_KEY_MSG.missing });
  });

  it("refuses a key whose maker left, and caps a key at its maker's present role", async () => {
    const [gone, demoted] = [newApiKey(), newApiKey()];
    aStoredKey(gone, {}, null);
    aStoredKey(demoted, { role: 'admin' }, 'contributor');

    await expect(admitKey(`Bearer ${gone}`, 'contributor', clock)).rejects.toMatchObject({ statusCode: 401 });
    await expect(admitKey(`Bearer ${demoted}`, 'editor', clock)).rejects.toMatchObject({ statusCode: 403, code: 'ROLE_TOO_LOW' });
    expect((await admitKey(`Bearer ${demoted}`, 'contributor', clock)).role).toBe('contributor');
  });
});
