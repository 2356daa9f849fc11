import * as z from 'zod';
import {
  PINTEREST_ALT_TEXT_MAX,
  PINTEREST_DESCRIPTION_MAX,
  PINTEREST_TITLE_MAX,
  isPinLink,
  pinterestMediaProblem,
  type PinterestBoard,
} from '@shared/pinterest';
import {
  OAuthErrorSchema,
  bearerGet,
  callPlatform,
  callPlatformRaw,
  expiresAtFrom,
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
import { LOOKUP_SKEW_SECONDS, guardedCreate, isImage, isVideo, publishCallContext, sameText, str, unknownOutcome } from './publish';
import {
  PlatformError,
  type PlatformAdapter,
  type PublishCheckpoint,
  type PublishContext,
  type PublishMedia,
  type PublishStepResult,
  type TokenSet,
} from './types';

/**
 * Pinterest API v5 (docs/platforms.md#pinterest): api.pinterest.com/v5, sign-in at www.pinterest.com/oauth/.
 *  - POST /v5/pins with board_id, title, description, link, alt_text and a media_source: image_url
 *    (Pinterest fetches our presigned GET), multiple_image_urls for a carousel of 2–5 images (fetched
 *    the same way), or video_id for a video registered with POST /v5/media,
 *    uploaded to the answer's upload_url with its upload_parameters, and polled with GET /v5/media/{id}
 *    until it reads succeeded; a video pin also names a cover image.
 *  - No replies: a pin has no first comment or thread.
 *  - A lost answer to POST /v5/pins: GET /v5/boards/{board}/pins lists the board's pins newest first;
 *    ours is the one with our title and description made since the attempt.
 */

/** boards:read to list boards, pins:read to read pins and media status, pins:write to pin, user_accounts:read for the profile (developers.pinterest.com/docs/getting-started/scopes/). */
export const PINTEREST_SCOPES = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'] as const;

/** Video processing: look again after a few seconds, then every 15 s, for at most 10 minutes. */
export const FIRST_RECHECK_SECONDS = 5;
export const POLL_EVERY_SECONDS = 15;
export const MAX_PROCESSING_SECONDS = 10 * 60;
export const STILL_PROCESSING_MESSAGE = 'Pinterest was still processing the video after 10 minutes; please try again.';
/** How many pages of boards (100 each) the picker reads before it stops. */
export const MAX_BOARD_PAGES = 10;

const PinterestErrorSchema = z.object({ code: z.number().optional(), message: z.string().optional() });
const TokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.number(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const UserAccountSchema = z.object({
  id: z.string().optional(),
  username: z.string(),
  profile_image: z.string().optional(),
  business_name: z.string().optional(),
});
const BoardSchema = z.object({ id: z.string(), name: z.string(), privacy: z.string().optional() });
const BoardListSchema = z.object({ items: z.array(BoardSchema), bookmark: z.string().nullable().optional() });
const PinSchema = z.object({ id: z.string() });
/** After a lost answer: how far back a board's pins are read (100 a page, 10 pages) before the outcome counts as unknown. */
const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_PAGES = 10;
const PinListSchema = z.object({
  items: z.array(
    z.object({ id: z.string(), title: z.string().nullable().optional(), description: z.string().nullable().optional(), created_at: z.string().optional() }),
  ),
  bookmark: z.string().nullable().optional(),
});
const MediaUploadSchema = z.object({ media_id: z.string(), upload_url: z.string().url(), upload_parameters: z.record(z.string(), z.string()) });
const MediaStatusSchema = z.object({ media_id: z.string().optional(), status: z.enum(['registered', 'processing', 'succeeded', 'failed']) });

/**
 * Pinterest's errors are `{code, message}` with the HTTP status deciding (developers.pinterest.com/docs/api/v5/):
 * 401 the token is bad or expired; 403 the grant lacks a scope, or the app's access tier forbids it
 * (Trial apps may not pin in production); 400/404/409 the request was wrong (an unknown board); 429 the rate limit.
 */
export function classifyPinterestError(res: FailedResponse): Classification {
  const parsed = PinterestErrorSchema.safeParse(res.body);
  const oauth = OAuthErrorSchema.safeParse(res.body);
  const message = parsed.success ? parsed.data.message : oauth.success ? (oauth.data.error_description ?? oauth.data.error) : undefined;
  const base = { code: parsed.success ? parsed.data.code : oauth.success ? oauth.data.error : undefined, platformMessage: message };
  if (res.status === 429) return { ...base, category: 'backoff', reason: 'too many requests', retryAfterSeconds: retryAfterHeader(res.headers, res.now) ?? 60 };
  if (isServerError(res.status)) return { ...base, category: 'retry', reason: 'Pinterest had a temporary problem' };
  if (res.status === 401) return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect Pinterest' };
  if (oauth.success && oauth.data.error === 'invalid_grant')
    return { ...base, category: 'reauth', reason: 'the sign-in expired or was already used; please connect Pinterest again' };
  if (oauth.success && oauth.data.error === 'invalid_client') return { ...base, category: 'stop', reason: "our Pinterest app credentials weren't accepted" };
  if (res.status === 403) {
    if (/scope|permission/i.test(message ?? ''))
      return { ...base, category: 'reauth', reason: 'a permission is missing; please reconnect Pinterest and grant every permission asked for' };
    return { ...base, category: 'stop', reason: 'Pinterest does not allow this app to do that' };
  }
  if (res.status === 400 || res.status === 404 || res.status === 409 || res.status === 413 || res.status === 422)
    return { ...base, category: 'fix-input', reason: 'the pin was refused' };
  return { ...base, category: 'stop', reason: `Pinterest answered with status ${res.status}` };
}

export interface PinterestAdapter extends PlatformAdapter {
  /** The account's boards for the compose picker, every page (bookmark) up to MAX_BOARD_PAGES. */
  boards(tokens: TokenSet): Promise<PinterestBoard[]>;
}

export function createPinterestAdapter(deps: AdapterDeps<'pinterest'>): PinterestAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'pinterest', fetch: deps.fetch, now, classify: classifyPinterestError };
  const publishCtx = publishCallContext(ctx);
  const v5 = `${hosts.api}/v5`;
  const basic = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
  const pinUrl = (id: string) => `${hosts.www}/pin/${encodeURIComponent(id)}/`;

  // The token endpoint is production's even when the API is the Trial sandbox (hosts.ts, PINTEREST_API_HOST).
  const tokenCall = (what: string, params: Record<string, string>, secrets: string[]) =>
    callPlatform(ctx, {
      what,
      url: `${hosts.oauth}/v5/oauth/token`,
      init: {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
      },
      schema: TokenSchema,
      secrets: [...secrets, app.clientSecret],
    });

  const get = <S extends z.ZodType>(c: CallContext, tokens: TokenSet, what: string, path: string, schema: S, query: Record<string, string> = {}) =>
    callPlatform(c, {
      what,
      url: Object.keys(query).length ? withQuery(`${v5}${path}`, query) : `${v5}${path}`,
      init: bearerGet(tokens.accessToken),
      schema,
      secrets: [tokens.accessToken],
    });
  const postJson = <S extends z.ZodType>(tokens: TokenSet, what: string, path: string, body: unknown, schema: S) =>
    callPlatform(publishCtx, {
      what,
      url: `${v5}${path}`,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      schema,
      secrets: [tokens.accessToken],
    });

  const fields = (request: PublishContext['request']) => {
    const s = request.settings;
    const boardId = s.pinterest_board_id?.trim();
    if (!boardId) throw new PlatformError('pinterest', 'fix-input', 'Choose the Pinterest board to save this pin to.');
    const title = s.pinterest_title?.trim() ?? '';
    if ([...title].length > PINTEREST_TITLE_MAX)
      throw new PlatformError('pinterest', 'fix-input', `The Pinterest title is longer than the ${PINTEREST_TITLE_MAX} characters Pinterest allows.`);
    if ([...request.caption].length > PINTEREST_DESCRIPTION_MAX)
      throw new PlatformError('pinterest', 'fix-input', `The description is longer than the ${PINTEREST_DESCRIPTION_MAX} characters Pinterest allows.`);
    const alt = s.pinterest_alt_text?.trim() ?? '';
    if ([...alt].length > PINTEREST_ALT_TEXT_MAX)
      throw new PlatformError('pinterest', 'fix-input', `The alt text is longer than the ${PINTEREST_ALT_TEXT_MAX} characters Pinterest allows.`);
    const link = s.pinterest_link?.trim() ?? '';
    if (link && !isPinLink(link))
      throw new PlatformError('pinterest', 'fix-input', 'The Pinterest link must be a web address starting with http:// or https://.');
    // The same rule compose applies; a post saved before a rule changed still meets it here.
    const problem = pinterestMediaProblem(request.media.map((m) => m.mimeType));
    if (problem) throw new PlatformError('pinterest', 'fix-input', problem);
    const video = request.media.find(isVideo);
    const images = request.media.filter(isImage);
    return { boardId, title, alt, link, video, images };
  };

  /** The board must be one of this account's: GET /v5/boards/{id} answers 404 for any other. */
  const checkBoard = async (tokens: TokenSet, boardId: string) => {
    try {
      await get(publishCtx, tokens, 'read the board', `/boards/${encodeURIComponent(boardId)}`, BoardSchema);
    } catch (error) {
      if (error instanceof PlatformError && (error.details.status === 404 || error.details.status === 403) && error.category !== 'reauth')
        throw new PlatformError(
          'pinterest',
          'fix-input',
          "The chosen board isn't one of this Pinterest account's boards any more; pick another board.",
          error.details,
        );
      throw error;
    }
  };

  /** POST /v5/media, then the file to upload_url with every upload_parameters field (S3 form POST, file last). */
  const uploadVideo = async (tokens: TokenSet, video: PublishMedia): Promise<string> => {
    if (!video.open) throw new PlatformError('pinterest', 'stop', "We couldn't read the video to send it to Pinterest.");
    const reg = await postJson(tokens, 'register the video upload', '/media', { media_type: 'video' }, MediaUploadSchema);
    const form = new FormData();
    for (const [k, val] of Object.entries(reg.upload_parameters)) form.append(k, val);
    const body = await video.open();
    const blob = Buffer.isBuffer(body) ? new Blob([new Uint8Array(body)], { type: video.mimeType }) : await new Response(body).blob();
    form.append('file', blob, 'video');
    await callPlatformRaw(publishCtx, {
      what: 'upload the video',
      url: reg.upload_url,
      init: { method: 'POST', body: form },
      accept: [200, 201, 204],
    });
    return reg.media_id;
  };

  const waitFor = (since: string): PublishStepResult => {
    const elapsed = (now().getTime() - Date.parse(since)) / 1000;
    if (!(elapsed < MAX_PROCESSING_SECONDS)) throw new PlatformError('pinterest', 'stop', STILL_PROCESSING_MESSAGE);
    const next = elapsed < FIRST_RECHECK_SECONDS ? FIRST_RECHECK_SECONDS - elapsed : POLL_EVERY_SECONDS;
    return { status: 'wait', retryAfterSeconds: Math.max(1, Math.ceil(Math.min(next, MAX_PROCESSING_SECONDS - elapsed))) };
  };

  /**
   * The board's pins, newest first, matched on our title and description and made since the attempt.
   * Read a page at a time until the list reaches back past the attempt: "not there" is only an answer
   * once every pin made since could have been read (a busy board gets more than a page in a minute).
   */
  const findPin = async (context: PublishContext, boardId: string, title: string, since: string) => {
    const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
    let bookmark: string | null | undefined;
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const r = await get(publishCtx, context.tokens, 'look up the board’s pins', `/boards/${encodeURIComponent(boardId)}/pins`, PinListSchema, {
        page_size: String(LOOKUP_PAGE_SIZE),
        ...(bookmark ? { bookmark } : {}),
      });
      const found = r.items.find(
        (p) => sameText(p.description ?? '', context.request.caption) && sameText(p.title ?? '', title) && !(pinTime(p.created_at) < from),
      );
      if (found) return found;
      if (!r.bookmark || r.items.some((p) => pinTime(p.created_at) < from)) return undefined;
      bookmark = r.bookmark;
    }
    throw unknownOutcome('pinterest');
  };

  /**
   * image or carousel: [board check] → [checkpoint pinAttemptedAt] → POST /v5/pins.
   * video: [board check] → register + upload (invisible; redone after a crash) → [checkpoint videoId] →
   * poll GET /v5/media/{id} → [checkpoint pinAttemptedAt] → POST /v5/pins.
   * A redelivery that finds pinAttemptedAt looks on the board first and only then pins again.
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request } = context;
    const f = fields(request);
    const cp = context.checkpoint ?? {};
    const attemptedAt = str(cp, 'pinAttemptedAt');
    if (attemptedAt) {
      const found = await findPin(context, f.boardId, f.title, attemptedAt);
      if (found) return { status: 'posted', platformPostId: found.id, postUrl: pinUrl(found.id) };
    }
    let videoId = str(cp, 'videoId');
    const since = str(cp, 'processingSince') ?? now().toISOString();
    if (!attemptedAt && !videoId) await checkBoard(tokens, f.boardId);
    if (f.video && !videoId) {
      videoId = await uploadVideo(tokens, f.video);
      await context.saveCheckpoint({ videoId, processingSince: since });
    }
    if (videoId) {
      const state = await get(publishCtx, tokens, 'check the video processing', `/media/${encodeURIComponent(videoId)}`, MediaStatusSchema);
      if (state.status === 'failed') throw new PlatformError('pinterest', 'fix-input', "Pinterest couldn't process the video; try another file.");
      if (state.status !== 'succeeded') return waitFor(since);
    }
    const media_source = videoId
      ? { source_type: 'video_id', media_id: videoId, cover_image_url: f.images[0].url }
      : f.images.length > 1
        ? // Each card may carry its own title, description and link; ours share the pin's link so every card leads to it.
          { source_type: 'multiple_image_urls', items: f.images.map((i) => ({ url: i.url, ...(f.link ? { link: f.link } : {}) })) }
        : { source_type: 'image_url', url: f.images[0].url };
    const body = {
      board_id: f.boardId,
      description: request.caption,
      media_source,
      ...(f.title ? { title: f.title } : {}),
      ...(f.link ? { link: f.link } : {}),
      ...(f.alt ? { alt_text: f.alt } : {}),
    };
    const before: PublishCheckpoint = videoId ? { videoId, processingSince: since } : {};
    const pin = await guardedCreate(context, { ...before, pinAttemptedAt: now().toISOString() }, before, () =>
      postJson(tokens, 'create the pin', '/pins', body, PinSchema),
    );
    return { status: 'posted', platformPostId: pin.id, postUrl: pinUrl(pin.id) };
  };

  return {
    platform: 'pinterest',
    usesPkce: false,
    publishStep,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/oauth/`, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        response_type: 'code',
        scope: PINTEREST_SCOPES.join(','),
        state,
      });
    },
    async exchangeCode({ code }) {
      const r = await tokenCall('exchange the sign-in code', { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, [code]);
      return withRefreshExpiry(oauthTokenSet(r, now()), r.refresh_token_expires_in, now());
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('pinterest');
      // Continuous refresh: every answer carries a new refresh token, which replaces the old one.
      const r = await tokenCall('refresh the sign-in', { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, [tokens.refreshToken]);
      const next = oauthTokenSet(r, now(), tokens);
      return r.refresh_token ? withRefreshExpiry(next, r.refresh_token_expires_in, now()) : { ...next, refreshExpiresAt: tokens.refreshExpiresAt ?? null };
    },
    async profiles(tokens) {
      const r = await get(ctx, tokens, 'read the profile', '/user_account', UserAccountSchema);
      return [{ accountId: r.id ?? r.username, accountName: `@${r.username}`, ...(r.profile_image ? { pictureUrl: r.profile_image } : {}), tokens }];
    },
    async boards(tokens) {
      const out: PinterestBoard[] = [];
      let bookmark: string | undefined;
      for (let page = 0; page < MAX_BOARD_PAGES; page++) {
        const r = await get(ctx, tokens, 'list the boards', '/boards', BoardListSchema, { page_size: '100', ...(bookmark ? { bookmark } : {}) });
        out.push(...r.items.map((b) => ({ id: b.id, name: b.name, privacy: b.privacy ?? null })));
        bookmark = r.bookmark ?? undefined;
        if (!bookmark) break;
      }
      return out;
    },
  };
}

/** Pinterest writes UTC times without a zone ("2026-11-29T15:04:05"); Date.parse would read them as local time. */
function pinTime(t: string | undefined): number {
  if (!t) return Number.NaN;
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(t) ? t : `${t}Z`);
}

function withRefreshExpiry(tokens: TokenSet, seconds: number | undefined, at: Date): TokenSet {
  return { ...tokens, refreshExpiresAt: seconds === undefined ? null : expiresAtFrom(at, seconds) };
}
