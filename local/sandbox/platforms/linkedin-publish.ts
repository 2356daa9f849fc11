import type { SandboxContext } from '../context';
import { numericId, processingDelayMs, randomId, recordPost, type LinkedInAsset, type PublishedPost } from '../publish-store';
import { publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { addSandboxComment, sandboxComments } from './comments';
import { accessDenied, administered, liError, restGuard, tokenError, writeRefusal } from './linkedin';

/**
 * LinkedIn publishing (docs/platforms.md#linkedin): the Images and Videos upload flows and
 * POST /rest/posts, refusing what LinkedIn refuses: a write without the permission its author needs
 * (w_member_social as the member, w_organization_social as a page: 403 ACCESS_DENIED), commentary
 * over 3,000 characters, an author the token's member is not or does not administer, an image or video LinkedIn never issued (or someone else's, or one not yet
 * uploaded, finalized and processed), a multi-image post outside 2–20 images; for documents, an
 * upload without an owner, one over 100 MB, a file that is not a PDF or has more than 300 pages
 * (its processing fails), and a document post without a title. The URN of a new post
 * comes back in `x-restli-id`. An organization's recent posts are listed for r_organization_social;
 * a member's need r_member_social, which this app (as most) is not granted.
 */
export const LINKEDIN_COMMENTARY_MAX = 3000;
export const LINKEDIN_MULTI_IMAGE_MIN = 2;
export const LINKEDIN_MULTI_IMAGE_MAX = 20;
export const LINKEDIN_PART_BYTES = 4 * 1024 * 1024;
/** Documents: at most 100 MB and 300 pages (learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/documents-api). */
export const LINKEDIN_DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;
export const LINKEDIN_DOCUMENT_MAX_PAGES = 300;

/**
 * A PDF's page count as the stand-in reads it: its page objects (`/Type /Page`, not `/Pages`). Enough
 * for the files the tests make; a PDF that keeps its objects compressed counts none and is taken.
 */
export function pdfPageCount(bytes: Buffer): number {
  // Buffer.indexOf rather than a regex over a string: an upload may be 100 MB.
  let count = 0;
  for (let at = bytes.indexOf('/Page', 0, 'latin1'); at >= 0; at = bytes.indexOf('/Page', at + 5, 'latin1')) {
    const next = bytes[at + 5] ?? 0;
    const isPages = (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a);
    const before = bytes.subarray(Math.max(0, at - 8), at).toString('latin1');
    if (!isPages && /\/Type\s*$/.test(before)) count += 1;
  }
  return count;
}
const DOCUMENT_NOT_READY: Record<string, string> = {
  WAITING_UPLOAD: 'not uploaded',
  PROCESSING: 'still processing',
  PROCESSING_FAILED: 'a document whose processing failed',
};
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
/** Comment text, as LinkedIn's composer limits it (**unconfirmed**: the reference states no figure). */
export const LINKEDIN_COMMENT_MAX = 1250;
const ORGANIZATION = 'urn:li:organization:';

export function registerLinkedInPublishing(ctx: SandboxContext): void {
  const assets = (): Record<string, LinkedInAsset> => (ctx.state.publishing.linkedinAssets ??= {});
  const unprocessable = (message: string) => liError(422, message);
  const body = (req: SandboxRequest) => (req.json && typeof req.json === 'object' ? (req.json as Record<string, unknown>) : {});
  const uploadUrl = (urn: string, part: number) => `${ctx.sandboxUrl}/linkedin/www/dms-uploads/${encodeURIComponent(urn)}/${part}`;

  ctx.router.on('POST', 'linkedin', 'api', '/rest/images', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    if (req.query.get('action') !== 'initializeUpload') return liError(400, 'Unknown action');
    const owner = (body(req).initializeUploadRequest as { owner?: string } | undefined)?.owner ?? '';
    const refused = writeRefusal(req, guard.record, owner, 'images.ACTION-initializeUpload');
    if (refused) return refused;
    const urn = `urn:li:image:D4E${numericId(16)}`;
    assets()[urn] = { urn, kind: 'image', owner, parts: {}, partCount: 1, createdAt: ctx.state.now() };
    ctx.state.persist();
    return json(200, { value: { uploadUrlExpiresAt: ctx.state.now() + 24 * 3600_000, uploadUrl: uploadUrl(urn, 0), image: urn } });
  });

  // Documents (…/shares/documents-api): initializeUpload with an owner, one PUT of the whole file, then processing.
  ctx.router.on('POST', 'linkedin', 'api', '/rest/documents', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    if (req.query.get('action') !== 'initializeUpload') return liError(400, 'Unknown action');
    const owner = (body(req).initializeUploadRequest as { owner?: unknown } | undefined)?.owner;
    if (typeof owner !== 'string' || !owner) return liError(400, '/initializeUploadRequest/owner :: field is required');
    const refused = writeRefusal(req, guard.record, owner, 'documents.ACTION-initializeUpload');
    if (refused) return refused;
    const urn = `urn:li:document:D4D${numericId(16)}`;
    assets()[urn] = { urn, kind: 'document', owner, parts: {}, partCount: 1, createdAt: ctx.state.now() };
    ctx.state.persist();
    return json(200, { value: { uploadUrlExpiresAt: ctx.state.now() + 24 * 3600_000, uploadUrl: uploadUrl(urn, 0), document: urn } });
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/documents/:urn', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const asset = assets()[req.params.urn!];
    if (!asset || asset.kind !== 'document') return liError(404, `Document ${req.params.urn!} not found`);
    const refused = writeRefusal(req, guard.record, asset.owner, 'documents.GET');
    if (refused) return refused;
    return json(200, { id: asset.urn, owner: asset.owner, status: documentStatus(asset) });
  });

  const documentStatus = (a: LinkedInAsset) =>
    !a.parts['0'] ? 'WAITING_UPLOAD' : ctx.state.now() < (a.readyAt ?? 0) ? 'PROCESSING' : a.failed ? 'PROCESSING_FAILED' : 'AVAILABLE';

  ctx.router.on('POST', 'linkedin', 'api', '/rest/videos', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const action = req.query.get('action');
    if (action === 'initializeUpload') {
      const r = (body(req).initializeUploadRequest ?? {}) as { owner?: string; fileSizeBytes?: number };
      const refused = writeRefusal(req, guard.record, r.owner ?? '', 'videos.ACTION-initializeUpload');
      if (refused) return refused;
      if (typeof r.fileSizeBytes !== 'number' || r.fileSizeBytes <= 0) return liError(400, 'fileSizeBytes is required');
      const urn = `urn:li:video:D5F${numericId(16)}`;
      const partCount = Math.ceil(r.fileSizeBytes / LINKEDIN_PART_BYTES);
      const uploadToken = randomId();
      assets()[urn] = { urn, kind: 'video', owner: r.owner!, sizeBytes: r.fileSizeBytes, parts: {}, partCount, uploadToken, createdAt: ctx.state.now() };
      ctx.state.persist();
      const uploadInstructions = Array.from({ length: partCount }, (_, i) => ({
        uploadUrl: uploadUrl(urn, i),
        firstByte: i * LINKEDIN_PART_BYTES,
        lastByte: Math.min(r.fileSizeBytes!, (i + 1) * LINKEDIN_PART_BYTES) - 1,
      }));
      return json(200, { value: { uploadUrlsExpireAt: ctx.state.now() + 24 * 3600_000, video: urn, uploadInstructions, uploadToken } });
    }
    if (action === 'finalizeUpload') {
      const r = (body(req).finalizeUploadRequest ?? {}) as { video?: string; uploadToken?: string; uploadedPartIds?: string[] };
      const asset = assets()[r.video ?? ''];
      if (!asset || asset.kind !== 'video') return liError(404, `Video ${r.video ?? ''} not found`);
      const refused = writeRefusal(req, guard.record, asset.owner, 'videos.ACTION-finalizeUpload');
      if (refused) return refused;
      if (r.uploadToken !== asset.uploadToken) return liError(400, 'The upload token does not match the video');
      const expected = Array.from({ length: asset.partCount }, (_, i) => asset.parts[String(i)]);
      if (expected.some((etag) => !etag) || JSON.stringify(expected) !== JSON.stringify(r.uploadedPartIds ?? []))
        return liError(400, 'uploadedPartIds must list the ETag of every uploaded part, in order');
      asset.finalized = true;
      asset.readyAt = ctx.state.now() + processingDelayMs(ctx.state.publishing, 'linkedin', 'video');
      ctx.state.persist();
      return json(200, {});
    }
    return liError(400, 'Unknown action');
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/videos/:urn', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const asset = assets()[req.params.urn!];
    if (!asset || asset.kind !== 'video') return liError(404, `Video ${req.params.urn!} not found`);
    const refused = writeRefusal(req, guard.record, asset.owner, 'videos.GET');
    if (refused) return refused;
    return json(200, { id: asset.urn, owner: asset.owner, status: videoStatus(asset) });
  });

  const videoStatus = (a: LinkedInAsset) => (!a.finalized ? 'WAITING_UPLOAD' : ctx.state.now() < (a.readyAt ?? 0) ? 'PROCESSING' : 'AVAILABLE');

  // The upload URLs: bytes for an image, or one 4 MB part of a video (answered with its ETag).
  ctx.router.on('PUT', 'linkedin', 'www', '/dms-uploads/:urn/:part', (req) => {
    const check = ctx.state.check('linkedin', req.bearer);
    if (!check.ok) return tokenError(check);
    const asset = assets()[req.params.urn!];
    const part = Number(req.params.part);
    if (!asset || !(part >= 0 && part < asset.partCount)) return liError(404, 'Upload not found');
    const refused = writeRefusal(req, check.record, asset.owner, 'upload');
    if (refused) return refused;
    if (req.raw.length === 0) return liError(400, 'The upload is empty');
    if (asset.kind === 'document') {
      // Too large is refused at once (status code **unconfirmed**); what LinkedIn cannot read fails in processing.
      if (req.raw.length > LINKEDIN_DOCUMENT_MAX_BYTES) return liError(400, `The document is larger than ${LINKEDIN_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`);
      asset.sizeBytes = req.raw.length;
      asset.failed = !isPdf(req.raw) || pdfPageCount(req.raw) > LINKEDIN_DOCUMENT_MAX_PAGES;
      asset.readyAt = ctx.state.now() + processingDelayMs(ctx.state.publishing, 'linkedin', 'image');
    }
    if (asset.kind === 'video') {
      const expected = Math.min(asset.sizeBytes!, (part + 1) * LINKEDIN_PART_BYTES) - part * LINKEDIN_PART_BYTES;
      if (req.raw.length !== expected) return liError(400, `Part ${part} must be ${expected} bytes`);
    }
    const etag = `/ambry-video/${randomId()}`;
    asset.parts[String(part)] = etag;
    ctx.state.persist();
    return { status: 201, headers: { etag } };
  });

  /** A media URN the post may use: issued, owned by the author, uploaded, and (for a video) finalized and processed. */
  const mediaProblem = (urn: unknown, author: string): string | undefined => {
    const asset = typeof urn === 'string' ? assets()[urn] : undefined;
    if (!asset) return `/content/media/id :: ${String(urn)} does not exist`;
    if (asset.owner !== author) return `/content/media/id :: ${asset.urn} is not owned by the author ${author}`;
    if (asset.kind === 'image' && !asset.parts['0']) return `/content/media/id :: ${asset.urn} has not been uploaded`;
    if (asset.kind === 'video' && videoStatus(asset) !== 'AVAILABLE')
      return `/content/media/id :: ${asset.urn} is ${videoStatus(asset) === 'WAITING_UPLOAD' ? 'not finalized' : 'still processing'}`;
    if (asset.kind === 'document' && documentStatus(asset) !== 'AVAILABLE')
      return `/content/media/id :: ${asset.urn} is ${DOCUMENT_NOT_READY[documentStatus(asset)]}`;
    return undefined;
  };

  ctx.router.on(
    'POST',
    'linkedin',
    'api',
    '/rest/posts',
    (req): SandboxResponse => {
      const guard = restGuard(ctx, req);
      if ('response' in guard) return guard.response;
      const b = body(req);
      const author = typeof b.author === 'string' ? b.author : '';
      const commentary = typeof b.commentary === 'string' ? b.commentary : '';
      if (!author || !b.visibility || !b.distribution || b.lifecycleState !== 'PUBLISHED')
        return liError(400, 'author, visibility, distribution and lifecycleState PUBLISHED are required');
      const refused = writeRefusal(req, guard.record, author, 'partnerApiPostsExternal.CREATE');
      if (refused) return refused;
      if ([...commentary].length > LINKEDIN_COMMENTARY_MAX)
        return unprocessable(`/commentary :: length ${[...commentary].length} exceeds the maximum allowed ${LINKEDIN_COMMENTARY_MAX}`);
      const content = (b.content ?? {}) as {
        media?: { id?: unknown; title?: unknown };
        multiImage?: { images?: { id?: unknown }[] };
        article?: { source?: unknown; title?: unknown };
      };
      let kind: PublishedPost['kind'] = 'text';
      let title: string | undefined;
      const mediaUrls: string[] = [];
      if (content.media) {
        const problem = mediaProblem(content.media.id, author);
        if (problem) return unprocessable(problem);
        kind = assets()[content.media.id as string]!.kind;
        if (kind === 'document') {
          // A document is shown under its title (required in practice: **unconfirmed** on the reference pages).
          if (typeof content.media.title !== 'string' || !content.media.title.trim())
            return unprocessable('/content/media/title :: a document post needs a title');
          title = content.media.title;
        }
      } else if (content.multiImage) {
        const images = content.multiImage.images ?? [];
        if (images.length < LINKEDIN_MULTI_IMAGE_MIN || images.length > LINKEDIN_MULTI_IMAGE_MAX)
          return unprocessable(
            `/content/multiImage/images :: a multi-image post takes ${LINKEDIN_MULTI_IMAGE_MIN} to ${LINKEDIN_MULTI_IMAGE_MAX} images, not ${images.length}`,
          );
        for (const image of images) {
          const problem = mediaProblem(image.id, author);
          if (problem) return unprocessable(problem);
        }
        kind = 'carousel';
      } else if (content.article) {
        if (typeof content.article.source !== 'string' || !/^https?:\/\//.test(content.article.source) || typeof content.article.title !== 'string')
          return unprocessable('/content/article :: source (a URL) and title are required');
        kind = 'article';
        mediaUrls.push(content.article.source);
      } else if (!commentary.trim()) return unprocessable('/commentary :: a post without content needs commentary');
      const urn = `urn:li:share:${numericId(19)}`;
      recordPost(
        ctx.state.publishing,
        {
          id: urn,
          platform: 'linkedin',
          accountId: author,
          text: commentary,
          kind,
          mediaUrls,
          ...(title ? { title } : {}),
          createdAt: ctx.state.now(),
          url: publicUrls(ctx).linkedinPost(urn),
          visibility: 'public',
        },
        req.receivedAtMs,
        ctx.state.now(),
      );
      ctx.state.persist();
      return { status: 201, headers: { 'x-restli-id': urn, 'x-linkedin-id': urn }, body: {} };
    },
    { publish: 'create' },
  );

  // First comments: as the post's author (or anyone the token may act as), under a post that exists.
  ctx.router.on('POST', 'linkedin', 'api', '/rest/socialActions/:urn/comments', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const urn = req.params.urn!;
    const b = body(req) as { actor?: string; object?: string; message?: { text?: string } };
    const target = ctx.state.publishing.posts.find((p) => p.platform === 'linkedin' && p.id === urn);
    if (!target) return liError(404, `${urn} not found`);
    if (b.object !== urn) return liError(400, '/object must be the post the comment is on');
    const refused = writeRefusal(req, guard.record, b.actor ?? '', 'socialActions.comments.CREATE');
    if (refused) return refused;
    const text = b.message?.text ?? '';
    if (!text.trim()) return liError(400, '/message/text is required');
    if ([...text].length > LINKEDIN_COMMENT_MAX)
      return unprocessable(`/message/text :: length ${[...text].length} exceeds the maximum allowed ${LINKEDIN_COMMENT_MAX}`);
    const id = numericId(19);
    addSandboxComment(ctx.state.publishing, { id, platform: 'linkedin', parentId: urn, accountId: b.actor!, text, createdAt: ctx.state.now() });
    ctx.state.persist();
    const commentUrn = `urn:li:comment:(${urn},${id})`;
    return json(201, { id, actor: b.actor, object: urn, message: { text }, created: { time: ctx.state.now() } }, { 'x-restli-id': commentUrn });
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/socialActions/:urn/comments', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const urn = req.params.urn!;
    const target = ctx.state.publishing.posts.find((p) => p.platform === 'linkedin' && p.id === urn);
    if (!target) return liError(404, `${urn} not found`);
    const { record } = guard;
    const mayRead = target.accountId.startsWith(ORGANIZATION)
      ? administered(record).includes(target.accountId.slice(ORGANIZATION.length)) && record.scopes.includes('r_organization_social')
      : record.scopes.includes('r_member_social');
    if (!mayRead) return accessDenied(req, 'socialActions.comments.GET');
    const elements = sandboxComments(ctx.state.publishing)
      .filter((c) => c.platform === 'linkedin' && c.parentId === urn)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((c) => ({ id: c.id, actor: c.accountId, object: urn, message: { text: c.text }, created: { time: c.createdAt } }));
    return json(200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/posts', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    if (req.query.get('q') !== 'author') return liError(400, 'Invalid finder: q must be author');
    const author = req.query.get('author') ?? '';
    const { record } = guard;
    const mayRead = author.startsWith(ORGANIZATION)
      ? administered(record).includes(author.slice(ORGANIZATION.length)) && record.scopes.includes('r_organization_social')
      : author === `urn:li:person:${record.identityId}` && record.scopes.includes('r_member_social');
    if (!mayRead) return accessDenied(req, 'partnerApiPostsExternal.FINDER-author');
    const count = Math.min(100, Number(req.query.get('count') ?? 10) || 10);
    const start = Math.max(0, Number(req.query.get('start') ?? 0) || 0);
    // Newest first (sortBy=CREATED), `start`/`count` paging as Rest.li collections page.
    const elements = ctx.state.publishing.posts
      .filter((p) => p.platform === 'linkedin' && p.accountId === author)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(start, start + count)
      .map((p) => ({
        id: p.id,
        author,
        commentary: p.text,
        createdAt: p.createdAt,
        publishedAt: p.createdAt,
        lifecycleState: 'PUBLISHED',
        visibility: 'PUBLIC',
      }));
    return json(200, { paging: { start, count, links: [] }, elements });
  });
}
