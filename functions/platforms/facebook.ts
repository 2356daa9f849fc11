import * as z from 'zod';
import { withFollowUps } from './follow-ups';
import { FACEBOOK_COMMENT_SCOPES, graphReplies } from './graph-comments';
import { GRAPH_VERSION } from './hosts';
import { callPlatform, classifyGraphError, expiresAtFrom, graphCalls, jsonGet, withQuery, type AdapterDeps, type CallContext } from './http';
import { LOOKUP_SKEW_SECONDS, guardedCreate, isImage, isVideo, publishCallContext, sameText, str, unknownOutcome } from './publish';
import {
  PlatformError,
  type ConnectedProfile,
  type PlatformAdapter,
  type PublishCheckpoint,
  type PublishContext,
  type PublishStepResult,
  type TokenSet,
} from './types';

const CreatedSchema = z.object({ id: z.string(), post_id: z.string().optional() });
const PagingSchema = z.object({ next: z.string().optional() }).optional();
const FeedSchema = z.object({
  data: z.array(z.object({ id: z.string(), message: z.string().optional(), created_time: z.string().optional(), permalink_url: z.string().optional() })),
  paging: PagingSchema,
});
const VideoListSchema = z.object({
  data: z.array(z.object({ id: z.string(), description: z.string().optional(), created_time: z.string().optional() })),
  paging: PagingSchema,
});
/** A recovery lookup reads at most this many pages of 100 before giving up. */
const LOOKUP_PAGE_SIZE = 100;
const MAX_LOOKUP_PAGES = 20;
const VideoStatusSchema = z.object({
  id: z.string(),
  permalink_url: z.string().optional(),
  status: z.object({ video_status: z.string(), processing_progress: z.number().optional() }).optional(),
});

const VIDEO_WAIT_SECONDS = 15;

/** Wording per Graph code for publishing (docs/platform-apis.md#facebook-errors). */
const FB_MESSAGES = {
  '506': 'Facebook rejected this as a duplicate of the last post on this Page.',
  '324': "Facebook couldn't download the photo; upload it again and retry.",
  '100/1366046': 'Facebook accepts photos under 4 MB as JPG, PNG, GIF, TIFF, HEIF or WebP.',
  '389': "Facebook couldn't download the video; upload it again and retry.",
  '352': 'Facebook does not support this video format; use an MP4.',
  '368': 'Facebook has temporarily blocked this Page from posting; try again later.',
  '200': 'Schedule & Autopost is missing permission to post to this Page; reconnect Facebook on Platforms and allow posting.',
};

/** Graph times read "2026-11-22T05:00:00+0000". */
const graphTime = (t: string | undefined) => (t ? Date.parse(t.replace(/\+0000$/, 'Z')) : Number.NaN);

/**
 * docs/platform-apis.md#facebook-auth: list Pages, read engagement, post, publish_video for video,
 * read_insights for post metrics (#facebook-metrics), and the first comment's (comment, and read the
 * post's comments back after a lost answer).
 */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'publish_video',
  'read_insights',
  ...FACEBOOK_COMMENT_SCOPES,
] as const;

const TokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number().optional() });

const PictureSchema = z.object({ data: z.object({ url: z.string().optional() }).optional() });

const AccountsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), access_token: z.string().min(1), picture: PictureSchema.optional() })),
  paging: PagingSchema,
});

const PageInfoResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().optional(),
  picture: PictureSchema.optional(),
  cover: z.object({ source: z.string().optional() }).optional(),
  location: z.object({ city: z.string().optional(), country: z.string().optional() }).optional(),
  hours: z.record(z.string(), z.string()).optional(),
  is_verified: z.boolean().optional(),
});

export interface PageInfo {
  readonly id: string;
  readonly name: string;
  readonly category?: string;
  readonly pictureUrl?: string;
  readonly coverUrl?: string;
  readonly location?: { readonly city?: string; readonly country?: string };
  /** Graph's flat map, e.g. `{ mon_1_open: "09:00", mon_1_close: "17:00" }`. */
  readonly hours?: Readonly<Record<string, string>>;
  readonly isVerified: boolean;
}

export interface FacebookAdapter extends PlatformAdapter {
  pageInfo(pageToken: string, pageId: string): Promise<PageInfo>;
}

/** Following `paging.next` is bounded; nobody manages more Pages than this through one login. */
const MAX_ACCOUNT_PAGES = 10;

export function createFacebookAdapter(deps: AdapterDeps<'facebook'>): FacebookAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'facebook', fetch: deps.fetch, now, classify: (res) => classifyGraphError(res, 'Facebook') };
  const graph = `${hosts.graph}/${GRAPH_VERSION}`;

  /** Short- or long-lived user token → long-lived (~60 days). An expired token cannot be exchanged (docs/platform-apis.md#facebook-auth). */
  const longLived = async (userToken: string): Promise<TokenSet> => {
    const r = await callPlatform(ctx, {
      what: 'get a long-lived sign-in',
      url: withQuery(`${graph}/oauth/access_token`, {
        grant_type: 'fb_exchange_token',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        fb_exchange_token: userToken,
      }),
      init: jsonGet,
      schema: TokenResponseSchema,
      secrets: [userToken, app.clientSecret],
    });
    return { accessToken: r.access_token, issuedAt: now().toISOString(), expiresAt: r.expires_in === undefined ? null : expiresAtFrom(now(), r.expires_in) };
  };

  const publishCtx = publishCallContext(ctx, FB_MESSAGES);
  const { post: pagePost, get: pageGet } = graphCalls(publishCtx, graph, CreatedSchema);
  const postUrl = (pagePostId: string) => `${hosts.www}/${pagePostId}`;

  const videoStep = async (tokens: TokenSet, videoId: string): Promise<PublishStepResult> => {
    const v = await pageGet(tokens, 'check the video processing', `/${videoId}`, { fields: 'status,permalink_url' }, VideoStatusSchema);
    const state = v.status?.video_status ?? 'ready';
    if (state === 'ready') return { status: 'posted', platformPostId: videoId, postUrl: v.permalink_url ?? `${hosts.www}/${videoId}` };
    if (state === 'error' || state === 'upload_failed' || state === 'expired')
      throw new PlatformError('facebook', 'fix-input', "Facebook couldn't process the video; try another file (MP4, H.264).");
    return { status: 'wait', retryAfterSeconds: VIDEO_WAIT_SECONDS };
  };

  /**
   * `paging.next`, if it points at the Graph host we were given (same origin and, for the sandbox,
   * its path prefix): a cursor URL carries the user's or Page's token, so it is never sent anywhere else.
   */
  const onGraphHost = (next: string | undefined, accessToken: string): string | undefined => {
    if (!next) return undefined;
    let url: URL;
    try {
      url = new URL(next);
    } catch {
      return undefined;
    }
    const base = new URL(`${hosts.graph}/`);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
    if (!url.searchParams.has('access_token')) url.searchParams.set('access_token', accessToken);
    return url.href;
  };

  /**
   * Walks a newest-first list from its first page along `paging.next` until `matches` finds an
   * item, the pages run out, or MAX_LOOKUP_PAGES were read. Errors surface as for one call.
   */
  const findOnPages = async <T>(
    tokens: TokenSet,
    what: string,
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<{ data: T[]; paging?: { next?: string | undefined } | undefined }>,
    matches: (item: T) => boolean,
  ): Promise<T | undefined> => {
    let url: string | undefined = withQuery(`${graph}${path}`, { ...params, access_token: tokens.accessToken });
    for (let page = 0; url && page < MAX_LOOKUP_PAGES; page++) {
      const r = await callPlatform(publishCtx, { what, url, init: jsonGet, schema, secrets: [tokens.accessToken] });
      const found = r.data.find(matches);
      if (found) return found;
      url = onGraphHost(r.paging?.next, tokens.accessToken);
    }
    return undefined;
  };

  /**
   * After a lost answer (docs/platform-apis.md#avoiding-double-posts): Facebook cannot say whether a create happened, so look for it on the
   * Page (the uploaded-videos list for a video, the feed otherwise) by its text since the attempt.
   * No evidence → unknown-outcome: 506 only guards consecutive identical posts, so retrying is not safe.
   */
  const recover = async (context: PublishContext, attemptedAt: string, kind: string): Promise<PublishStepResult> => {
    const { tokens, request } = context;
    const since = String(Math.floor(Date.parse(attemptedAt) / 1000) - LOOKUP_SKEW_SECONDS);
    const text = request.caption;
    if (!text.trim()) throw unknownOutcome('facebook', 'A post without text cannot be looked up on the Page.');
    const from = Date.parse(attemptedAt) - LOOKUP_SKEW_SECONDS * 1000;
    const params = { since, limit: String(LOOKUP_PAGE_SIZE) };
    if (kind === 'video') {
      const video = await findOnPages(
        tokens,
        'look up recent videos',
        `/${request.accountId}/videos`,
        { ...params, fields: 'id,description,created_time' },
        VideoListSchema,
        (v) => sameText(v.description ?? '', text) && !(graphTime(v.created_time) < from),
      );
      if (video) {
        await context.saveCheckpoint({ kind, videoId: video.id });
        return videoStep(tokens, video.id);
      }
    }
    const found = await findOnPages(
      tokens,
      'look up recent posts',
      `/${request.accountId}/feed`,
      { ...params, fields: 'id,message,created_time,permalink_url' },
      FeedSchema,
      (p) => sameText(p.message ?? '', text) && !(graphTime(p.created_time) < from),
    );
    if (found) return { status: 'posted', platformPostId: found.id, postUrl: found.permalink_url ?? postUrl(found.id) };
    throw unknownOutcome('facebook');
  };

  /** text → /feed; one image → /photos; several → unpublished /photos then /feed with attached_media; a video → /videos (docs/platform-apis.md#facebook-publishing). */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request, checkpoint } = context;
    const page = `/${request.accountId}`;
    const videoId = str(checkpoint, 'videoId');
    if (videoId) return videoStep(tokens, videoId);
    const media = request.media;
    const video = media.find(isVideo);
    const images = media.filter(isImage);
    const kind = video ? 'video' : images.length > 1 ? 'photos' : images.length === 1 ? 'photo' : 'feed';
    const attemptedAt = str(checkpoint, 'createAttemptedAt');
    if (attemptedAt) return recover(context, attemptedAt, str(checkpoint, 'kind') ?? kind);
    if (kind === 'feed' && !request.caption.trim()) throw new PlatformError('facebook', 'fix-input', 'A Facebook post needs text, a photo or a video.');
    const marker = (extra: PublishCheckpoint = {}) => ({ ...extra, kind, createAttemptedAt: now().toISOString() });
    if (kind === 'video') {
      const created = await guardedCreate(context, marker(), {}, () =>
        pagePost(tokens, 'publish the video', `${page}/videos`, { file_url: video!.url, description: request.caption }),
      );
      await context.saveCheckpoint({ kind, videoId: created.id });
      return videoStep(tokens, created.id);
    }
    if (kind === 'photo') {
      const created = await guardedCreate(context, marker(), {}, () =>
        pagePost(tokens, 'publish the photo', `${page}/photos`, { url: images[0].url, message: request.caption }),
      );
      const id = created.post_id ?? `${request.accountId}_${created.id}`;
      return { status: 'posted', platformPostId: id, postUrl: postUrl(id) };
    }
    let attached: string[] = [];
    if (kind === 'photos') {
      // Unpublished photos are invisible until the feed post (docs/platform-apis.md#avoiding-double-posts): safe to upload again on a redelivery.
      attached = str(checkpoint, 'photoIds')?.split(',') ?? [];
      if (!attached.length) {
        for (const image of images) attached.push((await pagePost(tokens, 'upload a photo', `${page}/photos`, { url: image.url, published: 'false' })).id);
        await context.saveCheckpoint({ kind, photoIds: attached.join(',') });
      }
    }
    const before: PublishCheckpoint = attached.length ? { kind, photoIds: attached.join(',') } : {};
    const params: Record<string, string> = {
      message: request.caption,
      ...(attached.length ? { attached_media: JSON.stringify(attached.map((id) => ({ media_fbid: id }))) } : {}),
    };
    const created = await guardedCreate(context, marker(before), before, () => pagePost(tokens, 'publish the post', `${page}/feed`, params));
    return { status: 'posted', platformPostId: created.id, postUrl: postUrl(created.id) };
  };

  const adapter: FacebookAdapter = {
    platform: 'facebook',
    usesPkce: false,
    publishStep,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/${GRAPH_VERSION}/dialog/oauth`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state,
        response_type: 'code',
        scope: FACEBOOK_SCOPES.join(','),
      });
    },
    async exchangeCode({ code }) {
      const short = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: withQuery(`${graph}/oauth/access_token`, { client_id: app.clientId, redirect_uri: app.redirectUri, client_secret: app.clientSecret, code }),
        init: jsonGet,
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      return longLived(short.access_token);
    },
    async refresh(tokens) {
      // Page tokens (and non-expiring user tokens) have nothing to refresh; Facebook issues no refresh token.
      if (tokens.expiresAt === null) return tokens;
      if (Date.parse(tokens.expiresAt) <= now().getTime()) {
        throw new PlatformError('facebook', 'reauth', 'The Facebook sign-in has expired; please reconnect Facebook.');
      }
      return longLived(tokens.accessToken);
    },
    async profiles(tokens) {
      const out: ConnectedProfile[] = [];
      let url: string | undefined = withQuery(`${graph}/me/accounts`, { fields: 'id,name,access_token,picture', access_token: tokens.accessToken });
      for (let i = 0; url && i < MAX_ACCOUNT_PAGES; i++) {
        const r: z.infer<typeof AccountsResponseSchema> = await callPlatform(ctx, {
          what: 'list your Pages',
          url,
          init: jsonGet,
          schema: AccountsResponseSchema,
          secrets: [tokens.accessToken],
        });
        for (const page of r.data) {
          const pictureUrl = page.picture?.data?.url;
          // A Page token derived from a long-lived user token does not expire (docs/platform-apis.md#facebook-auth).
          out.push({
            accountId: page.id,
            accountName: page.name,
            ...(pictureUrl ? { pictureUrl } : {}),
            tokens: { accessToken: page.access_token, issuedAt: now().toISOString(), expiresAt: null },
          });
        }
        url = onGraphHost(r.paging?.next, tokens.accessToken);
      }
      return out;
    },
    async pageInfo(pageToken, pageId) {
      const r = await callPlatform(ctx, {
        what: 'read the Page details',
        url: withQuery(`${graph}/${encodeURIComponent(pageId)}`, {
          fields: 'name,category,picture,cover,location,hours,is_verified',
          access_token: pageToken,
        }),
        init: jsonGet,
        schema: PageInfoResponseSchema,
        secrets: [pageToken],
      });
      const pictureUrl = r.picture?.data?.url;
      const coverUrl = r.cover?.source;
      return {
        id: r.id,
        name: r.name,
        ...(r.category ? { category: r.category } : {}),
        ...(pictureUrl ? { pictureUrl } : {}),
        ...(coverUrl ? { coverUrl } : {}),
        ...(r.location
          ? { location: { ...(r.location.city ? { city: r.location.city } : {}), ...(r.location.country ? { country: r.location.country } : {}) } }
          : {}),
        ...(r.hours ? { hours: r.hours } : {}),
        isVerified: r.is_verified ?? false,
      };
    },
  };
  // First comments: functions/platforms/follow-ups.ts.
  return withFollowUps(
    adapter,
    graphReplies('facebook', publishCtx, graph, (id) => `${hosts.www}/${id}`),
    now,
  );
}
