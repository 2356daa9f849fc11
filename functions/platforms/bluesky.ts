import type { Agent, AppBskyFeedPost, BlobRef } from '@atproto/api';
import { BLUESKY_MAX_IMAGE_BYTES, BLUESKY_MAX_IMAGES, BLUESKY_MESSAGES, BLUESKY_SIGN_IN_PATH, blueskyCaptionProblem } from '@shared/bluesky';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { logger } from '../lib/logger';
import { BLUESKY_OAUTH_SCOPE, blueskyOAuthClient, isLocalOrigin, loopbackRedirect, sessionOfTokens, type AtprotoStores } from './bluesky-oauth';
import { withFollowUps, type ReplyApi } from './follow-ups';
import type { AdapterDeps, Classification } from './http';
import { scrub } from './http';
import { guardedCreate, handleOf, isImage, isVideo, publishMessage, sameText, str } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type PublishMedia, type PublishStepResult, type TokenSet } from './types';

/**
 * Bluesky (AT Protocol) through Bluesky's own clients: @atproto/oauth-client-node for the sign-in
 * (atproto OAuth: PAR, PKCE, DPoP-bound tokens it refreshes itself, functions/platforms/bluesky-oauth.ts)
 * and @atproto/api's Agent, built on that OAuth session, for every call. An account is a DID whose
 * repository lives on a PDS; a post is an `app.bsky.feed.post` record in it, written with
 * com.atproto.repo.createRecord and addressed by its record key.
 *
 * Exactly once by construction: the record key (a TID) is chosen and checkpointed before the
 * create, and the create names it. A redelivery after a lost answer reads that key back first:
 * found means the post went out; not found means it did not, and the same key is used again, so
 * the repository can never hold the post twice.
 */

const POST = 'app.bsky.feed.post';
/** How long our own calls may take; a stuck PDS must not hold a publishing step past its deadline. */
const CALL_TIMEOUT_MS = 30_000;

/** Said when a connection made with an app password (before atproto OAuth) is used: it must be made again. */
export const BLUESKY_RECONNECT_MESSAGE = "Bluesky now connects through Bluesky's own sign-in page. Reconnect Bluesky on Platforms to keep publishing.";

export interface BlueskyAdapter extends PlatformAdapter {
  /**
   * The connect popup's handle (or nothing: the sign-in service, bsky.social) → the authorization
   * server's page to send the popup to, after the pushed authorization request. `state` is ours.
   */
  startAuthorization(input: { identifier?: string | undefined; state: string }): Promise<string>;
  /** Our state for the OAuth client's own (the `state` the authorization server sends back), while it is pending. */
  appStateOf(clientState: string): Promise<string | undefined>;
}

/**
 * @atproto/api, loaded on first use: its lexicons take most of a second to load, and every function
 * that reaches the adapter registry (the platforms list, connects, publishing for any network) would
 * otherwise pay that on each cold start. The OAuth client is loaded the same way.
 */
export const atprotoApi = () => import('@atproto/api');
const oauthLib = () => import('@atproto/oauth-client-node');

/** What @atproto/api throws for an answered (or failed) call: XRPCError's own fields, read without loading the library. */
interface XrpcFailure {
  readonly status: number;
  readonly error: string;
  readonly message: string;
  readonly headers?: Record<string, string>;
}
export function isXrpcError(error: unknown): error is XrpcFailure {
  const e = error as Partial<XrpcFailure> & { success?: unknown };
  return error instanceof Error && typeof e.status === 'number' && typeof e.error === 'string' && e.success === false;
}

/** Classifies what @atproto/api threw: an XRPCError with the PDS's status and error name, or a network failure. */
export function classifyBlueskyError(error: unknown, now: Date): Classification & { status?: number } {
  if (!isXrpcError(error) || error.status < 100) {
    return { category: 'retry', reason: 'Bluesky could not be reached (network problem)' };
  }
  const base = { code: error.error, platformMessage: error.message, status: error.status };
  if (error.status === 429 || error.error === 'RateLimitExceeded') {
    // Bluesky's rate-limit headers (IETF draft RateLimit fields): `ratelimit-reset` is unix seconds.
    const reset = Number(error.headers?.['ratelimit-reset']);
    const retryAfterSeconds = Number.isFinite(reset) && reset > 0 ? Math.max(0, Math.ceil(reset - now.getTime() / 1000)) : undefined;
    return { ...base, category: 'backoff', reason: 'too many requests', ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
  }
  if (error.error === 'ExpiredToken' || error.error === 'InvalidToken' || error.error === 'AccountTakedown' || error.status === 401) {
    return { ...base, category: 'reauth', reason: 'the sign-in is no longer valid; please reconnect Bluesky' };
  }
  if (error.status >= 500) return { ...base, category: 'retry', reason: 'Bluesky had a temporary problem' };
  if (error.status === 400 || error.status === 413) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  return { ...base, category: 'stop', reason: `Bluesky answered with status ${error.status}` };
}

/**
 * What the OAuth client throws, in our categories: a session it could not refresh or that was
 * revoked → reconnect; our own refresh lease still held elsewhere, or a network failure → retry.
 * Undefined for anything else (XRPC errors, classified by classifyBlueskyError).
 */
export async function classifyOAuthError(error: unknown): Promise<PlatformError | undefined> {
  if (error instanceof PlatformError) return undefined;
  if (error instanceof Error && error.name === 'LockBusyError') {
    return new PlatformError('bluesky', 'retry', 'Bluesky sign-in is being refreshed by another task. It will be retried.');
  }
  const lib = await oauthLib();
  // The session's DPoP fetch reports a request that got no answer as a FetchRequestError (status
  // 500), which the Agent wraps in an XRPCError 500: it is a network failure, not a server's answer,
  // so it carries no status (a create it interrupted may have happened: guardedCreate keeps its key).
  const cause = isXrpcError(error) ? (error as { cause?: unknown }).cause : error;
  if (cause instanceof lib.FetchRequestError) {
    return new PlatformError('bluesky', 'retry', "Couldn't reach Bluesky (network problem). It will be retried.");
  }
  if (isXrpcError(error)) return undefined;
  if (error instanceof lib.TokenRefreshError || error instanceof lib.TokenRevokedError || error instanceof lib.TokenInvalidError) {
    return new PlatformError('bluesky', 'reauth', 'Your Bluesky sign-in is no longer valid; please reconnect Bluesky on Platforms.', {
      code: error.constructor.name,
    });
  }
  return undefined;
}

function toPlatformError(error: unknown, what: string, now: Date, secrets: readonly string[], publishing: boolean): PlatformError {
  if (error instanceof PlatformError) return error;
  const c = classifyBlueskyError(error, now);
  const details = {
    ...(c.status !== undefined ? { status: c.status } : {}),
    ...(c.code !== undefined ? { code: c.code } : {}),
    ...(c.retryAfterSeconds !== undefined ? { retryAfterSeconds: c.retryAfterSeconds } : {}),
  };
  if (c.status === undefined) return new PlatformError('bluesky', 'retry', `Couldn't reach Bluesky to ${what} (network problem). It will be retried.`, details);
  const said = c.platformMessage ? scrub(c.platformMessage, secrets) : undefined;
  const message = publishing
    ? publishMessage('bluesky', { ...c, ...(said ? { platformMessage: said } : {}) }, now)
    : `Bluesky refused to ${what}: ${c.reason}.${said && (c.category === 'fix-input' || c.category === 'stop') ? ` Bluesky said: "${said}"` : ''}`;
  return new PlatformError('bluesky', c.category, message, details);
}

/** base32-sortable, the alphabet of atproto TIDs. */
const S32 = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * A record key in atproto's TID form: 13 characters of base32-sortable over 64 bits, the top bit
 * zero, then microseconds since the epoch (53 bits), then a 10-bit clock id (random here, so two
 * workers choosing a key in the same microsecond still differ).
 */
export function newTid(now: Date, clockId: number = Math.floor(Math.random() * 1024)): string {
  let v = (BigInt(now.getTime()) * 1000n) << 10n;
  v |= BigInt(clockId & 0x3ff);
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = S32[Number(v & 31n)] + out;
    v >>= 5n;
  }
  return out;
}

export const atUri = (did: string, rkey: string) => `at://${did}/${POST}/${rkey}`;
const rkeyOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);

/** Bluesky's OAuth client and Agents for one adapter's deps: what the adapter and the metrics reader share. */
function blueskyClients(deps: AdapterDeps<'bluesky'>) {
  const { hosts, now } = deps;
  const withTimeout: typeof fetch = (input, init) => deps.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS) });
  // The loopback client's redirect names 127.0.0.1 (configured.ts gives it so; tests may give `localhost`).
  const redirectUri = isLocalOrigin(deps.app.redirectUri) ? loopbackRedirect(deps.app.redirectUri) : deps.app.redirectUri;

  const stores = (): AtprotoStores => {
    if (!deps.atproto) throw new Error('The Bluesky adapter needs the atproto OAuth stores');
    return deps.atproto;
  };
  const oauth = (tokens?: TokenSet, withRow = true, forceRefresh = false) =>
    blueskyOAuthClient(
      {
        redirectUri,
        serviceUrl: hosts.api,
        privateKey: deps.app.clientSecret || undefined,
        plcDirectoryUrl: hosts.plc,
        fetch: withTimeout,
      },
      withRow ? stores() : { ...stores(), connection: undefined },
      tokens,
      now,
      forceRefresh,
    );

  /**
   * An Agent on the account's own PDS (the OAuth session knows it: the token's audience), sending
   * DPoP-bound requests and refreshing through the client. A connection made with an app password
   * before atproto OAuth has no such session: it must be made again.
   */
  const agentOf = async (tokens: TokenSet): Promise<{ agent: Agent; did: string }> => {
    const stored = sessionOfTokens(tokens);
    if (!stored) throw new PlatformError('bluesky', 'reauth', BLUESKY_RECONNECT_MESSAGE);
    const { client } = await oauth(tokens);
    const session = await client.restore(stored.atproto.tokenSet.sub, 'auto');
    const { Agent } = await atprotoApi();
    return { agent: new Agent(session), did: session.did };
  };
  return { redirectUri, stores, oauth, agentOf };
}

/** An Agent for a connection's session (the metrics reader's), throwing what the OAuth client throws. */
export const blueskyAgent = (deps: AdapterDeps<'bluesky'>, tokens: TokenSet) => blueskyClients(deps).agentOf(tokens);

export function createBlueskyAdapter(deps: AdapterDeps<'bluesky'>): BlueskyAdapter {
  const { hosts, now } = deps;
  const { redirectUri, stores, oauth, agentOf } = blueskyClients(deps);

  const call = async <T>(what: string, tokens: TokenSet, fn: () => Promise<T>, publishing = true): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw (await classifyOAuthError(error)) ?? toPlatformError(error, what, now(), [tokens.accessToken, tokens.refreshToken ?? ''], publishing);
    }
  };

  /** The account's DID, handle and an Agent on its PDS. */
  const sessionOf = async (tokens: TokenSet, publishing = true) =>
    call(
      'read the account',
      tokens,
      async () => {
        const { agent, did } = await agentOf(tokens);
        const r = await agent.com.atproto.server.getSession();
        return { agent, did, handle: r.data.handle };
      },
      publishing,
    );

  const postUrl = (handle: string, uri: string) => `${hosts.www}/profile/${encodeURIComponent(handleOf(handle))}/post/${rkeyOf(uri)}`;

  /** What the post's record carries besides its text: images with alt text, checked before anything is uploaded. */
  const checkMedia = (media: readonly PublishMedia[]) => {
    if (media.some(isVideo)) throw new PlatformError('bluesky', 'fix-input', `${BLUESKY_MESSAGES.noVideo}.`);
    const images = media.filter(isImage);
    if (images.length > BLUESKY_MAX_IMAGES) throw new PlatformError('bluesky', 'fix-input', `${BLUESKY_MESSAGES.tooManyImages}.`);
    if (images.some((m) => m.sizeBytes > BLUESKY_MAX_IMAGE_BYTES)) throw new PlatformError('bluesky', 'fix-input', `${BLUESKY_MESSAGES.imageTooLarge}.`);
    return images;
  };

  const uploadImages = async (agent: Agent, tokens: TokenSet, images: readonly PublishMedia[]): Promise<BlobRef[]> => {
    const blobs: BlobRef[] = [];
    for (const image of images) {
      if (!image.open) throw new PlatformError('bluesky', 'retry', "Couldn't read the image to upload to Bluesky. It will be retried.");
      const body = await image.open();
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(await new Response(body).arrayBuffer());
      const r = await call('upload an image', tokens, () => agent.com.atproto.repo.uploadBlob(bytes, { encoding: image.mimeType }));
      blobs.push(r.data.blob);
    }
    return blobs;
  };

  /** Text with its links, mentions and tags as facets (UTF-8 byte offsets); a mention that resolves to no account stays plain text. */
  const richText = async (agent: Agent, text: string) => {
    const { RichText } = await atprotoApi();
    const rt = new RichText({ text });
    await rt.detectFacets(agent);
    const facets = rt.facets?.filter((f) => f.features.every((feature) => !('did' in feature) || Boolean(feature.did)));
    return { text: rt.text, ...(facets && facets.length > 0 ? { facets } : {}) };
  };

  const readPost = async (agent: Agent, tokens: TokenSet, did: string, rkey: string) => {
    try {
      const r = await agent.com.atproto.repo.getRecord({ repo: did, collection: POST, rkey });
      return { uri: r.data.uri, cid: r.data.cid ?? '', value: r.data.value as AppBskyFeedPost.Record };
    } catch (error) {
      // getRecord answers 400 RecordNotFound for a key the repository does not hold.
      if (isXrpcError(error) && error.error === 'RecordNotFound') return undefined;
      throw toPlatformError(error, 'look up the post', now(), [tokens.accessToken], true);
    }
  };

  const createPost = (agent: Agent, tokens: TokenSet, did: string, rkey: string, record: Omit<AppBskyFeedPost.Record, 'createdAt' | '$type'>) =>
    call('publish the post', tokens, () =>
      agent.com.atproto.repo.createRecord({
        repo: did,
        collection: POST,
        rkey,
        // The PDS validates the record against the lexicon: what it refuses comes back as InvalidRequest.
        validate: true,
        record: { $type: POST, ...record, createdAt: now().toISOString() },
      }),
    );

  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { request, checkpoint, tokens } = context;
    const text = request.caption;
    const problem = blueskyCaptionProblem(text);
    if (problem) throw new PlatformError('bluesky', 'fix-input', `${problem}.`);
    const images = checkMedia(request.media);
    if (!text.trim() && images.length === 0) throw new PlatformError('bluesky', 'fix-input', BLUESKY_MESSAGES.empty);

    const session = await sessionOf(tokens);
    const { agent } = session;
    const did = request.accountId;

    const chosen = str(checkpoint, 'rkey');
    if (chosen) {
      const found = await readPost(agent, tokens, did, chosen);
      if (found) return { status: 'posted', platformPostId: found.uri, postUrl: postUrl(session.handle, found.uri) };
    }
    const blobs = await uploadImages(agent, tokens, images);
    const rich = await call('read the mentions', tokens, () => richText(agent, text));
    const embed =
      blobs.length > 0
        ? {
            $type: 'app.bsky.embed.images' as const,
            // Bluesky requires the key: an image without a description goes out with it empty (docs/bluesky.md#publishing).
            images: blobs.map((image, i) => ({ $type: 'app.bsky.embed.images#image' as const, image, alt: images[i]?.altText ?? '' })),
          }
        : undefined;
    const rkey = chosen ?? newTid(now());
    const created = await guardedCreate(context, { rkey, createAttemptedAt: now().toISOString() }, {}, () =>
      createPost(agent, tokens, did, rkey, { ...rich, ...(embed ? { embed } : {}) }),
    );
    return { status: 'posted', platformPostId: created.data.uri, postUrl: postUrl(session.handle, created.data.uri) };
  };

  /** A first comment is a reply: its record names the thread's root and its parent (app.bsky.feed.post#replyRef). */
  const replies: ReplyApi = {
    platform: 'bluesky',
    commentScopes: FIRST_COMMENT_SCOPES.bluesky,
    async create(context, parentUri, text) {
      const { tokens } = context;
      const problem = blueskyCaptionProblem(text);
      if (problem) throw new PlatformError('bluesky', 'fix-input', `${problem}.`, { status: 400 });
      const session = await sessionOf(tokens);
      const { agent } = session;
      const parentDid = parentUri.slice('at://'.length).split('/')[0] ?? context.request.accountId;
      const parent = await readPost(agent, tokens, parentDid, rkeyOf(parentUri));
      if (!parent) throw new PlatformError('bluesky', 'stop', 'The Bluesky post to reply to is gone.', { status: 400 });
      const parentRef = { uri: parent.uri, cid: parent.cid };
      const rich = await call('read the mentions', tokens, () => richText(agent, text));
      const rkey = newTid(now());
      const created = await createPost(agent, tokens, context.request.accountId, rkey, {
        ...rich,
        reply: { root: parent.value.reply?.root ?? parentRef, parent: parentRef },
      });
      return { id: created.data.uri, url: postUrl(session.handle, created.data.uri) };
    },
    async find(context, parentUri, text, since) {
      const { tokens } = context;
      const session = await sessionOf(tokens);
      const { agent } = session;
      // The newest records come first; a reply made since the attempt is among the latest few.
      const r = await call('look up recent posts', tokens, () =>
        agent.com.atproto.repo.listRecords({ repo: context.request.accountId, collection: POST, limit: 50 }),
      );
      const sinceMs = Date.parse(since) - 120_000;
      const found = r.data.records.find((rec) => {
        const value = rec.value as Partial<AppBskyFeedPost.Record>;
        return value.reply?.parent.uri === parentUri && sameText(value.text ?? '', text) && Date.parse(value.createdAt ?? '') >= sinceMs;
      });
      return found && { id: found.uri, url: postUrl(session.handle, found.uri) };
    },
  };

  const adapter: BlueskyAdapter = {
    platform: 'bluesky',
    usesPkce: false,
    publishStep,
    /**
     * Bluesky's authorization server needs the account first (handle → DID → PDS → its server), so
     * the popup opens our own page on our callback's origin, carrying the state; that page asks for
     * the handle and calls startAuthorization, which sends the popup on to the server's sign-in page.
     */
    authorizeUrl({ state }) {
      return `${new URL(redirectUri).origin}${BLUESKY_SIGN_IN_PATH}?${new URLSearchParams({ state })}`;
    },
    async startAuthorization({ identifier, state }) {
      const { client } = await oauth(undefined, false);
      try {
        // No handle: the sign-in service (bsky.social), whose page asks for the account itself.
        return (await client.authorize(identifier || hosts.api, { state, scope: BLUESKY_OAUTH_SCOPE })).href;
      } catch (error) {
        const lib = await oauthLib();
        if (error instanceof lib.FetchRequestError) throw new PlatformError('bluesky', 'retry', "Couldn't reach Bluesky (network problem). Please try again.");
        // The handle, its DID or its server could not be resolved (or named no atproto server).
        if (error instanceof lib.OAuthResolverError || error instanceof lib.HandleResolverError || error instanceof TypeError) {
          throw new PlatformError(
            'bluesky',
            'fix-input',
            identifier
              ? `We couldn't find the Bluesky account @${identifier}. Check the handle and try again.`
              : "Bluesky's sign-in service did not answer as expected. Enter your handle instead.",
          );
        }
        logger.warn('Bluesky authorization could not start', { error });
        throw new PlatformError('bluesky', 'stop', 'Bluesky could not start the sign-in. Please try again later.');
      }
    },
    async appStateOf(clientState) {
      const saved = (await stores().states.get(clientState)) as { appState?: unknown } | undefined;
      return typeof saved?.appState === 'string' ? saved.appState : undefined;
    },
    async exchangeCode({ code, state, iss }) {
      const { client, captured } = await oauth(undefined, false);
      const params = new URLSearchParams({ code, ...(state ? { state } : {}), ...(iss ? { iss } : {}) });
      try {
        await client.callback(params);
      } catch (error) {
        logger.warn('Bluesky OAuth callback failed', { error });
        throw (
          (await classifyOAuthError(error)) ??
          new PlatformError('bluesky', 'fix-input', 'Bluesky did not confirm the sign-in. Please connect again from Platforms.')
        );
      }
      const tokens = captured();
      if (!tokens) throw new PlatformError('bluesky', 'retry', 'Bluesky did not open a session. Please try again.');
      return tokens;
    },
    /**
     * The client refreshes by itself, under the lease, when a call finds the access token about to
     * expire; asked to refresh (a refused token), it does so the same way, and the row holds the result.
     */
    async refresh(tokens) {
      const stored = sessionOfTokens(tokens);
      if (!stored) throw new PlatformError('bluesky', 'reauth', BLUESKY_RECONNECT_MESSAGE);
      const { client, captured } = await oauth(tokens, true, true);
      await call('refresh the sign-in', tokens, () => client.restore(stored.atproto.tokenSet.sub, true), false);
      return (deps.atproto?.connection ? await deps.atproto.connection.get() : captured()) ?? tokens;
    },
    async profiles(tokens) {
      const session = await sessionOf(tokens, false);
      return [{ accountId: session.did, accountName: `@${session.handle}`, tokens }];
    },
  };
  return withFollowUps(adapter, replies, now);
}
