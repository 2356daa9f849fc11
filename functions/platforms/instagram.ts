import * as z from 'zod';
import { withFollowUps } from './follow-ups';
import { INSTAGRAM_COMMENT_SCOPES, graphReplies } from './graph-comments';
import { GRAPH_VERSION } from './hosts';
import { callPlatform, classifyGraphError, graphCalls, jsonGet, splitScopes, withQuery, type AdapterDeps, type CallContext } from './http';
import { containerPublishStep, exchangeForLongLived, metaAuthorizeUrl, readPublishingLimit, refreshLongLived, type PublishingLimit } from './meta-containers';
import { handleOf, isVideo, publishCallContext, sameText } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type TokenSet } from './types';

const IdSchema = z.object({ id: z.string() });
const ContainerStatusSchema = z.object({
  id: z.string().optional(),
  status_code: z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']),
  status: z.string().optional(),
});
const PermalinkSchema = z.object({ id: z.string(), permalink: z.string().optional() });
const MediaListSchema = z.object({
  data: z.array(z.object({ id: z.string(), caption: z.string().optional(), permalink: z.string().optional(), timestamp: z.string().optional() })),
});

/** Wording per `code/subcode` for publishing (docs/platform-apis.md#instagram-errors); {after} is the reset time. */
const IG_MESSAGES = {
  '9/2207042': "Instagram's daily publishing limit is reached; try again after {after}.",
  '9004/2207052': "Instagram couldn't download the media file; upload it again and retry.",
  '36000/2207004': 'The image is larger than the 8 MB Instagram accepts.',
  '36001/2207005': 'Instagram does not accept this image format; use a JPEG.',
  '36003/2207009': "The image's aspect ratio must be between 4:5 and 1.91:1 for Instagram.",
  '36004/2207010': 'The caption is longer than the 2,200 characters Instagram allows.',
  '100/2207028': 'An Instagram carousel takes 2 to 10 photos or videos.',
  '100/2207035': 'Instagram allows at most 30 hashtags in a caption.',
  '352/2207026': 'Instagram does not support this video format; use an MP4 (H.264, AAC).',
  '4/2207051': 'Instagram blocked this post as possible spam.',
  '25/2207050': 'Your Instagram account is restricted; open the Instagram app to resolve it.',
};

/**
 * Instagram Login scopes (docs/platform-apis.md#instagram-auth); the older `business_*` names were retired in Jan 2025.
 * instagram_business_manage_insights reads media insights (docs/platform-apis.md#instagram-metrics).
 */
export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  ...INSTAGRAM_COMMENT_SCOPES,
] as const;

const ShortTokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]).optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
// Third-party code has seen the short-lived payload wrapped in `data:[…]` (docs/platform-apis.md#instagram-auth, unconfirmed): accept both.
const ShortTokenResponseSchema = z.union([ShortTokenSchema, z.object({ data: z.array(ShortTokenSchema).min(1) }).transform((r) => r.data[0])]);

const MeResponseSchema = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  id: z.string().optional(),
  username: z.string(),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
});

/** `GET /{ig-user-id}/content_publishing_limit` (docs/platform-apis.md#instagram-limits): the account's real quota ("currently 50" in the reference), which Meta says to read rather than assume. */
export type InstagramPublishingLimit = PublishingLimit;

export interface InstagramAdapter extends PlatformAdapter {
  /** For warnings at scheduling time (functions/domain/platform-limits.ts LimitSources.capFor). */
  publishingLimit(tokens: TokenSet, accountId: string): Promise<InstagramPublishingLimit>;
}

export function createInstagramAdapter(deps: AdapterDeps<'instagram'>): InstagramAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'instagram', fetch: deps.fetch, now, classify: (res) => classifyGraphError(res, 'Instagram') };

  const publishCtx = publishCallContext(ctx, IG_MESSAGES);
  const graph = `${hosts.graph}/${GRAPH_VERSION}`;

  const { post, get } = graphCalls(publishCtx, graph, IdSchema);
  const profileUrl = (accountName: string) => `${hosts.www}/${encodeURIComponent(handleOf(accountName))}/`;

  const publishStep = containerPublishStep(
    {
      platform: 'instagram',
      name: 'Instagram',
      edge: 'media',
      textParam: 'caption',
      check(request) {
        if (!request.media.length) throw new PlatformError('instagram', 'fix-input', 'Instagram needs a photo or a video to post.');
        if (request.media.length > 10) throw new PlatformError('instagram', 'fix-input', 'An Instagram carousel takes 2 to 10 photos or videos.');
      },
      // A single video is a Reel; an image needs no media_type.
      single: (m, caption): Record<string, string> => (m && isVideo(m) ? { media_type: 'REELS', video_url: m.url, caption } : { image_url: m!.url, caption }),
      item: (m): Record<string, string> => (isVideo(m) ? { media_type: 'VIDEO', video_url: m.url } : { image_url: m.url }),
      async status(tokens, id) {
        const r = await get(tokens, 'check the media processing', `/${id}`, { fields: 'status_code,status' }, ContainerStatusSchema);
        return { code: r.status_code, message: r.status };
      },
      findPublished: (context, since) => findMedia(context, since),
      permalink: async (tokens, mediaId) => (await get(tokens, 'read the post link', `/${mediaId}`, { fields: 'permalink' }, PermalinkSchema)).permalink,
      profileUrl,
      // 9007/2207027: not ready after all.
      notReadyCode: '9007/2207027',
    },
    { post },
    now,
  );

  /** `GET /{ig-user-id}/media` newest first, matched on the caption (the lookup is unconfirmed, docs/platform-apis.md#avoiding-double-posts). */
  const findMedia = async (context: PublishContext, since: string) => {
    const r = await get(
      context.tokens,
      'look up recent posts',
      `/${context.request.accountId}/media`,
      { fields: 'id,caption,permalink,timestamp', limit: '25' },
      MediaListSchema,
    );
    const from = Date.parse(since) - 5 * 60_000;
    return r.data.find((m) => sameText(m.caption ?? '', context.request.caption) && (!m.timestamp || Date.parse(m.timestamp.replace(/\+0000$/, 'Z')) >= from));
  };

  const adapter: InstagramAdapter = {
    platform: 'instagram',
    usesPkce: false,
    publishStep,
    publishingLimit: (tokens, accountId) => readPublishingLimit(ctx, { graph, accountId, edge: 'content_publishing_limit', documentedTotal: 50 }, tokens),
    authorizeUrl: ({ state }) => metaAuthorizeUrl(hosts.www, app, INSTAGRAM_SCOPES, state),
    async exchangeCode({ code }) {
      const { short, tokens } = await exchangeForLongLived(
        ctx,
        { tokenUrl: `${hosts.api}/oauth/access_token`, graphHost: hosts.graph, grantType: 'ig_exchange_token', shortSchema: ShortTokenResponseSchema },
        app,
        code,
      );
      const scopes = Array.isArray(short.permissions) ? short.permissions : splitScopes(short.permissions);
      return { ...tokens, ...(scopes ? { scopes } : {}) };
    },
    refresh: (tokens) => refreshLongLived(ctx, { platform: 'instagram', name: 'Instagram', graphHost: hosts.graph, grantType: 'ig_refresh_token' }, tokens),
    async profiles(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.graph}/${GRAPH_VERSION}/me`, { fields: 'user_id,username,name,profile_picture_url', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: MeResponseSchema,
        secrets: [tokens.accessToken],
      });
      // user_id is the IG professional account id used for publishing; id is app-scoped.
      const accountId = String(r.user_id ?? r.id ?? '');
      if (!accountId) throw new PlatformError('instagram', 'stop', 'Instagram did not say which account this is.');
      return [{ accountId, accountName: `@${r.username}`, ...(r.profile_picture_url ? { pictureUrl: r.profile_picture_url } : {}), tokens }];
    },
  };
  // First comments: functions/platforms/follow-ups.ts.
  return withFollowUps(
    adapter,
    graphReplies('instagram', publishCtx, graph, () => null),
    now,
  );
}
