import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import type { SandboxContext } from '../context';
import { fetchMedia, hitWindow, numericId, postsOf, processingDelayMs, recordPost, type FbVideo, type PublishedPost } from '../publish-store';
import { graphParams, publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { graphError, graphTokenError, pick } from './graph';

/**
 * Facebook Page publishing (docs/platform-apis.md#facebook-pages): /feed and /photos are synchronous,
 * /videos processes in the background. Every answer carries the Business Use Case usage header;
 * 506 guards against the same status twice in a row.
 */
const PAGE_CALLS_PER_HOUR = 200;

/** The Page's call window (publishing and metric reads share it), with its X-Business-Use-Case-Usage header; code 32 once it is spent. */
export function pageWindow(ctx: SandboxContext, pageId: string): { response: SandboxResponse } | { headers: Record<string, string> } {
  const window = hitWindow(ctx.state.publishing, `facebook:page:${pageId}`, PAGE_CALLS_PER_HOUR, 3600, ctx.state.now());
  const usage = (n: number, regain: number) =>
    JSON.stringify({
      [pageId]: [{ type: 'pages', call_count: n, total_cputime: Math.round(n / 2), total_time: Math.round(n / 2), estimated_time_to_regain_access: regain }],
    });
  if (window.retryAfter !== undefined) {
    const response = graphError(400, '(#32) Page request limit reached', 32, { is_transient: true });
    return { response: { ...response, headers: { ...response.headers, 'x-business-use-case-usage': usage(100, Math.ceil(window.retryAfter / 60)) } } };
  }
  return { headers: { 'x-business-use-case-usage': usage(Math.round(((PAGE_CALLS_PER_HOUR - window.remaining) / PAGE_CALLS_PER_HOUR) * 100), 0) } };
}

/** Cursors are opaque to clients; here they carry the id of the item they stand for. */
const toCursor = (id: string) => Buffer.from(`fbc:${id}`).toString('base64url');
const fromCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8').replace(/^fbc:/, '');

/** Newest first, items made in the same millisecond too (the input lists them oldest first). */
const newestFirst = <T extends { createdAt: number }>(items: T[]) =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.createdAt - a.item.createdAt || b.i - a.i)
    .map(({ item }) => item);

const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

export function registerFacebookPublishing(ctx: SandboxContext): void {
  const v = `/${GRAPH_VERSION}`;
  const data = () => ctx.state.publishing;
  const urls = publicUrls(ctx);

  /** Publishing needs the Page's own token (a user token gets #200, as on Graph). */
  const authorize = (req: SandboxRequest, pageId: string): { response: SandboxResponse } | { headers: Record<string, string> } => {
    const check = ctx.state.check('facebook', req.bearer, ['access', 'page']);
    if (!check.ok) return { response: graphTokenError(check) };
    if (check.record.kind !== 'page' || check.record.pageId !== pageId) {
      return {
        response: graphError(
          403,
          '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
          200,
        ),
      };
    }
    return pageWindow(ctx, pageId);
  };

  const publishPost = (req: SandboxRequest, post: Omit<PublishedPost, 'platform' | 'createdAt' | 'visibility'>): PublishedPost => {
    const now = ctx.state.now();
    return recordPost(data(), { ...post, platform: 'facebook', createdAt: now, visibility: 'public' }, req.receivedAtMs, now);
  };

  ctx.router.on(
    'POST',
    'facebook',
    'graph',
    `${v}/:pageId/feed`,
    (req) => {
      const pageId = req.params.pageId!;
      const auth = authorize(req, pageId);
      if ('response' in auth) return auth.response;
      const p = graphParams(req);
      const message = p.get('message') ?? '';
      const link = p.get('link');
      let attached: string[];
      try {
        const raw = p.get('attached_media');
        const list = raw ? (JSON.parse(raw) as { media_fbid?: string }[]) : [];
        attached = list.map((m) => String(m.media_fbid ?? ''));
      } catch {
        return graphError(400, '(#100) param attached_media must be an array of objects', 100);
      }
      for (const [key, value] of p)
        if (/^attached_media\[\d+\]$/.test(key)) attached.push(String((JSON.parse(value) as { media_fbid?: string }).media_fbid ?? ''));
      if (!message && !link && !attached.length) return graphError(400, '(#100) Missing message or attachment', 100);
      const photos = attached.map((id) => data().fbPhotos[id]);
      if (photos.some((ph) => !ph || ph.pageId !== pageId || ph.published)) return graphError(400, '(#100) Invalid media_fbid in attached_media', 100);
      const last = postsOf(data(), 'facebook', pageId)[0];
      if (last && last.kind === 'text' && !attached.length && last.text === message && (last.mediaUrls[0] ?? '') === (link ?? '')) {
        return { ...graphError(400, '(#506) Duplicate status message', 506, { is_transient: false }), headers: auth.headers };
      }
      for (const ph of photos) ph!.published = true;
      const id = `${pageId}_${numericId(16)}`;
      publishPost(req, {
        id,
        accountId: pageId,
        text: message,
        kind: attached.length ? 'photos' : 'text',
        mediaUrls: attached.length ? photos.map((ph) => ph!.url) : link ? [link] : [],
        url: urls.facebookPost(id),
      });
      ctx.state.persist();
      return json(200, { id }, auth.headers);
    },
    { publish: 'create' },
  );

  ctx.router.on(
    'POST',
    'facebook',
    'graph',
    `${v}/:pageId/photos`,
    async (req) => {
      const pageId = req.params.pageId!;
      const auth = authorize(req, pageId);
      if ('response' in auth) return auth.response;
      const p = graphParams(req);
      const url = p.get('url');
      if (!url) return graphError(400, '(#324) Requires upload file', 324);
      const media = ctx.state.takeHandlerFault('facebook', 'media_unreachable') ? { ok: false } : await fetchMedia(url);
      if (!media.ok) return graphError(400, '(#324) Missing or invalid image file', 324);
      if ('contentType' in media && !/^image\//.test(String(media.contentType))) {
        return graphError(400, "Your photos couldn't be uploaded. Photos should be less than 4 MB and saved as JPG, PNG, GIF, TIFF, HEIF or WebP files.", 100, {
          error_subcode: 1366046,
        });
      }
      const photoId = numericId(16);
      const published = p.get('published') !== 'false';
      data().fbPhotos[photoId] = { id: photoId, pageId, url, published };
      if (!published) {
        ctx.state.persist();
        return json(200, { id: photoId }, auth.headers);
      }
      const postId = `${pageId}_${photoId}`;
      publishPost(req, {
        id: postId,
        accountId: pageId,
        text: p.get('message') ?? p.get('caption') ?? '',
        kind: 'photo',
        mediaUrls: [url],
        url: urls.facebookPost(postId),
        ref: photoId,
      });
      ctx.state.persist();
      return json(200, { id: photoId, post_id: postId }, auth.headers);
    },
    // An unpublished photo is invisible and safe to repeat, but the call usually publishes.
    { publish: 'create' },
  );

  ctx.router.on(
    'POST',
    'facebook',
    'graph',
    `${v}/:pageId/videos`,
    async (req) => {
      const pageId = req.params.pageId!;
      const auth = authorize(req, pageId);
      if ('response' in auth) return auth.response;
      const p = graphParams(req);
      const url = p.get('file_url');
      if (!url) return graphError(400, '(#100) Either file_url or source must be provided (the sandbox supports file_url only)', 100);
      const media = ctx.state.takeHandlerFault('facebook', 'media_unreachable') ? { ok: false } : await fetchMedia(url);
      if (!media.ok) return graphError(400, '(#389) Unable to fetch video file from URL.', 389);
      if ('contentType' in media && !/^video\//.test(String(media.contentType)))
        return graphError(400, "(#352) Sorry, the video file you selected is in a format that we don't support.", 352);
      const now = ctx.state.now();
      const id = numericId(16);
      const video: FbVideo = {
        id,
        pageId,
        postId: `${pageId}_${id}`,
        description: p.get('description') ?? '',
        createdAt: now,
        readyAt: now + processingDelayMs(data(), 'facebook', 'video'),
      };
      const title = p.get('title');
      if (title) video.title = title;
      if (ctx.state.takeHandlerFault('facebook', 'processing_failed')) video.failed = true;
      data().fbVideos[id] = video;
      publishPost(req, {
        id: video.postId,
        accountId: pageId,
        text: video.description,
        ...(title ? { title } : {}),
        kind: 'video',
        mediaUrls: [url],
        url: urls.facebookVideo(pageId, id),
        ref: id,
      });
      ctx.state.persist();
      return json(200, { id }, auth.headers);
    },
    { publish: 'create' },
  );

  const postFields = (post: PublishedPost) => ({
    id: post.id,
    message: post.text || undefined,
    created_time: graphTime(post.createdAt),
    permalink_url: post.url,
    status_type: post.kind === 'text' ? 'mobile_status_update' : post.kind === 'video' ? 'added_video' : 'added_photos',
  });

  const videoReady = (post: PublishedPost) => {
    if (post.kind !== 'video') return true;
    const video = data().fbVideos[post.ref ?? ''];
    return !!video && !video.failed && video.readyAt <= ctx.state.now();
  };

  const since = (req: SandboxRequest) => {
    const raw = req.query.get('since');
    if (!raw) return 0;
    return /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw) || 0;
  };

  /**
   * One page of a newest-first edge, Graph style: `limit` (default 25, at most 100), the `after`
   * cursor, `since` (unix seconds or a date), and `paging.cursors` plus `paging.next` (the same URL
   * with `after=`) only while more items exist. A cursor names the item it stands for, so items
   * added meanwhile do not shift the walk.
   */
  const pageOf = <T extends { id: string; createdAt: number }>(
    req: SandboxRequest,
    all: T[],
    sinceMs: number,
    render: (item: T) => Record<string, unknown>,
    headers: Record<string, string>,
  ): SandboxResponse => {
    const limit = Math.min(100, Math.max(1, Math.floor(Number(req.query.get('limit') ?? 25)) || 25));
    const after = req.query.get('after');
    const from = after === null ? 0 : all.findIndex((item) => item.id === fromCursor(after)) + 1;
    if (after !== null && from === 0) return graphError(400, '(#100) The after cursor is not valid', 100);
    const rest = all.slice(from).filter((item) => item.createdAt >= sinceMs);
    const page = rest.slice(0, limit);
    if (!page.length) return json(200, { data: [] }, headers);
    const cursors = { before: toCursor(page[0]!.id), after: toCursor(page[page.length - 1]!.id) };
    let next: string | undefined;
    if (rest.length > limit) {
      const query = new URLSearchParams(req.query);
      query.delete('before');
      query.set('after', cursors.after);
      next = `${ctx.sandboxUrl}/facebook/graph${req.path}?${query.toString()}`;
    }
    return json(200, { data: page.map(render), paging: { cursors, ...(next ? { next } : {}) } }, headers);
  };

  for (const edge of ['feed', 'posts', 'published_posts']) {
    ctx.router.on(
      'GET',
      'facebook',
      'graph',
      `${v}/:pageId/${edge}`,
      (req) => {
        const pageId = req.params.pageId!;
        const auth = authorize(req, pageId);
        if ('response' in auth) return auth.response;
        // Videos show up in the feed once processed, as on Facebook.
        const posts = newestFirst(postsOf(data(), 'facebook', pageId)).filter(videoReady);
        return pageOf(req, posts, since(req), (post) => pick(req.query.get('fields') ?? 'id,message,created_time', postFields(post)), auth.headers);
      },
      { publish: 'step' },
    );
  }

  const videoFields = (video: FbVideo) => {
    const now = ctx.state.now();
    const status = video.failed ? 'error' : video.readyAt <= now ? 'ready' : 'processing';
    const progress = status === 'processing' ? Math.min(99, Math.floor(((now - video.createdAt) / Math.max(1, video.readyAt - video.createdAt)) * 100)) : 100;
    return {
      id: video.id,
      description: video.description || undefined,
      title: video.title,
      created_time: graphTime(video.createdAt),
      permalink_url: urls.facebookVideo(video.pageId, video.id),
      post_id: video.postId,
      status: {
        video_status: status,
        processing_progress: progress,
        uploading_phase: { status: 'complete' },
        processing_phase: {
          status: status === 'processing' ? 'in_progress' : status === 'error' ? 'error' : 'complete',
          ...(status === 'error' ? { errors: [{ code: 6000, message: 'There was a problem processing your video.' }] } : {}),
        },
        publishing_phase: { status: status === 'ready' ? 'complete' : 'not_started' },
      },
    };
  };

  ctx.router.on(
    'GET',
    'facebook',
    'graph',
    `${v}/:pageId/videos`,
    (req) => {
      const pageId = req.params.pageId!;
      const auth = authorize(req, pageId);
      if ('response' in auth) return auth.response;
      const videos = newestFirst(Object.values(data().fbVideos).filter((video) => video.pageId === pageId));
      return pageOf(req, videos, since(req), (video) => pick(req.query.get('fields') ?? 'id,description,created_time', videoFields(video)), auth.headers);
    },
    { publish: 'step' },
  );

  /** GET /{id} for a post or a video (the Page itself is answered by facebook.ts). */
  ctx.lookupFacebookObject = (id, fields, pageId) => {
    const video = data().fbVideos[id];
    if (video && video.pageId === pageId) return pick(fields ?? 'id', videoFields(video));
    const post = data().posts.find((x) => x.platform === 'facebook' && x.id === id && x.accountId === pageId);
    if (post) return pick(fields ?? 'id,message,created_time', postFields(post));
    return undefined;
  };
}
