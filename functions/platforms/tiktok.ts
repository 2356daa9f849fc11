import * as z from 'zod';
import { TIKTOK_COVER_MESSAGE, TIKTOK_PHOTO_COUNT_MESSAGE } from '@shared/media-rules';
import {
  TIKTOK_MSG,
  TIKTOK_PHOTO_MAX,
  TIKTOK_PHOTO_TYPES,
  TIKTOK_PRIVACY_LEVELS,
  tiktokPrivacyOf,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
} from '@shared/tiktok';
import {
  bearerGet,
  callPlatform,
  callPlatformRaw,
  expiresAtFrom,
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
import { guardedCreate, handleOf, isImage, isVideo, num, publishCallContext, str, unknownOutcome } from './publish';
import {
  PlatformError,
  type Fetch,
  type PlatformAdapter,
  type PublishCheckpoint,
  type PublishContext,
  type PublishMedia,
  type PublishStepResult,
  type TokenSet,
} from './types';

const CreatorInfoSchema = z.object({
  data: z.object({
    creator_avatar_url: z.string().optional(),
    creator_username: z.string().optional(),
    creator_nickname: z.string().optional(),
    privacy_level_options: z.array(z.string()),
    comment_disabled: z.boolean().optional(),
    duet_disabled: z.boolean().optional(),
    stitch_disabled: z.boolean().optional(),
    max_video_post_duration_sec: z.number().optional(),
  }),
});
const InitSchema = z.object({ data: z.object({ publish_id: z.string(), upload_url: z.string().optional() }) });
const StatusSchema = z.object({
  data: z.object({
    status: z.string(),
    fail_reason: z.string().optional(),
    // int64s: read as strings (see int64AsString) so 19-digit ids keep every digit.
    publicaly_available_post_id: z.array(z.union([z.string(), z.number()])).optional(),
  }),
});

/**
 * FILE_UPLOAD chunking (Media Transfer Guide): total_chunk_count = floor(video_size / chunk_size);
 * chunks of 5–64 MB, the last one taking the remainder (up to 128 MB); a video under 5 MB goes whole,
 * one over 64 MB must be split; at most 1,000 chunks, in order. Up to 64 MB (decimal, so under either
 * reading of "MB") we send one chunk; above, 32 MiB chunks keep the last one under 64 MiB.
 */
export const TIKTOK_SINGLE_CHUNK_MAX = 64_000_000;
export const TIKTOK_CHUNK_BYTES = 32 * 1024 * 1024;

export function tiktokChunkPlan(videoSize: number): { chunkSize: number; totalChunkCount: number } {
  if (videoSize <= TIKTOK_SINGLE_CHUNK_MAX) return { chunkSize: videoSize, totalChunkCount: 1 };
  return { chunkSize: TIKTOK_CHUNK_BYTES, totalChunkCount: Math.floor(videoSize / TIKTOK_CHUNK_BYTES) };
}

/** The byte range of chunk `index`: the last one runs to the end of the file. */
function chunkRange(index: number, plan: { chunkSize: number; totalChunkCount: number }, total: number): [number, number] {
  const first = index * plan.chunkSize;
  return [first, index === plan.totalChunkCount - 1 ? total : first + plan.chunkSize];
}

async function readAll(media: PublishMedia, fetchImpl: Fetch): Promise<Buffer> {
  if (media.open) {
    const opened = await media.open();
    if (Buffer.isBuffer(opened)) return opened;
    return Buffer.from(await new Response(opened).arrayBuffer());
  }
  const res = await fetchImpl(media.url);
  if (!res.ok) throw new PlatformError('tiktok', 'retry', "We couldn't read the video file from storage; we'll try again.");
  return Buffer.from(await res.arrayBuffer());
}

/** What TikTok takes for FILE_UPLOAD (Media Transfer Guide). */
const UPLOAD_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

const STATUS_WAIT_SECONDS = 10;
/** A public post gets its id after moderation (usually < 1 min, sometimes hours): wait this long, then link the profile. */
const MODERATION_WAIT_SECONDS = 600;
const RETRYABLE_FAIL_REASONS = new Set(['internal', 'video_pull_failed', 'photo_pull_failed']);
const MAX_REINITS = 2;
/** Every init's answer was lost: nothing was uploaded, so nothing went out. */
export const LOST_INITS_MESSAGE = 'TikTok did not answer when we started the upload; nothing was posted. Please try again.';

/** fail_reason → what the user should do (docs/platform-apis.md#tiktok-errors). */
const FAIL_REASON_MESSAGES: Record<string, string> = {
  file_format_check_failed: 'TikTok could not read the video file; use an MP4 (H.264).',
  duration_check_failed: 'The video is longer than this TikTok account may post.',
  frame_rate_check_failed: 'TikTok needs a video between 23 and 60 frames per second.',
  picture_size_check_failed: 'TikTok needs a video between 360 and 4096 pixels on each side.',
  spam_risk_too_many_posts: 'This TikTok account reached its daily posting limit; try again tomorrow.',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting.',
  spam_risk_text: 'TikTok flagged the caption as spam.',
  spam_risk: 'TikTok flagged this post as spam.',
  publish_cancelled: 'The post was cancelled on TikTok.',
  auth_removed: 'Your TikTok connection has expired; reconnect it on Platforms.',
  photo_pull_failed: "TikTok couldn't download the photos from our media link (it was refused or had expired); the post was not published.",
  video_pull_failed: "TikTok couldn't download the video from our media link; the post was not published.",
};

/** Where a photo post's failure reads differently from a video's. */
const PHOTO_FAIL_REASON_MESSAGES: Record<string, string> = {
  file_format_check_failed: 'TikTok could not read one of the photos; use JPEG or WebP.',
  picture_size_check_failed: 'One of the photos is larger than TikTok takes (up to 1080p).',
};

/** Photo posts need every image as a signed pull URL; none means this deployment has photo posts off. */
export const TIKTOK_PHOTOS_OFF_MESSAGE = 'TikTok photo posts are not available in this deployment; post one video to TikTok instead.';

const TK_MESSAGES = {
  spam_risk_too_many_posts: 'This TikTok account reached its daily posting limit; try again tomorrow.',
  spam_risk_too_many_pending_share: 'This TikTok account has 5 drafts waiting in its inbox; finish or delete some in the TikTok app first.',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting.',
  privacy_level_option_mismatch: 'This TikTok account does not allow that privacy setting; choose another.',
  unaudited_client_can_only_post_to_private_accounts: 'TikTok only allows private (Only me) posts from this app until TikTok audits it; choose Only me.',
  url_ownership_unverified: "TikTok couldn't verify where the video is stored; the post could not be sent.",
  reached_active_user_cap: 'Our TikTok app reached its daily limit of posting accounts; try again tomorrow.',
};

/** TikTok writes post ids as JSON int64, beyond JS numbers: quote them before parsing. */
export function int64AsString(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    const text = await res.text();
    const fixed = text.replace(
      /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/,
      (_m, head: string, list: string) => `${head}${list.replace(/(-?\d{16,})/g, '"$1"')}]`,
    );
    return new Response(fixed, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * docs/platform-apis.md#tiktok-auth: basic profile, the @username (user.info.profile since Feb 2024), Direct Post, and inbox
 * upload, and video.list to read the posts' counts (tiktok-metrics.ts). A user may grant only some of them:
 * accounts() asks only for the fields the granted ones cover.
 */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish', 'video.upload', 'video.list'] as const;

/**
 * Which scope covers which /v2/user/info/ field (TikTok's "User Info APIs Scope Migration", Feb 2024).
 * Asking for a field the token's scopes do not cover fails the whole call with 401 scope_not_authorized.
 */
const USER_INFO_FIELDS = [
  ['open_id', 'user.info.basic'],
  ['union_id', 'user.info.basic'],
  ['avatar_url', 'user.info.basic'],
  ['display_name', 'user.info.basic'],
  ['username', 'user.info.profile'],
] as const;

/** The fields these scopes cover. Unknown scopes (a token from before we recorded them): basic only. */
export function userInfoFields(scopes: readonly string[] | undefined): string[] {
  const granted = new Set(scopes ?? ['user.info.basic']);
  return USER_INFO_FIELDS.filter(([, scope]) => granted.has(scope)).map(([field]) => field);
}

const TokenResponseSchema = z.object({
  open_id: z.string().optional(),
  scope: z.string().optional(),
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_expires_in: z.number().optional(),
  token_type: z.string().optional(),
});

const ApiErrorSchema = z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional(), logid: z.string().optional() });

const UserInfoResponseSchema = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string(),
      union_id: z.string().optional(),
      avatar_url: z.string().optional(),
      display_name: z.string().optional(),
      username: z.string().optional(),
    }),
  }),
  error: ApiErrorSchema.optional(),
});

/** The OAuth endpoint's `{error, error_description}` and the API's `{data, error:{code,message}}` (docs/platform-apis.md#tiktok-errors). */
const OAuthErrorBodySchema = z.object({ error: z.string(), error_description: z.string().optional() });
const ApiErrorBodySchema = z.object({ error: ApiErrorSchema });

/** TikTok can answer 200 with the failure inside the body. */
export function isTikTokErrorBody(body: unknown): boolean {
  const oauth = OAuthErrorBodySchema.safeParse(body);
  if (oauth.success) return true;
  const api = ApiErrorBodySchema.safeParse(body);
  return api.success && api.data.error.code !== 'ok';
}

const REAUTH_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'invalid_grant', 'invalid_token']);
const FIX_INPUT_CODES = new Set([
  'invalid_param',
  'invalid_params',
  'invalid_request',
  'invalid_scope',
  'privacy_level_option_mismatch',
  'url_ownership_unverified',
  // The user can fix it by choosing Only me (or we get audited): not a dead end.
  'unaudited_client_can_only_post_to_private_accounts',
]);
const RETRY_CODES = new Set(['internal_error', 'server_error', 'temporarily_unavailable']);
const BACKOFF_CODES = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);

export function classifyTikTokError(res: FailedResponse): Classification {
  const oauth = OAuthErrorBodySchema.safeParse(res.body);
  const api = ApiErrorBodySchema.safeParse(res.body);
  const code = oauth.success ? oauth.data.error : api.success ? api.data.error.code : undefined;
  const text = oauth.success ? (oauth.data.error_description ?? oauth.data.error) : api.success ? api.data.error.message : undefined;
  const base = { code, platformMessage: text };

  if (res.status === 429 || (code && BACKOFF_CODES.has(code))) {
    return {
      ...base,
      category: 'backoff',
      reason: 'too many requests, waiting before trying again',
      retryAfterSeconds: retryAfterHeader(res.headers, res.now),
    };
  }
  if (isServerError(res.status) || (code && RETRY_CODES.has(code))) return { ...base, category: 'retry', reason: 'TikTok had a temporary problem' };
  // Our client key/secret rejected (401 invalid_client): reconnecting would not help.
  if (code === 'invalid_client') return { ...base, category: 'stop', reason: "our TikTok app credentials weren't accepted" };
  // A refresh with a used (rotated-away) or expired refresh token reads as invalid_grant or "refresh token is invalid".
  if ((code && REAUTH_CODES.has(code)) || /refresh[_ ]token.*(invalid|expired)/i.test(text ?? '') || res.status === 401) {
    return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect TikTok' };
  }
  if ((code && FIX_INPUT_CODES.has(code)) || res.status === 400) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  return { ...base, category: 'stop', reason: res.status === 403 ? 'TikTok does not allow this' : `TikTok answered with status ${res.status}` };
}

/** TikTok's adapter also reads creator_info for the compose panel (Content Sharing Guidelines). */
export interface TikTokAdapter extends PlatformAdapter {
  creatorInfo(tokens: TokenSet): Promise<TikTokCreatorInfo>;
}

export function createTikTokAdapter(deps: AdapterDeps<'tiktok'>): TikTokAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'tiktok', fetch: deps.fetch, now, classify: classifyTikTokError };
  const tokenUrl = `${hosts.api}/v2/oauth/token/`;

  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previous?: TokenSet): TokenSet => {
    const at = now();
    // A new refresh token comes with its own lifetime; otherwise the old one's still stands.
    const refreshExpiresAt =
      r.refresh_expires_in !== undefined ? expiresAtFrom(at, r.refresh_expires_in) : r.refresh_token ? undefined : previous?.refreshExpiresAt;
    return { ...oauthTokenSet(r, at, previous), ...(refreshExpiresAt !== undefined ? { refreshExpiresAt } : {}) };
  };

  const publishCtx = publishCallContext({ ...ctx, classify: classifyTikTokError }, TK_MESSAGES);
  const statusCtx = { ...publishCtx, fetch: int64AsString(deps.fetch) };
  const api = <S extends z.ZodType>(c: CallContext, tokens: TokenSet, what: string, path: string, body: unknown, schema: S) =>
    callPlatform(c, {
      what,
      url: `${hosts.api}${path}`,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      schema,
      secrets: [tokens.accessToken],
      isErrorBody: isTikTokErrorBody,
    });
  const profileUrl = (username: string) => `${hosts.www}/@${encodeURIComponent(username)}`;

  /** Polls status/fetch: never calls init again unless TikTok says FAILED with a retryable reason (docs/platform-apis.md#avoiding-double-posts). */
  const poll = async (context: PublishContext, publishId: string): Promise<PublishStepResult> => {
    const cp = context.checkpoint ?? {};
    const username = str(cp, 'username') ?? handleOf(context.request.accountName);
    const r = await api(statusCtx, context.tokens, 'check the post status', '/v2/post/publish/status/fetch/', { publish_id: publishId }, StatusSchema);
    const { status, fail_reason } = r.data;
    const ids = (r.data.publicaly_available_post_id ?? []).map(String);
    if (status === 'PUBLISH_COMPLETE') {
      const kind = str(cp, 'kind') === 'photo' ? 'photo' : 'video';
      if (ids[0]) return { status: 'posted', platformPostId: ids[0], postUrl: `${profileUrl(username)}/${kind}/${ids[0]}` };
      // Private posts never get a public id; public ones get it after moderation. Either way it is on the profile.
      const seen = str(cp, 'completeSeenAt');
      if (str(cp, 'privacy') === 'SELF_ONLY' || (seen && now().getTime() - Date.parse(seen) > MODERATION_WAIT_SECONDS * 1000)) {
        return { status: 'posted', platformPostId: publishId, postUrl: profileUrl(username) };
      }
      if (!seen) await context.saveCheckpoint({ ...cp, completeSeenAt: now().toISOString() });
      return { status: 'wait', retryAfterSeconds: 30 };
    }
    // Draft: TikTok gives no URL for an inbox item (the user finishes it in the app), so we return
    // the publish_id as the id and the account's profile URL as the link.
    if (status === 'SEND_TO_USER_INBOX') return { status: 'posted', platformPostId: publishId, postUrl: profileUrl(username) };
    if (status === 'FAILED') {
      const reason = fail_reason ?? 'internal';
      const reinits = num(cp, 'reinits') ?? 0;
      if (RETRYABLE_FAIL_REASONS.has(reason) && reinits < MAX_REINITS) {
        // A definitive failure: nothing was posted, so a fresh init is safe.
        await context.saveCheckpoint({ reinits: reinits + 1 });
        throw new PlatformError(
          'tiktok',
          'retry',
          reason === 'internal'
            ? "TikTok had a temporary problem; we'll try again."
            : `TikTok couldn't download the ${reason === 'photo_pull_failed' ? 'photos' : 'video'}; we'll try again.`,
          { code: reason },
        );
      }
      if (reason === 'auth_removed') throw new PlatformError('tiktok', 'reauth', FAIL_REASON_MESSAGES[reason], { code: reason });
      const category = reason.startsWith('spam_risk') || reason === 'publish_cancelled' ? 'stop' : 'fix-input';
      const message = (str(cp, 'kind') === 'photo' && PHOTO_FAIL_REASON_MESSAGES[reason]) || FAIL_REASON_MESSAGES[reason];
      throw new PlatformError('tiktok', category, message ?? `TikTok could not publish the post (${reason}).`, { code: reason });
    }
    return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
  };

  const creatorInfo = (c: CallContext, tokens: TokenSet) =>
    api(c, tokens, 'read the TikTok posting options', '/v2/post/publish/creator_info/query/', {}, CreatorInfoSchema);

  /** One chunk PUT to upload_url: 206 while parts are missing, 201 once all are in; 416 says what TikTok already has. */
  const putChunk = (uploadUrl: string, mimeType: string, bytes: Buffer, first: number, end: number) =>
    callPlatformRaw(publishCtx, {
      what: 'upload the video',
      url: uploadUrl,
      init: {
        method: 'PUT',
        headers: { 'content-type': mimeType, 'content-range': `bytes ${first}-${end - 1}/${bytes.length}` },
        body: new Uint8Array(bytes.subarray(first, end)),
      },
      accept: [201, 206, 416],
      secrets: [uploadUrl, new URL(uploadUrl).searchParams.get('upload_token') ?? ''],
    });

  /**
   * Sends the chunks from `from`, saving the uploaded byte count after each. A 403/404 means the
   * upload_url died (1 h) before the last byte: nothing was posted, so a fresh init is safe.
   */
  const upload = async (context: PublishContext, base: PublishCheckpoint, uploadUrl: string, mimeType: string, bytes: Buffer, from: number) => {
    const plan = tiktokChunkPlan(bytes.length);
    let at = from;
    while (at < bytes.length) {
      const index = Math.min(Math.floor(at / plan.chunkSize), plan.totalChunkCount - 1);
      const [first, end] = chunkRange(index, plan, bytes.length);
      let r;
      try {
        r = await putChunk(uploadUrl, mimeType, bytes, first, end);
      } catch (error) {
        const reinits = num(base, 'reinits') ?? 0;
        if (error instanceof PlatformError && (error.details.status === 403 || error.details.status === 404) && reinits < MAX_REINITS) {
          await context.saveCheckpoint({ reinits: reinits + 1 });
          throw new PlatformError('tiktok', 'retry', "TikTok's upload link expired before the video was in; we'll start the upload again.", {
            status: error.details.status,
          });
        }
        throw error;
      }
      if (r.status === 416) {
        const has = /bytes \d+-(\d+)\/\d+/.exec(r.headers.get('content-range') ?? '');
        if (!has) throw new PlatformError('tiktok', 'retry', "TikTok did not accept part of the video; we'll try again.", { status: 416 });
        at = Number(has[1]) + 1;
      } else {
        at = r.status === 201 ? bytes.length : end;
      }
      await context.saveCheckpoint({ ...base, uploadedBytes: at });
    }
  };

  /**
   * Who posts and how visible (Content Sharing Guidelines): a draft goes to the inbox as SELF_ONLY; a Direct
   * Post uses exactly the privacy level the user chose, after creator_info confirms the creator may use it.
   */
  const postingAs = async ({ tokens, request }: PublishContext): Promise<{ draft: boolean; privacy: string; username: string }> => {
    const { settings } = request;
    const draft = settings.tiktok_draft === true;
    let username = handleOf(request.accountName);
    // Posts stored before the guidelines: the Private switch off was an explicit choice of public.
    const privacy = draft ? 'SELF_ONLY' : (tiktokPrivacyOf(settings) ?? (settings.tiktok_private === false ? 'PUBLIC_TO_EVERYONE' : undefined));
    if (!privacy) throw new PlatformError('tiktok', 'fix-input', `${TIKTOK_MSG.privacyRequired}.`);
    if (!draft) {
      const info = await creatorInfo(publishCtx, tokens);
      username = info.data.creator_username ?? username;
      if (!info.data.privacy_level_options.includes(privacy)) {
        throw new PlatformError(
          'tiktok',
          'fix-input',
          privacy === 'SELF_ONLY'
            ? 'This TikTok account does not allow private posts through the API.'
            : 'This TikTok account does not allow that privacy setting right now; choose another.',
        );
      }
    }
    return { draft, privacy, username };
  };

  /**
   * A photo post (https://developers.tiktok.com/doc/content-posting-api-reference-photo-post): creator_info →
   * [checkpoint initAttemptedAt] → `content/init` with media_type PHOTO and PULL_FROM_URL, the only source
   * TikTok takes for photos, pointing at our signed pull URLs (functions/lib/media-pull.ts) → [checkpoint
   * publish_id] → the same status polling as a video. TikTok downloads the photos itself; a failed download
   * comes back as `photo_pull_failed`, which poll() retries with freshly signed URLs. Photos carry no
   * duet or stitch settings (the reference's post_info has disable_comment only).
   */
  const publishPhotos = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request, checkpoint } = context;
    const images = request.media;
    const urls = images.map((m) => m.pullUrl);
    if (urls.some((u) => !u)) throw new PlatformError('tiktok', 'fix-input', TIKTOK_PHOTOS_OFF_MESSAGE);
    if (images.length > TIKTOK_PHOTO_MAX) throw new PlatformError('tiktok', 'fix-input', TIKTOK_PHOTO_COUNT_MESSAGE);
    if (images.some((m) => !(TIKTOK_PHOTO_TYPES as readonly string[]).includes(m.mimeType)))
      throw new PlatformError('tiktok', 'fix-input', 'TikTok photo posts take JPEG or WebP photos.');
    const { settings } = request;
    const cover = settings.tiktok_photo_cover_index ?? 0;
    if (cover >= images.length) throw new PlatformError('tiktok', 'fix-input', TIKTOK_COVER_MESSAGE);
    const reinits = num(checkpoint, 'reinits') ?? 0;
    const { draft, privacy, username } = await postingAs(context);
    const commercial = settings.tiktok_commercial === true;
    const text = { title: settings.tiktok_photo_title ?? '', description: request.caption };
    const body = {
      media_type: 'PHOTO',
      post_mode: draft ? 'MEDIA_UPLOAD' : 'DIRECT_POST',
      post_info: draft
        ? text
        : {
            ...text,
            privacy_level: privacy,
            disable_comment: settings.tiktok_allow_comment !== true,
            brand_content_toggle: commercial && settings.tiktok_branded_content === true,
            brand_organic_toggle: commercial && settings.tiktok_your_brand === true,
          },
      source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: cover },
    };
    const base = { username, privacy, kind: 'photo', ...(reinits ? { reinits } : {}) };
    const init = await guardedCreate(context, { ...base, initAttemptedAt: now().toISOString() }, reinits ? { reinits } : {}, () =>
      api(publishCtx, tokens, draft ? 'send the photos to your TikTok inbox' : 'publish the photos', '/v2/post/publish/content/init/', body, InitSchema),
    );
    await context.saveCheckpoint({ ...base, publishId: init.data.publish_id });
    return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
  };

  /**
   * Direct Post per the Content Sharing Guidelines: creator_info → (read the bytes) →
   * [checkpoint initAttemptedAt] → init (FILE_UPLOAD, with exactly the privacy, interaction and
   * disclosure settings the user chose) → [checkpoint publish_id + upload_url] → PUT the chunks →
   * status/fetch until done. Draft → the inbox init (video.upload), which carries no post_info.
   * FILE_UPLOAD rather than PULL_FROM_URL: TikTok pulls only from URL prefixes verified for the app,
   * which a presigned S3 URL cannot be (docs/tiktok.md). Photos only: publishPhotos, which TikTok pulls
   * from our signed media-pull URLs (docs/tiktok.md#photo-posts).
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request, checkpoint } = context;
    const publishId = str(checkpoint, 'publishId');
    const videos = request.media.filter(isVideo);
    if (publishId) {
      const uploadUrl = str(checkpoint, 'uploadUrl');
      const uploaded = num(checkpoint, 'uploadedBytes') ?? 0;
      const total = num(checkpoint, 'videoSize');
      // An upload cut off midway (a crash, a lost answer): send the rest before asking for the status.
      if (uploadUrl && total !== undefined && uploaded < total && videos[0]) {
        const base = Object.fromEntries(Object.entries(checkpoint ?? {}).filter(([k]) => k !== 'uploadedBytes'));
        await upload(context, base, uploadUrl, videos[0].mimeType, await readAll(videos[0], deps.fetch), uploaded);
        return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
      }
      return poll(context, publishId);
    }
    // An init whose answer was lost: TikTok offers no lookup without the publish_id (docs/platform-apis.md#avoiding-double-posts).
    // A photo post (PULL_FROM_URL) may have gone out, so we say we could not confirm it. A video init
    // (FILE_UPLOAD) cannot have posted anything, since no byte was sent: it is made again, at most
    // MAX_REINITS times, as for an upload_url that expired.
    let reinits = num(checkpoint, 'reinits') ?? 0;
    if (str(checkpoint, 'initAttemptedAt')) {
      if (str(checkpoint, 'kind') === 'photo' || videos.length === 0) throw unknownOutcome('tiktok');
      if (reinits >= MAX_REINITS) throw new PlatformError('tiktok', 'stop', LOST_INITS_MESSAGE);
      reinits += 1;
      await context.saveCheckpoint({ reinits });
    }
    if (videos.length === 0 && request.media.length > 0 && request.media.every(isImage)) return publishPhotos(context);
    if (videos.length !== 1) throw new PlatformError('tiktok', 'fix-input', 'TikTok needs exactly one video.');
    const video = videos[0];
    if (!UPLOAD_TYPES.has(video.mimeType)) throw new PlatformError('tiktok', 'fix-input', 'TikTok takes MP4, MOV or WebM videos.');
    const { settings } = request;
    const { draft, privacy, username } = await postingAs(context);
    const bytes = await readAll(video, deps.fetch);
    const plan = tiktokChunkPlan(bytes.length);
    const sourceInfo = { source: 'FILE_UPLOAD', video_size: bytes.length, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount };
    const commercial = settings.tiktok_commercial === true;
    const body = draft
      ? { source_info: sourceInfo }
      : {
          post_info: {
            title: request.caption,
            privacy_level: privacy,
            disable_comment: settings.tiktok_allow_comment !== true,
            disable_duet: settings.tiktok_allow_duet !== true,
            disable_stitch: settings.tiktok_allow_stitch !== true,
            brand_content_toggle: commercial && settings.tiktok_branded_content === true,
            brand_organic_toggle: commercial && settings.tiktok_your_brand === true,
          },
          source_info: sourceInfo,
        };
    const base = { username, privacy, ...(reinits ? { reinits } : {}) };
    const init = await guardedCreate(context, { ...base, initAttemptedAt: now().toISOString() }, reinits ? { reinits } : {}, () =>
      api(
        publishCtx,
        tokens,
        draft ? 'send the video to your TikTok inbox' : 'publish the video',
        draft ? '/v2/post/publish/inbox/video/init/' : '/v2/post/publish/video/init/',
        body,
        InitSchema,
      ),
    );
    const uploadUrl = init.data.upload_url;
    if (!uploadUrl) throw new PlatformError('tiktok', 'stop', 'TikTok answered the upload in an unexpected format (no upload_url).');
    const withUpload = { ...base, publishId: init.data.publish_id, uploadUrl, videoSize: bytes.length };
    await context.saveCheckpoint({ ...withUpload, uploadedBytes: 0 });
    await upload(context, withUpload, uploadUrl, video.mimeType, bytes, 0);
    return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
  };

  return {
    platform: 'tiktok',
    usesPkce: false,
    publishStep,
    async creatorInfo(tokens) {
      const { data } = await creatorInfo(ctx, tokens);
      const known = TIKTOK_PRIVACY_LEVELS as readonly string[];
      return {
        creator_nickname: data.creator_nickname ?? data.creator_username ?? '',
        creator_username: data.creator_username ?? '',
        creator_avatar_url: data.creator_avatar_url ?? null,
        privacy_level_options: data.privacy_level_options.filter((o): o is TikTokPrivacyLevel => known.includes(o)),
        comment_disabled: data.comment_disabled === true,
        duet_disabled: data.duet_disabled === true,
        stitch_disabled: data.stitch_disabled === true,
        max_video_post_duration_sec:
          data.max_video_post_duration_sec !== undefined && data.max_video_post_duration_sec > 0 ? Math.floor(data.max_video_post_duration_sec) : null,
      };
    },
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/v2/auth/authorize/`, {
        client_key: app.clientId,
        scope: TIKTOK_SCOPES.join(','),
        redirect_uri: app.redirectUri,
        state,
        response_type: 'code',
      });
    },
    async exchangeCode({ code }) {
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, code, grant_type: 'authorization_code', redirect_uri: app.redirectUri }),
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('tiktok');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      // Refresh tokens rotate (docs/platform-apis.md#tiktok-auth): the old one stops working, so the new one must be the one stored.
      return toTokenSet(r, tokens);
    },
    async profiles(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.api}/v2/user/info/`, { fields: userInfoFields(tokens.scopes).join(',') }),
        init: bearerGet(tokens.accessToken),
        schema: UserInfoResponseSchema,
        secrets: [tokens.accessToken],
        isErrorBody: isTikTokErrorBody,
      });
      const u = r.data.user;
      // Without user.info.profile there is no @username: the display name stands in (publishing reads
      // the username from creator_info, which video.publish covers).
      const accountName = u.username ? `@${u.username}` : (u.display_name ?? u.open_id);
      return [{ accountId: u.open_id, accountName, ...(u.avatar_url ? { pictureUrl: u.avatar_url } : {}), tokens }];
    },
  };
}
