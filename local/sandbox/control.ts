import { sandboxComments } from './platforms/comments';
import { PLATFORMS, type Platform } from '@shared/platforms';
import type { SandboxContext } from './context';
import { json, type SandboxResponse } from './router';
import { NAMED_ERRORS, type NamedError } from './state';

/** Publishing faults that only make sense on some platforms (what the platform documents). */
const NOT_ON: Partial<Record<NamedError, readonly Platform[]>> = {
  duplicate: ['instagram', 'tiktok', 'youtube', 'threads'],
  media_unreachable: ['x', 'youtube', 'linkedin'],
  processing_failed: ['x', 'linkedin'],
  upload_limit: ['instagram', 'facebook', 'x', 'tiktok', 'threads', 'linkedin'],
};
/** Errors that are about publishing by nature: they never hit OAuth or profile calls. */
const PUBLISH_ERRORS: readonly NamedError[] = ['daily_limit', 'upload_limit', 'duplicate', 'media_unreachable', 'processing_failed', 'timeout_after_acting'];

/**
 * The control API for tests, all JSON under `/_sandbox/control`:
 *   GET  /state                        clock, counts, pending faults
 *   POST /reset                        forget everything (codes, tokens, faults, clock)
 *   POST /clock/advance  {seconds}     move the sandbox clock forward
 *   POST /tokens/revoke  {token}       revoke an access, refresh or Page token
 *   POST /tokens/expire  {token}       make a token expire now
 *   POST /faults  {platform, endpoint?, method?, status?, body?, headers?, error?, delayMs?, times?,
 *                  publish?, resetSeconds?, code?}
 *                                      fail the next `times` call(s) to the platform (or one endpoint).
 *                                      `publish: true` limits it to publishing calls. Named errors:
 *                                      rate_limit (resetSeconds; Graph `code` 4/17/32/613), server_error,
 *                                      token_expired, token_revoked, quota_exceeded, daily_limit,
 *                                      upload_limit (YouTube), duplicate (X, Facebook), media_unreachable
 *                                      (the platform's fetch of the media URL fails), processing_failed
 *                                      (the next container/video/publish ends in ERROR/FAILED; TikTok
 *                                      `code` = fail_reason), timeout_after_acting (the public create is
 *                                      accepted and recorded, then the connection drops after delayMs).
 *   DELETE /faults                     drop pending faults
 *   POST /processing  {platform, seconds}   processing time of containers/videos/publishes (sandbox clock)
 *   GET  /receipts?platform=&since=    every successful public create: {receipts:[{seq, receivedAtMs,
 *                                      sandboxAt, platform, accountId, postId, caption, url}]}
 *   DELETE /receipts  (or POST /receipts/reset)   forget the receipts
 *   GET  /posts?platform=&account=     what each platform shows as published
 *   POST /posts/delete {platform, id}  the account holder deletes a published post in the app
 *   POST /limits {enabled}             benchmarks: turn rate limits and daily caps off (enabled: false)
 *   POST /tiktok/app {audited?, verifiedUrlPrefixes?, moderationSeconds?}   the TikTok app's audit
 *                                      status (unaudited: SELF_ONLY only), the URL prefixes PULL_FROM_URL
 *                                      may use, and how long moderation holds back a public post's id
 */
export function control(ctx: SandboxContext, method: string, path: string, body: unknown, query = new URLSearchParams()): SandboxResponse {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const bad = (message: string) => json(400, { error: message });
  const route = `${method} ${path.replace(/\/$/, '')}`;
  const pub = ctx.state.publishing;
  switch (route) {
    case 'GET /comments':
      return json(200, { comments: sandboxComments(pub) });
    case 'GET /receipts': {
      const platform = query.get('platform');
      const since = Number(query.get('since') ?? 0);
      const receipts = pub.receipts.filter((r) => (!platform || r.platform === platform) && r.receivedAtMs >= since);
      return json(200, { receipts });
    }
    case 'DELETE /receipts':
    case 'POST /receipts/reset':
      pub.receipts = [];
      ctx.state.persist();
      return json(200, { receipts: [] });
    case 'GET /posts': {
      const platform = query.get('platform');
      const account = query.get('account');
      return json(200, { posts: pub.posts.filter((p) => (!platform || p.platform === platform) && (!account || p.accountId === account)) });
    }
    case 'POST /posts/delete': {
      const at = pub.posts.findIndex((p) => p.platform === input.platform && p.id === input.id);
      if (at < 0) return json(404, { error: 'no such published post' });
      const [deleted] = pub.posts.splice(at, 1);
      if (input.platform === 'youtube') delete pub.ytVideos[input.id as string];
      ctx.state.persist();
      return json(200, { deleted });
    }
    case 'POST /limits': {
      if (typeof input.enabled !== 'boolean') return bad('enabled must be true or false');
      pub.limitsOff = !input.enabled;
      ctx.state.persist();
      return json(200, { limits: input.enabled });
    }
    case 'POST /tiktok/app': {
      if (input.audited !== undefined && typeof input.audited !== 'boolean') return bad('audited must be true or false');
      const prefixes = input.verifiedUrlPrefixes;
      if (prefixes !== undefined && !(Array.isArray(prefixes) && prefixes.every((p) => typeof p === 'string' && /^https?:\/\//.test(p))))
        return bad('verifiedUrlPrefixes must be a list of URL prefixes');
      const moderation = input.moderationSeconds;
      if (moderation !== undefined && !(typeof moderation === 'number' && Number.isFinite(moderation) && moderation >= 0))
        return bad('moderationSeconds must be a number ≥ 0');
      if (typeof moderation === 'number') pub.tiktokModerationSeconds = moderation;
      if (typeof input.audited === 'boolean') pub.tiktokUnaudited = !input.audited;
      if (prefixes !== undefined) pub.tiktokVerifiedPrefixes = prefixes as string[];
      ctx.state.persist();
      return json(200, {
        audited: !pub.tiktokUnaudited,
        verifiedUrlPrefixes: pub.tiktokVerifiedPrefixes ?? [],
        moderationSeconds: pub.tiktokModerationSeconds ?? 0,
      });
    }
    case 'POST /processing': {
      const platform = input.platform as Platform;
      const seconds = Number(input.seconds);
      if (!PLATFORMS.includes(platform)) return bad(`platform must be one of ${PLATFORMS.join(', ')}`);
      if (!Number.isFinite(seconds) || seconds < 0) return bad('seconds must be a number ≥ 0');
      pub.delays[platform] = seconds;
      ctx.state.persist();
      return json(200, { delays: pub.delays });
    }
    case 'GET /state':
      return json(200, ctx.state.summary());
    case 'POST /reset':
      ctx.state.reset();
      return json(200, ctx.state.summary());
    case 'POST /clock/advance': {
      const seconds = Number(input.seconds);
      if (!Number.isFinite(seconds) || seconds < 0) return bad('seconds must be a number ≥ 0');
      ctx.state.advance(seconds);
      return json(200, { now: new Date(ctx.state.now()).toISOString() });
    }
    case 'POST /tokens/revoke':
    case 'POST /tokens/expire': {
      const token = typeof input.token === 'string' ? input.token : '';
      const record = route.endsWith('revoke') ? ctx.state.revoke(token) : ctx.state.expire(token);
      if (!record) return json(404, { error: 'unknown token' });
      return json(200, {
        token: record.token,
        platform: record.platform,
        kind: record.kind,
        revoked: record.revoked,
        expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString(),
      });
    }
    case 'POST /faults': {
      const platform = input.platform as Platform;
      if (!PLATFORMS.includes(platform)) return bad(`platform must be one of ${PLATFORMS.join(', ')}`);
      const error = input.error as NamedError | undefined;
      if (error !== undefined && !NAMED_ERRORS.includes(error)) return bad(`error must be one of ${NAMED_ERRORS.join(', ')}`);
      if (error && NOT_ON[error]?.includes(platform)) return bad(`${platform} does not document a ${error} error`);
      if (error === undefined && input.status === undefined && input.delayMs === undefined) return bad('give a status (and body), a named error or a delayMs');
      const fault = ctx.state.addFault({
        platform,
        ...(typeof input.endpoint === 'string' ? { endpoint: input.endpoint } : {}),
        ...(typeof input.method === 'string' ? { method: input.method } : {}),
        ...(typeof input.status === 'number' ? { status: input.status } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.headers && typeof input.headers === 'object' ? { headers: input.headers as Record<string, string> } : {}),
        ...(error ? { error } : {}),
        ...(typeof input.delayMs === 'number' ? { delayMs: Math.min(Math.max(0, input.delayMs), 120_000) } : {}),
        ...(typeof input.times === 'number' ? { times: input.times } : {}),
        ...(typeof input.skip === 'number' && input.skip > 0 ? { skip: Math.floor(input.skip) } : {}),
        ...(input.publish === true || (error && PUBLISH_ERRORS.includes(error)) ? { publishOnly: true } : {}),
        ...(typeof input.resetSeconds === 'number' ? { resetSeconds: input.resetSeconds } : {}),
        ...(typeof input.code === 'number' || typeof input.code === 'string' ? { code: input.code } : {}),
      });
      return json(201, fault);
    }
    case 'DELETE /faults':
      ctx.state.clearFaults();
      return json(200, { faults: [] });
    default:
      return json(404, { error: `no control endpoint ${route}` });
  }
}
