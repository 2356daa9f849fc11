import { avatarUrl, identity } from '../apps';
import type { SandboxContext } from '../context';
import { fetchMedia, hitWindow, processingDelayMs, randomId, type TikTokPublish } from '../publish-store';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { logId } from '../state';

/**
 * TikTok Content Posting (platform-apis.md §4.2–§4.4): creator_info → init (PULL_FROM_URL or
 * FILE_UPLOAD, or the inbox/draft init) → upload → status/fetch. Every answer is
 * `{data, error:{code,message,log_id}}`; per-token rate limits per endpoint.
 */
const PRIVACY_OPTIONS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
const DIRECT_POSTS_PER_DAY = 15;
const PENDING_SHARES_PER_DAY = 5;
const DAY = 86400;

const ok = (data: unknown) => json(200, { data, error: { code: 'ok', message: '', log_id: logId() } });
const fail = (status: number, code: string, message: string, headers?: Record<string, string>) => json(status, { data: {}, error: { code, message, log_id: logId() } }, headers);

export function registerTikTokPublishing(ctx: SandboxContext): void {
  const data = () => ctx.state.publishing;

  const authorize = (req: SandboxRequest, scope: string, endpoint: string, perMinute: number): { response: SandboxResponse } | { openId: string; token: string } => {
    const check = ctx.state.check('tiktok', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return { response: fail(401, 'access_token_invalid', 'The access token is invalid or not found in the request.') };
    if (!check.record.scopes.includes(scope)) return { response: fail(401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${scope}.`) };
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
        privacy_level_options: PRIVACY_OPTIONS,
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: true,
        max_video_post_duration_sec: 600,
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
    if (mode === 'direct') {
      if (!privacy) return fail(400, 'invalid_param', 'post_info.privacy_level is required.');
      if (!PRIVACY_OPTIONS.includes(privacy)) return fail(403, 'privacy_level_option_mismatch', 'The privacy_level is not one of the creator\'s privacy_level_options.');
      if (title.length > 2200) return fail(400, 'invalid_param', 'post_info.title is longer than 2200 runes.');
    }
    const jobs = Object.values(data().tiktok).filter((j) => j.openId === auth.openId && j.mode === mode && j.createdAt > now - DAY * 1000 && !j.failReason);
    if (!data().limitsOff && mode === 'direct' && jobs.length >= DIRECT_POSTS_PER_DAY) return fail(403, 'spam_risk_too_many_posts', 'The daily post cap for this creator has been reached.');
    if (mode === 'inbox' && jobs.filter((j) => !j.done).length >= PENDING_SHARES_PER_DAY) return fail(403, 'spam_risk_too_many_pending_share', 'The user has too many pending shares in the inbox.');
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
      job.id = `v_pub_url~v2-1.${randomId()}`;
      job.videoUrl = url;
    } else if (kind === 'FILE_UPLOAD') {
      const size = Number(source.video_size);
      const chunk = Number(source.chunk_size);
      const count = Number(source.total_chunk_count);
      if (!(size > 0) || !(chunk > 0) || !(count >= 1) || Math.max(1, Math.floor(size / chunk)) !== count) {
        return fail(400, 'invalid_param', 'video_size, chunk_size and total_chunk_count do not agree (total_chunk_count = floor(video_size / chunk_size)).');
      }
      job.id = `v_pub_file~v2-1.${randomId()}`;
      job.size = size;
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

  ctx.router.on('POST', 'tiktok', 'api', '/v2/post/publish/video/init/', init('direct'), { publish: 'create' });
  ctx.router.on('POST', 'tiktok', 'api', '/v2/post/publish/inbox/video/init/', init('inbox'), { publish: 'create' });

  /** The upload host: `PUT <upload_url>` with Content-Range, 206 per chunk, 201 when complete (§4.2 step 3a). */
  ctx.router.on('PUT', 'tiktok', 'upload', '/video', (req) => {
    const job = data().tiktok[req.query.get('upload_id') ?? ''];
    if (!job || job.source !== 'FILE_UPLOAD') return fail(404, 'not_found', 'No upload task for this upload_id.');
    if (job.uploadToken !== req.query.get('upload_token') || ctx.state.now() - job.createdAt > 3600_000) return fail(403, 'forbidden', 'The upload_url has expired.');
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!range) return fail(400, 'invalid_param', 'Content-Range is required: bytes {first}-{last}/{total}.');
    const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (total !== job.size || last - first + 1 !== req.raw.length) return fail(400, 'invalid_param', 'Content-Range does not match the body or the declared video_size.');
    if (first !== job.transferred) return { ...fail(416, 'range_not_satisfiable', 'Chunks must be uploaded in order.'), headers: { 'content-range': `bytes 0-${job.transferred - 1}/${job.size}` } };
    job.transferred = last + 1;
    if (job.transferred >= job.size) job.readyAt = ctx.state.now() + processingDelayMs(data(), 'tiktok', 'video');
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
      if (job.openId !== authPublish.openId) return fail(403, 'token_not_authorized_for_specified_publish_id', 'The token is not authorized for this publish_id.');
      const now = ctx.state.now();
      const processing = job.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
      let status = processing;
      if (job.readyAt !== undefined && job.readyAt <= now) status = job.failReason ? 'FAILED' : job.mode === 'inbox' ? 'SEND_TO_USER_INBOX' : 'PUBLISH_COMPLETE';
      // Only public posts get a post id (after moderation); TikTok writes it as a JSON int64, which the sandbox keeps.
      const ids = status === 'PUBLISH_COMPLETE' && job.privacy !== 'SELF_ONLY' && job.postId ? [job.postId] : [];
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
