import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH_STATE_TTL_SECONDS, type SocialAccount } from '@shared/accounts';
import type { PlatformsResponse } from '@shared/entitlements';
import { oauthErrorMessage } from '@shared/oauth-errors';
import { minimumPlanFor, planAllows } from '@shared/plans';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from '@shared/platforms';
import { CONNECT_LINK_MSG } from '@shared/connect-links';
import { tableAnalyticsStore } from '../data/analytics';
import { getClient } from '../data/clients';
import { getConnectLink } from '../data/connect-links';
import { getConnection, markNeedsReconnect, upsertConnection } from '../data/connections';
import { atprotoStates, withAtprotoLock } from '../data/atproto-oauth';
import { peekOAuthState, saveLinkOAuthState, saveOAuthState, takeOAuthState } from '../data/oauth-states';
import { getTokens, saveTokens } from '../data/tokens';
import { appOrigin } from '../lib/app-origin';
import { defaultDeps, type Deps } from '../lib/clock';
import { NotFoundError, ValidationError } from '../lib/errors';
import { resumeCollection } from './analytics-collection';
import { assertPlanAllows, currentPlan } from './entitlements';
import { isUserClosed } from './sessions';
import { mayConnect } from './workspaces';
import { logger } from '../lib/logger';
import { newBearerToken, sha256Hex } from '../lib/bearer-tokens';
import { configuredAdapter, configuredApp, redirectUriFor } from '../platforms/configured';
import type { AtprotoStores } from '../platforms/bluesky-oauth';
import { PlatformError, type PlatformAdapter, type TokenSet } from '../platforms/types';

/** The OAuth round trip, the account list, and fresh tokens for publishing. */

export const EXPIRED_STATE_MESSAGE = 'This connection link has expired or was already used. Please try again.';
export const cancelledMessage = (platform: Platform) => oauthErrorMessage(platform, 'access_denied');
/** Refresh when the token expires within this window, so a publish never starts on a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * Bluesky's OAuth client stores over our table: its pending authorizations, the refresh lease and,
 * for a call made for one connection, that connection's tokens row (where its session lives).
 */
export function atprotoStoresFor(connection: { workspaceId: string; connectionId: string } | undefined, now: () => Date): AtprotoStores {
  return {
    states: atprotoStates,
    lock: (name, fn) => withAtprotoLock(name, fn),
    connection: connection && {
      get: () =>
        getTokens(connection.workspaceId, connection.connectionId).catch((error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        }),
      set: (tokens) => saveTokens(connection.workspaceId, connection.connectionId, tokens, now()),
    },
  };
}

/** `atproto`: Bluesky's OAuth stores, for the calls that use its OAuth client (not the initiate, which only builds a URL). */
async function availableAdapter(platform: Platform, now: () => Date, atproto?: AtprotoStores): Promise<PlatformAdapter> {
  const adapter = await configuredAdapter(platform, now, atproto);
  if (!adapter) throw new ValidationError(`${PLATFORM_NAMES[platform]} is coming soon`);
  return adapter;
}

/**
 * Browser binding of a connect (RFC 9700 §4.7, CSRF): the state alone identifies the user, so
 * whoever holds the consent link could finish A's connect with their own platform account (A sends
 * the link to a victim; the victim's Pages land in A's dashboard). The initiate response therefore
 * sets a random value as an HttpOnly cookie, scoped to the platform's callback path, and the state
 * keeps only its hash; the callback must bring the cookie back. SameSite=Lax: the platform's
 * redirect is a top-level GET navigation, on which Lax cookies are sent.
 */
export const CONNECT_BINDING_COOKIE = 'sa_oauth_binding';
export const OTHER_BROWSER_MESSAGE = 'This connection was started in another browser. Start it again from Platforms.';

function bindingCookie(platform: Platform, value: string, maxAgeSeconds: number, origin: string): string {
  // Secure everywhere but a plain-http localhost (the local cloud), where a browser would still take it
  // but test clients and older browsers would not.
  const secure = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin) ? '' : '; Secure';
  return `${CONNECT_BINDING_COOKIE}=${value}; Path=/api/oauth/${platform}/callback; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The value of the binding cookie among API Gateway's `cookies` (undefined when absent). */
export function bindingFromCookies(cookies: readonly string[] | undefined): string | undefined {
  for (const cookie of cookies ?? []) {
    const at = cookie.indexOf('=');
    if (at > 0 && cookie.slice(0, at).trim() === CONNECT_BINDING_COOKIE) return cookie.slice(at + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie that removes the binding once its callback came back (used or not). */
export async function clearBindingCookie(platform: Platform): Promise<string> {
  return bindingCookie(platform, '', 0, await appOrigin());
}

function bindingMatches(saved: string | undefined, presented: string | undefined): boolean {
  if (!saved || !presented) return false;
  const a = Buffer.from(saved, 'hex');
  const b = Buffer.from(sha256Hex(presented), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fresh state, PKCE verifier and browser binding for one connect; `save` stores the state with them. */
async function beginConnect(
  adapter: PlatformAdapter,
  platform: Platform,
  deps: Deps,
  save: (fields: { state: string; codeVerifier?: string; bindingHash: string; createdAt: string; expiresAt: number }) => Promise<void>,
): Promise<{ authUrl: string; cookie: string }> {
  const state = newBearerToken();
  const codeVerifier = adapter.usesPkce ? randomBytes(48).toString('base64url') : undefined;
  const binding = newBearerToken();
  const now = deps.now();
  await save({
    state,
    ...(codeVerifier ? { codeVerifier } : {}),
    bindingHash: sha256Hex(binding),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
  });
  const codeChallenge = codeVerifier ? createHash('sha256').update(codeVerifier).digest('base64url') : undefined;
  return {
    authUrl: adapter.authorizeUrl({ state, ...(codeChallenge ? { codeChallenge } : {}) }),
    cookie: bindingCookie(platform, binding, OAUTH_STATE_TTL_SECONDS, await appOrigin()),
  };
}

/**
 * Starts a connect: a one-time state bound to this user and to this browser (the cookie), a PKCE
 * verifier, and where to send the popup.
 */
export async function initiateConnect(
  who: { userId: string; workspaceId: string },
  platform: Platform,
  deps: Deps = defaultDeps,
): Promise<{ authUrl: string; cookie: string }> {
  const { userId, workspaceId } = who;
  const adapter = await availableAdapter(platform, deps.now);
  assertPlanAllows(await currentPlan(workspaceId, deps.now()), platform);
  return beginConnect(adapter, platform, deps, (fields) => saveOAuthState({ ...fields, userId, workspaceId, platform }));
}

/**
 * Starts a connect from a client connect link (the link already checked by the caller): the state
 * is bound to the link, whose workspace and client the connections go into, and to this browser.
 */
export async function initiateLinkConnect(
  link: { id: string; workspaceId: string; clientId: string },
  platform: Platform,
  deps: Deps = defaultDeps,
): Promise<{ authUrl: string; cookie: string }> {
  const adapter = await availableAdapter(platform, deps.now);
  return beginConnect(adapter, platform, deps, (fields) =>
    saveLinkOAuthState({ ...fields, workspaceId: link.workspaceId, link: { id: link.id, clientId: link.clientId }, platform }),
  );
}

export interface CallbackInput {
  /** The binding cookie's value, as this browser sent it. */
  binding?: string | undefined;
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
  /** The authorization server that answered (RFC 9207), which atproto OAuth checks against the one it asked. */
  iss?: string | undefined;
}

/**
 * The platform's redirect back. Spends the state first (so nothing can be replayed), then stores
 * every account the grant covers for the state's user (never anyone else: no user is signed in on
 * this request). Returns where to send the browser; never anything secret.
 */
async function callbackPage(params: Record<string, string>, platform?: Platform): Promise<string> {
  // The popup page on the origin the platform redirected to (the app's; for Bluesky in the local
  // cloud, its 127.0.0.1 name), so it can tell the opener, which started the connect there.
  const origin = platform ? new URL(await redirectUriFor(platform)).origin : await appOrigin();
  return `${origin}/oauth-callback?${new URLSearchParams({ ...params, ...(platform ? { provider: platform } : {}) })}`;
}

export const NO_LONGER_ALLOWED_MESSAGE = 'You can no longer connect accounts in this workspace. Ask an Admin of the workspace.';

export const UNREADABLE_CALLBACK_MESSAGE = "We couldn't read the platform's answer. Please try connecting again.";

/** A callback whose path or query is malformed still lands on the popup page, with an error. */
export function unreadableCallback(platform?: Platform): Promise<string> {
  return callbackPage({ error: UNREADABLE_CALLBACK_MESSAGE }, platform);
}

/** Whether a link a connect was started from still works: still there (not revoked), not expired, its client still there. */
async function linkStillWorks(workspaceId: string, link: { id: string; clientId: string }, now: Date): Promise<boolean> {
  const [stored, client] = await Promise.all([getConnectLink(workspaceId, link.id), getClient(workspaceId, link.clientId)]);
  return stored !== null && stored.clientId === link.clientId && Date.parse(stored.expiresAt) > now.getTime() && client !== null;
}

export async function completeConnect(platform: Platform, input: CallbackInput, deps: Deps = defaultDeps): Promise<string> {
  const back = (params: Record<string, string>) => callbackPage(params, platform);
  // atproto OAuth (Bluesky) sends back its client's own state, which names ours.
  const ours = input.state ? await ourStateOf(platform, input.state, deps) : undefined;
  const saved = ours ? await takeOAuthState(ours) : undefined;
  const now = deps.now();
  if (!saved || saved.platform !== platform || saved.expiresAt * 1000 <= now.getTime()) return back({ error: EXPIRED_STATE_MESSAGE });
  // Another browser than the one that started it (a forwarded consent link): store nothing.
  if (!bindingMatches(saved.bindingHash, input.binding)) return back({ error: OTHER_BROWSER_MESSAGE });
  let workspaceId: string;
  let clientId: string | undefined;
  if ('link' in saved) {
    // Started from a client connect link: the link must still work now (not revoked, not expired,
    // its client still there), or nothing is stored.
    if (!(await linkStillWorks(saved.workspaceId, saved.link, now))) return back({ error: CONNECT_LINK_MSG.revokedMeanwhile });
    workspaceId = saved.workspaceId;
    clientId = saved.link.clientId;
  } else {
    // The state outlived its account (deletion began after the connect started), or the person who
    // started it may no longer connect accounts in its workspace: store nothing.
    if (await isUserClosed(saved.userId)) return back({ error: EXPIRED_STATE_MESSAGE });
    workspaceId = saved.workspaceId ?? saved.userId;
    if (!(await mayConnect(saved.userId, workspaceId))) return back({ error: NO_LONGER_ALLOWED_MESSAGE });
  }
  if (input.error) {
    return back({ error: oauthErrorMessage(platform, input.error) });
  }
  const { code } = input;
  if (!code) return back({ error: `${PLATFORM_NAMES[platform]} didn't send a sign-in code. Please try again.` });
  try {
    const adapter = await availableAdapter(platform, deps.now, atprotoStoresFor(undefined, deps.now));
    const tokens = await adapter.exchangeCode({
      code,
      ...(saved.codeVerifier ? { codeVerifier: saved.codeVerifier } : {}),
      ...(input.state ? { state: input.state } : {}),
      ...(input.iss ? { iss: input.iss } : {}),
    });
    const accounts = await adapter.profiles(tokens);
    if (accounts.length === 0) {
      return back({
        error:
          platform === 'facebook'
            ? 'No Facebook Page was shared with us. Please connect again and choose at least one Page.'
            : `${PLATFORM_NAMES[platform]} didn't share an account with us. Please try again.`,
      });
    }
    for (const account of accounts) {
      const stored = await upsertConnection(
        workspaceId,
        { platform, account_id: account.accountId, account_name: account.accountName, picture_url: account.pictureUrl ?? null },
        deps.newId(),
        now,
        clientId,
      );
      await saveTokens(workspaceId, stored.id, account.tokens, now);
      await resumeMetricsOf(workspaceId, stored.id, now);
    }
    return back({ status: 'ok' });
  } catch (error) {
    if (error instanceof PlatformError) {
      logger.warn('Connect failed at the platform', { platform, category: error.category, details: error.details });
      return back({ error: error.message });
    }
    if (error instanceof ValidationError) return back({ error: error.message });
    logger.error('Connect failed', { platform, error });
    return back({ error: 'Something went wrong on our side. Please try again.' });
  }
}

/** A network whose connect asks for the account before the authorization server (atproto OAuth). */
interface AuthorizesByAccount {
  startAuthorization(input: { identifier?: string | undefined; state: string }): Promise<string>;
  appStateOf(clientState: string): Promise<string | undefined>;
}
const authorizesByAccount = (adapter: PlatformAdapter | undefined): adapter is PlatformAdapter & AuthorizesByAccount =>
  adapter !== undefined && 'startAuthorization' in adapter && 'appStateOf' in adapter;

/** Our state for the one the platform sent back: the same, except where the platform's OAuth client keeps its own. */
async function ourStateOf(platform: Platform, state: string, deps: Deps): Promise<string | undefined> {
  const adapter = await configuredAdapter(platform, deps.now, atprotoStoresFor(undefined, deps.now));
  return authorizesByAccount(adapter) ? adapter.appStateOf(state) : state;
}

/**
 * POST /api/oauth/{platform}/callback, the connect popup's account step (Bluesky: the handle, or
 * none for bsky.social): the state must be pending, for this platform, and bound to this browser;
 * it stays pending for the redirect back. Returns where to send the popup: the authorization
 * server's page, or /oauth-callback with why the connect ended. A handle Bluesky cannot find is a
 * ValidationError, so the popup can ask again.
 */
export async function startConnectSignIn(
  platform: Platform,
  input: { state: string; binding?: string | undefined; identifier?: string | undefined },
  deps: Deps = defaultDeps,
): Promise<string> {
  const back = (params: Record<string, string>) => callbackPage(params, platform);
  const saved = await peekOAuthState(input.state);
  if (!saved || saved.platform !== platform || saved.expiresAt * 1000 <= deps.now().getTime()) return back({ error: EXPIRED_STATE_MESSAGE });
  if (!bindingMatches(saved.bindingHash, input.binding)) return back({ error: OTHER_BROWSER_MESSAGE });
  const adapter = await availableAdapter(platform, deps.now, atprotoStoresFor(undefined, deps.now));
  if (!authorizesByAccount(adapter)) throw new ValidationError(`${PLATFORM_NAMES[platform]} connects through its own sign-in page.`);
  try {
    return await adapter.startAuthorization({ identifier: input.identifier, state: input.state });
  } catch (error) {
    if (error instanceof PlatformError && error.category === 'fix-input') throw new ValidationError(error.message);
    if (error instanceof PlatformError) return back({ error: error.message });
    throw error;
  }
}

/**
 * Analytics stopped by a refused token go on once the connection is back. The connection itself
 * is saved already: a failure here is logged, not shown (the user reconnected successfully).
 */
async function resumeMetricsOf(userId: string, socialAccountId: string, now: Date): Promise<void> {
  try {
    const resumed = await resumeCollection(userId, socialAccountId, now, tableAnalyticsStore);
    if (resumed > 0) logger.info('Analytics collection resumed after a reconnect', { socialAccountId, resumed });
  } catch (error) {
    logger.error('Could not resume analytics collection after a reconnect', { socialAccountId, error });
  }
}

/** GET /api/platforms: per platform, whether this deployment offers it and whether the user's plan does. */
export async function platformAvailability(userId: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<PlatformsResponse> {
  const plan = await currentPlan(userId, deps.now());
  const platforms = await Promise.all(
    PLATFORMS.map(async (platform) => ({
      platform,
      available: (await configuredApp(platform)) !== undefined,
      allowed: planAllows(plan.id, platform),
      required_plan: minimumPlanFor(platform).id,
    })),
  );
  return { plan: plan.id, platforms };
}

/**
 * A social account and its tokens row as a caller already read them (the publisher reads them with
 * the post, in one request): `account` null when the row is gone, `tokens` decrypted on demand and
 * throwing NotFoundError when their row is gone.
 */
export interface LoadedConnection {
  account: SocialAccount | null;
  tokens: () => Promise<TokenSet>;
}

/**
 * Runs `fn` with the account's tokens, refreshed first when they expire within 5 minutes (and
 * saved, so the refresh is not lost). A 'reauth' PlatformError, from the refresh or from `fn`,
 * marks the account needs_reconnect; any other failure never does (a 503 is not a revocation).
 *
 * `refreshWhenRefused`: for calls that are safe to repeat (reads). A platform may refuse an access
 * token before the expiry it announced (RFC 6750 `invalid_token`: expired, revoked or invalidated);
 * with a refresh token the grant may still be good, so the token is refreshed once and `fn` retried,
 * and only a refused refresh (or a second refusal) means the user must reconnect.
 *
 * `loaded`: the account and tokens as the caller read them; nothing is read again.
 */
export async function withFreshTokens<T>(
  userId: string,
  accountId: string,
  fn: (tokens: TokenSet, adapter: PlatformAdapter) => Promise<T>,
  deps: Deps = defaultDeps,
  { refreshWhenRefused = false, loaded }: { refreshWhenRefused?: boolean; loaded?: LoadedConnection } = {},
): Promise<T> {
  if (loaded && !loaded.account) throw new NotFoundError('Account not found');
  const account = loaded?.account ?? (await getConnection(userId, accountId));
  const adapter = await availableAdapter(account.platform, deps.now, atprotoStoresFor({ workspaceId: userId, connectionId: accountId }, deps.now));
  const refreshed = async (tokens: TokenSet) => {
    const next = await adapter.refresh(tokens);
    await saveTokens(userId, accountId, next, deps.now());
    return next;
  };
  try {
    let tokens: TokenSet = loaded ? await loaded.tokens() : await getTokens(userId, accountId);
    let fresh = false;
    if (tokens.expiresAt !== null && Date.parse(tokens.expiresAt) - deps.now().getTime() <= REFRESH_MARGIN_MS) {
      tokens = await refreshed(tokens);
      fresh = true;
    }
    try {
      return await fn(tokens, adapter);
    } catch (error) {
      const refusedToken = error instanceof PlatformError && error.category === 'reauth';
      if (!refreshWhenRefused || !refusedToken || fresh || !tokens.refreshToken) throw error;
      logger.info('Access token refused before its expiry; refreshing once', { platform: account.platform, accountId });
      return await fn(await refreshed(tokens), adapter);
    }
  } catch (error) {
    if (error instanceof PlatformError && error.category === 'reauth') await markNeedsReconnect(userId, accountId, deps.now());
    throw error;
  }
}
