import * as z from 'zod';
import { withFollowUps } from './follow-ups';
import { YOUTUBE_COMMENT_SCOPES, youtubeReplies } from './youtube-comments';
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
import { callPlatformRaw } from './http';
import { isVideo, num, publishCallContext, str, unknownOutcome } from './publish';
import { PlatformError, type PlatformAdapter, type PublishContext, type PublishMedia, type PublishStepResult, type TokenSet } from './types';

const VideoResourceSchema = z.object({ id: z.string() });
const VideoListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      status: z.object({ uploadStatus: z.string(), failureReason: z.string().optional(), rejectionReason: z.string().optional() }).optional(),
      processingDetails: z.object({ processingStatus: z.string().optional() }).optional(),
    }),
  ),
});

/** Chunks must be multiples of 256 KiB except the last (docs/platform-apis.md#youtube-publishing). */
const CHUNK_BYTES = 32 * 256 * 1024;
const PROCESSING_WAIT_SECONDS = 15;

const YT_MESSAGES = {
  quotaExceeded: "YouTube's daily upload quota for this app is used up; it resets at midnight Pacific time.",
  uploadLimitExceeded: 'Your YouTube channel reached its daily upload limit; we will try again after {after}.',
  invalidTitle: 'YouTube needs a title of 1 to 100 characters without < or >.',
  invalidDescription: 'The YouTube description must be under 5,000 bytes and contain no < or >.',
  forbidden: 'This YouTube channel cannot upload videos; check the channel in YouTube Studio.',
  insufficientPermissions: 'Schedule & Autopost is missing permission to upload to YouTube; reconnect YouTube on Platforms.',
};

async function readAll(media: PublishMedia, fetchImpl: typeof fetch): Promise<Buffer> {
  if (media.open) {
    const opened = await media.open();
    if (Buffer.isBuffer(opened)) return opened;
    return Buffer.from(await new Response(opened).arrayBuffer());
  }
  const res = await fetchImpl(media.url);
  if (!res.ok) throw new PlatformError('youtube', 'retry', "We couldn't read the video file from storage; we'll try again.");
  return Buffer.from(await res.arrayBuffer());
}

/** docs/platform-apis.md#youtube-auth: upload, plus a read scope to look up the channel. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  ...YOUTUBE_COMMENT_SCOPES,
] as const;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const ChannelsResponseSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          customUrl: z.string().optional(),
          thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
        }),
      }),
    )
    .optional(),
});

const ApiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), message: z.string().optional() })).optional(),
  }),
});

const BACKOFF_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const FIX_INPUT_REASONS = new Set([
  'invalidTitle',
  'invalidDescription',
  'invalidCategoryId',
  'invalidTags',
  'invalidVideoMetadata',
  'invalidPublishAt',
  'invalidFilename',
  'defaultLanguageNotSet',
  'mediaBodyRequired',
  'forbiddenPrivacySetting',
  'forbiddenLicenseSetting',
  'badRequest',
  'invalidParameter',
  'required',
]);

export function classifyYouTubeError(res: FailedResponse): Classification {
  const oauth = OAuthErrorSchema.safeParse(res.body);
  const api = ApiErrorSchema.safeParse(res.body);
  const reason = api.success ? api.data.error.errors?.[0]?.reason : undefined;
  const code = oauth.success ? oauth.data.error : (reason ?? (api.success ? api.data.error.status : undefined));
  const text = oauth.success ? (oauth.data.error_description ?? oauth.data.error) : api.success ? api.data.error.message : undefined;
  const base = { code, platformMessage: text };
  const reauth = { ...base, category: 'reauth' as const, reason: 'the Google sign-in expired or was revoked; please reconnect YouTube' };

  // A dead refresh token: "Token has been expired or revoked." (docs/platform-apis.md#youtube-auth)
  if (oauth.success && oauth.data.error === 'invalid_grant') return reauth;
  // Google answers bad client credentials with 401 invalid_client: our configuration, not the user's sign-in.
  if (oauth.success && ['invalid_client', 'unauthorized_client', 'redirect_uri_mismatch'].includes(oauth.data.error)) {
    return { ...base, category: 'stop', reason: "our Google app configuration wasn't accepted" };
  }
  if (res.status === 401 || reason === 'authError' || (api.success && api.data.error.status === 'UNAUTHENTICATED')) return reauth;
  if (res.status === 429 || (reason && BACKOFF_REASONS.has(reason))) {
    return {
      ...base,
      category: 'backoff',
      reason: 'too many requests, waiting before trying again',
      retryAfterSeconds: retryAfterHeader(res.headers, res.now),
    };
  }
  // Per-channel daily upload cap: try again in a day (docs/platform-apis.md#youtube-limits).
  if (reason === 'uploadLimitExceeded')
    return { ...base, category: 'backoff', reason: 'the channel reached its daily upload limit', retryAfterSeconds: 24 * 3600 };
  // Retrying only burns quota until it resets at midnight Pacific (docs/platform-apis.md#youtube-errors).
  if (reason === 'quotaExceeded') return { ...base, category: 'stop', reason: "today's YouTube API quota is used up (it resets at midnight Pacific time)" };
  if (isServerError(res.status) || reason === 'backendError') return { ...base, category: 'retry', reason: 'YouTube had a temporary problem' };
  if ((reason && FIX_INPUT_REASONS.has(reason)) || (oauth.success && oauth.data.error === 'invalid_request') || res.status === 400) {
    return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  }
  return {
    ...base,
    category: 'stop',
    reason: res.status === 403 ? 'YouTube does not allow this for this channel' : `YouTube answered with status ${res.status}`,
  };
}

export function createYouTubeAdapter(deps: AdapterDeps<'youtube'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'youtube', fetch: deps.fetch, now, classify: classifyYouTubeError };
  const tokenUrl = `${hosts.oauth2}/token`;

  // Google usually omits refresh_token on refresh: the one we had stays valid.
  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previous?: TokenSet): TokenSet => oauthTokenSet(r, now(), previous);

  const publishCtx = publishCallContext(ctx, YT_MESSAGES);
  const watchUrl = (id: string) => `${hosts.www}/watch?v=${id}`;

  const processing = async (tokens: TokenSet, videoId: string): Promise<PublishStepResult> => {
    const r = await callPlatform(publishCtx, {
      what: 'check the video processing',
      url: withQuery(`${hosts.api}/youtube/v3/videos`, { part: 'status,processingDetails', id: videoId }),
      init: bearerGet(tokens.accessToken),
      schema: VideoListSchema,
      secrets: [tokens.accessToken],
    });
    const item = r.items[0];
    if (!item) throw new PlatformError('youtube', 'stop', 'The uploaded video is no longer on YouTube; it may have been deleted.');
    const state = item.status?.uploadStatus;
    if (state === 'processed') return { status: 'posted', platformPostId: videoId, postUrl: watchUrl(videoId) };
    if (state === 'failed')
      throw new PlatformError(
        'youtube',
        'fix-input',
        `YouTube couldn't process the video${item.status?.failureReason ? ` (${item.status.failureReason})` : ''}; try another file.`,
      );
    if (state === 'rejected')
      throw new PlatformError('youtube', 'stop', `YouTube rejected the video${item.status?.rejectionReason ? ` (${item.status.rejectionReason})` : ''}.`);
    if (state === 'deleted') throw new PlatformError('youtube', 'stop', 'The video was deleted on YouTube.');
    return { status: 'wait', retryAfterSeconds: PROCESSING_WAIT_SECONDS };
  };

  /** Every PUT of the session (chunks and the `bytes *\/total` status query) carries the user's token, as Google requires. */
  const putChunk = (tokens: TokenSet, sessionUri: string, range: string, body?: Buffer) =>
    callPlatformRaw(publishCtx, {
      what: 'upload the video',
      url: sessionUri,
      init: {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-range': range, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
        ...(body ? { body: new Uint8Array(body) } : {}),
      },
      secrets: [tokens.accessToken],
      accept: [200, 201, 308],
    });

  /** 308's `Range: bytes=0-N` → the next byte to send. */
  const nextOffset = (headers: Headers) => {
    const m = /bytes=\d+-(\d+)/.exec(headers.get('range') ?? '');
    return m ? Number(m[1]) + 1 : 0;
  };

  /** Sends the bytes from `offset`, saving session URI + offset before each PUT; the last PUT is the create (docs/platform-apis.md#avoiding-double-posts). */
  const upload = async (context: PublishContext, sessionUri: string, bytes: Buffer, offset: number): Promise<PublishStepResult> => {
    const total = bytes.length;
    let at = offset;
    for (;;) {
      const end = Math.min(total, at + CHUNK_BYTES);
      const final = end === total;
      await context.saveCheckpoint({ sessionUri, total, offset: at, ...(final ? { finalChunkAt: now().toISOString() } : {}) });
      // The video exists once the last byte lands: everything before it may happen ahead of time.
      if (final) await context.untilDue?.();
      const r = await putChunk(context.tokens, sessionUri, `bytes ${at}-${end - 1}/${total}`, bytes.subarray(at, end));
      if (r.status === 200 || r.status === 201) {
        const video = VideoResourceSchema.safeParse(r.body);
        if (!video.success) throw new PlatformError('youtube', 'stop', 'YouTube answered the upload in an unexpected format.');
        await context.saveCheckpoint({ videoId: video.data.id });
        return processing(context.tokens, video.data.id);
      }
      at = nextOffset(r.headers);
    }
  };

  /**
   * Resumable upload (docs/platform-apis.md#youtube-publishing): start a session (title with #shorts, caption as description, public),
   * PUT the bytes in chunks, then poll videos.list until processed. A redelivery with a session asks
   * it where it is (`bytes *\/total`): 200/201 means the video exists; 308 resumes from Range.
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request, checkpoint } = context;
    const videoId = str(checkpoint, 'videoId');
    if (videoId) return processing(tokens, videoId);
    const videos = request.media.filter(isVideo);
    if (videos.length !== 1) throw new PlatformError('youtube', 'fix-input', 'YouTube needs exactly one video.');
    const video = videos[0];
    const sessionUri = str(checkpoint, 'sessionUri');
    if (sessionUri) {
      const total = num(checkpoint, 'total') ?? video.sizeBytes;
      try {
        const r = await putChunk(tokens, sessionUri, `bytes */${total}`);
        if (r.status === 200 || r.status === 201) {
          const found = VideoResourceSchema.parse(r.body);
          await context.saveCheckpoint({ videoId: found.id });
          return processing(tokens, found.id);
        }
        return upload(context, sessionUri, await readAll(video, deps.fetch), nextOffset(r.headers));
      } catch (error) {
        const gone = error instanceof PlatformError && (error.details.status === 404 || error.details.status === 410);
        if (!gone) throw error;
        // The session expired. If the final chunk may have landed, a new session could post twice.
        if (str(checkpoint, 'finalChunkAt')) throw unknownOutcome('youtube');
      }
    }
    const title = (request.title ?? request.caption).slice(0, 100) || 'Untitled #shorts';
    // Starting the session is the videos.insert call that spends the project's daily upload quota.
    const quota = await context.claimDailyQuota?.('youtube.videos.insert');
    if (quota && !quota.ok) {
      const at = new Date(quota.resetsAt);
      throw new PlatformError(
        'youtube',
        'backoff',
        `This app's YouTube upload limit for today (${quota.limit} videos) is used up. It resets at midnight Pacific time (${at.toISOString().slice(0, 16).replace('T', ' ')} UTC); schedule the video after that.`,
        { code: 'dailyUploadQuota', retryAfterSeconds: Math.max(1, Math.ceil((at.getTime() - now().getTime()) / 1000)) },
      );
    }
    const start = await callPlatformRaw(publishCtx, {
      what: 'start the upload',
      url: withQuery(`${hosts.api}/upload/youtube/v3/videos`, { uploadType: 'resumable', part: 'snippet,status' }),
      init: {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(video.sizeBytes),
          'x-upload-content-type': video.mimeType,
        },
        body: JSON.stringify({
          snippet: { title, description: request.caption, categoryId: '22' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      },
      secrets: [tokens.accessToken],
      accept: [200, 201],
    });
    const location = start.headers.get('location');
    if (!location) throw new PlatformError('youtube', 'retry', 'YouTube did not return an upload session; we will try again.');
    const bytes = await readAll(video, deps.fetch);
    await context.saveCheckpoint({ sessionUri: location, total: bytes.length, offset: 0 });
    return upload(context, location, bytes, 0);
  };

  const adapter: PlatformAdapter = {
    platform: 'youtube',
    usesPkce: false,
    publishStep,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.accounts}/o/oauth2/v2/auth`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        // offline → a refresh token; consent → Google issues it again on a reconnect (docs/platform-apis.md#youtube-auth).
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      });
    },
    async exchangeCode({ code }) {
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost({ code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: app.redirectUri, grant_type: 'authorization_code' }),
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('youtube');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, refresh_token: tokens.refreshToken, grant_type: 'refresh_token' }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
      });
      return toTokenSet(r, tokens);
    },
    async profiles(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the channel',
        url: withQuery(`${hosts.api}/youtube/v3/channels`, { part: 'snippet', mine: 'true' }),
        init: bearerGet(tokens.accessToken),
        schema: ChannelsResponseSchema,
        secrets: [tokens.accessToken],
      });
      // A Google account without a channel answers with no items: nothing to post as.
      return (r.items ?? []).map((item) => {
        const thumbs = item.snippet.thumbnails;
        const pictureUrl = thumbs?.['default']?.url ?? thumbs?.['medium']?.url;
        return { accountId: item.id, accountName: item.snippet.title, ...(pictureUrl ? { pictureUrl } : {}), tokens };
      });
    },
  };
  // First comments: functions/platforms/follow-ups.ts.
  return withFollowUps(adapter, youtubeReplies(publishCtx, hosts), now);
}
