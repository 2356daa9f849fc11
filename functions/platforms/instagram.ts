import * as z from 'zod';
import { withFollowUps } from './follow-ups';
import { INSTAGRAM_COMMENT_SCOPES, graphReplies } from './graph-comments';
import { GRAPH_VERSION } from './hosts';
import {
  callPlatform,
  classifyGraphError,
  expiresAtFrom,
  formPost,
  graphCalls,
  jsonGet,
  splitScopes,
  withQuery,
  type AdapterDeps,
  type CallContext,
} from './http';
import { guardedCreate, handleOf, isVideo, num, publishCallContext, sameText, str } from './publish';
import { PlatformError, type PlatformAdapter, type PublishCheckpoint, type PublishContext, type PublishStepResult, type TokenSet } from './types';

const IdSchema = z.object({ id: z.string() });
const ContainerStatusSchema = z.object({
  id: z.string().optional(),
  status_code: z.enum(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']),
  status: z.string().optional(),
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
const MediaListSchema = z.object({
  data: z.array(z.object({ id: z.string(), caption: z.string().optional(), permalink: z.string().optional(), timestamp: z.string().optional() })),
});

/**
 * Container processing (docs/platform-apis.md#instagram-publishing and the 2026-11-23 corrections): Meta asks for a status
 * check about once a minute for no more than 5 minutes. The engine starts a step a few seconds before
 * the due second, so the container is made then and asked at once; an image is usually FINISHED by
 * the next look. That one early re-check comes FIRST_RECHECK_SECONDS after the container was made,
 * so a photo due at 09:00:00 is not published at 09:01; after it, once a minute until the 5 minutes
 * since the first container are up, and then the target fails instead of polling for ever.
 */
export const FIRST_RECHECK_SECONDS = 3;
export const POLL_EVERY_SECONDS = 60;
export const MAX_PROCESSING_SECONDS = 5 * 60;
export const STILL_PROCESSING_MESSAGE = 'Instagram was still processing the media after 5 minutes; please try again.';

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

/** Long-lived tokens last 60 days (docs/platform-apis.md#instagram-auth). */
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
/** A token can only be refreshed once it is at least 24 h old (docs/platform-apis.md#instagram-auth); the margin covers Meta's expires_in being a little under 60 days. */
const MIN_AGE_TO_REFRESH_SECONDS = 24 * 3600 + 10 * 60;

const ShortTokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]).optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
// Third-party code has seen the short-lived payload wrapped in `data:[…]` (docs/platform-apis.md#instagram-auth, unconfirmed): accept both.
const ShortTokenResponseSchema = z.union([ShortTokenSchema, z.object({ data: z.array(ShortTokenSchema).min(1) }).transform((r) => r.data[0])]);

const LongTokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number() });

const MeResponseSchema = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  id: z.string().optional(),
  username: z.string(),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
});

/** `GET /{ig-user-id}/content_publishing_limit` (docs/platform-apis.md#instagram-limits): the account's real quota, which Meta says to read rather than assume. */
export interface InstagramPublishingLimit {
  /** Publishes in the moving window so far. */
  readonly used: number;
  /** The cap (quota_total; "currently 50" in the reference). */
  readonly total: number;
  readonly windowSeconds: number;
}

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
  const status = (tokens: TokenSet, id: string) => get(tokens, 'check the media processing', `/${id}`, { fields: 'status_code,status' }, ContainerStatusSchema);

  const posted = async (tokens: TokenSet, mediaId: string): Promise<PublishStepResult> => {
    const r = await get(tokens, 'read the post link', `/${mediaId}`, { fields: 'permalink' }, PermalinkSchema);
    return { status: 'posted', platformPostId: mediaId, postUrl: r.permalink ?? `${hosts.www}/` };
  };

  /**
   * The answer while a container still processes: ask again in a few seconds the first time, then
   * once a minute, never past MAX_PROCESSING_SECONDS after `since` (the first container's creation).
   */
  const waitFor = (since: string, madeAt: string = since): PublishStepResult => {
    const elapsed = (now().getTime() - Date.parse(since)) / 1000;
    if (!(elapsed < MAX_PROCESSING_SECONDS)) throw new PlatformError('instagram', 'stop', STILL_PROCESSING_MESSAGE);
    // A carousel's parent is made once its items are done: it gets its own early look, not the items' minute.
    const sinceMade = (now().getTime() - Date.parse(madeAt)) / 1000;
    const next =
      sinceMade < FIRST_RECHECK_SECONDS
        ? FIRST_RECHECK_SECONDS - sinceMade
        : elapsed < FIRST_RECHECK_SECONDS
          ? FIRST_RECHECK_SECONDS - elapsed
          : elapsed < FIRST_RECHECK_SECONDS + POLL_EVERY_SECONDS
            ? FIRST_RECHECK_SECONDS + POLL_EVERY_SECONDS - elapsed
            : POLL_EVERY_SECONDS;
    return { status: 'wait', retryAfterSeconds: Math.max(1, Math.ceil(Math.min(next, MAX_PROCESSING_SECONDS - elapsed))) };
  };

  /** Containers are invisible until media_publish (docs/platform-apis.md#avoiding-double-posts), so creating them is safe to repeat. */
  const createContainers = async (context: PublishContext, cp: PublishCheckpoint): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    const user = `/${request.accountId}`;
    const media = request.media;
    if (!media.length) throw new PlatformError('instagram', 'fix-input', 'Instagram needs a photo or a video to post.');
    if (media.length > 10) throw new PlatformError('instagram', 'fix-input', 'An Instagram carousel takes 2 to 10 photos or videos.');
    if (media.length === 1) {
      const only = media[0];
      const params: Record<string, string> = isVideo(only)
        ? { media_type: 'REELS', video_url: only.url, caption: request.caption }
        : { image_url: only.url, caption: request.caption };
      const { id } = await post(tokens, 'prepare the post', `${user}/media`, params);
      return { containerId: id, processingSince: now().toISOString() };
    }
    return createCarouselItems(context, cp);
  };

  /**
   * A carousel's item containers (is_carousel_item, no caption), one at a time, each id saved as soon as
   * it exists (`carouselItems`), so a delivery that dies after the third of ten carries on at the fourth.
   * Items are invisible, so an item whose answer was lost is merely made again. The full list becomes
   * `children` for the CAROUSEL container (docs/platforms.md#carousels-and-multi-photo-posts).
   */
  const createCarouselItems = async (context: PublishContext, cp: PublishCheckpoint): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    const media = request.media;
    const saved = str(cp, 'carouselItems')?.split(',') ?? [];
    // More items than files: the checkpoint is not this post's list; start the list again.
    const items = saved.length <= media.length ? saved : [];
    // The 5-minute processing budget counts from the first item made by this run of items: a delivery
    // that resumes after a crash (perhaps minutes later) waits on its items afresh.
    const processingSince = items.length ? now().toISOString() : (str(cp, 'processingSince') ?? now().toISOString());
    for (const m of media.slice(items.length)) {
      const params: Record<string, string> = isVideo(m)
        ? { media_type: 'VIDEO', video_url: m.url, is_carousel_item: 'true' }
        : { image_url: m.url, is_carousel_item: 'true' };
      items.push((await post(tokens, 'prepare a carousel item', `/${request.accountId}/media`, params)).id);
      if (items.length < media.length) await context.saveCheckpoint({ carouselItems: items.join(','), processingSince });
    }
    return { children: items.join(','), processingSince };
  };

  /**
   * container(s) → FINISHED → [checkpoint containerId + publishAttemptedAt] → media_publish → permalink.
   * A redelivery after an attempt asks the container: PUBLISHED means it went out (find the media);
   * FINISHED means it did not, and publishing it is safe (docs/platform-apis.md#avoiding-double-posts).
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
      if (mediaId) return posted(tokens, mediaId);
      const containerId = str(cp, 'containerId');
      const children = str(cp, 'children');
      if (!containerId && !children) {
        await save(await createContainers(context, cp));
        continue;
      }
      // Checkpoints saved before the start time was kept: the processing clock starts now.
      let since = str(cp, 'processingSince');
      if (!since) {
        since = now().toISOString();
        await save({ ...cp, processingSince: since });
      }
      if (!containerId && children) {
        const states = await Promise.all(children.split(',').map((id) => status(tokens, id)));
        if (states.some((s) => s.status_code === 'ERROR'))
          throw new PlatformError('instagram', 'fix-input', "Instagram couldn't process one of the carousel files; try another file.");
        if (states.some((s) => s.status_code === 'EXPIRED')) {
          await save({});
          continue;
        }
        if (states.some((s) => s.status_code !== 'FINISHED')) return waitFor(since);
        const { id } = await post(tokens, 'prepare the carousel', `/${request.accountId}/media`, {
          media_type: 'CAROUSEL',
          children,
          caption: request.caption,
        });
        await save({ containerId: id, processingSince: since, containerMadeAt: now().toISOString() });
        continue;
      }
      const state = await status(tokens, containerId!);
      const madeAt = str(cp, 'containerMadeAt') ?? since;
      const attemptedAt = str(cp, 'publishAttemptedAt');
      switch (state.status_code) {
        case 'PUBLISHED': {
          // It went out (perhaps on a delivery whose answer was lost): find the media it became.
          const found = await findMedia(context, attemptedAt ?? new Date(now().getTime() - 3600_000).toISOString());
          if (found) return { status: 'posted', platformPostId: found.id, postUrl: found.permalink ?? profileUrl(request.accountName) };
          // Published for certain, but the media list (an unconfirmed lookup, docs/platform-apis.md#avoiding-double-posts) did not show it: link the profile.
          return { status: 'posted', platformPostId: containerId!, postUrl: profileUrl(request.accountName) };
        }
        case 'IN_PROGRESS':
          return waitFor(since, madeAt);
        case 'EXPIRED':
          // Never published (that would read PUBLISHED): a new container is safe.
          await save({});
          continue;
        case 'ERROR':
          throw new PlatformError(
            'instagram',
            'fix-input',
            `Instagram couldn't process the media${state.status ? ` (${state.status})` : ''}; try another file.`,
          );
        case 'FINISHED': {
          const before = { containerId: containerId!, processingSince: since, ...(str(cp, 'containerMadeAt') ? { containerMadeAt: madeAt } : {}) };
          try {
            const { id } = await guardedCreate(
              context,
              { ...before, publishAttemptedAt: now().toISOString(), attempts: (num(cp, 'attempts') ?? 0) + 1 },
              before,
              () => post(tokens, 'publish the post', `/${request.accountId}/media_publish`, { creation_id: containerId! }),
            );
            await save({ containerId: containerId!, mediaId: id });
            continue;
          } catch (error) {
            // 9007/2207027: not ready after all; ask again on the same schedule.
            if (error instanceof PlatformError && error.details.code === '9007/2207027') return waitFor(since, madeAt);
            throw error;
          }
        }
      }
    }
    throw new PlatformError('instagram', 'retry', 'Instagram is still preparing the post; we will try again.');
  };

  const profileUrl = (accountName: string) => `${hosts.www}/${encodeURIComponent(handleOf(accountName))}/`;

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
    async publishingLimit(tokens, accountId) {
      const r = await callPlatform(ctx, {
        what: 'read the publishing limit',
        url: withQuery(`${graph}/${encodeURIComponent(accountId)}/content_publishing_limit`, {
          fields: 'quota_usage,config',
          access_token: tokens.accessToken,
        }),
        init: jsonGet,
        schema: PublishingLimitSchema,
        secrets: [tokens.accessToken],
      });
      const row = r.data[0];
      // Without config the reference's documented values apply (50 per 86,400 s).
      return { used: row.quota_usage, total: row.config?.quota_total ?? 50, windowSeconds: row.config?.quota_duration ?? 86400 };
    },
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/oauth/authorize`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      });
    },
    async exchangeCode({ code }) {
      const short = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: `${hosts.api}/oauth/access_token`,
        init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: app.redirectUri, code }),
        schema: ShortTokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      const long = await callPlatform(ctx, {
        what: 'get a long-lived sign-in',
        url: withQuery(`${hosts.graph}/access_token`, { grant_type: 'ig_exchange_token', client_secret: app.clientSecret, access_token: short.access_token }),
        init: jsonGet,
        schema: LongTokenResponseSchema,
        secrets: [short.access_token, app.clientSecret],
      });
      const scopes = Array.isArray(short.permissions) ? short.permissions : splitScopes(short.permissions);
      return { accessToken: long.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), long.expires_in), ...(scopes ? { scopes } : {}) };
    },
    async refresh(tokens) {
      // No refresh token on Instagram: the long-lived access token refreshes itself.
      if (tokens.expiresAt === null) return tokens;
      const remaining = (Date.parse(tokens.expiresAt) - now().getTime()) / 1000;
      if (remaining <= 0) throw new PlatformError('instagram', 'reauth', 'The Instagram sign-in has expired; please reconnect Instagram.');
      // Tokens stored before issuedAt was recorded: infer the age from the 60-day lifetime.
      const ageSeconds = tokens.issuedAt ? (now().getTime() - Date.parse(tokens.issuedAt)) / 1000 : LONG_LIVED_SECONDS - remaining;
      if (ageSeconds < MIN_AGE_TO_REFRESH_SECONDS) return tokens;
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: withQuery(`${hosts.graph}/refresh_access_token`, { grant_type: 'ig_refresh_token', access_token: tokens.accessToken }),
        init: jsonGet,
        schema: LongTokenResponseSchema,
        secrets: [tokens.accessToken],
      });
      const next: TokenSet = { ...tokens, accessToken: r.access_token, issuedAt: now().toISOString(), expiresAt: expiresAtFrom(now(), r.expires_in) };
      return next;
    },
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
