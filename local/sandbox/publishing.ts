import { identity } from './apps';
import type { SandboxContext } from './context';
import { numericId, recordPost, type PublishedPost } from './publish-store';
import type { SandboxRequest } from './router';

/**
 * Shared by the publishing handlers: reading Graph-style parameters, the public URLs the sandbox
 * serves for posts (the shapes of docs/platform-apis.md#comparison, on the sandbox host), and settling jobs whose
 * processing time has passed on the sandbox clock.
 */

/** Graph takes parameters in the query string, a form body or a JSON body alike (docs/platform-apis.md#instagram-publishing). */
export function graphParams(req: SandboxRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of req.query) out.set(k, v);
  for (const [k, v] of req.form) out.set(k, v);
  if (req.json && typeof req.json === 'object') {
    for (const [k, v] of Object.entries(req.json as Record<string, unknown>)) out.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

export const publicUrls = (ctx: SandboxContext) => ({
  instagramPost: (shortcode: string) => `${ctx.sandboxUrl}/instagram/www/p/${shortcode}/`,
  instagramProfile: (username: string) => `${ctx.sandboxUrl}/instagram/www/${encodeURIComponent(username)}/`,
  facebookPost: (pagePostId: string) => `${ctx.sandboxUrl}/facebook/www/${pagePostId}`,
  facebookVideo: (pageId: string, videoId: string) => `${ctx.sandboxUrl}/facebook/www/${pageId}/videos/${videoId}`,
  facebookPage: (pageId: string) => `${ctx.sandboxUrl}/facebook/www/${pageId}`,
  xPost: (username: string, id: string) => `${ctx.sandboxUrl}/x/www/${encodeURIComponent(username)}/status/${id}`,
  xProfile: (username: string) => `${ctx.sandboxUrl}/x/www/${encodeURIComponent(username)}`,
  tiktokPost: (username: string, id: string) => `${ctx.sandboxUrl}/tiktok/www/@${encodeURIComponent(username)}/video/${id}`,
  tiktokPhoto: (username: string, id: string) => `${ctx.sandboxUrl}/tiktok/www/@${encodeURIComponent(username)}/photo/${id}`,
  tiktokProfile: (username: string) => `${ctx.sandboxUrl}/tiktok/www/@${encodeURIComponent(username)}`,
  youtubeWatch: (id: string) => `${ctx.sandboxUrl}/youtube/www/watch?v=${id}`,
  threadsPost: (username: string, code: string) => `${ctx.sandboxUrl}/threads/www/@${encodeURIComponent(username)}/post/${code}`,
  threadsProfile: (username: string) => `${ctx.sandboxUrl}/threads/www/@${encodeURIComponent(username)}`,
  linkedinPost: (urn: string) => `${ctx.sandboxUrl}/linkedin/www/feed/update/${encodeURIComponent(urn)}/`,
  linkedinProfile: (id: string) => `${ctx.sandboxUrl}/linkedin/www/in/${encodeURIComponent(id)}/`,
  linkedinCompany: (id: string) => `${ctx.sandboxUrl}/linkedin/www/company/${encodeURIComponent(id)}/`,
  pinterestProfile: (username: string) => `${ctx.sandboxUrl}/pinterest/www/${encodeURIComponent(username)}/`,
  youtubeChannel: (handle: string) => `${ctx.sandboxUrl}/youtube/www/${encodeURIComponent(handle)}`,
});

/** TikTok publishes finish in the background: once their processing time passed, the post exists. */
export function settle(ctx: SandboxContext): void {
  const data = ctx.state.publishing;
  const now = ctx.state.now();
  let changed = false;
  for (const job of Object.values(data.tiktok)) {
    if (job.done || job.readyAt === undefined || job.readyAt > now) continue;
    job.done = true;
    changed = true;
    if (job.failReason) continue;
    const who = identity('tiktok', job.openId)?.username ?? job.openId;
    const inbox = job.mode === 'inbox';
    const postId = inbox ? job.id : numericId(19);
    job.postId = postId;
    const post: PublishedPost = {
      id: postId,
      platform: 'tiktok',
      accountId: job.openId,
      text: job.title,
      kind: inbox ? 'inbox' : job.kind === 'photo' ? 'photos' : 'video',
      mediaUrls: job.photoUrls ?? (job.videoUrl ? [job.videoUrl] : []),
      createdAt: job.readyAt,
      url: inbox
        ? publicUrls(ctx).tiktokProfile(who)
        : job.kind === 'photo'
          ? publicUrls(ctx).tiktokPhoto(who, postId)
          : publicUrls(ctx).tiktokPost(who, postId),
      visibility: inbox ? 'inbox' : job.privacy === 'SELF_ONLY' ? 'private' : 'public',
      ref: job.id,
      ...(job.kind === 'photo' ? { mediaPulled: job.photosPulled ?? 0 } : {}),
    };
    // The receipt carries the time the init arrived: that is when the publish was asked for.
    recordPost(data, post, job.receivedAtMs, job.createdAt);
  }
  if (changed) ctx.state.persist();
}
