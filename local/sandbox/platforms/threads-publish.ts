import { THREADS_VERSION } from '../../../functions/platforms/hosts';
import { identity } from '../apps';
import type { SandboxContext } from '../context';
import { threadsDailyLimit } from '../faults';
import { fetchMedia, numericId, processingDelayMs, recordPost, shortId, type PublishedPost, type ThreadsContainer } from '../publish-store';
import { graphParams, publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { grownCounts } from './graph-metrics';
import { graphError, graphNoObject, graphPermissionError, graphTokenError, pick } from './graph';

/**
 * Threads publishing (developers.facebook.com/documentation/threads/posts, …/reference/publishing):
 * POST /{user}/threads makes a container, POST /{user}/threads_publish makes it public, GET
 * /{container}?fields=status,error_message reports IN_PROGRESS / FINISHED / ERROR / EXPIRED / PUBLISHED.
 * Meta fetches image_url/video_url itself, so the stand-in does too. Refused as Threads refuses:
 * text over 500 characters, a carousel outside 2–20 items, an unknown or foreign container, more than
 * 250 posts (1,000 replies) in a moving 24 hours, alt_text on anything but an IMAGE or VIDEO container
 * (developers.facebook.com/documentation/threads/posts/accessibility), and an expired or revoked token. Meta documents these
 * rules but not each one's error code: where it does not, the stand-in answers Graph's generic #100
 * (invalid parameter), which clients read as "fix the input".
 */
export const THREADS_TEXT_MAX = 500;
export const THREADS_CAROUSEL_MIN = 2;
export const THREADS_CAROUSEL_MAX = 20;
export const THREADS_QUOTA_TOTAL = 250;
export const THREADS_REPLY_QUOTA_TOTAL = 1000;
const QUOTA_DURATION_SECONDS = 86400;
const DAY_MS = 24 * 3600 * 1000;

type Status = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export function registerThreadsPublishing(ctx: SandboxContext): void {
  const v = `/${THREADS_VERSION}`;
  const data = () => ctx.state.publishing;
  const containers = () => data().threadsContainers;

  /** The token must be valid, belong to the profile in the path, and carry `scope`. */
  const authorize = (req: SandboxRequest, userId: string, scope?: string): SandboxResponse | undefined => {
    const check = ctx.state.check('threads', req.bearer);
    if (!check.ok) return graphTokenError(check);
    if (check.record.identityId !== userId) return graphNoObject(req.method === 'GET' ? 'get' : 'post', userId);
    if (scope && !check.record.scopes.includes(scope)) return graphPermissionError(scope);
    return undefined;
  };

  const threadsPosts = (userId?: string) =>
    data()
      .posts.filter((p) => p.platform === 'threads' && (userId === undefined || p.accountId === userId))
      .sort((a, b) => b.createdAt - a.createdAt);
  /** This profile's API publishes in the moving 24 h window: posts and replies are counted apart. */
  const inWindow = (userId: string, replies: boolean) =>
    threadsPosts(userId).filter((p) => p.createdAt > ctx.state.now() - DAY_MS && Boolean(p.inReplyTo) === replies);

  const statusOf = (c: ThreadsContainer): Status => {
    const now = ctx.state.now();
    if (c.mediaId) return 'PUBLISHED';
    if (c.failed) return 'ERROR';
    if (now - c.createdAt > DAY_MS) return 'EXPIRED';
    return now < c.readyAt ? 'IN_PROGRESS' : 'FINISHED';
  };

  /** The root of a conversation: replies are allowed only under the profile's own root post. */
  const rootOf = (post: PublishedPost): PublishedPost => {
    let at = post;
    for (let i = 0; i < 100 && at.inReplyTo; i++) {
      const parent = data().posts.find((p) => p.platform === 'threads' && p.id === at.inReplyTo);
      if (!parent) break;
      at = parent;
    }
    return at;
  };

  ctx.router.on(
    'POST',
    'threads',
    'graph',
    `${v}/:userId/threads`,
    async (req) => {
      const userId = req.params.userId!;
      const p = graphParams(req);
      const replyTo = p.get('reply_to_id');
      const denied = authorize(req, userId, replyTo ? 'threads_manage_replies' : 'threads_content_publish');
      if (denied) return denied;
      const mediaType = (p.get('media_type') ?? '').toUpperCase();
      if (!['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(mediaType))
        return graphError(400, '(#100) The parameter media_type is required and must be one of TEXT, IMAGE, VIDEO, CAROUSEL.', 100);
      const isItem = p.get('is_carousel_item') === 'true';
      const text = isItem ? '' : (p.get('text') ?? '');
      if ([...text].length > THREADS_TEXT_MAX) return graphError(400, `(#100) The text must be at most ${THREADS_TEXT_MAX} characters long.`, 100);
      if (replyTo) {
        const parent = data().posts.find((x) => x.platform === 'threads' && x.id === replyTo);
        if (!parent) return graphNoObject('post', replyTo);
        // Replying takes owning the root post (or keyword-search/mention permissions the product does not ask for).
        if (rootOf(parent).accountId !== userId) return graphError(403, '(#10) You can only reply to conversations under your own posts.', 10);
      }
      // Alt text is for images and videos only: not a text post, not the carousel over its items.
      const altText = p.get('alt_text');
      if (altText !== undefined && !['IMAGE', 'VIDEO'].includes(mediaType))
        return graphError(400, '(#100) The parameter alt_text is only available for media_type=IMAGE or VIDEO.', 100);
      const now = ctx.state.now();
      const container: ThreadsContainer = {
        id: numericId(17),
        userId,
        mediaType: mediaType as ThreadsContainer['mediaType'],
        isCarouselItem: isItem,
        text,
        createdAt: now,
        readyAt: now,
        ...(replyTo ? { replyToId: replyTo } : {}),
        ...(altText !== undefined ? { altText } : {}),
      };
      if (mediaType === 'TEXT') {
        if (isItem) return graphError(400, '(#100) A carousel item must be an IMAGE or a VIDEO.', 100);
        if (!text.trim()) return graphError(400, '(#100) The parameter text is required for media_type=TEXT.', 100);
      } else if (mediaType === 'CAROUSEL') {
        if (isItem) return graphError(400, '(#100) A carousel cannot be a carousel item.', 100);
        const children = (p.get('children') ?? '')
          .replace(/[[\]"\s]/g, '')
          .split(',')
          .filter(Boolean);
        if (children.length < THREADS_CAROUSEL_MIN || children.length > THREADS_CAROUSEL_MAX)
          return graphError(400, `(#100) A carousel must have between ${THREADS_CAROUSEL_MIN} and ${THREADS_CAROUSEL_MAX} children.`, 100);
        for (const id of children) {
          const child = containers()[id];
          if (!child || child.userId !== userId || !child.isCarouselItem)
            return graphError(400, `(#100) Invalid parameter: children ${id} is not a carousel item of this profile.`, 100);
          if (statusOf(child) !== 'FINISHED') return graphError(400, `(#100) The carousel item ${id} is not ready (${statusOf(child)}).`, 100);
        }
        Object.assign(container, { children, readyAt: now + processingDelayMs(data(), 'threads', 'image') });
      } else {
        const param = mediaType === 'IMAGE' ? 'image_url' : 'video_url';
        const url = p.get(param);
        if (!url) return graphError(400, `(#100) The parameter ${param} is required for media_type=${mediaType}.`, 100);
        const media = ctx.state.takeHandlerFault('threads', 'media_unreachable') ? { ok: false } : await fetchMedia(url);
        const kind = mediaType === 'IMAGE' ? 'image' : 'video';
        if (!media.ok) container.failed = mediaType === 'IMAGE' ? 'FAILED_DOWNLOADING_IMAGE' : 'FAILED_DOWNLOADING_VIDEO';
        else if ('contentType' in media && !String(media.contentType).startsWith(`${kind}/`))
          container.failed = mediaType === 'IMAGE' ? 'UNSUPPORTED_IMAGE_FORMAT' : 'FAILED_PROCESSING_VIDEO';
        Object.assign(container, { mediaUrl: url, readyAt: now + processingDelayMs(data(), 'threads', kind) });
      }
      if (ctx.state.takeHandlerFault('threads', 'processing_failed')) container.failed = 'UNKNOWN';
      containers()[container.id] = container;
      ctx.state.persist();
      return json(200, { id: container.id });
    },
    { publish: 'step' },
  );

  ctx.router.on(
    'POST',
    'threads',
    'graph',
    `${v}/:userId/threads_publish`,
    (req) => {
      const userId = req.params.userId!;
      const creationId = graphParams(req).get('creation_id') ?? '';
      const container = containers()[creationId];
      const denied = authorize(req, userId, container?.replyToId ? 'threads_manage_replies' : 'threads_content_publish');
      if (denied) return denied;
      if (!container || container.userId !== userId || container.isCarouselItem) return graphNoObject('post', creationId || '(none)');
      const status = statusOf(container);
      if (status === 'IN_PROGRESS')
        return graphError(400, 'The media is not ready for publishing, please wait for a moment.', 9007, { error_subcode: 2207027 });
      if (status === 'ERROR') return graphError(400, `The media could not be processed: ${container.failed}.`, 100);
      if (status === 'EXPIRED') return graphError(400, 'The container was not published within 24 hours and has expired; create a new one.', 100);
      if (status === 'PUBLISHED') return graphError(400, '(#100) This container has already been published.', 100);
      const now = ctx.state.now();
      const reply = Boolean(container.replyToId);
      const recent = inWindow(userId, reply);
      const cap = reply ? THREADS_REPLY_QUOTA_TOTAL : THREADS_QUOTA_TOTAL;
      if (!data().limitsOff && recent.length >= cap) return threadsDailyLimit(Math.ceil((recent[recent.length - 1]!.createdAt + DAY_MS - now) / 1000));
      const who = identity('threads', userId);
      const code = shortId(11);
      const mediaId = numericId(17);
      container.mediaId = mediaId;
      const files = container.children ? container.children.map((id) => containers()[id]) : container.mediaUrl ? [container] : [];
      const mediaUrls = files.map((file) => file?.mediaUrl ?? '');
      const altTexts = files.map((file) => file?.altText ?? '');
      recordPost(
        data(),
        {
          id: mediaId,
          platform: 'threads',
          accountId: userId,
          text: container.text,
          kind:
            container.mediaType === 'CAROUSEL' ? 'carousel' : container.mediaType === 'VIDEO' ? 'video' : container.mediaType === 'IMAGE' ? 'image' : 'text',
          mediaUrls,
          createdAt: now,
          url: publicUrls(ctx).threadsPost(who?.username ?? userId, code),
          visibility: 'public',
          ref: code,
          ...(container.replyToId ? { inReplyTo: container.replyToId } : {}),
          ...(altTexts.some(Boolean) ? { altTexts } : {}),
        },
        req.receivedAtMs,
        now,
      );
      ctx.state.persist();
      return json(200, { id: mediaId });
    },
    { publish: 'create' },
  );

  ctx.router.on('GET', 'threads', 'graph', `${v}/:userId/threads_publishing_limit`, (req) => {
    const userId = req.params.userId!;
    const denied = authorize(req, userId, 'threads_content_publish');
    if (denied) return denied;
    const fields = (req.query.get('fields') ?? 'quota_usage').split(',').map((f) => f.trim());
    const row: Record<string, unknown> = {};
    if (fields.includes('quota_usage')) row.quota_usage = inWindow(userId, false).length;
    if (fields.includes('config')) row.config = { quota_total: THREADS_QUOTA_TOTAL, quota_duration: QUOTA_DURATION_SECONDS };
    if (fields.includes('reply_quota_usage')) row.reply_quota_usage = inWindow(userId, true).length;
    if (fields.includes('reply_config')) row.reply_config = { quota_total: THREADS_REPLY_QUOTA_TOTAL, quota_duration: QUOTA_DURATION_SECONDS };
    return json(200, { data: [row] });
  });

  const mediaFields = (post: PublishedPost) => ({
    id: post.id,
    media_product_type: 'THREADS',
    media_type: { text: 'TEXT_POST', image: 'IMAGE', video: 'VIDEO', carousel: 'CAROUSEL_ALBUM' }[post.kind as string] ?? 'TEXT_POST',
    text: post.text,
    permalink: post.url,
    shortcode: post.ref,
    timestamp: new Date(post.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
    username: identity('threads', post.accountId)?.username,
    is_reply: Boolean(post.inReplyTo),
    // A single photo or video answers its own alt_text; a carousel's are on its children.
    ...(post.kind === 'image' || post.kind === 'video' ? { alt_text: post.altTexts?.[0] ?? '' } : {}),
  });

  ctx.router.on(
    'GET',
    'threads',
    'graph',
    `${v}/:userId/threads`,
    (req) => {
      const userId = req.params.userId!;
      const denied = authorize(req, userId);
      if (denied) return denied;
      const limit = Math.min(100, Number(req.query.get('limit') ?? 25) || 25);
      // The profile's threads: top-level posts, newest first (replies have their own edge).
      const items = threadsPosts(userId)
        .filter((post) => !post.inReplyTo)
        .slice(0, limit)
        .map((post) => pick(req.query.get('fields') ?? 'id', mediaFields(post)));
      return json(200, { data: items, paging: { cursors: { before: 'QVFIUm', after: 'QVFIUn' } } });
    },
    { publish: 'step' },
  );

  ctx.router.on(
    'GET',
    'threads',
    'graph',
    `${v}/:id/replies`,
    (req) => {
      const check = ctx.state.check('threads', req.bearer);
      if (!check.ok) return graphTokenError(check);
      if (!check.record.scopes.includes('threads_read_replies')) return graphPermissionError('threads_read_replies');
      const id = req.params.id!;
      const parent = data().posts.find((p) => p.platform === 'threads' && p.id === id);
      if (!parent || rootOf(parent).accountId !== check.record.identityId) return graphNoObject('get', id);
      const replies = data().posts.filter((p) => p.platform === 'threads' && p.inReplyTo === id);
      const ordered =
        req.query.get('reverse') === 'false' ? replies.sort((a, b) => a.createdAt - b.createdAt) : replies.sort((a, b) => b.createdAt - a.createdAt);
      return json(200, { data: ordered.map((post) => pick(req.query.get('fields') ?? 'id', mediaFields(post))) });
    },
    { publish: 'step' },
  );

  ctx.router.on('GET', 'threads', 'graph', `${v}/:id/insights`, (req) => {
    const check = ctx.state.check('threads', req.bearer);
    if (!check.ok) return graphTokenError(check);
    if (!check.record.scopes.includes('threads_manage_insights')) return graphPermissionError('threads_manage_insights');
    const id = req.params.id!;
    const post = data().posts.find((p) => p.platform === 'threads' && p.id === id && p.accountId === check.record.identityId);
    if (!post) return graphNoObject('get', id);
    const grown = grownCounts(id, (ctx.state.now() - post.createdAt) / 1000);
    const values: Record<string, number> = {
      views: grown.views,
      likes: grown.likes,
      replies: grown.comments,
      reposts: grown.shares,
      quotes: Math.floor(grown.shares / 3),
    };
    const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean);
    const unknown = metrics.find((m) => !(m in values));
    if (!metrics.length || unknown) return graphError(400, `(#100) metric[${unknown ?? ''}] must be one of: views, likes, replies, reposts, quotes.`, 100);
    return json(200, {
      data: metrics.map((name) => ({ name, period: 'lifetime', values: [{ value: values[name] }], id: `${id}/insights/${name}/lifetime` })),
    });
  });

  ctx.router.on(
    'GET',
    'threads',
    'graph',
    `${v}/:id`,
    (req) => {
      const check = ctx.state.check('threads', req.bearer);
      if (!check.ok) return graphTokenError(check);
      const id = req.params.id!;
      const fields = req.query.get('fields');
      const container = containers()[id];
      if (container && container.userId === check.record.identityId) {
        const status = statusOf(container);
        return json(200, pick(fields ?? 'id', { id, status, error_message: status === 'ERROR' ? container.failed : undefined }));
      }
      const post = data().posts.find((p) => p.platform === 'threads' && p.id === id && p.accountId === check.record.identityId);
      if (post) return json(200, pick(fields ?? 'id', mediaFields(post)));
      return graphNoObject('get', id);
    },
    { publish: 'step' },
  );
}
