import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { withFollowUps, type ReplyApi } from './follow-ups';
import { THREADS_VERSION } from './hosts';
import { callPlatform, classifyGraphError, graphCalls, jsonGet, withQuery, type AdapterDeps, type CallContext } from './http';
import { containerPublishStep, exchangeForLongLived, metaAuthorizeUrl, readPublishingLimit, refreshLongLived, type PublishingLimit } from './meta-containers';
import { LOOKUP_SKEW_SECONDS, handleOf, isVideo, publishCallContext, sameText } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type PublishMedia, type TokenSet } from './types';

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

const IdSchema = z.object({ id: z.string() });
const ContainerStatusSchema = z.object({
  id: z.string().optional(),
  status: z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']),
  error_message: z.string().optional(),
});
const PermalinkSchema = z.object({ id: z.string(), permalink: z.string().optional() });
const PostListSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string().optional(), permalink: z.string().optional(), timestamp: z.string().optional() })),
});
const ShortTokenSchema = z.object({ access_token: z.string().min(1), user_id: z.union([z.string(), z.number()]).optional() });
const MeSchema = z.object({ id: z.string(), username: z.string(), name: z.string().optional(), threads_profile_picture_url: z.string().optional() });

/** Graph writes "+0000"; Date.parse wants "Z". */
const graphTime = (t: string | undefined) => (t ? Date.parse(t.replace(/\+0000$/, 'Z')) : Number.NaN);

/** `GET /{user}/threads_publishing_limit`: the profile's real quota, read rather than assumed. */
export type ThreadsPublishingLimit = PublishingLimit;

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
  const profileUrl = (accountName: string) => `${hosts.www}/@${encodeURIComponent(handleOf(accountName))}`;

  /** A photo or video container's own fields: its file and, when written, its alt text (IMAGE and VIDEO take `alt_text`). */
  const mediaParams = (m: PublishMedia): Record<string, string> => ({
    ...(isVideo(m) ? { media_type: 'VIDEO', video_url: m.url } : { media_type: 'IMAGE', image_url: m.url }),
    ...(m.altText ? { alt_text: m.altText } : {}),
  });

  /** Text alone is a TEXT container; a single photo or video carries the text; carousel items do not. */
  const publishStep = containerPublishStep(
    {
      platform: 'threads',
      name: 'Threads',
      edge: 'threads',
      textParam: 'text',
      check(request) {
        if ([...request.caption].length > THREADS_TEXT_LIMIT)
          throw new PlatformError('threads', 'fix-input', `The text is longer than the ${THREADS_TEXT_LIMIT} characters Threads allows.`);
        if (request.media.length > THREADS_CAROUSEL_MAX)
          throw new PlatformError('threads', 'fix-input', `A Threads carousel takes 2 to ${THREADS_CAROUSEL_MAX} photos or videos.`);
        if (request.media.length === 0 && !request.caption.trim())
          throw new PlatformError('threads', 'fix-input', 'A Threads post needs text, a photo or a video.');
      },
      single: (m, text): Record<string, string> => (!m ? { media_type: 'TEXT', text } : { ...mediaParams(m), text }),
      item: (m): Record<string, string> => mediaParams(m),
      async status(tokens, id) {
        const r = await get(tokens, 'check the media processing', `/${id}`, { fields: 'status,error_message' }, ContainerStatusSchema);
        return { code: r.status, message: r.error_message };
      },
      findPublished: (context, since) => findPost(context, since),
      permalink: async (tokens, mediaId) => (await get(tokens, 'read the post link', `/${mediaId}`, { fields: 'permalink' }, PermalinkSchema)).permalink,
      profileUrl,
    },
    { post },
    now,
  );

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
    // Without config the reference's documented values apply (250 per 86,400 s).
    publishingLimit: (tokens, accountId) => readPublishingLimit(ctx, { graph, accountId, edge: 'threads_publishing_limit', documentedTotal: 250 }, tokens),
    authorizeUrl: ({ state }) => metaAuthorizeUrl(hosts.www, app, THREADS_SCOPES, state),
    async exchangeCode({ code }) {
      // code → short-lived token (1 h) → long-lived (60 days) (…/get-started/get-access-tokens-and-permissions, …/long-lived-tokens).
      // Neither answer lists the granted permissions: none are recorded, and a missing one shows when a call is refused (#10).
      const { tokens } = await exchangeForLongLived(
        ctx,
        { tokenUrl: `${hosts.graph}/oauth/access_token`, graphHost: hosts.graph, grantType: 'th_exchange_token', shortSchema: ShortTokenSchema },
        app,
        code,
      );
      return tokens;
    },
    // No refresh token: the long-lived access token (60 days) refreshes itself once it is a day old (…/threads/get-started/long-lived-tokens).
    refresh: (tokens) => refreshLongLived(ctx, { platform: 'threads', name: 'Threads', graphHost: hosts.graph, grantType: 'th_refresh_token' }, tokens),
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
