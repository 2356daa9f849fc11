import sharp from 'sharp';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { identity } from '../apps';
import type { SandboxContext } from '../context';
import { igDailyLimit } from '../faults';
import { fetchMedia, numericId, postsOf, processingDelayMs, recordPost, shortId, type IgContainer } from '../publish-store';
import { graphParams, publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { graphError, graphTokenError, pick } from './graph';

/**
 * Instagram content publishing (docs/platform-apis.md#instagram): container → poll status_code →
 * media_publish → permalink. Meta fetches image_url/video_url itself, so the sandbox does too.
 */
/**
 * content_publishing_limit's quota_total ("currently 50" in the reference; the 2026-11-23 corrections
 * say to read it rather than assume). The endpoint reports it and media_publish enforces it, from one
 * count, so what a client reads is what it gets.
 */
export const IG_QUOTA_TOTAL = 50;
const QUOTA_DURATION_SECONDS = 86400;
const DAY_MS = 24 * 3600 * 1000;
/** Image rules (docs/platform-apis.md#instagram-limits, error codes docs/platform-apis.md#instagram-errors): JPEG only, at most 8 MiB, aspect 4:5 … 1.91:1. */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * What Meta answers for an image it fetched: the format by its first bytes (a PNG served as
 * image/jpeg is still a PNG), then the size, then the aspect ratio as displayed (EXIF orientation
 * applied). Undefined when Instagram would take it.
 */
async function imageRefusal(bytes: Buffer): Promise<SandboxResponse | undefined> {
  const isJpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isJpeg) return graphError(400, 'The image format is not supported.', 36001, { error_subcode: 2207005, is_transient: false });
  if (bytes.length > IMAGE_MAX_BYTES) return graphError(400, 'The image size is too large.', 36000, { error_subcode: 2207004, is_transient: false });
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    return graphError(400, 'The image format is not supported.', 36001, { error_subcode: 2207005, is_transient: false });
  }
  // 4:5 ≤ width/height ≤ 1.91:1, in integers so that the edges (1080×1350, 1910×1000) are exact.
  if (!(height > 0 && width * 5 >= height * 4 && width * 100 <= height * 191))
    return graphError(400, 'The aspect ratio is not supported.', 36003, { error_subcode: 2207009, is_transient: false });
  return undefined;
}

const fetchFailed = () =>
  graphError(400, "Media download has failed. The media URI doesn't meet our requirements.", 9004, { error_subcode: 2207052, is_transient: false });

export function registerInstagramPublishing(ctx: SandboxContext): void {
  const v = `/${GRAPH_VERSION}`;
  const data = () => ctx.state.publishing;

  /** The token must belong to the account in the path, and carry the publish permission. */
  const authorize = (req: SandboxRequest, userId: string, publish: boolean): SandboxResponse | undefined => {
    const check = ctx.state.check('instagram', req.bearer);
    if (!check.ok) return graphTokenError(check);
    if (check.record.identityId !== userId) {
      return graphError(
        400,
        `Unsupported request. Object with ID '${userId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { type: 'GraphMethodException', error_subcode: 33 },
      );
    }
    if (publish && !check.record.scopes.includes('instagram_business_content_publish'))
      return graphError(403, '(#10) Application does not have permission for this action', 10);
    return undefined;
  };

  /** API publishes of this account in the moving 24 h window, newest first (a carousel counts once). */
  const publishedInWindow = (userId: string) => postsOf(data(), 'instagram', userId).filter((post) => post.createdAt > ctx.state.now() - DAY_MS);

  const statusOf = (c: IgContainer): 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED' => {
    const now = ctx.state.now();
    if (c.mediaId) return 'PUBLISHED';
    if (c.failed) return 'ERROR';
    if (now - c.createdAt > DAY_MS) return 'EXPIRED';
    return now < c.readyAt ? 'IN_PROGRESS' : 'FINISHED';
  };

  ctx.router.on(
    'POST',
    'instagram',
    'graph',
    `${v}/:userId/media`,
    async (req) => {
      const userId = req.params.userId!;
      const denied = authorize(req, userId, true);
      if (denied) return denied;
      const p = graphParams(req);
      const mediaType = (p.get('media_type') ?? 'IMAGE').toUpperCase();
      const isItem = p.get('is_carousel_item') === 'true';
      const caption = isItem ? '' : (p.get('caption') ?? '');
      if ([...caption].length > 2200) return graphError(400, 'The caption is too long.', 36004, { error_subcode: 2207010 });
      if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) return graphError(400, 'Too many hashtags.', 100, { error_subcode: 2207035 });
      const now = ctx.state.now();
      const container: IgContainer = { id: numericId(17), userId, mediaType: 'IMAGE', isCarouselItem: isItem, caption, createdAt: now, readyAt: now };
      if (mediaType === 'CAROUSEL') {
        const children = (p.get('children') ?? '')
          .replace(/[[\]"\s]/g, '')
          .split(',')
          .filter(Boolean);
        if (children.length < 2 || children.length > 10)
          return graphError(400, 'The carousel must have between 2 and 10 items.', 100, { error_subcode: 2207028 });
        for (const id of children) {
          const child = data().igContainers[id];
          if (!child || child.userId !== userId || !child.isCarouselItem)
            return graphError(400, `Invalid parameter: children ${id} is not a carousel item of this account.`, 100, { error_subcode: 2207023 });
          // Items live 24 hours like any container (the status reads EXPIRED); Meta's expiry error, not "not ready".
          if (statusOf(child) === 'EXPIRED') return graphError(400, 'The media has expired; create a new container.', -2, { error_subcode: 2207020 });
          if (statusOf(child) !== 'FINISHED')
            return graphError(400, 'The media is not ready for publishing, please wait for a moment.', 9007, { error_subcode: 2207027 });
        }
        Object.assign(container, { mediaType: 'CAROUSEL', children, readyAt: now + processingDelayMs(data(), 'instagram', 'image') });
      } else if (mediaType === 'REELS' || (mediaType === 'VIDEO' && isItem)) {
        if (mediaType === 'REELS' && isItem) return graphError(400, 'Reels cannot be carousel items.', 100, { error_subcode: 2207023 });
        const url = p.get('video_url');
        if (!url) return graphError(400, '(#100) The parameter video_url is required', 100);
        const media = ctx.state.takeHandlerFault('instagram', 'media_unreachable') ? { ok: false } : await fetchMedia(url);
        if (!media.ok) return fetchFailed();
        if ('contentType' in media && !String(media.contentType).startsWith('video/'))
          return graphError(400, 'The video format is not supported. Please check spec for supported formats.', 352, { error_subcode: 2207026 });
        Object.assign(container, { mediaType: isItem ? 'VIDEO' : 'REELS', mediaUrl: url, readyAt: now + processingDelayMs(data(), 'instagram', 'video') });
      } else if (mediaType === 'IMAGE') {
        const url = p.get('image_url');
        if (!url) return graphError(400, '(#100) The parameter image_url is required', 100);
        const media = ctx.state.takeHandlerFault('instagram', 'media_unreachable') ? { ok: false } : await fetchMedia(url);
        if (!media.ok) return fetchFailed();
        const refused = await imageRefusal('bytes' in media && media.bytes ? media.bytes : Buffer.alloc(0));
        if (refused) return refused;
        Object.assign(container, { mediaType: 'IMAGE', mediaUrl: url, readyAt: now + processingDelayMs(data(), 'instagram', 'image') });
      } else {
        return graphError(400, 'The media type is not supported.', 100, { error_subcode: 2207023 });
      }
      if (ctx.state.takeHandlerFault('instagram', 'processing_failed')) container.failed = 'Error: Media upload has failed with error code 2207053';
      data().igContainers[container.id] = container;
      ctx.state.persist();
      return json(200, { id: container.id });
    },
    { publish: 'step' },
  );

  ctx.router.on(
    'POST',
    'instagram',
    'graph',
    `${v}/:userId/media_publish`,
    (req) => {
      const userId = req.params.userId!;
      const denied = authorize(req, userId, true);
      if (denied) return denied;
      const creationId = graphParams(req).get('creation_id') ?? '';
      const container = data().igContainers[creationId];
      if (!container || container.userId !== userId || container.isCarouselItem)
        return graphError(400, 'The requested resource does not exist.', 24, { error_subcode: 2207006 });
      const status = statusOf(container);
      if (status === 'IN_PROGRESS')
        return graphError(400, 'The media is not ready for publishing, please wait for a moment.', 9007, { error_subcode: 2207027 });
      if (status === 'ERROR')
        return graphError(400, 'An unknown error occurred while uploading the media.', -1, { error_subcode: 2207053, is_transient: false });
      if (status === 'EXPIRED') return graphError(400, 'The media has expired; create a new container.', -2, { error_subcode: 2207020 });
      // Publishing the same container twice: Meta refuses (exact wording unconfirmed).
      if (status === 'PUBLISHED') return graphError(400, '(#100) This media has already been published.', 100, { error_subcode: 2207006 });
      const now = ctx.state.now();
      const recent = publishedInWindow(userId);
      if (!data().limitsOff && recent.length >= IG_QUOTA_TOTAL)
        return igDailyLimit(now, Math.ceil((recent[recent.length - 1]!.createdAt + DAY_MS - now) / 1000));
      const shortcode = shortId(11);
      const mediaId = numericId(17);
      container.mediaId = mediaId;
      const mediaUrls = container.children ? container.children.map((id) => data().igContainers[id]?.mediaUrl ?? '') : [container.mediaUrl ?? ''];
      recordPost(
        data(),
        {
          id: mediaId,
          platform: 'instagram',
          accountId: userId,
          text: container.caption,
          kind: container.mediaType === 'CAROUSEL' ? 'carousel' : container.mediaType === 'REELS' ? 'reel' : 'image',
          mediaUrls,
          createdAt: now,
          url: publicUrls(ctx).instagramPost(shortcode),
          visibility: 'public',
          ref: shortcode,
        },
        req.receivedAtMs,
        now,
      );
      ctx.state.persist();
      return json(200, { id: mediaId });
    },
    { publish: 'create' },
  );

  ctx.router.on('GET', 'instagram', 'graph', `${v}/:userId/content_publishing_limit`, (req) => {
    const userId = req.params.userId!;
    const denied = authorize(req, userId, false);
    if (denied) return denied;
    // `since` (a Unix time no older than 24 h) narrows the count; fields default to quota_usage alone.
    const sinceParam = Number(req.query.get('since') ?? NaN);
    const since = Number.isFinite(sinceParam) ? Math.max(sinceParam * 1000, ctx.state.now() - DAY_MS) : undefined;
    const usage = publishedInWindow(userId).filter((post) => since === undefined || post.createdAt > since).length;
    const fields = (req.query.get('fields') ?? 'quota_usage').split(',').map((f) => f.trim());
    const row: Record<string, unknown> = { quota_usage: usage };
    if (fields.includes('config')) row.config = { quota_total: IG_QUOTA_TOTAL, quota_duration: QUOTA_DURATION_SECONDS };
    return json(200, { data: [row] });
  });

  const mediaFields = (id: string) => {
    const post = data().posts.find((x) => x.platform === 'instagram' && x.id === id);
    if (!post) return undefined;
    const who = identity('instagram', post.accountId);
    return {
      id: post.id,
      caption: post.text,
      media_type: post.kind === 'carousel' ? 'CAROUSEL_ALBUM' : post.kind === 'reel' ? 'VIDEO' : 'IMAGE',
      media_product_type: post.kind === 'reel' ? 'REELS' : 'FEED',
      permalink: post.url,
      shortcode: post.ref,
      timestamp: new Date(post.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
      username: who?.username,
    };
  };

  ctx.router.on(
    'GET',
    'instagram',
    'graph',
    `${v}/:userId/media`,
    (req) => {
      const userId = req.params.userId!;
      const denied = authorize(req, userId, false);
      if (denied) return denied;
      const limit = Math.min(100, Number(req.query.get('limit') ?? 25) || 25);
      const items = postsOf(data(), 'instagram', userId)
        .slice(0, limit)
        .map((post) => pick(req.query.get('fields') ?? 'id', mediaFields(post.id)!));
      return json(200, { data: items, paging: { cursors: { before: 'QVFIUm', after: 'QVFIUn' } } });
    },
    { publish: 'step' },
  );

  ctx.router.on(
    'GET',
    'instagram',
    'graph',
    `${v}/:id`,
    (req) => {
      const check = ctx.state.check('instagram', req.bearer);
      if (!check.ok) return graphTokenError(check);
      const id = req.params.id!;
      const fields = req.query.get('fields');
      const container = data().igContainers[id];
      if (container && container.userId === check.record.identityId) {
        const status_code = statusOf(container);
        const status = {
          IN_PROGRESS: 'In Progress: Media is still being processed.',
          FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
          ERROR: container.failed,
          EXPIRED: 'Expired: The media was not published within 24 hours.',
          PUBLISHED: 'Published: Media has been published.',
        }[status_code];
        return json(200, pick(fields ?? 'id', { id, status_code, status }));
      }
      const media = mediaFields(id);
      if (media && data().posts.find((x) => x.id === id)?.accountId === check.record.identityId) return json(200, pick(fields ?? 'id', media));
      return graphError(
        400,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { type: 'GraphMethodException', error_subcode: 33 },
      );
    },
    { publish: 'step' },
  );
}
