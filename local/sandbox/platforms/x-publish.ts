import twitterText from 'twitter-text';
import { identity } from '../apps';
import type { SandboxContext } from '../context';
import { hitWindow, numericId, postsOf, recordPost, type PublishedPost } from '../publish-store';
import { publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { X_ENDPOINT_SCOPES, X_QUERY_PARAMETERS, hasScopes, problemJson, refuseQuery } from './x-errors';

/**
 * X posts (docs/platform-apis.md#x): POST /2/tweets (100 per 15 min per user, rate headers on
 * every answer; and 300 per 3 hours per user, the 2026-11-23 corrections' figure that compose
 * forecasts, shared/platform-limits.ts), 403 for the same text again within a day, and the user's timeline for lookups,
 * newest first, paged with `pagination_token` / `meta.next_token` and bounded by `start_time` / `end_time`.
 */
const TWEETS_PER_WINDOW = 100;
const TIMELINE_PER_WINDOW = 900;
const WINDOW_SECONDS = 900;
export const TWEETS_PER_3_HOURS = 300;
const THREE_HOURS_SECONDS = 3 * 3600;
const DUPLICATE_WINDOW_MS = 24 * 3600 * 1000;

const problem = (status: number, title: string, detail: string, headers?: Record<string, string>, type = 'about:blank') =>
  problemJson(status, { title, detail, type, status }, headers);

/** Pagination tokens are opaque to clients; here they carry the id of the last post already returned. */
const toToken = (id: string) => Buffer.from(`after:${id}`).toString('base64url');
const fromToken = (token: string) =>
  Buffer.from(token, 'base64url')
    .toString('utf8')
    .replace(/^after:/, '');

/** Newest first, posts made in the same millisecond too (X's ids grow with time; postsOf keeps those in creation order). */
const newestFirst = (posts: PublishedPost[]) =>
  posts
    .map((post, i) => ({ post, i }))
    .sort((a, b) => b.post.createdAt - a.post.createdAt || b.i - a.i)
    .map(({ post }) => post);

const invalidRequest = (parameter: string, value: string, headers: Record<string, string>) =>
  problemJson(
    400,
    {
      errors: [{ parameters: { [parameter]: [value] }, message: `The \`${parameter}\` query parameter value [${value}] is not valid` }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
    headers,
  );

/** X counts with its own library (https://github.com/twitter/twitter-text, config v3), every TLD included. */
const weightedLength = (text: string) => twitterText.parseTweet(text).weightedLength;

export function registerXPublishing(ctx: SandboxContext): void {
  const data = () => ctx.state.publishing;

  const authorize = (req: SandboxRequest): { response: SandboxResponse } | { userId: string; username: string; scopes: string[] } => {
    const check = ctx.state.check('x', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return { response: problem(401, 'Unauthorized', 'Unauthorized') };
    const who = identity('x', check.record.identityId)!;
    return { userId: who.id, username: who.username, scopes: check.record.scopes };
  };

  const rateHeaders = (w: { remaining: number; resetAt: number }, limit: number) => ({
    'x-rate-limit-limit': String(limit),
    'x-rate-limit-remaining': String(w.remaining),
    'x-rate-limit-reset': String(Math.ceil(w.resetAt / 1000)),
  });

  ctx.router.on(
    'POST',
    'x',
    'api',
    '/2/tweets',
    (req) => {
      const auth = authorize(req);
      if ('response' in auth) return auth.response;
      if (!hasScopes(auth.scopes, X_ENDPOINT_SCOPES.createTweet)) return problem(403, 'Forbidden', 'You are not permitted to perform this action.');
      const now = ctx.state.now();
      // The 3-hour cap first: a request it refuses is not counted in the 15-minute window.
      const long = hitWindow(data(), `x:tweets3h:${auth.userId}`, TWEETS_PER_3_HOURS, THREE_HOURS_SECONDS, now);
      if (long.retryAfter !== undefined) return problem(429, 'Too Many Requests', 'Too Many Requests', rateHeaders(long, TWEETS_PER_3_HOURS));
      const window = hitWindow(data(), `x:tweets:${auth.userId}`, TWEETS_PER_WINDOW, WINDOW_SECONDS, now);
      const headers = rateHeaders(window, TWEETS_PER_WINDOW);
      if (window.retryAfter !== undefined) return problem(429, 'Too Many Requests', 'Too Many Requests', headers);
      const body = (req.json ?? {}) as { text?: unknown; reply?: { in_reply_to_tweet_id?: unknown } };
      const text = typeof body.text === 'string' ? body.text : '';
      // A reply names a post that exists and that the caller can see (https://docs.x.com/x-api/posts/create-post: reply.in_reply_to_tweet_id).
      const inReplyTo = body.reply === undefined ? undefined : body.reply.in_reply_to_tweet_id;
      if (inReplyTo !== undefined && (typeof inReplyTo !== 'string' || !/^\d{1,19}$/.test(inReplyTo)))
        return invalidRequest('reply.in_reply_to_tweet_id', String(inReplyTo), headers);
      if (typeof inReplyTo === 'string' && !postsOf(data(), 'x').some((p) => p.id === inReplyTo && p.visibility === 'public'))
        return problem(403, 'Forbidden', 'You attempted to reply to a Tweet that is deleted or not visible to you.', headers);
      if (!text.trim()) {
        return problemJson(
          400,
          {
            errors: [{ message: 'text: must not be empty', parameters: { text: [] } }],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
          },
          headers,
        );
      }
      if (weightedLength(text) > 280)
        return problem(
          403,
          'Forbidden',
          'Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.',
          headers,
        );
      const duplicate = postsOf(data(), 'x', auth.userId).some((p) => p.createdAt > now - DUPLICATE_WINDOW_MS && p.text === text);
      if (duplicate) return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.', headers);
      const id = numericId(19);
      const post: PublishedPost = {
        id,
        platform: 'x',
        accountId: auth.userId,
        text,
        kind: 'text',
        mediaUrls: [],
        createdAt: now,
        url: publicUrls(ctx).xPost(auth.username, id),
        visibility: 'public',
        ...(typeof inReplyTo === 'string' ? { inReplyTo } : {}),
      };
      recordPost(data(), post, req.receivedAtMs, now);
      ctx.state.persist();
      return json(201, { data: { id, text, edit_history_post_ids: [id] } }, headers);
    },
    { publish: 'create' },
  );

  ctx.router.on(
    'GET',
    'x',
    'api',
    '/2/users/:id/tweets',
    (req) => {
      const auth = authorize(req);
      if ('response' in auth) return auth.response;
      if (!hasScopes(auth.scopes, X_ENDPOINT_SCOPES.userTweets)) return problem(403, 'Forbidden', 'Forbidden');
      const now = ctx.state.now();
      const window = hitWindow(data(), `x:timeline:${auth.userId}`, TIMELINE_PER_WINDOW, WINDOW_SECONDS, now);
      const headers = rateHeaders(window, TIMELINE_PER_WINDOW);
      if (window.retryAfter !== undefined) return problem(429, 'Too Many Requests', 'Too Many Requests', headers);
      const refused = refuseQuery(req.query, X_QUERY_PARAMETERS.userPosts, headers);
      if (refused) return refused;
      const max = Math.min(100, Math.max(5, Number(req.query.get('max_results') ?? 10) || 10));
      const start = Date.parse(req.query.get('start_time') ?? '') || 0;
      const end = Date.parse(req.query.get('end_time') ?? '') || Number.POSITIVE_INFINITY;
      const fields = (req.query.get('post.fields') ?? '').split(',');
      // The token names the last post of the previous page, so posts made meanwhile do not shift the walk.
      const all = newestFirst(postsOf(data(), 'x', req.params.id!));
      const token = req.query.get('pagination_token');
      const from = token === null ? 0 : all.findIndex((p) => p.id === fromToken(token)) + 1;
      if (token !== null && from === 0) return invalidRequest('pagination_token', token, headers);
      // start_time inclusive, end_time exclusive (X's wording).
      const rest = all.slice(from).filter((p) => p.createdAt >= start && p.createdAt < end);
      const page = rest.slice(0, max);
      const tweets = page.map((p) => ({
        id: p.id,
        text: p.text,
        edit_history_post_ids: [p.id],
        ...(fields.includes('created_at') ? { created_at: new Date(p.createdAt).toISOString() } : {}),
      }));
      if (!tweets.length) return json(200, { meta: { result_count: 0 } }, headers);
      const next = rest.length > max ? { next_token: toToken(page[page.length - 1]!.id) } : {};
      return json(
        200,
        { data: tweets, meta: { result_count: tweets.length, newest_id: tweets[0]!.id, oldest_id: tweets[tweets.length - 1]!.id, ...next } },
        headers,
      );
    },
    { publish: 'step' },
  );
}
