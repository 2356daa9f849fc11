import { randomBytes } from 'node:crypto';
import { identity } from '../apps';
import type { SandboxContext } from '../context';
import { fetchMedia, numericId, processingDelayMs, recordPost, type PinterestMediaUpload } from '../publish-store';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { pinterestAuthorize, pinterestError } from './pinterest';

/**
 * Pinterest publishing (developers.pinterest.com/docs/api/v5/pins-create, …/media-create,
 * …/docs/content/content-creation/video-pins): POST /v5/pins with a board and a media_source; an
 * image_url Pinterest fetches itself (so the stand-in does too), or a video_id registered with POST
 * /v5/media, uploaded to its upload_url as an S3 form POST and reported by GET /v5/media/{id} as
 * registered → processing → succeeded (or failed). Refused as Pinterest refuses: a missing, expired or
 * revoked token (401), a token without the scope (403), a board that is not the account's (404), a
 * title over 100, a description over 500, alt text over 500 characters, a link that is not a web address,
 * an image it cannot fetch or that is not an image (each carousel item's too), a carousel of fewer than
 * 2 or more than 5 items or an item without a url, a video not yet succeeded or not the account's, a
 * video pin without a cover image (400). The codes in the bodies are the stand-in's own.
 */
export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 500;
export const PIN_ALT_TEXT_MAX = 500;
export const PIN_LINK_MAX = 2048;
export const PIN_CAROUSEL_MIN = 2;
export const PIN_CAROUSEL_MAX = 5;

/** Each sandbox account's boards (GET /v5/boards). Ada Bakes has none, to show the empty picker. */
export const SANDBOX_BOARDS: Record<string, { id: string; name: string; privacy: 'PUBLIC' | 'SECRET' }[]> = {
  '1090000000000000001': [
    { id: '1090000000000100001', name: 'Coffee recipes', privacy: 'PUBLIC' },
    { id: '1090000000000100002', name: 'Café interiors', privacy: 'PUBLIC' },
    { id: '1090000000000100003', name: 'Seasonal menu drafts', privacy: 'SECRET' },
  ],
  '1090000000000000002': [],
};

/** Pinterest writes times as UTC without a zone: "2026-11-29T15:04:05". */
const pinTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

const bad = (message: string) => pinterestError(400, 1, message);

export function registerPinterestPublishing(ctx: SandboxContext): void {
  const data = () => ctx.state.publishing;
  const uploads = (): Record<string, PinterestMediaUpload> => (data().pinterestMedia ??= {});
  const boardsOf = (identityId: string) => SANDBOX_BOARDS[identityId] ?? [];
  const pinUrl = (id: string) => `${ctx.sandboxUrl}/pinterest/www/pin/${id}/`;

  const mediaStatus = (m: PinterestMediaUpload) => {
    if (m.failed) return 'failed';
    if (m.uploadedAt === undefined) return 'registered';
    return ctx.state.now() < m.readyAt! ? 'processing' : 'succeeded';
  };

  ctx.router.on('GET', 'pinterest', 'api', '/v5/boards', (req) => {
    const auth = pinterestAuthorize(ctx, req, 'boards:read');
    if ('response' in auth) return auth.response;
    const size = Number(req.query.get('page_size') ?? '25');
    if (!Number.isInteger(size) || size < 1 || size > 250) return bad('page_size must be between 1 and 250.');
    const all = boardsOf(auth.identityId);
    const from = Number(req.query.get('bookmark') ?? '0') || 0;
    const page = all.slice(from, from + size);
    const next = from + size < all.length ? String(from + size) : null;
    return json(200, {
      items: page.map((b) => ({ ...b, description: '', owner: { username: identity('pinterest', auth.identityId)!.username } })),
      bookmark: next,
    });
  });

  ctx.router.on('GET', 'pinterest', 'api', '/v5/boards/:boardId', (req) => {
    const auth = pinterestAuthorize(ctx, req, 'boards:read');
    if ('response' in auth) return auth.response;
    const board = boardsOf(auth.identityId).find((b) => b.id === req.params.boardId);
    return board ? json(200, { ...board, description: '' }) : pinterestError(404, 40, 'Board not found.');
  });

  ctx.router.on('GET', 'pinterest', 'api', '/v5/boards/:boardId/pins', (req) => {
    const auth = pinterestAuthorize(ctx, req, 'pins:read');
    if ('response' in auth) return auth.response;
    const boardId = req.params.boardId!;
    if (!boardsOf(auth.identityId).some((b) => b.id === boardId)) return pinterestError(404, 40, 'Board not found.');
    const size = Math.min(250, Math.max(1, Number(req.query.get('page_size') ?? '25') || 25));
    // Newest first, a page at a time; `bookmark` names the next page while there is one.
    const all = data()
      .posts.filter((p) => p.platform === 'pinterest' && p.ref === boardId)
      .sort((a, b) => b.createdAt - a.createdAt);
    const from = Number(req.query.get('bookmark') ?? '0') || 0;
    const pins = all.slice(from, from + size);
    return json(200, {
      items: pins.map((p) => ({ id: p.id, board_id: boardId, title: p.title ?? '', description: p.text, created_at: pinTime(p.createdAt) })),
      bookmark: from + size < all.length ? String(from + size) : null,
    });
  });

  ctx.router.on(
    'POST',
    'pinterest',
    'api',
    '/v5/media',
    (req) => {
      const auth = pinterestAuthorize(ctx, req, 'pins:write');
      if ('response' in auth) return auth.response;
      const body = (req.json ?? {}) as { media_type?: unknown };
      if (body.media_type !== 'video') return bad('media_type must be video.');
      const id = numericId(19);
      const signature = randomBytes(16).toString('hex');
      uploads()[id] = { id, identityId: auth.identityId, signature, createdAt: ctx.state.now() };
      ctx.state.persist();
      return json(201, {
        media_id: id,
        media_type: 'video',
        upload_url: `${ctx.sandboxUrl}/pinterest/upload/`,
        upload_parameters: {
          'x-amz-date': pinTime(ctx.state.now()).replace(/[-:]/g, '') + 'Z',
          'x-amz-signature': signature,
          'x-amz-security-token': `sbx-${id}`,
          'x-amz-algorithm': 'AWS4-HMAC-SHA256',
          key: `uploads/${id}`,
          policy: Buffer.from(JSON.stringify({ key: `uploads/${id}` })).toString('base64'),
          'x-amz-credential': 'SANDBOX/pinterest-media-upload',
          'Content-Type': 'multipart/form-data',
        },
      });
    },
    { publish: 'step' },
  );

  // The S3 form POST: every upload parameter as it was handed out, then the file.
  ctx.router.on(
    'POST',
    'pinterest',
    'upload',
    '/',
    async (req) => {
      let form: FormData;
      try {
        form = await new Request('http://upload.local/', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
          body: new Uint8Array(req.raw),
        }).formData();
      } catch {
        return s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
      }
      const key = String(form.get('key') ?? '');
      const upload = uploads()[key.replace(/^uploads\//, '')];
      if (!upload || upload.uploadedAt !== undefined || form.get('x-amz-signature') !== upload.signature)
        return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed');
      const file = form.get('file');
      if (!(file instanceof Blob) || file.size === 0) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
      const head = Buffer.from(await file.slice(0, 12).arrayBuffer());
      const isVideo = head.subarray(4, 8).toString('latin1') === 'ftyp' || head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      const now = ctx.state.now();
      Object.assign(upload, { uploadedAt: now, readyAt: now + processingDelayMs(data(), 'pinterest', 'video') });
      if (!isVideo || ctx.state.takeHandlerFault('pinterest', 'processing_failed')) upload.failed = true;
      ctx.state.persist();
      return { status: 204 };
    },
    { publish: 'step' },
  );

  ctx.router.on('GET', 'pinterest', 'api', '/v5/media/:mediaId', (req) => {
    const auth = pinterestAuthorize(ctx, req, 'pins:read');
    if ('response' in auth) return auth.response;
    const m = uploads()[req.params.mediaId!];
    if (!m || m.identityId !== auth.identityId) return pinterestError(404, 50, 'Media not found.');
    return json(200, { media_id: m.id, media_type: 'video', status: mediaStatus(m) });
  });

  ctx.router.on(
    'POST',
    'pinterest',
    'api',
    '/v5/pins',
    async (req) => {
      const auth = pinterestAuthorize(ctx, req, 'pins:write');
      if ('response' in auth) return auth.response;
      const b = (req.json ?? {}) as Record<string, unknown>;
      const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
      const boardId = text('board_id');
      if (!boardId) return bad('board_id is required.');
      if (!boardsOf(auth.identityId).some((x) => x.id === boardId)) return pinterestError(404, 40, 'Board not found.');
      const title = text('title') ?? '';
      const description = text('description') ?? '';
      const alt = text('alt_text') ?? '';
      const link = text('link');
      if ([...title].length > PIN_TITLE_MAX) return bad(`title must be at most ${PIN_TITLE_MAX} characters.`);
      if ([...description].length > PIN_DESCRIPTION_MAX) return bad(`description must be at most ${PIN_DESCRIPTION_MAX} characters.`);
      if ([...alt].length > PIN_ALT_TEXT_MAX) return bad(`alt_text must be at most ${PIN_ALT_TEXT_MAX} characters.`);
      if (link !== undefined && (link.length > PIN_LINK_MAX || !/^https?:\/\/[^\s]+$/i.test(link))) return bad('link must be a valid URL.');
      const source = (b.media_source ?? {}) as Record<string, unknown>;
      const fetchImage = async (url: unknown): Promise<SandboxResponse | undefined> => {
        const got = ctx.state.takeHandlerFault('pinterest', 'media_unreachable') ? { ok: false } : await fetchMedia(typeof url === 'string' ? url : undefined);
        if (!got.ok) return bad('Sorry we could not fetch the image.');
        if (!('contentType' in got) || !String(got.contentType).startsWith('image/')) return bad('The image is not a supported image type.');
        return undefined;
      };
      let kind: 'image' | 'carousel' | 'video';
      let mediaUrls: string[];
      if (source.source_type === 'image_url') {
        const refused = await fetchImage(source.url);
        if (refused) return refused;
        kind = 'image';
        mediaUrls = [String(source.url)];
      } else if (source.source_type === 'multiple_image_urls') {
        const items = source.items;
        if (!Array.isArray(items) || items.length < PIN_CAROUSEL_MIN || items.length > PIN_CAROUSEL_MAX)
          return bad(`media_source.items must hold between ${PIN_CAROUSEL_MIN} and ${PIN_CAROUSEL_MAX} images.`);
        const urls: string[] = [];
        for (const [i, item] of items.entries()) {
          const url = (item as { url?: unknown } | null)?.url;
          if (typeof url !== 'string' || !url) return bad(`media_source.items[${i}].url is required.`);
          const refused = await fetchImage(url);
          if (refused) return refused;
          urls.push(url);
        }
        kind = 'carousel';
        mediaUrls = urls;
      } else if (source.source_type === 'video_id') {
        const m = uploads()[String(source.media_id ?? '')];
        if (!m || m.identityId !== auth.identityId) return pinterestError(404, 50, 'Media not found.');
        const status = mediaStatus(m);
        if (status !== 'succeeded') return bad(`The video is not ready to be pinned (status: ${status}).`);
        if (typeof source.cover_image_url !== 'string') return bad('A video pin needs cover_image_url.');
        const refused = await fetchImage(source.cover_image_url);
        if (refused) return refused;
        kind = 'video';
        mediaUrls = [source.cover_image_url];
      } else return bad('media_source.source_type must be one of image_url, image_base64, multiple_image_urls, video_id, pin_url.');
      const id = numericId(18);
      const post = recordPost(
        data(),
        {
          id,
          platform: 'pinterest',
          accountId: auth.identityId,
          text: description,
          ...(title ? { title } : {}),
          kind,
          mediaUrls,
          createdAt: ctx.state.now(),
          url: pinUrl(id),
          visibility: 'public',
          ref: boardId,
        },
        req.receivedAtMs,
        ctx.state.now(),
      );
      ctx.state.persist();
      return json(201, {
        id: post.id,
        created_at: pinTime(post.createdAt),
        board_id: boardId,
        title,
        description,
        link: link ?? null,
        alt_text: alt || null,
        media: { media_type: kind === 'carousel' ? 'multiple_images' : kind },
      });
    },
    { publish: 'create' },
  );

  ctx.router.on('GET', 'pinterest', 'api', '/v5/pins/:pinId/analytics', (req: SandboxRequest) => {
    const auth = pinterestAuthorize(ctx, req, 'pins:read');
    if ('response' in auth) return auth.response;
    const pin = data().posts.find((p) => p.platform === 'pinterest' && p.id === req.params.pinId && p.accountId === auth.identityId);
    if (!pin) return pinterestError(404, 50, 'Pin not found.');
    for (const k of ['start_date', 'end_date', 'metric_types']) if (!req.query.get(k)) return bad(`${k} is required.`);
    // Counts grow with the pin's age, so successive readings differ as real ones would.
    const minutes = Math.max(0, Math.floor((ctx.state.now() - pin.createdAt) / 60000));
    const counts = { IMPRESSION: minutes * 3, SAVE: Math.floor(minutes / 20), PIN_CLICK: Math.floor(minutes / 10), OUTBOUND_CLICK: Math.floor(minutes / 30) };
    const wanted = req.query.get('metric_types')!.split(',');
    const summary = Object.fromEntries(Object.entries(counts).filter(([k]) => wanted.includes(k)));
    return json(200, {
      all: { summary_metrics: summary, daily_metrics: [{ date: pinTime(ctx.state.now()).slice(0, 10), data_status: 'READY', metrics: summary }] },
    });
  });
}

function s3Error(status: number, code: string, message: string): SandboxResponse {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    html: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  };
}
