import type { Agent, AppBskyFeedPost, BlobRef } from '@atproto/api';
import { BLUESKY_MAX_IMAGE_BYTES, BLUESKY_MAX_IMAGES, BLUESKY_MESSAGES, BLUESKY_SIGN_IN_PATH, blueskyCaptionProblem } from '@shared/bluesky';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { PLATFORM_NAMES } from '@shared/platforms';
import { withFollowUps, type ReplyApi } from './follow-ups';
import type { AdapterDeps, Classification } from './http';
import { scrub } from './http';
import { guardedCreate, handleOf, isImage, isVideo, publishMessage, sameText, str } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type PublishMedia, type PublishStepResult, type TokenSet } from './types';

/**
 * Bluesky (AT Protocol) through Bluesky's own client, @atproto/api. An account is a DID whose
 * repository lives on a PDS; a post is an `app.bsky.feed.post` record in it, written with
 * com.atproto.repo.createRecord and addressed by its record key.
 *
 * Sign-in is an app password (com.atproto.server.createSession), exchanged at once for the
 * session's access and refresh JWTs: the app password itself is never stored (docs/bluesky.md).
 *
 * Exactly once by construction: the record key (a TID) is chosen and checkpointed before the
 * create, and the create names it. A redelivery after a lost answer reads that key back first:
 * found means the post went out; not found means it did not, and the same key is used again, so
 * the repository can never hold the post twice.
 */

const POST = 'app.bsky.feed.post';
const ACCOUNT_PASSWORD_SCOPE = 'com.atproto.access';
/** How long our own calls may take; a stuck PDS must not hold a publishing step past its deadline. */
const CALL_TIMEOUT_MS = 30_000;

export interface BlueskyAdapter extends PlatformAdapter {
  /** Handle (or e-mail) and app password → the session's tokens. The password goes no further. */
  signIn(input: { identifier: string; appPassword: string }): Promise<TokenSet>;
}

/**
 * @atproto/api, loaded on first use: its lexicons take most of a second to load, and every function
 * that reaches the adapter registry (the platforms list, connects, publishing for any network) would
 * otherwise pay that on each cold start.
 */
export const atprotoApi = () => import('@atproto/api');

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

/** A JWT's claims, read without verifying: we only learn when our own token expires and what it may do. */
function jwtClaims(jwt: string): { exp?: number | undefined; iat?: number | undefined; scope?: string | undefined } {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown> | null;
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    return { exp: num(payload?.exp), iat: num(payload?.iat), scope: typeof payload?.scope === 'string' ? payload.scope : undefined };
  } catch {
    return {};
  }
}

const isoOf = (seconds: number | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

function tokenSetOf(session: { accessJwt: string; refreshJwt: string }): TokenSet {
  const access = jwtClaims(session.accessJwt);
  const refresh = jwtClaims(session.refreshJwt);
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: isoOf(access.exp),
    ...(access.iat ? { issuedAt: new Date(access.iat * 1000).toISOString() } : {}),
    refreshExpiresAt: isoOf(refresh.exp),
  };
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

export function createBlueskyAdapter(deps: AdapterDeps<'bluesky'>): BlueskyAdapter {
  const { hosts, now } = deps;
  const withTimeout: typeof fetch = (input, init) => deps.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS) });

  /** A client on `service` that sends `jwt` as its bearer (access JWT, or the refresh JWT for refreshSession). */
  const agentOn = async (service: string, jwt?: string): Promise<Agent> => {
    const { Agent } = await atprotoApi();
    return new Agent({ service, fetch: withTimeout, ...(jwt ? { headers: { authorization: `Bearer ${jwt}` } } : {}) });
  };

  /**
   * The PDS that holds the account's repository: the session's DID document names it
   * (`#atproto_pds`); the service signed in at (bsky.social's entryway) is not necessarily it.
   */
  const sessionOf = async (tokens: TokenSet) => {
    const r = await (await agentOn(hosts.api, tokens.accessToken)).com.atproto.server.getSession();
    const services = (r.data.didDoc as { service?: { id?: string; type?: string; serviceEndpoint?: unknown }[] } | undefined)?.service ?? [];
    const pds = services.find((s) => s.id?.endsWith('#atproto_pds') && typeof s.serviceEndpoint === 'string')?.serviceEndpoint as string | undefined;
    return { did: r.data.did, handle: r.data.handle, pds: pds ?? hosts.api };
  };

  const call = async <T>(what: string, tokens: TokenSet, fn: () => Promise<T>, publishing = true): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw toPlatformError(error, what, now(), [tokens.accessToken, tokens.refreshToken ?? ''], publishing);
    }
  };

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

    const session = await call('read the account', tokens, () => sessionOf(tokens));
    const agent = await agentOn(session.pds, tokens.accessToken);
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
            // The product's media has no alt text yet; Bluesky requires the key and takes it empty (docs/bluesky.md#publishing).
            images: blobs.map((image) => ({ $type: 'app.bsky.embed.images#image' as const, image, alt: '' })),
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
      const session = await call('read the account', tokens, () => sessionOf(tokens));
      const agent = await agentOn(session.pds, tokens.accessToken);
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
      const session = await call('read the account', tokens, () => sessionOf(tokens));
      const agent = await agentOn(session.pds, tokens.accessToken);
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
     * No consent page of Bluesky's: the popup opens our own sign-in form (frontend route
     * BLUESKY_SIGN_IN_PATH) on the app's origin, carrying the state; the form posts back to our callback.
     */
    authorizeUrl({ state }) {
      return `${new URL(deps.app.redirectUri).origin}${BLUESKY_SIGN_IN_PATH}?${new URLSearchParams({ state })}`;
    },
    exchangeCode() {
      return Promise.reject(new PlatformError('bluesky', 'fix-input', `${PLATFORM_NAMES.bluesky} connects with an app password.`));
    },
    async signIn({ identifier, appPassword }) {
      let session;
      try {
        session = (await (await agentOn(hosts.api)).com.atproto.server.createSession({ identifier, password: appPassword })).data;
      } catch (error) {
        if (isXrpcError(error) && (error.status === 401 || error.error === 'AuthenticationRequired')) {
          throw new PlatformError('bluesky', 'fix-input', 'Bluesky did not accept that handle and app password. Check both and try again.', {
            status: error.status,
          });
        }
        if (isXrpcError(error) && error.error === 'AuthFactorTokenRequired') {
          throw new PlatformError(
            'bluesky',
            'fix-input',
            'Use an app password (Bluesky: Settings → Privacy and security → App passwords), not your account password.',
            {
              status: error.status,
            },
          );
        }
        throw toPlatformError(error, 'sign in', now(), [appPassword], false);
      }
      // An account password gives full control of the account (and can change it): we take only app passwords.
      if (jwtClaims(session.accessJwt).scope === ACCOUNT_PASSWORD_SCOPE) {
        await (await agentOn(hosts.api, session.refreshJwt)).com.atproto.server.deleteSession().catch(() => undefined);
        throw new PlatformError(
          'bluesky',
          'fix-input',
          'Use an app password (Bluesky: Settings → Privacy and security → App passwords), not your account password.',
        );
      }
      return tokenSetOf(session);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new PlatformError('bluesky', 'reauth', 'Your Bluesky connection has expired; reconnect it on Platforms.');
      const r = await call(
        'refresh the sign-in',
        tokens,
        async () => (await agentOn(hosts.api, tokens.refreshToken)).com.atproto.server.refreshSession(),
        false,
      );
      return tokenSetOf(r.data);
    },
    async profiles(tokens) {
      const session = await call('read the profile', tokens, () => sessionOf(tokens), false);
      return [{ accountId: session.did, accountName: `@${session.handle}`, tokens }];
    },
  };
  return withFollowUps(adapter, replies, now);
}
