import type { NodeOAuthClient, NodeSavedSession, NodeSavedState, OAuthClientMetadataInput } from '@atproto/oauth-client-node';
import { isLocalOrigin, loopbackRedirect } from './loopback';
import type { TokenSet } from './types';

export { isLocalOrigin, loopbackRedirect };

/**
 * atproto OAuth for Bluesky through Bluesky's own client, @atproto/oauth-client-node: handle → DID →
 * PDS → its authorization server, then PAR + PKCE + DPoP; the client refreshes the DPoP-bound
 * tokens itself. docs/bluesky.md#connecting explains the choices made here.
 *
 * What the client keeps is ours to store (platforms/ cannot reach the table, so the caller hands
 * the stores in): its pending authorizations, and each connection's session, which we keep in the
 * connection's tokens row as one envelope-encrypted JSON (the DPoP private key included).
 */

/**
 * What we ask for (atproto permission scopes, atproto.com/specs/permission): write posts, upload
 * images, and read post counts from Bluesky's app view through the PDS. Nothing else: no deletes,
 * no profile, follows or DMs. `atproto` is required in every atproto grant.
 */
export const BLUESKY_OAUTH_SCOPE = 'atproto repo:app.bsky.feed.post?action=create blob:image/* rpc:app.bsky.feed.getPosts?aud=*';

/** Where production serves the client metadata document; its URL is the client_id. */
export const CLIENT_METADATA_PATH = '/api/oauth/bluesky/client-metadata.json';
export const JWKS_PATH = '/api/oauth/bluesky/jwks.json';

/**
 * Session lifetimes of the reference authorization server (@atproto/oauth-provider's
 * oauth-constants): a public client's session ends 2 weeks after sign-in whatever happens; a
 * confidential client's (private_key_jwt) lasts up to 2 years while it refreshes at least every 3 months.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const PUBLIC_SESSION_MS = 14 * DAY_MS;
export const CONFIDENTIAL_SESSION_MS = 730.5 * DAY_MS;
export const CONFIDENTIAL_IDLE_MS = (365.25 / 4) * DAY_MS;

export interface AtprotoStores {
  /** Pending authorizations by the client's state key, as data/atproto-oauth.ts keeps them. */
  readonly states: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void>; del(key: string): Promise<void> };
  /** Runs `fn` holding the lease `name` across functions (the client's requestLock). */
  lock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** The tokens row of the connection this call acts for; absent while connecting (no row yet). */
  readonly connection?: { get(): Promise<TokenSet | undefined>; set(tokens: TokenSet): Promise<void> } | undefined;
}

export interface BlueskyOAuthConfig {
  /** Our callback; on a plain-http origin (the local cloud) it is rewritten to 127.0.0.1, see loopbackRedirect. */
  readonly redirectUri: string;
  /** Where handles are resolved (BLUESKY_SERVICE_URL): bsky.social in production, the local PDS locally. */
  readonly serviceUrl: string;
  /** A private JWK (JSON) that makes us a confidential client; absent: a public client. */
  readonly privateKey?: string | undefined;
  /** The PLC directory, when not plc.directory (the local cloud's own). */
  readonly plcDirectoryUrl?: string | undefined;
  readonly fetch: typeof fetch;
}

/** What we keep per connection: the client's session, and when the grant began (session lifetimes count from it). */
interface StoredSession {
  readonly atproto: NodeSavedSession;
  readonly since: string;
}

/**
 * Our client metadata: on https, a web client whose client_id is the document we serve; on plain
 * http (the local cloud), the loopback client, whose metadata the server derives from the client_id itself.
 */
export function blueskyClientMetadata(config: Pick<BlueskyOAuthConfig, 'redirectUri' | 'privateKey'>): OAuthClientMetadataInput {
  if (isLocalOrigin(config.redirectUri)) {
    const redirect = loopbackRedirect(config.redirectUri);
    return {
      client_id: `http://localhost?${new URLSearchParams({ redirect_uri: redirect, scope: BLUESKY_OAUTH_SCOPE })}`,
      redirect_uris: [redirect],
      scope: BLUESKY_OAUTH_SCOPE,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      dpop_bound_access_tokens: true,
    };
  }
  const origin = new URL(config.redirectUri).origin;
  return {
    client_id: `${origin}${CLIENT_METADATA_PATH}`,
    client_name: 'Schedule & Autopost',
    client_uri: origin,
    redirect_uris: [config.redirectUri],
    scope: BLUESKY_OAUTH_SCOPE,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    application_type: 'web',
    dpop_bound_access_tokens: true,
    ...(config.privateKey
      ? { token_endpoint_auth_method: 'private_key_jwt' as const, token_endpoint_auth_signing_alg: 'ES256', jwks_uri: `${origin}${JWKS_PATH}` }
      : { token_endpoint_auth_method: 'none' as const }),
  };
}

/** The public half of our signing key, for jwks_uri (empty for a public client). */
export async function blueskyJwks(privateKey: string | undefined): Promise<{ keys: readonly unknown[] }> {
  if (!privateKey) return { keys: [] };
  const { JoseKey } = await import('@atproto/oauth-client-node');
  const key = await JoseKey.fromImportable(privateKey, 'bluesky-1');
  return { keys: key.publicJwk ? [key.publicJwk] : [] };
}

/** The tokens-row form of a session: the whole session as one secret, its expiry for connection health. */
export function tokensOfSession(session: NodeSavedSession, since: Date, now: Date): TokenSet {
  const stored: StoredSession = { atproto: session, since: since.toISOString() };
  const confidential = session.authMethod.method === 'private_key_jwt';
  const end = confidential ? Math.min(since.getTime() + CONFIDENTIAL_SESSION_MS, now.getTime() + CONFIDENTIAL_IDLE_MS) : since.getTime() + PUBLIC_SESSION_MS;
  return {
    accessToken: JSON.stringify(stored),
    ...(session.tokenSet.refresh_token ? { refreshToken: session.tokenSet.refresh_token } : {}),
    // The client refreshes the access token itself, under the lease, when it is about to expire:
    // the publisher's own early refresh must not race it, so no access expiry is given here.
    expiresAt: null,
    issuedAt: now.toISOString(),
    refreshExpiresAt: new Date(end).toISOString(),
    scopes: session.tokenSet.scope.split(' ').filter(Boolean),
  };
}

/** The session a tokens row holds, or undefined for anything else (a session made with an app password). */
export function sessionOfTokens(tokens: TokenSet): StoredSession | undefined {
  if (!tokens.accessToken.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(tokens.accessToken) as Partial<StoredSession>;
    return parsed.atproto?.tokenSet && parsed.atproto.dpopJwk && typeof parsed.since === 'string' ? (parsed as StoredSession) : undefined;
  } catch {
    return undefined;
  }
}

export interface BlueskyOAuth {
  readonly client: NodeOAuthClient;
  /** The session the last callback or refresh stored, when there is no connection row to store it in. */
  readonly captured: () => TokenSet | undefined;
}

/**
 * The client refreshes a session whose access token expires within 10 s plus a random 0–30 s
 * (@atproto/oauth-client's isStale); beyond a minute it surely reads the stored one as it is.
 */
export function sessionFreshFor(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() - now.getTime() > 60_000;
}

/**
 * A client for one call. Its session store is the connection's tokens row when the call acts for
 * a connection (so a refresh lands where every function reads it, under the lease); otherwise a
 * store of one session held in memory: the session in hand (`tokens`), or the one a callback makes.
 */
export async function blueskyOAuthClient(
  config: BlueskyOAuthConfig,
  stores: AtprotoStores,
  tokens: TokenSet | undefined,
  now: () => Date,
  /** The caller asks the client to refresh now (`restore(sub, true)`): every session read then takes the lease. */
  forceRefresh = false,
): Promise<BlueskyOAuth> {
  const { NodeOAuthClient, JoseKey } = await import('@atproto/oauth-client-node');
  const local = isLocalOrigin(config.redirectUri);
  let held: TokenSet | undefined = tokens;
  let captured: TokenSet | undefined;
  /** The row as requestLock just read it, for the session read it lets run without the lease. */
  let readAhead: TokenSet | undefined;
  const sinceOf = (t: TokenSet | undefined) => {
    const since = t && sessionOfTokens(t)?.since;
    return since ? new Date(since) : now();
  };
  const row = stores.connection;
  const client = new NodeOAuthClient({
    clientMetadata: blueskyClientMetadata(config),
    ...(config.privateKey && !local ? { keyset: [await JoseKey.fromImportable(config.privateKey, 'bluesky-1')] } : {}),
    handleResolver: config.serviceUrl,
    ...(config.plcDirectoryUrl ? { plcDirectoryUrl: config.plcDirectoryUrl } : {}),
    // Only the local cloud's PDS and PLC directory speak plain http.
    allowHttp: local,
    fetch: config.fetch,
    // The client takes this lock around every session read (each request's token), not only around
    // a refresh. Only a refresh must keep other functions out (a refresh token is spent once); a
    // stored session the client will not refresh now (see sessionFreshFor) is read without the lease.
    // Taking it for every read queued a burst of posts to one account behind one lease: 111 posts
    // due in one minute arrived 32 s late (p50) in the publishing benchmark.
    // The row read to decide is the one the session read inside uses (readAhead), so a read costs one GetItem.
    requestLock: async (name, fn) => {
      if (!forceRefresh) {
        const current = row ? await row.get() : held;
        const expiresAt = current && sessionOfTokens(current)?.atproto.tokenSet.expires_at;
        if (expiresAt && sessionFreshFor(expiresAt, now())) {
          readAhead = current;
          return fn();
        }
      }
      return stores.lock(name, async () => {
        readAhead = undefined;
        return fn();
      });
    },
    stateStore: {
      get: async (key) => (await stores.states.get(key)) as NodeSavedState | undefined,
      set: (key, value) => stores.states.set(key, value),
      del: (key) => stores.states.del(key),
    },
    sessionStore: {
      async get() {
        // Under the lease the row is read afresh: another function may have just refreshed it.
        const current = readAhead ?? (row ? await row.get() : held);
        readAhead = undefined;
        if (row && current) held = current;
        return current ? sessionOfTokens(current)?.atproto : undefined;
      },
      async set(_sub, session) {
        const next = tokensOfSession(session, sinceOf(held), now());
        held = next;
        if (row) await row.set(next);
        else captured = next;
      },
      // A session the server refused stays in the row until the user reconnects: the connection is
      // marked needs-reconnect by the refusal, and a reconnect overwrites it.
      async del() {},
    },
  });
  return { client, captured: () => captured };
}
