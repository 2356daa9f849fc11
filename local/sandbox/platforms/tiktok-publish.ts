import { sniffMediaType } from '@shared/media';
import { MEDIA_PULL_PREFIX } from '../../../functions/lib/media-pull';
import { avatarUrl, identity } from '../apps';
import type { SandboxContext } from '../context';
import { fetchMedia, hitWindow, processingDelayMs, randomId, type TikTokPublish } from '../publish-store';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { logId } from '../state';

/**
 * TikTok Content Posting (docs/platform-apis.md#tiktok): creator_info → init (PULL_FROM_URL or
 * FILE_UPLOAD, or the inbox/draft init) → upload → status/fetch. Every answer is
 * `{data, error:{code,message,log_id}}`; per-token rate limits per endpoint.
 */
const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];

/** What creator_info says per demo creator: Ada's is a public account; Corner Café's a private one with interactions off. */
interface CreatorProfile {
  privacy_level_options: string[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  max_video_post_duration_sec: number;
}
const CREATORS: Record<string, CreatorProfile> = {
  '-000sbxOpenIdAdaBakes001': {
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: true,
    max_video_post_duration_sec: 600,
  },
  '-000sbxOpenIdCornerCafe02': {
    privacy_level_options: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    comment_disabled: true,
    duet_disabled: true,
    stitch_disabled: true,
    max_video_post_duration_sec: 60,
  },
};
export const creatorProfile = (openId: string): CreatorProfile => CREATORS[openId] ?? CREATORS['-000sbxOpenIdAdaBakes001']!;

/** Media Transfer Guide chunk rules (sizes in MiB, as TikTok's own samples compute them). */
const MIB = 1024 * 1024;
const CHUNK_MIN = 5 * MIB;
const CHUNK_MAX = 64 * MIB;
const LAST_CHUNK_MAX = 128 * MIB;
const MAX_CHUNKS = 1000;
const MAX_VIDEO_BYTES = 4 * 1024 * MIB;
const UPLOAD_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** Why a FILE_UPLOAD source_info breaks the chunk rules, or null. */
export function chunkingProblem(size: number, chunk: number, count: number): string | null {
  if (!Number.isInteger(size) || size <= 0 || size > MAX_VIDEO_BYTES) return 'video_size must be between 1 byte and 4 GB.';
  if (!Number.isInteger(chunk) || chunk <= 0 || !Number.isInteger(count) || count < 1 || count > MAX_CHUNKS)
    return 'chunk_size and total_chunk_count (1–1000) are required.';
  if (size < CHUNK_MIN && (chunk !== size || count !== 1)) return 'A video under 5 MB must be uploaded whole: chunk_size = video_size, total_chunk_count = 1.';
  if (size > CHUNK_MAX && count < 2) return 'A video over 64 MB must be uploaded in chunks.';
  if (count === 1) return chunk === size ? null : 'With one chunk, chunk_size must equal video_size.';
  if (chunk < CHUNK_MIN || chunk > CHUNK_MAX) return 'Each chunk must be 5–64 MB.';
  if (Math.floor(size / chunk) !== count) return 'total_chunk_count must be floor(video_size / chunk_size).';
  if (size - (count - 1) * chunk > LAST_CHUNK_MAX) return 'The last chunk may be at most 128 MB.';
  return null;
}

/** The duration of an MP4/MOV from its `mvhd` box (timescale + duration), when the bytes hold one. */
export function mp4DurationSec(bytes: Buffer): number | undefined {
  const at = bytes.indexOf('mvhd');
  if (at < 4 || at + 32 > bytes.length) return undefined;
  const version = bytes[at + 4];
  const timescale = version === 1 ? bytes.readUInt32BE(at + 24) : bytes.readUInt32BE(at + 16);
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(at + 28)) : bytes.readUInt32BE(at + 20);
  return timescale > 0 ? duration / timescale : undefined;
}

export const DIRECT_POSTS_PER_DAY = 15;
const PENDING_SHARES_PER_DAY = 5;
const DAY = 86400;

const ok = (data: unknown) => json(200, { data, error: { code: 'ok', message: '', log_id: logId() } });
const fail = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json(status, { data: {}, error: { code, message, log_id: logId() } }, headers);

export function registerTikTokPublishing(ctx: SandboxContext): void {
  const data = () => ctx.state.publishing;

  const authorize = (
    req: SandboxRequest,
    scope: string,
    endpoint: string,
    perMinute: number,
  ): { response: SandboxResponse } | { openId: string; token: string } => {
    const check = ctx.state.check('tiktok', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return { response: fail(401, 'access_token_invalid', 'The access token is invalid or not found in the request.') };
    if (!check.record.scopes.includes(scope))
      return { response: fail(401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${scope}.`) };
    const window = hitWindow(data(), `tiktok:${endpoint}:${check.record.token}`, perMinute, 60, ctx.state.now());
    if (window.retryAfter !== undefined) return { response: fail(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.') };
    return { openId: check.record.identityId, token: check.record.token };
  };

  ctx.router.on(
    'POST',
    'tiktok',
    'api',
    '/v2/post/publish/creator_info/query/',
    (req) => {
      const auth = authorize(req, 'video.publish', 'creator_info', 20);
      if ('response' in auth) return auth.response;
      const who = identity('tiktok', auth.openId)!;
      return ok({
        creator_avatar_url: avatarUrl(ctx.sandboxUrl, who.name),
        creator_username: who.username,
        creator_nickname: who.name,
        ...creatorProfile(auth.openId),
      });
    },
    { publish: 'step' },
  );

  const init = (mode: 'direct' | 'inbox') => async (req: SandboxRequest) => {
    const auth = authorize(req, mode === 'direct' ? 'video.publish' : 'video.upload', `init:${mode}`, 6);
    if ('response' in auth) return auth.response;
    const body = (req.json ?? {}) as { post_info?: Record<string, unknown>; source_info?: Record<string, unknown> };
    const source = body.source_info ?? {};
    const info = body.post_info ?? {};
    const now = ctx.state.now();
    const title = typeof info.title === 'string' ? info.title : '';
    const privacy = typeof info.privacy_level === 'string' ? info.privacy_level : '';
    const creator = creatorProfile(auth.openId);
    if (mode === 'direct') {
      if (!privacy) return fail(400, 'invalid_param', 'post_info.privacy_level is required.');
      if (!PRIVACY_LEVELS.includes(privacy)) return fail(400, 'invalid_param', `post_info.privacy_level must be one of ${PRIVACY_LEVELS.join(', ')}.`);
      if (!creator.privacy_level_options.includes(privacy))
        return fail(403, 'privacy_level_option_mismatch', "The privacy_level is not one of the creator's privacy_level_options.");
      if (data().tiktokUnaudited && privacy !== 'SELF_ONLY')
        return fail(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post with SELF_ONLY privacy.');
      if (title.length > 2200) return fail(400, 'invalid_param', 'post_info.title is longer than 2200 runes.');
      // disable_* default to false (interaction allowed): allowing what the creator turned off is refused.
      for (const kind of ['comment', 'duet', 'stitch'] as const) {
        if (creator[`${kind}_disabled`] && info[`disable_${kind}`] !== true)
          return fail(400, 'invalid_param', `This creator has turned ${kind}s off: post_info.disable_${kind} must be true.`);
      }
      if (info.brand_content_toggle === true && privacy === 'SELF_ONLY')
        return fail(400, 'invalid_param', 'Branded content (brand_content_toggle) cannot be posted with SELF_ONLY privacy.');
    }
    const jobs = Object.values(data().tiktok).filter((j) => j.openId === auth.openId && j.mode === mode && j.createdAt > now - DAY * 1000 && !j.failReason);
    if (!data().limitsOff && mode === 'direct' && jobs.length >= DIRECT_POSTS_PER_DAY)
      return fail(403, 'spam_risk_too_many_posts', 'The daily post cap for this creator has been reached.');
    if (mode === 'inbox' && jobs.filter((j) => !j.done).length >= PENDING_SHARES_PER_DAY)
      return fail(403, 'spam_risk_too_many_pending_share', 'The user has too many pending shares in the inbox.');
    const kind = source.source;
    const job: TikTokPublish = {
      id: '',
      openId: auth.openId,
      mode,
      source: kind === 'FILE_UPLOAD' ? 'FILE_UPLOAD' : 'PULL_FROM_URL',
      title,
      privacy: mode === 'inbox' ? 'SELF_ONLY' : privacy,
      size: 0,
      transferred: 0,
      createdAt: now,
      receivedAtMs: req.receivedAtMs,
    };
    let uploadUrl: string | undefined;
    if (kind === 'PULL_FROM_URL') {
      const url = typeof source.video_url === 'string' ? source.video_url : '';
      if (!/^https?:\/\//.test(url)) return fail(400, 'invalid_param', 'source_info.video_url must be a valid URL.');
      // TikTok pulls only from a domain or URL prefix verified for the app (Media Transfer Guide).
      if (!verified(url)) {
        return fail(403, 'url_ownership_unverified', 'The video_url is not under a domain or URL prefix verified for this app.');
      }
      job.id = `v_pub_url~v2-1.${randomId()}`;
      job.videoUrl = url;
    } else if (kind === 'FILE_UPLOAD') {
      const size = Number(source.video_size);
      const chunk = Number(source.chunk_size);
      const count = Number(source.total_chunk_count);
      const problem = chunkingProblem(size, chunk, count);
      if (problem) return fail(400, 'invalid_param', problem);
      job.id = `v_pub_file~v2-1.${randomId()}`;
      job.size = size;
      job.chunkSize = chunk;
      job.chunkCount = count;
      if (mode === 'direct') job.maxDurationSec = creator.max_video_post_duration_sec;
      job.uploadToken = randomId();
      uploadUrl = `${ctx.sandboxUrl}/tiktok/upload/video/?upload_id=${encodeURIComponent(job.id)}&upload_token=${job.uploadToken}`;
    } else {
      return fail(400, 'invalid_param', 'source_info.source must be PULL_FROM_URL or FILE_UPLOAD.');
    }
    const failure = ctx.state.takeHandlerFault('tiktok', 'processing_failed');
    if (failure) job.failReason = typeof failure.code === 'string' ? failure.code : 'file_format_check_failed';
    data().tiktok[job.id] = job;
    ctx.state.persist();
    if (job.source === 'PULL_FROM_URL') {
      const unreachable = !!ctx.state.takeHandlerFault('tiktok', 'media_unreachable');
      // TikTok downloads in the background; the status says PROCESSING_DOWNLOAD meanwhile.
      void (unreachable ? Promise.resolve({ ok: false, size: 0 }) : fetchMedia(job.videoUrl)).then((media) => {
        job.pulled = media.ok ? 'ok' : 'failed';
        job.size = media.size ?? 0;
        job.transferred = media.size ?? 0;
        if (!media.ok) job.failReason = 'video_pull_failed';
        job.readyAt = ctx.state.now() + (media.ok ? processingDelayMs(data(), 'tiktok', 'video') : 0);
        ctx.state.persist();
      });
    }
    return ok({ publish_id: job.id, ...(uploadUrl ? { upload_url: uploadUrl } : {}) });
  };

  /**
   * PULL_FROM_URL works only from a URL prefix verified for the app (Media Transfer Guide). The sandbox app
   * has the front door's /media-pull/ verified, as a deployment verifies its pull distribution's prefix.
   */
  const verified = (url: string) => [`${ctx.publicUrl}${MEDIA_PULL_PREFIX}`, ...(data().tiktokVerifiedPrefixes ?? [])].some((prefix) => url.startsWith(prefix));

  /**
   * Photo posts (https://developers.tiktok.com/doc/content-posting-api-reference-photo-post): media_type PHOTO,
   * DIRECT_POST or MEDIA_UPLOAD, PULL_FROM_URL only, 1–35 photo_images under a verified prefix, a cover index
   * among them; post_info.title ≤ 90 and description ≤ 4,000 runes. TikTok then downloads every photo: the
   * sandbox fetches each URL as TikTok would, so an expired or bad signature fails the post (photo_pull_failed)
   * and a file that is not JPEG or WebP fails it too (file_format_check_failed).
   */
  ctx.router.on(
    'POST',
    'tiktok',
    'api',
    '/v2/post/publish/content/init/',
    async (req) => {
      const body = (req.json ?? {}) as {
        media_type?: unknown;
        post_mode?: unknown;
        post_info?: Record<string, unknown>;
        source_info?: Record<string, unknown>;
      };
      const mode = body.post_mode === 'DIRECT_POST' ? 'direct' : body.post_mode === 'MEDIA_UPLOAD' ? 'inbox' : undefined;
      const auth = authorize(req, mode === 'inbox' ? 'video.upload' : 'video.publish', `init:${mode ?? 'direct'}`, 6);
      if ('response' in auth) return auth.response;
      if (body.media_type !== 'PHOTO') return fail(400, 'invalid_param', 'media_type must be PHOTO.');
      if (!mode) return fail(400, 'invalid_param', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
      const info = body.post_info ?? {};
      const source = body.source_info ?? {};
      const title = typeof info.title === 'string' ? info.title : '';
      const description = typeof info.description === 'string' ? info.description : '';
      if ([...title].length > 90) return fail(400, 'invalid_param', 'post_info.title is longer than 90 runes.');
      if ([...description].length > 4000) return fail(400, 'invalid_param', 'post_info.description is longer than 4000 runes.');
      const privacy = typeof info.privacy_level === 'string' ? info.privacy_level : '';
      const creator = creatorProfile(auth.openId);
      if (mode === 'direct') {
        if (!PRIVACY_LEVELS.includes(privacy)) return fail(400, 'invalid_param', `post_info.privacy_level must be one of ${PRIVACY_LEVELS.join(', ')}.`);
        if (!creator.privacy_level_options.includes(privacy))
          return fail(403, 'privacy_level_option_mismatch', "The privacy_level is not one of the creator's privacy_level_options.");
        if (data().tiktokUnaudited && privacy !== 'SELF_ONLY')
          return fail(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post with SELF_ONLY privacy.');
        if (creator.comment_disabled && info.disable_comment !== true)
          return fail(400, 'invalid_param', 'This creator has turned comments off: post_info.disable_comment must be true.');
        if (info.brand_content_toggle === true && privacy === 'SELF_ONLY')
          return fail(400, 'invalid_param', 'Branded content (brand_content_toggle) cannot be posted with SELF_ONLY privacy.');
      }
      if (source.source !== 'PULL_FROM_URL') return fail(400, 'invalid_param', 'Photos support source_info.source PULL_FROM_URL only.');
      const urls = source.photo_images;
      if (!Array.isArray(urls) || urls.length < 1 || urls.length > 35 || !urls.every((u) => typeof u === 'string' && /^https?:\/\//.test(u)))
        return fail(400, 'invalid_param', 'source_info.photo_images must hold 1 to 35 image URLs.');
      const cover = source.photo_cover_index ?? 0;
      if (typeof cover !== 'number' || !Number.isInteger(cover) || cover < 0 || cover >= urls.length)
        return fail(400, 'invalid_param', 'source_info.photo_cover_index must be the index of one of the photo_images.');
      if (!(urls as string[]).every(verified))
        return fail(403, 'url_ownership_unverified', 'A photo_images URL is not under a domain or URL prefix verified for this app.');
      const now = ctx.state.now();
      const jobs = Object.values(data().tiktok).filter((j) => j.openId === auth.openId && j.mode === mode && j.createdAt > now - DAY * 1000 && !j.failReason);
      if (!data().limitsOff && mode === 'direct' && jobs.length >= DIRECT_POSTS_PER_DAY)
        return fail(403, 'spam_risk_too_many_posts', 'The daily post cap for this creator has been reached.');
      if (mode === 'inbox' && jobs.filter((j) => !j.done).length >= PENDING_SHARES_PER_DAY)
        return fail(403, 'spam_risk_too_many_pending_share', 'The user has too many pending shares in the inbox.');
      const job: TikTokPublish = {
        id: `p_pub_url~v2-1.${randomId()}`,
        openId: auth.openId,
        mode,
        source: 'PULL_FROM_URL',
        kind: 'photo',
        title: description || title,
        privacy: mode === 'inbox' ? 'SELF_ONLY' : privacy,
        photoUrls: urls as string[],
        photoCoverIndex: cover,
        photosPulled: 0,
        size: 0,
        transferred: 0,
        createdAt: now,
        receivedAtMs: req.receivedAtMs,
      };
      data().tiktok[job.id] = job;
      ctx.state.persist();
      // TikTok downloads in the background (PROCESSING_DOWNLOAD meanwhile), every photo, in order.
      void (async () => {
        for (const url of job.photoUrls!) {
          const media = await fetchMedia(url);
          if (!media.ok) {
            job.failReason = 'photo_pull_failed';
            break;
          }
          const type = media.bytes ? sniffMediaType(media.bytes.subarray(0, 16)) : null;
          if (type !== 'image/jpeg' && type !== 'image/webp') {
            job.failReason = 'file_format_check_failed';
            break;
          }
          job.photosPulled! += 1;
          job.transferred += media.size ?? 0;
        }
        job.pulled = job.failReason ? 'failed' : 'ok';
        job.size = job.transferred;
        job.readyAt = ctx.state.now() + (job.failReason ? 0 : processingDelayMs(data(), 'tiktok', 'image'));
        ctx.state.persist();
      })();
      return ok({ publish_id: job.id });
    },
    { publish: 'create' },
  );

  ctx.router.on('POST', 'tiktok', 'api', '/v2/post/publish/video/init/', init('direct'), { publish: 'create' });
  ctx.router.on('POST', 'tiktok', 'api', '/v2/post/publish/inbox/video/init/', init('inbox'), { publish: 'create' });

  /** The upload host: `PUT <upload_url>` with Content-Range, 206 per chunk, 201 when complete (docs/platform-apis.md#tiktok-publishing, step 3a). */
  ctx.router.on('PUT', 'tiktok', 'upload', '/video', (req) => {
    const job = data().tiktok[req.query.get('upload_id') ?? ''];
    if (!job || job.source !== 'FILE_UPLOAD') return fail(404, 'not_found', 'No upload task for this upload_id.');
    if (job.uploadToken !== req.query.get('upload_token') || ctx.state.now() - job.createdAt > 3600_000)
      return fail(403, 'forbidden', 'The upload_url has expired.');
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!UPLOAD_TYPES.includes(type)) return fail(400, 'invalid_param', `Content-Type must be one of ${UPLOAD_TYPES.join(', ')}.`);
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!range) return fail(400, 'invalid_param', 'Content-Range is required: bytes {first}-{last}/{total}.');
    const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (total !== job.size || last - first + 1 !== req.raw.length)
      return fail(400, 'invalid_param', 'Content-Range does not match the body or the declared video_size.');
    if (first !== job.transferred)
      return {
        ...fail(416, 'range_not_satisfiable', 'Chunks must be uploaded in order.'),
        headers: { 'content-range': `bytes 0-${job.transferred - 1}/${job.size}` },
      };
    // Each chunk is exactly chunk_size, except the last, which runs to the end of the file.
    const chunk = job.chunkSize ?? job.size;
    const index = first / chunk;
    const final = index === (job.chunkCount ?? 1) - 1;
    if (!Number.isInteger(index) || last !== (final ? job.size - 1 : first + chunk - 1)) {
      return fail(
        400,
        'invalid_param',
        `Chunk ${first}-${last} does not follow the declared chunk_size ${chunk} and total_chunk_count ${job.chunkCount ?? 1}.`,
      );
    }
    job.durationSec ??= mp4DurationSec(req.raw);
    job.transferred = last + 1;
    if (job.transferred >= job.size) {
      job.readyAt = ctx.state.now() + processingDelayMs(data(), 'tiktok', 'video');
      // With FILE_UPLOAD the post is asked for when its last byte lands.
      job.receivedAtMs = req.receivedAtMs;
      if (job.durationSec !== undefined && job.maxDurationSec !== undefined && job.durationSec > job.maxDurationSec) job.failReason ??= 'duration_check_failed';
    }
    ctx.state.persist();
    return { status: job.transferred >= job.size ? 201 : 206, headers: { 'content-range': `bytes 0-${job.transferred - 1}/${job.size}` } };
  });

  ctx.router.on(
    'POST',
    'tiktok',
    'api',
    '/v2/post/publish/status/fetch/',
    (req) => {
      const auth = authorize(req, 'video.upload', 'status', 30);
      const authPublish = 'response' in auth ? authorize(req, 'video.publish', 'status', 30) : auth;
      if ('response' in authPublish) return authPublish.response;
      const id = String(((req.json ?? {}) as { publish_id?: unknown }).publish_id ?? '');
      const job = data().tiktok[id];
      if (!job) return fail(400, 'invalid_publish_id', 'The publish_id does not exist.');
      if (job.openId !== authPublish.openId)
        return fail(403, 'token_not_authorized_for_specified_publish_id', 'The token is not authorized for this publish_id.');
      const now = ctx.state.now();
      const processing = job.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
      let status = processing;
      if (job.readyAt !== undefined && job.readyAt <= now)
        status = job.failReason ? 'FAILED' : job.mode === 'inbox' ? 'SEND_TO_USER_INBOX' : 'PUBLISH_COMPLETE';
      // Only a post made for an audience gets a post id, once moderation is over (Get Post Status); an
      // Only me post never does. TikTok writes it as a JSON int64, which the sandbox keeps.
      const moderated = job.readyAt !== undefined && job.readyAt + (data().tiktokModerationSeconds ?? 0) * 1000 <= now;
      const ids = status === 'PUBLISH_COMPLETE' && job.privacy !== 'SELF_ONLY' && moderated && job.postId ? [job.postId] : [];
      const payload = {
        status,
        ...(status === 'FAILED' ? { fail_reason: job.failReason } : {}),
        publicaly_available_post_id: '__IDS__',
        uploaded_bytes: job.source === 'FILE_UPLOAD' ? job.transferred : 0,
        downloaded_bytes: job.source === 'PULL_FROM_URL' ? job.transferred : 0,
      };
      const text = JSON.stringify({ data: payload, error: { code: 'ok', message: '', log_id: logId() } }).replace('"__IDS__"', `[${ids.join(',')}]`);
      return { status: 200, rawJson: text };
    },
    { publish: 'step' },
  );
}
