import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import {
  OAuthErrorSchema,
  bearerGet,
  callPlatform,
  formPost,
  isServerError,
  oauthTokenSet,
  reauthMissingRefreshToken,
  retryAfterHeader,
  withQuery,
  type AdapterDeps,
  type CallContext,
  type Classification,
  type FailedResponse,
} from './http';
import { withFollowUps, type ReplyApi } from './follow-ups';
import { LOOKUP_SKEW_SECONDS, guardedCreate, handleOf, publishCallContext, sameText, str, unknownOutcome } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type PublishStepResult, type TokenSet } from './types';

const TweetCreatedSchema = z.object({ data: z.object({ id: z.string(), text: z.string().optional() }) });
const TimelineSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.string().optional() })).optional(),
  meta: z.object({ result_count: z.number().optional(), next_token: z.string().optional() }).optional(),
});
/** The user timeline reaches back 3,200 posts at most, 100 per page. */
const TIMELINE_PAGE_SIZE = 100;
const MAX_TIMELINE_PAGES = 32;

/** Publishing wording per classified code (docs/platform-apis.md#x-errors). */
const X_MESSAGES = {
  duplicate: 'X rejected this as a duplicate of a recent post on this account.',
  'too-long': 'The post is longer than X allows (280 characters, links count 23).',
  CreditsDepleted: 'Our X API credits are used up; the post could not be sent.',
};

/**
 * The generation of X's API every call follows: the OpenAPI of xdevplatform/xdk v2.167
 * (specs/openapi.json). There a Post read takes its field list as `post.fields` (older generations:
 * `tweet.fields`, which this one does not declare) and `public_metrics` counts reposts as
 * `repost_count` (formerly `retweet_count`). One place, so no call drifts to the other generation.
 */
export const X_API_SPEC = { version: '2.167', postFields: 'post.fields' } as const;

/**
 * docs/platform-apis.md#x-auth: only what the calls we make need. Posting (POST /2/tweets) needs
 * tweet.read, tweet.write and users.read; /2/users/me, the timeline and Post lookup need tweet.read and
 * users.read; refresh needs offline.access. X posts are text only here, so no media.write.
 */
export const X_SCOPES = ['tweet.read', 'users.read', 'tweet.write', 'offline.access'] as const;

const TokenResponseSchema = z.object({
  token_type: z.string().optional(),
  expires_in: z.number(),
  access_token: z.string().min(1),
  scope: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
});

const MeResponseSchema = z.object({
  data: z.object({ id: z.string(), name: z.string().optional(), username: z.string(), profile_image_url: z.string().optional() }),
});

/** v2 problem shape, the legacy `errors[{code,message}]` 429 shape, and the token endpoint's RFC 6749 shape (docs/platform-apis.md#x-errors). */
const ProblemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string().optional(), detail: z.string().optional() })).optional(),
});

export function classifyXError(res: FailedResponse): Classification {
  const oauth = OAuthErrorSchema.safeParse(res.body);
  const problem = ProblemSchema.safeParse(res.body);
  const code = oauth.success ? oauth.data.error : problem.success ? (problem.data.title ?? problem.data.errors?.[0]?.code) : undefined;
  const text = oauth.success
    ? (oauth.data.error_description ?? oauth.data.error)
    : problem.success
      ? (problem.data.detail ?? problem.data.errors?.[0]?.message ?? problem.data.errors?.[0]?.detail ?? problem.data.title)
      : undefined;
  const base = { code, platformMessage: text };

  if (res.status === 429)
    return { ...base, category: 'backoff', reason: 'too many requests, waiting for the rate limit to reset', retryAfterSeconds: rateLimitReset(res) };
  if (isServerError(res.status)) return { ...base, category: 'retry', reason: 'X had a temporary problem' };
  // Our own client credentials rejected (X says 401 unauthorized_client): reconnecting would not help.
  if (oauth.success && (oauth.data.error === 'invalid_client' || oauth.data.error === 'unauthorized_client')) {
    return { ...base, category: 'stop', reason: "our X app credentials weren't accepted" };
  }
  if (res.status === 401) return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect X' };
  if (oauth.success) {
    const err = oauth.data.error;
    // X answers a dead refresh token, or a used/expired code, with invalid_request + "Value passed for the token|authorization code was invalid."
    if (err === 'invalid_grant' || err === 'invalid_token' || /(token|authorization code) was invalid/i.test(oauth.data.error_description ?? '')) {
      return { ...base, category: 'reauth', reason: 'the sign-in is no longer valid; please reconnect X' };
    }
    if (err === 'invalid_request' || err === 'invalid_scope') return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  }
  if (text && /unsupported authentication/i.test(text)) return { ...base, category: 'reauth', reason: 'the sign-in method was rejected; please reconnect X' };
  if (res.status === 400) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  return { ...base, category: 'stop', reason: res.status === 403 ? 'X does not allow this' : `X answered with status ${res.status}` };
}

/** `x-rate-limit-reset` is unix seconds (docs/platform-apis.md#x-limits); a spent 24-hour cap wins; else Retry-After. */
function rateLimitReset(res: FailedResponse): number | undefined {
  const daily = Number(res.headers.get('x-user-limit-24hour-reset') ?? res.headers.get('x-app-limit-24hour-reset'));
  const dailySpent = res.headers.get('x-user-limit-24hour-remaining') === '0' || res.headers.get('x-app-limit-24hour-remaining') === '0';
  if (dailySpent && Number.isFinite(daily) && daily > 0) return Math.max(0, Math.ceil(daily - res.now.getTime() / 1000));
  const reset = Number(res.headers.get('x-rate-limit-reset'));
  if (res.headers.get('x-rate-limit-reset') && Number.isFinite(reset)) return Math.max(0, Math.ceil(reset - res.now.getTime() / 1000));
  return retryAfterHeader(res.headers, res.now);
}

export function createXAdapter(deps: AdapterDeps<'x'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'x', fetch: deps.fetch, now, classify: classifyXError };
  const tokenUrl = `${hosts.api}/2/oauth2/token`;
  // Confidential client: HTTP Basic client_id:client_secret (docs/platform-apis.md#x-auth).
  const basic = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;

  // X always answers with its scopes, so only a missing refresh token keeps the earlier one.
  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previousRefresh?: string): TokenSet => oauthTokenSet(r, now(), { refreshToken: previousRefresh });

  // The 403s differ only in their text (docs/platform-apis.md#x-errors): name the two a user can act on.
  const publishCtx = publishCallContext(
    {
      ...ctx,
      classify: (res) => {
        const c = classifyXError(res);
        if (res.status === 403 && /duplicate content/i.test(c.platformMessage ?? '')) return { ...c, code: 'duplicate' };
        if (res.status === 403 && /too long/i.test(c.platformMessage ?? '')) return { ...c, category: 'fix-input', code: 'too-long' };
        return c;
      },
    },
    X_MESSAGES,
  );
  const isDuplicate = (e: unknown) => e instanceof PlatformError && e.details.code === 'duplicate';

  // A reply (thread part, first comment) names its parent: POST /2/tweets `reply.in_reply_to_tweet_id` (https://docs.x.com/x-api/posts/create-post).
  const tweet = (tokens: TokenSet, text: string, inReplyTo?: string) =>
    callPlatform(publishCtx, {
      what: inReplyTo ? 'post the reply' : 'publish the post',
      url: `${hosts.api}/2/tweets`,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(inReplyTo ? { text, reply: { in_reply_to_tweet_id: inReplyTo } } : { text }),
      },
      schema: TweetCreatedSchema,
      secrets: [tokens.accessToken],
    });

  const postUrl = (accountName: string, id: string) => {
    const handle = handleOf(accountName);
    // `https://x.com/i/web/status/{id}` works without the handle (widely used, unconfirmed officially).
    return handle ? `${hosts.www}/${encodeURIComponent(handle)}/status/${id}` : `${hosts.www}/i/web/status/${id}`;
  };

  /**
   * After a lost answer: is the post on the account's timeline since the attempt? (docs/platform-apis.md#avoiding-double-posts) An account
   * that kept posting meanwhile pushes it past the first page, so follow `next_token` until it turns
   * up, the pages run out, or X's own reach (3,200 posts) is read. Errors surface as for one call.
   */
  const findOnTimeline = async (context: PublishContext, attemptedAt: string, text = context.request.caption) => {
    const { tokens, request } = context;
    const start = new Date(Date.parse(attemptedAt) - LOOKUP_SKEW_SECONDS * 1000).toISOString();
    const base = { max_results: String(TIMELINE_PAGE_SIZE), start_time: start, [X_API_SPEC.postFields]: 'created_at' };
    let token: string | undefined;
    for (let page = 0; page < MAX_TIMELINE_PAGES; page++) {
      const r: z.infer<typeof TimelineSchema> = await callPlatform(publishCtx, {
        what: 'look up recent posts',
        url: withQuery(`${hosts.api}/2/users/${encodeURIComponent(request.accountId)}/tweets`, token ? { ...base, pagination_token: token } : base),
        init: bearerGet(tokens.accessToken),
        schema: TimelineSchema,
        secrets: [tokens.accessToken],
      });
      const found = (r.data ?? []).find((t) => sameText(t.text, text));
      if (found) return found;
      token = r.meta?.next_token;
      if (!token) return undefined;
    }
    return undefined;
  };

  /**
   * X is text-only here (spec): media is ignored. Checkpoint `createAttemptedAt` before POST /2/tweets;
   * a redelivery that finds it looks on the timeline first, and only then posts again, relying on
   * X's duplicate guard (a 403 duplicate then means "maybe posted": unknown-outcome, never success).
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { request, checkpoint } = context;
    const text = request.caption;
    if (!text.trim()) throw new PlatformError('x', 'fix-input', 'X posts need text; add a caption for X.');
    const attemptedAt = str(checkpoint, 'createAttemptedAt');
    if (attemptedAt) {
      const found = await findOnTimeline(context, attemptedAt);
      if (found) return { status: 'posted', platformPostId: found.id, postUrl: postUrl(request.accountName, found.id) };
    }
    try {
      const created = await guardedCreate(context, { createAttemptedAt: now().toISOString(), ...(attemptedAt ? { retriedAfterLookup: true } : {}) }, {}, () =>
        tweet(context.tokens, text),
      );
      return { status: 'posted', platformPostId: created.data.id, postUrl: postUrl(request.accountName, created.data.id) };
    } catch (error) {
      if (isDuplicate(error)) {
        if (attemptedAt) throw unknownOutcome('x', 'X says an identical post already exists, which may be ours.');
      }
      throw error;
    }
  };

  /** Thread parts and the first comment are replies (functions/platforms/follow-ups.ts); tweet.write covers them. */
  const replies: ReplyApi = {
    platform: 'x',
    commentScopes: FIRST_COMMENT_SCOPES.x,
    async create(context, parentId, text) {
      const created = await tweet(context.tokens, text, parentId);
      return { id: created.data.id, url: postUrl(context.request.accountName, created.data.id) };
    },
    async find(context, _parentId, text, since) {
      const found = await findOnTimeline(context, since, text);
      return found && { id: found.id, url: postUrl(context.request.accountName, found.id) };
    },
  };

  const adapter: PlatformAdapter = {
    platform: 'x',
    usesPkce: true,
    publishStep,
    authorizeUrl({ state, codeChallenge }) {
      if (!codeChallenge) throw new Error('X requires a PKCE code challenge (S256)');
      return withQuery(`${hosts.www}/i/oauth2/authorize`, {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: X_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async exchangeCode({ code, codeVerifier }) {
      if (!codeVerifier) throw new Error('X requires the PKCE code verifier');
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost(
          { code, grant_type: 'authorization_code', client_id: app.clientId, redirect_uri: app.redirectUri, code_verifier: codeVerifier },
          { authorization: basic },
        ),
        schema: TokenResponseSchema,
        secrets: [code, codeVerifier, app.clientSecret],
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('x');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: app.clientId }, { authorization: basic }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
      });
      // Rotation is unconfirmed (docs/platform-apis.md#x-auth): keep whatever X sent last.
      return toTokenSet(r, tokens.refreshToken);
    },
    async profiles(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.api}/2/users/me`, { 'user.fields': 'profile_image_url' }),
        init: bearerGet(tokens.accessToken),
        schema: MeResponseSchema,
        secrets: [tokens.accessToken],
      });
      const { id, username, profile_image_url } = r.data;
      return [{ accountId: id, accountName: `@${username}`, ...(profile_image_url ? { pictureUrl: profile_image_url } : {}), tokens }];
    },
  };
  return withFollowUps(adapter, replies, now);
}
