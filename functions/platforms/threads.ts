import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { withFollowUps, type ReplyApi } from './follow-ups';
import { THREADS_VERSION } from './hosts';
import { callPlatform, classifyGraphError, expiresAtFrom, formPost, graphCalls, jsonGet, withQuery, type AdapterDeps, type CallContext } from './http';
import { LOOKUP_SKEW_SECONDS, guardedCreate, handleOf, isVideo, num, publishCallContext, sameText, str } from './publish';
import { PlatformError, type PlatformAdapter, type PublishCheckpoint, type PublishContext, type PublishStepResult, type TokenSet } from './types';

/**
 * Meta's Threads API (docs/platforms.md#threads): graph.threads.net/{THREADS_VERSION}, the same container → publish
 * flow as Instagram but its own hosts, app, scopes and limits.
 *  - POST /{user}/threads makes an invisible container (TEXT, IMAGE, VIDEO, or CAROUSEL over 2–20 items
 *    made with is_carousel_item); POST /{user}/threads_publish with creation_id makes it public.
 *  - GET /{container}?fields=status,error_message: IN_PROGRESS, FINISHED, ERROR, EXPIRED, PUBLISHED
 *    (developers.facebook.com/documentation/threads/troubleshooting).
 *  - 250 API posts per profile in a moving 24 h, read from GET /{user}/threads_publishing_limit.
 *  - Replies are posts with reply_to_id, published the same way (…/retrieve-and-manage-replies/create-replies).
 */

/** Text posts and replies take at most 500 characters (developers.facebook.com/documentation/threads/posts, Limitations). */
export const THREADS_TEXT_LIMIT = 500;
/** A carousel takes 2 to 20 images or videos (Threads Posts, Carousel posts). */
export const THREADS_CAROUSEL_MAX = 20;

/**
 * threads_basic for every call, threads_content_publish to publish, threads_manage_replies to post
 * replies (first comments, thread parts) and threads_read_replies to list them after a lost answer,
 * threads_manage_insights for post metrics (developers.facebook.com/documentation/threads/get-started).
 */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', ...FIRST_COMMENT_SCOPES.threads, 'threads_manage_insights'] as const;

/** Processing: the reference asks for a status check about once a minute for no more than 5 minutes. */
export const FIRST_RECHECK_SECONDS = 3;
export const POLL_EVERY_SECONDS = 60;
export const MAX_PROCESSING_SECONDS = 5 * 60;
export const STILL_PROCESSING_MESSAGE = 'Threads was still processing the media after 5 minutes; please try again.';

/** Long-lived tokens last 60 days and refresh once at least 24 h old (…/threads/get-started/long-lived-tokens). */
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
const MIN_AGE_TO_REFRESH_SECONDS = 24 * 3600 + 10 * 60;

const IdSchema = z.object({ id: z.string() });
const ContainerStatusSchema = z.object({
  id: z.string().optional(),
  status: z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']),
  error_message: z.string().optional(),
});
const PermalinkSchema = z.object({ id: z.string(), permalink: z.string().optional() });
const PublishingLimitSchema = z.object({
  data: z
    .array(
      z.object({
        quota_usage: z.number().int().nonnegative(),
        config: z.object({ quota_total: z.number().int().positive(), quota_duration: z.number().int().positive() }).optional(),
      }),
    )
    .min(1),
});
const PostListSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string().optional(), permalink: z.string().optional(), timestamp: z.string().optional() })),
});
const ShortTokenSchema = z.object({ access_token: z.string().min(1), user_id: z.union([z.string(), z.number()]).optional() });
const LongTokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number() });
const MeSchema = z.object({ id: z.string(), username: z.string(), name: z.string().optional(), threads_profile_picture_url: z.string().optional() });

/** Graph writes "+0000"; Date.parse wants "Z". */
const graphTime = (t: string | undefined) => (t ? Date.parse(t.replace(/\+0000$/, 'Z')) : Number.NaN);

/** `GET /{user}/threads_publishing_limit`: the profile's real quota, read rather than assumed. */
export interface ThreadsPublishingLimit {
  readonly used: number;
  readonly total: number;
  readonly windowSeconds: number;
}

export interface ThreadsAdapter extends PlatformAdapter {
  /** For warnings at scheduling time (functions/domain/platform-limits.ts). */
  publishingLimit(tokens: TokenSet, accountId: string): Promise<ThreadsPublishingLimit>;
}

export function createThreadsAdapter(deps: AdapterDeps<'threads'>): ThreadsAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'threads', fetch: deps.fetch, now, classify: (res) => classifyGraphError(res, 'Threads') };
  const publishCtx = publishCallContext(ctx, {
    // The limit's own error code is not documented; Graph's rate-limit codes (#4, #9) read as backoff with this wording.
    '4': "Threads' limit of 250 posts a day is reached; we'll try again after {after}.",
  });
  const graph = `${hosts.graph}/${THREADS_VERSION}`;
  const { post, get } = graphCalls(publishCtx, graph, IdSchema);
  const status = (tokens: TokenSet, id: string) =>
    get(tokens, 'check the media processing', `/${id}`, { fields: 'status,error_message' }, ContainerStatusSchema);
  const profileUrl = (accountName: string) => `${hosts.www}/@${encodeURIComponent(handleOf(accountName))}`;

  const posted = async (tokens: TokenSet, mediaId: string, accountName: string): Promise<PublishStepResult> => {
    const r = await get(tokens, 'read the post link', `/${mediaId}`, { fields: 'permalink' }, PermalinkSchema);
    return { status: 'posted', platformPostId: mediaId, postUrl: r.permalink ?? profileUrl(accountName) };
  };

  const waitFor = (since: string): PublishStepResult => {
    const elapsed = (now().getTime() - Date.parse(since)) / 1000;
    if (!(elapsed < MAX_PROCESSING_SECONDS)) throw new PlatformError('threads', 'stop', STILL_PROCESSING_MESSAGE);
    const next = elapsed < FIRST_RECHECK_SECONDS ? FIRST_RECHECK_SECONDS - elapsed : POLL_EVERY_SECONDS;
    return { status: 'wait', retryAfterSeconds: Math.max(1, Math.ceil(Math.min(next, MAX_PROCESSING_SECONDS - elapsed))) };
  };

  /** Containers stay invisible until threads_publish, so making them again after a crash is safe. */
  const createContainers = async (context: PublishContext, cp: PublishCheckpoint): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    const user = `/${request.accountId}`;
    const media = request.media;
    if ([...request.caption].length > THREADS_TEXT_LIMIT)
      throw new PlatformError('threads', 'fix-input', `The text is longer than the ${THREADS_TEXT_LIMIT} characters Threads allows.`);
    if (media.length > THREADS_CAROUSEL_MAX)
      throw new PlatformError('threads', 'fix-input', `A Threads carousel takes 2 to ${THREADS_CAROUSEL_MAX} photos or videos.`);
    if (media.length === 0) {
      if (!request.caption.trim()) throw new PlatformError('threads', 'fix-input', 'A Threads post needs text, a photo or a video.');
      const { id } = await post(tokens, 'prepare the post', `${user}/threads`, { media_type: 'TEXT', text: request.caption });
      return { containerId: id, processingSince: now().toISOString() };
    }
    if (media.length === 1) {
      const only = media[0];
      const params: Record<string, string> = isVideo(only)
        ? { media_type: 'VIDEO', video_url: only.url, text: request.caption }
        : { media_type: 'IMAGE', image_url: only.url, text: request.caption };
      const { id } = await post(tokens, 'prepare the post', `${user}/threads`, params);
      return { containerId: id, processingSince: now().toISOString() };
    }
    // Carousel items one at a time, each id saved as it exists, so a crash resumes at the next item.
    const saved = str(cp, 'carouselItems')?.split(',') ?? [];
    const items = saved.length <= media.length ? saved : [];
    const processingSince = str(cp, 'processingSince') ?? now().toISOString();
    for (const m of media.slice(items.length)) {
      const params: Record<string, string> = isVideo(m)
        ? { media_type: 'VIDEO', video_url: m.url, is_carousel_item: 'true' }
        : { media_type: 'IMAGE', image_url: m.url, is_carousel_item: 'true' };
      items.push((await post(tokens, 'prepare a carousel item', `${user}/threads`, params)).id);
      if (items.length < media.length) await context.saveCheckpoint({ carouselItems: items.join(','), processingSince });
    }
    return { children: items.join(','), processingSince };
  };

  /**
   * container(s) → FINISHED → [checkpoint containerId + publishAttemptedAt] → threads_publish → permalink.
   * A redelivery after an attempt asks the container: PUBLISHED means it went out (find the post in the
   * profile's threads); FINISHED means it did not, and publishing it is safe.
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request } = context;
    let cp: PublishCheckpoint = context.checkpoint ?? {};
    const save = async (next: PublishCheckpoint) => {
      cp = next;
      await context.saveCheckpoint(next);
    };
    for (let guard = 0; guard < 8; guard++) {
      const mediaId = str(cp, 'mediaId');
      if (mediaId) return posted(tokens, mediaId, request.accountName);
      const containerId = str(cp, 'containerId');
      const children = str(cp, 'children');
      if (!containerId && !children) {
        await save(await createContainers(context, cp));
        continue;
      }
      const since = str(cp, 'processingSince') ?? now().toISOString();
      if (!containerId && children) {
        const states = await Promise.all(children.split(',').map((id) => status(tokens, id)));
        if (states.some((s) => s.status === 'ERROR'))
          throw new PlatformError('threads', 'fix-input', "Threads couldn't process one of the carousel files; try another file.");
        if (states.some((s) => s.status === 'EXPIRED')) {
          await save({});
          continue;
        }
        if (states.some((s) => s.status !== 'FINISHED')) return waitFor(since);
        const { id } = await post(tokens, 'prepare the carousel', `/${request.accountId}/threads`, {
          media_type: 'CAROUSEL',
          children,
          text: request.caption,
        });
        await save({ containerId: id, processingSince: since });
        continue;
      }
      const state = await status(tokens, containerId!);
      const attemptedAt = str(cp, 'publishAttemptedAt');
      switch (state.status) {
        case 'PUBLISHED': {
          const found = await findPost(context, attemptedAt ?? new Date(now().getTime() - 3600_000).toISOString());
          return { status: 'posted', platformPostId: found?.id ?? containerId!, postUrl: found?.permalink ?? profileUrl(request.accountName) };
        }
        case 'IN_PROGRESS':
          return waitFor(since);
        case 'EXPIRED':
          // Never published (that would read PUBLISHED): a new container is safe.
          await save({});
          continue;
        case 'ERROR':
          throw new PlatformError(
            'threads',
            'fix-input',
            `Threads couldn't process the media${state.error_message ? ` (${state.error_message})` : ''}; try another file.`,
          );
        case 'FINISHED': {
          const before = { containerId: containerId!, processingSince: since };
          const { id } = await guardedCreate(
            context,
            { ...before, publishAttemptedAt: now().toISOString(), attempts: (num(cp, 'attempts') ?? 0) + 1 },
            before,
            () => post(tokens, 'publish the post', `/${request.accountId}/threads_publish`, { creation_id: containerId! }),
          );
          await save({ containerId: containerId!, mediaId: id });
          continue;
        }
      }
    }
    throw new PlatformError('threads', 'retry', 'Threads is still preparing the post; we will try again.');
  };

  /** `GET /{user}/threads` newest first, matched on the text and the time of the attempt. */
  const findPost = async (context: PublishContext, since: string) => {
    const r = await get(
      context.tokens,
      'look up recent posts',
      `/${context.request.accountId}/threads`,
      { fields: 'id,text,permalink,timestamp', limit: '25' },
      PostListSchema,
    );
    const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
    return r.data.find((m) => sameText(m.text ?? '', context.request.caption) && !(graphTime(m.timestamp) < from));
  };

  /**
   * First comments and thread parts: a TEXT container with reply_to_id, then threads_publish. Text
   * containers are ready at once in practice; one that is not yet is refused and the step runs again.
   * After a lost answer, the parent's replies (GET /{id}/replies, threads_read_replies) show whether it went out.
   */
  const replies: ReplyApi = {
    platform: 'threads',
    commentScopes: FIRST_COMMENT_SCOPES.threads,
    async create(context, parentId, text) {
      const user = `/${context.request.accountId}`;
      const { id: container } = await post(context.tokens, 'prepare the reply', `${user}/threads`, { media_type: 'TEXT', text, reply_to_id: parentId });
      const { id } = await post(context.tokens, 'publish the reply', `${user}/threads_publish`, { creation_id: container });
      const link = await get(context.tokens, 'read the reply link', `/${id}`, { fields: 'permalink' }, PermalinkSchema).catch(() => undefined);
      return { id, url: link?.permalink ?? null };
    },
    async find(context, parentId, text, since) {
      const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
      const r = await get(
        context.tokens,
        'look up the reply',
        `/${parentId}/replies`,
        { fields: 'id,text,permalink,timestamp', reverse: 'true' },
        PostListSchema,
      );
      const found = r.data.find((m) => sameText(m.text ?? '', text) && !(graphTime(m.timestamp) < from));
      return found && { id: found.id, url: found.permalink ?? null };
    },
  };

  const adapter: ThreadsAdapter = {
    platform: 'threads',
    usesPkce: false,
    publishStep,
    async publishingLimit(tokens, accountId) {
      const r = await callPlatform(ctx, {
        what: 'read the publishing limit',
        url: withQuery(`${graph}/${encodeURIComponent(accountId)}/threads_publishing_limit`, {
          fields: 'quota_usage,config',
          access_token: tokens.accessToken,
        }),
        init: jsonGet,
        schema: PublishingLimitSchema,
        secrets: [tokens.accessToken],
      });
      const row = r.data[0];
      // Without config the reference's documented values apply (250 per 86,400 s).
      return { used: row.quota_usage, total: row.config?.quota_total ?? 250, windowSeconds: row.config?.quota_duration ?? 86400 };
    },
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/oauth/authorize`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: THREADS_SCOPES.join(','),
        state,
      });
    },
    async exchangeCode({ code }) {
      // code → short-lived token (1 h) → long-lived (60 days) (…/get-started/get-access-tokens-and-permissions, …/long-lived-tokens).
      const short = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: `${hosts.graph}/oauth/access_token`,
        init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: app.redirectUri, code }),
        schema: ShortTokenSchema,
        secrets: [code, app.clientSecret],
      });
      const long = await callPlatform(ctx, {
        what: 'get a long-lived sign-in',
        url: withQuery(`${hosts.graph}/access_token`, { grant_type: 'th_exchange_token', client_secret: app.clientSecret, access_token: short.access_token }),
        init: jsonGet,
        schema: LongTokenSchema,
        secrets: [short.access_token, app.clientSecret],
      });
      // Neither answer lists the granted permissions: none are recorded, and a missing one shows when a call is refused (#10).
      return { accessToken: long.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), long.expires_in) };
    },
    async refresh(tokens) {
      // No refresh token: the long-lived access token refreshes itself once it is a day old.
      if (tokens.expiresAt === null) return tokens;
      const remaining = (Date.parse(tokens.expiresAt) - now().getTime()) / 1000;
      if (remaining <= 0) throw new PlatformError('threads', 'reauth', 'The Threads sign-in has expired; please reconnect Threads.');
      const ageSeconds = tokens.issuedAt ? (now().getTime() - Date.parse(tokens.issuedAt)) / 1000 : LONG_LIVED_SECONDS - remaining;
      if (ageSeconds < MIN_AGE_TO_REFRESH_SECONDS) return tokens;
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: withQuery(`${hosts.graph}/refresh_access_token`, { grant_type: 'th_refresh_token', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: LongTokenSchema,
        secrets: [tokens.accessToken],
      });
      return { ...tokens, accessToken: r.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), r.expires_in) };
    },
    async profiles(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${graph}/me`, { fields: 'id,username,name,threads_profile_picture_url', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: MeSchema,
        secrets: [tokens.accessToken],
      });
      return [
        { accountId: r.id, accountName: `@${r.username}`, ...(r.threads_profile_picture_url ? { pictureUrl: r.threads_profile_picture_url } : {}), tokens },
      ];
    },
  };
  return withFollowUps(adapter, replies, now);
}
