import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { CAPTION_LIMITS } from '@shared/platforms';
import { withFollowUps, type ReplyApi } from './follow-ups';
import { LINKEDIN_VERSION, linkedinPages } from './hosts';
import {
  callPlatform,
  callPlatformRaw,
  expiresAtFrom,
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
import { LOOKUP_SKEW_SECONDS, guardedCreate, isImage, isVideo, num, publishCallContext, sameText, str, unknownOutcome } from './publish';
import {
  PlatformError,
  type ConnectedProfile,
  type PlatformAdapter,
  type PublishCheckpoint,
  type PublishContext,
  type PublishMedia,
  type PublishStepResult,
  type TokenSet,
} from './types';

/**
 * LinkedIn (docs/platforms.md#linkedin): OAuth 2.0 on www.linkedin.com, the member from OpenID
 * Connect's /v2/userinfo, and everything else on the versioned REST APIs (api.linkedin.com/rest/…,
 * every call with `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`).
 *  - A post: POST /rest/posts; its URN comes back in the `x-restli-id` header.
 *  - Images: /rest/images?action=initializeUpload → PUT the bytes → the image URN in the post.
 *  - A video: /rest/videos?action=initializeUpload → PUT each part (ETag) → finalizeUpload → poll
 *    GET /rest/videos/{urn} until AVAILABLE.
 *  - A document (PDF): /rest/documents?action=initializeUpload → PUT the bytes → poll
 *    GET /rest/documents/{urn} until AVAILABLE → the post names it with a title.
 *  - Organization pages the member administers (organizationAcls) are accounts of their own; an
 *    account's id is its author URN (urn:li:person:… or urn:li:organization:…).
 */

/** Members post with w_member_social; pages need the Community Management scopes (r_organization_social to find a post after a lost answer). */
export const LINKEDIN_MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
export const LINKEDIN_ORGANIZATION_SCOPES = ['w_organization_social', 'r_organization_social', 'r_organization_admin'] as const;
export const LINKEDIN_SCOPES = [...LINKEDIN_MEMBER_SCOPES, ...LINKEDIN_ORGANIZATION_SCOPES] as const;

export const LINKEDIN_COMMENTARY_LIMIT = CAPTION_LIMITS.linkedin;
/** A multi-image post takes 2 to 20 images (…/shares/multiimage-post-api). */
export const LINKEDIN_MULTI_IMAGE_MAX = 20;

/** Video processing: look again soon, then every 30 s, for at most 15 minutes. */
export const FIRST_RECHECK_SECONDS = 3;
export const POLL_EVERY_SECONDS = 30;
export const MAX_PROCESSING_SECONDS = 15 * 60;
export const STILL_PROCESSING_MESSAGE = 'LinkedIn was still processing the video after 15 minutes; please try again.';
export const DOCUMENT_STILL_PROCESSING_MESSAGE = 'LinkedIn was still processing the document after 15 minutes; please try again.';
export const DOCUMENT_TITLE_MESSAGE = 'A LinkedIn document post needs a title; add one to the post.';
export const MEMBER_LOOKUP_MESSAGE =
  "LinkedIn doesn't let us read a member's posts to check, so we didn't post again: look at your LinkedIn profile and post again if it isn't there.";

const PERSON = 'urn:li:person:';
const ORGANIZATION = 'urn:li:organization:';
const isOrganization = (urn: string) => urn.startsWith(ORGANIZATION);

const TokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const UserInfoSchema = z.object({ sub: z.string().min(1), name: z.string().optional(), picture: z.string().optional() });
const AclsSchema = z.object({
  elements: z.array(z.object({ organization: z.string(), role: z.string(), state: z.string().optional() })),
});
const OrganizationSchema = z.object({ id: z.number().or(z.string()), localizedName: z.string().optional(), vanityName: z.string().optional() });
const ImageInitSchema = z.object({ value: z.object({ uploadUrl: z.string().min(1), image: z.string().min(1) }) });
const VideoInitSchema = z.object({
  value: z.object({
    video: z.string().min(1),
    uploadToken: z.string().optional(),
    uploadInstructions: z.array(z.object({ uploadUrl: z.string().min(1), firstByte: z.number(), lastByte: z.number() })).min(1),
  }),
});
const VideoSchema = z.object({ id: z.string().optional(), status: z.string() });
const DocumentInitSchema = z.object({ value: z.object({ uploadUrl: z.string().min(1), document: z.string().min(1) }) });
/** WAITING_UPLOAD, PROCESSING, AVAILABLE or PROCESSING_FAILED (…/shares/documents-api, Get a Document). */
const DocumentSchema = z.object({ id: z.string().optional(), status: z.string() });
const isDocument = (m: PublishMedia) => m.mimeType.toLowerCase() === 'application/pdf';
/** After a lost answer: how far back the author's posts are read (50 a page, 10 pages) before the outcome counts as unknown. */
const LOOKUP_PAGE_SIZE = 50;
const LOOKUP_PAGES = 10;
const PostListSchema = z.object({
  elements: z.array(z.object({ id: z.string(), commentary: z.string().optional(), createdAt: z.number().optional(), publishedAt: z.number().optional() })),
});
const CommentListSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string().optional(),
      actor: z.string().optional(),
      message: z.object({ text: z.string() }).optional(),
      created: z.object({ time: z.number() }).optional(),
    }),
  ),
});
const LinkedInErrorSchema = z.object({
  status: z.number().optional(),
  code: z.string().optional(),
  serviceErrorCode: z.number().optional(),
  message: z.string().optional(),
});
const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * LinkedIn's REST errors (`{status, code, serviceErrorCode, message}`) and the token endpoint's
 * RFC 6749 errors, in our terms (docs/platforms.md#linkedin, Errors).
 */
export function classifyLinkedInError(res: FailedResponse): Classification {
  const oauth = OAuthErrorSchema.safeParse(res.body);
  if (oauth.success) {
    const base = { code: oauth.data.error, platformMessage: oauth.data.error_description };
    if (oauth.data.error === 'invalid_client') return { ...base, category: 'stop', reason: "our LinkedIn app credentials weren't accepted" };
    if (isServerError(res.status)) return { ...base, category: 'retry', reason: 'LinkedIn had a temporary problem' };
    return { ...base, category: 'reauth', reason: 'the sign-in was not accepted; please connect LinkedIn again' };
  }
  const parsed = LinkedInErrorSchema.safeParse(res.body);
  const e = parsed.success ? parsed.data : {};
  const base = { ...(e.code || e.serviceErrorCode ? { code: e.code ?? e.serviceErrorCode } : {}), ...(e.message ? { platformMessage: e.message } : {}) };
  if (res.status === 401) return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect LinkedIn' };
  if (res.status === 403)
    return {
      ...base,
      category: 'stop',
      reason: 'a permission is missing from this connection, or the member lacks the page role it needs; reconnect LinkedIn and allow everything it asks for',
    };
  if (res.status === 426) return { ...base, category: 'stop', reason: 'the LinkedIn API version we use is no longer served' };
  if (res.status === 429) {
    // LinkedIn's daily limits reset at midnight UTC; a 429 without Retry-After waits for that.
    const midnight = Date.UTC(res.now.getUTCFullYear(), res.now.getUTCMonth(), res.now.getUTCDate() + 1);
    const untilReset = Math.max(60, Math.ceil((midnight - res.now.getTime()) / 1000));
    return { ...base, category: 'backoff', reason: 'too many requests', retryAfterSeconds: retryAfterHeader(res.headers, res.now) ?? untilReset };
  }
  if (isServerError(res.status)) return { ...base, category: 'retry', reason: 'LinkedIn had a temporary problem' };
  if (res.status === 400 || res.status === 422) return { ...base, category: 'fix-input', reason: 'LinkedIn refused the request as invalid' };
  if (res.status === 404) return { ...base, category: 'stop', reason: 'LinkedIn did not find it' };
  return { ...base, category: 'stop', reason: `LinkedIn answered with status ${res.status}` };
}

export interface LinkedInOptions {
  /** Ask for the page scopes and offer the administered pages: the deployment setting LINKEDIN_PAGES. */
  readonly pages?: boolean;
}

export function createLinkedInAdapter(deps: AdapterDeps<'linkedin'>, options: LinkedInOptions = {}): PlatformAdapter {
  const { app, hosts, now } = deps;
  // Read when the adapter is made, so a bad LINKEDIN_PAGES stops the connect or publish that needs it, with its name.
  const offersPages = options.pages ?? linkedinPages();
  const scopes = offersPages ? LINKEDIN_SCOPES : LINKEDIN_MEMBER_SCOPES;
  const ctx: CallContext = { platform: 'linkedin', fetch: deps.fetch, now, classify: classifyLinkedInError };
  const publishCtx = publishCallContext(ctx, {
    VERSION_MISSING: 'Our LinkedIn connection is out of date; we will fix it. Nothing was posted.',
    NONEXISTENT_VERSION: 'Our LinkedIn connection is out of date; we will fix it. Nothing was posted.',
  });
  const rest = `${hosts.api}/rest`;

  const headers = (tokens: TokenSet, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${tokens.accessToken}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': '2.0.0',
    accept: 'application/json',
    ...extra,
  });
  const restGet = <S extends z.ZodType>(c: CallContext, tokens: TokenSet, what: string, url: string, schema: S) =>
    callPlatform(c, { what, url, init: { method: 'GET', headers: headers(tokens) }, schema, secrets: [tokens.accessToken] });
  const restPost = <S extends z.ZodType>(c: CallContext, tokens: TokenSet, what: string, url: string, body: unknown, schema: S) =>
    callPlatform(c, {
      what,
      url,
      init: { method: 'POST', headers: headers(tokens, { 'content-type': 'application/json' }), body: JSON.stringify(body) },
      schema,
      secrets: [tokens.accessToken],
    });

  const postUrl = (urn: string) => `${hosts.www}/feed/update/${encodeURIComponent(urn)}/`;
  const posted = (urn: string): PublishStepResult => ({ status: 'posted', platformPostId: urn, postUrl: postUrl(urn) });

  const readAll = async (m: PublishMedia): Promise<Buffer> => {
    if (m.open) {
      const opened = await m.open();
      return Buffer.isBuffer(opened) ? opened : Buffer.from(await new Response(opened).arrayBuffer());
    }
    const res = await deps.fetch(m.url);
    if (!res.ok) throw new PlatformError('linkedin', 'retry', "We couldn't read the file from storage; we'll try again.");
    return Buffer.from(await res.arrayBuffer());
  };

  /** PUT bytes to an upload URL LinkedIn gave us; the answer's ETag names the part. */
  const put = async (tokens: TokenSet, what: string, url: string, body: Buffer, mimeType: string): Promise<string | null> => {
    const r = await callPlatformRaw(publishCtx, {
      what,
      url,
      init: { method: 'PUT', headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': mimeType }, body: new Uint8Array(body) },
      accept: [200, 201],
      secrets: [tokens.accessToken],
    });
    return r.headers.get('etag');
  };

  const checkInput = (context: PublishContext) => {
    const { caption, media } = context.request;
    if ([...caption].length > LINKEDIN_COMMENTARY_LIMIT)
      throw new PlatformError(
        'linkedin',
        'fix-input',
        `The text is longer than the ${LINKEDIN_COMMENTARY_LIMIT.toLocaleString('en-US')} characters LinkedIn allows.`,
      );
    if (media.some(isDocument)) {
      if (media.length > 1) throw new PlatformError('linkedin', 'fix-input', 'A LinkedIn post takes one document on its own.');
      if (!context.request.title?.trim()) throw new PlatformError('linkedin', 'fix-input', DOCUMENT_TITLE_MESSAGE);
      return;
    }
    const videos = media.filter(isVideo);
    if (videos.length > 0 && media.length > 1)
      throw new PlatformError('linkedin', 'fix-input', 'A LinkedIn post takes one video, or up to 20 images, not both.');
    if (media.some((m) => !isVideo(m) && !isImage(m))) throw new PlatformError('linkedin', 'fix-input', 'LinkedIn posts take images or one video.');
    if (media.length > LINKEDIN_MULTI_IMAGE_MAX) throw new PlatformError('linkedin', 'fix-input', 'A LinkedIn post takes at most 20 images.');
    if (media.length === 0 && !caption.trim()) throw new PlatformError('linkedin', 'fix-input', 'A LinkedIn post needs text, an image or a video.');
  };

  /** Images one at a time, each URN saved as it exists: uploads are invisible, so a crash resumes at the next one. */
  const uploadImages = async (context: PublishContext, cp: PublishCheckpoint): Promise<string[]> => {
    const { tokens, request } = context;
    const done = str(cp, 'images')?.split(',') ?? [];
    for (const m of request.media.slice(done.length)) {
      const init = await restPost(
        publishCtx,
        tokens,
        'prepare the image upload',
        `${rest}/images?action=initializeUpload`,
        { initializeUploadRequest: { owner: request.accountId } },
        ImageInitSchema,
      );
      await put(tokens, 'upload the image', init.value.uploadUrl, await readAll(m), m.mimeType);
      done.push(init.value.image);
      await context.saveCheckpoint({ images: done.join(',') });
    }
    return done;
  };

  /** initializeUpload → PUT each part → finalizeUpload; the video then processes on LinkedIn's side. */
  const uploadVideo = async (context: PublishContext): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    const m = request.media[0];
    const bytes = await readAll(m);
    const init = await restPost(
      publishCtx,
      tokens,
      'prepare the video upload',
      `${rest}/videos?action=initializeUpload`,
      { initializeUploadRequest: { owner: request.accountId, fileSizeBytes: bytes.length, uploadCaptions: false, uploadThumbnail: false } },
      VideoInitSchema,
    );
    const parts: string[] = [];
    for (const part of init.value.uploadInstructions) {
      const etag = await put(tokens, 'upload the video', part.uploadUrl, bytes.subarray(part.firstByte, part.lastByte + 1), 'application/octet-stream');
      if (!etag) throw new PlatformError('linkedin', 'retry', 'LinkedIn did not confirm a part of the video upload; we will try again.');
      parts.push(etag);
    }
    await callPlatformRaw(publishCtx, {
      what: 'finish the video upload',
      url: `${rest}/videos?action=finalizeUpload`,
      init: {
        method: 'POST',
        headers: headers(tokens, { 'content-type': 'application/json' }),
        body: JSON.stringify({ finalizeUploadRequest: { video: init.value.video, uploadToken: init.value.uploadToken ?? '', uploadedPartIds: parts } }),
      },
      accept: [200, 201, 204],
      secrets: [tokens.accessToken],
    });
    return { video: init.value.video, processingSince: now().toISOString() };
  };

  /**
   * initializeUpload (owner: the author) → PUT the bytes. Nothing is public yet; the URN is saved
   * right after, so a redelivery checks this document instead of uploading another.
   */
  const uploadDocument = async (context: PublishContext): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    const m = request.media[0];
    const init = await restPost(
      publishCtx,
      tokens,
      'prepare the document upload',
      `${rest}/documents?action=initializeUpload`,
      { initializeUploadRequest: { owner: request.accountId } },
      DocumentInitSchema,
    );
    await put(tokens, 'upload the document', init.value.uploadUrl, await readAll(m), m.mimeType);
    return { document: init.value.document, processingSince: now().toISOString() };
  };

  const waitFor = (since: string, stillProcessing = STILL_PROCESSING_MESSAGE): PublishStepResult => {
    const elapsed = (now().getTime() - Date.parse(since)) / 1000;
    if (!(elapsed < MAX_PROCESSING_SECONDS)) throw new PlatformError('linkedin', 'stop', stillProcessing);
    const next = elapsed < FIRST_RECHECK_SECONDS ? FIRST_RECHECK_SECONDS - elapsed : POLL_EVERY_SECONDS;
    return { status: 'wait', retryAfterSeconds: Math.max(1, Math.ceil(Math.min(next, MAX_PROCESSING_SECONDS - elapsed))) };
  };

  /** The post body: text, an article for a link-only post, one image, several images, a video or a titled document. */
  const postBody = (request: PublishContext['request'], cp: PublishCheckpoint): Record<string, unknown> => {
    const body: Record<string, unknown> = {
      author: request.accountId,
      commentary: request.caption,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    };
    const images = str(cp, 'images')?.split(',');
    const video = str(cp, 'video');
    const document = str(cp, 'document');
    if (document) body.content = { media: { id: document, title: request.title?.trim() ?? '' } };
    else if (video) body.content = { media: { id: video } };
    else if (images?.length === 1) body.content = { media: { id: images[0] } };
    else if (images && images.length > 1) body.content = { multiImage: { images: images.map((id) => ({ id })) } };
    else {
      // LinkedIn does not fetch a preview for API posts: a link becomes an article card with its address as the title.
      const link = /https?:\/\/\S+/.exec(request.caption)?.[0];
      if (link) body.content = { article: { source: link, title: new URL(link).host } };
    }
    return body;
  };

  /**
   * After a lost answer to POST /rest/posts: an organization's recent posts (r_organization_social)
   * show whether it went out. A member's cannot be read without r_member_social (granted to approved
   * partners only), so the outcome is reported as unknown rather than risking a second post.
   */
  const findPost = async (context: PublishContext, since: string): Promise<string | null> => {
    const author = context.request.accountId;
    if (!isOrganization(author)) throw unknownOutcome('linkedin', MEMBER_LOOKUP_MESSAGE);
    const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
    const madeAt = (p: { createdAt?: number | undefined; publishedAt?: number | undefined }) => p.createdAt ?? p.publishedAt ?? Number.POSITIVE_INFINITY;
    // Newest first, a page at a time, until the list reaches back past the attempt: "not there" is only
    // an answer once every post made since could have been read (a busy page posts more than a page).
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const url = withQuery(`${rest}/posts`, {
        author,
        q: 'author',
        count: String(LOOKUP_PAGE_SIZE),
        start: String(page * LOOKUP_PAGE_SIZE),
        sortBy: 'CREATED',
      });
      const r = await restGet(publishCtx, context.tokens, 'look up recent posts', url, PostListSchema);
      const found = r.elements.find((p) => sameText(p.commentary ?? '', context.request.caption) && !(madeAt(p) < from));
      if (found) return found.id;
      if (r.elements.length < LOOKUP_PAGE_SIZE || r.elements.some((p) => madeAt(p) < from)) return null;
    }
    throw unknownOutcome('linkedin');
  };

  /**
   * A 403 while publishing, in words the user can act on. LinkedIn answers a token without the
   * permission the author needs and a member who is not (or no longer) the page's administrator with
   * the same 403 ACCESS_DENIED (…/shared/api-guide/concepts/error-handling): the grant's scopes tell
   * the two apart. A missing permission is mended by connecting again, so it reads as reconnect.
   */
  const permissionRefusal = (error: unknown, context: PublishContext): unknown => {
    if (!(error instanceof PlatformError) || error.details.status !== 403) return error;
    const { accountId, accountName } = context.request;
    const asPage = isOrganization(accountId);
    const needed = asPage ? 'w_organization_social' : 'w_member_social';
    if (asPage && !offersPages)
      return new PlatformError(
        'linkedin',
        'stop',
        `Posting as LinkedIn pages is turned off for this app, so we can't post as ${accountName}; post as yourself, or ask whoever runs this app to turn LinkedIn pages on.`,
        error.details,
      );
    if (!context.tokens.scopes?.includes(needed))
      return new PlatformError(
        'linkedin',
        'reauth',
        `Your LinkedIn connection doesn't include LinkedIn's permission to post ${asPage ? `as ${accountName}` : 'for you'} (${needed}); reconnect LinkedIn on Platforms and allow everything it asks for.`,
        error.details,
      );
    if (asPage)
      return new PlatformError(
        'linkedin',
        'stop',
        `LinkedIn won't let this connection post as ${accountName}: the LinkedIn member who connected it must be an administrator of the page. Ask a page administrator for that role, then try again.`,
        error.details,
      );
    return error;
  };

  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    try {
      return await publishOnce(context);
    } catch (error) {
      throw permissionRefusal(error, context);
    }
  };

  const publishOnce = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request } = context;
    checkInput(context);
    let cp: PublishCheckpoint = context.checkpoint ?? {};
    const postUrn = str(cp, 'postUrn');
    if (postUrn) return posted(postUrn);
    const attemptedAt = str(cp, 'postAttemptedAt');
    if (attemptedAt) {
      const found = await findPost(context, attemptedAt);
      if (found) {
        await context.saveCheckpoint({ postUrn: found });
        return posted(found);
      }
      // Not among the author's posts: the lost call never made one, so posting is safe.
      const { postAttemptedAt: _a, attempts: _n, ...rest } = cp;
      cp = rest;
    }
    const media = request.media;
    if (media.length > 0 && media.every(isImage) && (str(cp, 'images')?.split(',').length ?? 0) < media.length) {
      cp = { ...cp, images: (await uploadImages(context, cp)).join(',') };
    }
    if (media.length === 1 && isVideo(media[0])) {
      if (!str(cp, 'video')) {
        cp = await uploadVideo(context);
        await context.saveCheckpoint(cp);
      }
      const video = await restGet(publishCtx, tokens, 'check the video processing', `${rest}/videos/${encodeURIComponent(str(cp, 'video')!)}`, VideoSchema);
      if (video.status === 'PROCESSING_FAILED') throw new PlatformError('linkedin', 'fix-input', "LinkedIn couldn't process the video; try another file.");
      if (video.status !== 'AVAILABLE') return waitFor(str(cp, 'processingSince') ?? now().toISOString());
    }
    if (media.length === 1 && isDocument(media[0])) {
      if (!str(cp, 'document')) {
        cp = await uploadDocument(context);
        await context.saveCheckpoint(cp);
      }
      const document = await restGet(
        publishCtx,
        tokens,
        'check the document processing',
        `${rest}/documents/${encodeURIComponent(str(cp, 'document')!)}`,
        DocumentSchema,
      );
      if (document.status === 'PROCESSING_FAILED')
        throw new PlatformError('linkedin', 'fix-input', "LinkedIn couldn't process the document; check that the PDF opens and has at most 300 pages.");
      if (document.status !== 'AVAILABLE') return waitFor(str(cp, 'processingSince') ?? now().toISOString(), DOCUMENT_STILL_PROCESSING_MESSAGE);
    }
    const before = cp;
    const answer = await guardedCreate(context, { ...cp, postAttemptedAt: now().toISOString(), attempts: (num(cp, 'attempts') ?? 0) + 1 }, before, () =>
      callPlatformRaw(publishCtx, {
        what: 'publish the post',
        url: `${rest}/posts`,
        init: { method: 'POST', headers: headers(tokens, { 'content-type': 'application/json' }), body: JSON.stringify(postBody(request, cp)) },
        accept: [201],
        secrets: [tokens.accessToken],
      }),
    );
    const urn = answer.headers.get('x-restli-id');
    if (!urn) throw new PlatformError('linkedin', 'unknown-outcome', 'LinkedIn accepted the post but did not say which it is; check your LinkedIn account.');
    await context.saveCheckpoint({ postUrn: urn });
    return posted(urn);
  };

  const tokenCall = async (what: string, params: Record<string, string>, kept: Pick<TokenSet, 'refreshToken' | 'scopes'> = {}) => {
    const at = now();
    const r = await callPlatform(ctx, {
      what,
      url: `${hosts.www}/oauth/v2/accessToken`,
      init: formPost({ ...params, client_id: app.clientId, client_secret: app.clientSecret }),
      schema: TokenSchema,
      secrets: [params.code, params.refresh_token, app.clientSecret],
    });
    const set = oauthTokenSet(r, at, kept);
    return r.refresh_token_expires_in !== undefined ? { ...set, refreshExpiresAt: expiresAtFrom(at, r.refresh_token_expires_in) } : set;
  };

  /**
   * First comments: POST /rest/socialActions/{post}/comments as the post's author (…/shares/comments-api).
   * After a lost answer a page's comments are listed (r_organization_social); a member's cannot be
   * read without r_member_social, so that comment reads as "couldn't confirm" rather than twice.
   */
  const comments = (postUrn: string) => `${rest}/socialActions/${encodeURIComponent(postUrn)}/comments`;
  const replies: ReplyApi = {
    platform: 'linkedin',
    commentScopes: FIRST_COMMENT_SCOPES.linkedin,
    async create(context, parentId, text) {
      const r = await callPlatformRaw(publishCtx, {
        what: 'post the first comment',
        url: comments(parentId),
        init: {
          method: 'POST',
          headers: headers(context.tokens, { 'content-type': 'application/json' }),
          body: JSON.stringify({ actor: context.request.accountId, object: parentId, message: { text } }),
        },
        accept: [200, 201],
        secrets: [context.tokens.accessToken],
      });
      const id = r.headers.get('x-restli-id') ?? (r.body && typeof r.body === 'object' && 'id' in r.body ? String(r.body.id) : `${parentId}#comment`);
      return { id, url: null };
    },
    async find(context, parentId, text, since) {
      if (!isOrganization(context.request.accountId)) throw unknownOutcome('linkedin');
      const r = await restGet(publishCtx, context.tokens, 'look up the first comment', comments(parentId), CommentListSchema);
      const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
      const found = r.elements.find(
        (c) => c.actor === context.request.accountId && sameText(c.message?.text ?? '', text) && !((c.created?.time ?? from) < from),
      );
      return found && { id: found.id ?? `${parentId}#comment`, url: null };
    },
  };

  const adapter: PlatformAdapter = {
    platform: 'linkedin',
    usesPkce: false,
    publishStep,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/oauth/v2/authorization`, {
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state,
        // LinkedIn refuses the whole request if one scope is not the app's: the page scopes only when the app has them.
        scope: scopes.join(' '),
      });
    },
    exchangeCode({ code }) {
      return tokenCall('exchange the sign-in code', { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri });
    },
    async refresh(tokens) {
      // Refresh tokens exist only for apps LinkedIn approved for them; otherwise the 60-day token is all there is.
      if (!tokens.refreshToken) {
        if (tokens.expiresAt !== null && Date.parse(tokens.expiresAt) <= now().getTime()) throw reauthMissingRefreshToken('linkedin');
        return tokens;
      }
      const fresh = await tokenCall('refresh the sign-in', { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens);
      // The refresh token keeps its first lifetime (365 days from the sign-in), so its expiry stays.
      return {
        ...fresh,
        ...(fresh.refreshExpiresAt === undefined && tokens.refreshExpiresAt !== undefined ? { refreshExpiresAt: tokens.refreshExpiresAt } : {}),
      };
    },
    async profiles(tokens) {
      const me = await callPlatform(ctx, {
        what: 'read the profile',
        url: `${hosts.api}/v2/userinfo`,
        init: { method: 'GET', headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' } },
        schema: UserInfoSchema,
        secrets: [tokens.accessToken],
      });
      const member: ConnectedProfile = {
        accountId: `${PERSON}${me.sub}`,
        accountName: me.name ?? 'LinkedIn member',
        ...(me.picture ? { pictureUrl: me.picture } : {}),
        tokens,
      };
      // Pages only when this deployment offers them and the grant carries the page scopes.
      const granted = tokens.scopes;
      if (!offersPages || (granted && !(granted.includes('w_organization_social') && granted.includes('r_organization_admin')))) return [member];
      const acls = await restGet(
        ctx,
        tokens,
        'list the pages you administer',
        withQuery(`${rest}/organizationAcls`, { q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' }),
        AclsSchema,
      ).catch((error: unknown) => {
        // A grant without the page scopes is refused here: the member alone is still connected.
        if (error instanceof PlatformError && error.details.status === 403) return { elements: [] };
        throw error;
      });
      const pages: ConnectedProfile[] = [];
      for (const acl of acls.elements) {
        if (acl.role !== 'ADMINISTRATOR' || (acl.state && acl.state !== 'APPROVED') || !isOrganization(acl.organization)) continue;
        const id = acl.organization.slice(ORGANIZATION.length);
        const org = await restGet(ctx, tokens, 'read the page', `${rest}/organizations/${encodeURIComponent(id)}`, OrganizationSchema);
        pages.push({ accountId: acl.organization, accountName: org.localizedName ?? org.vanityName ?? `Page ${id}`, tokens });
      }
      return [member, ...pages];
    },
  };
  return withFollowUps(adapter, replies, now);
}
