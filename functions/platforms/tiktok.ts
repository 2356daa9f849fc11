import * as z from 'zod';
import {
  bearerGet,
  callPlatform,
  expiresAtFrom,
  formPost,
  isServerError,
  reauthMissingRefreshToken,
  retryAfterHeader,
  splitScopes,
  withQuery,
  type AdapterDeps,
  type CallContext,
  type Classification,
  type FailedResponse,
} from './http';
import { guardedCreate, handleOf, isVideo, num, publishCallContext, str, unknownOutcome } from './publish';
import { PlatformError, type Fetch, type PlatformAdapter, type PublishContext, type PublishStepResult, type TokenSet } from './types';

const CreatorInfoSchema = z.object({
  data: z.object({ creator_username: z.string().optional(), privacy_level_options: z.array(z.string()), max_video_post_duration_sec: z.number().optional() }),
});
const InitSchema = z.object({ data: z.object({ publish_id: z.string(), upload_url: z.string().optional() }) });
const StatusSchema = z.object({
  data: z.object({
    status: z.string(),
    fail_reason: z.string().optional(),
    // int64s: read as strings (see int64AsString) so 19-digit ids keep every digit.
    publicaly_available_post_id: z.array(z.union([z.string(), z.number()])).optional(),
  }),
});

const STATUS_WAIT_SECONDS = 10;
/** A public post gets its id after moderation (usually < 1 min, sometimes hours): wait this long, then link the profile. */
const MODERATION_WAIT_SECONDS = 600;
const RETRYABLE_FAIL_REASONS = new Set(['internal', 'video_pull_failed', 'photo_pull_failed']);
const MAX_REINITS = 2;

/** fail_reason → what the user should do (§4.4). */
const FAIL_REASON_MESSAGES: Record<string, string> = {
  file_format_check_failed: 'TikTok could not read the video file; use an MP4 (H.264).',
  duration_check_failed: 'The video is longer than this TikTok account may post.',
  frame_rate_check_failed: 'TikTok needs a video between 23 and 60 frames per second.',
  picture_size_check_failed: 'TikTok needs a video between 360 and 4096 pixels on each side.',
  spam_risk_too_many_posts: 'This TikTok account reached its daily posting limit; try again tomorrow.',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting.',
  spam_risk_text: 'TikTok flagged the caption as spam.',
  spam_risk: 'TikTok flagged this post as spam.',
  publish_cancelled: 'The post was cancelled on TikTok.',
  auth_removed: 'Your TikTok connection has expired; reconnect it on Platforms.',
};

const TK_MESSAGES = {
  spam_risk_too_many_posts: 'This TikTok account reached its daily posting limit; try again tomorrow.',
  spam_risk_too_many_pending_share: 'This TikTok account has 5 drafts waiting in its inbox; finish or delete some in the TikTok app first.',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting.',
  privacy_level_option_mismatch: 'This TikTok account does not allow that privacy setting; choose another.',
  unaudited_client_can_only_post_to_private_accounts: 'TikTok only allows private posts from this app for now; choose Private.',
  url_ownership_unverified: "TikTok couldn't verify where the video is stored; the post could not be sent.",
  reached_active_user_cap: 'Our TikTok app reached its daily limit of posting accounts; try again tomorrow.',
};

/** TikTok writes post ids as JSON int64, beyond JS numbers: quote them before parsing. */
export function int64AsString(fetchImpl: Fetch): Fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    const text = await res.text();
    const fixed = text.replace(/("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/, (_m, head: string, list: string) => `${head}${list.replace(/(-?\d{16,})/g, '"$1"')}]`);
    return new Response(fixed, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * §4.1: basic profile, the @username (user.info.profile since Feb 2024), Direct Post, and inbox
 * upload. A user may grant only some of them: accounts() asks only for the fields the granted ones cover.
 */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish', 'video.upload'] as const;

/**
 * Which scope covers which /v2/user/info/ field (TikTok's "User Info APIs Scope Migration", Feb 2024).
 * Asking for a field the token's scopes do not cover fails the whole call with 401 scope_not_authorized.
 */
const USER_INFO_FIELDS = [
  ['open_id', 'user.info.basic'],
  ['union_id', 'user.info.basic'],
  ['avatar_url', 'user.info.basic'],
  ['display_name', 'user.info.basic'],
  ['username', 'user.info.profile'],
] as const;

/** The fields these scopes cover. Unknown scopes (a token from before we recorded them): basic only. */
export function userInfoFields(scopes: readonly string[] | undefined): string[] {
  const granted = new Set(scopes ?? ['user.info.basic']);
  return USER_INFO_FIELDS.filter(([, scope]) => granted.has(scope)).map(([field]) => field);
}

const TokenResponseSchema = z.object({
  open_id: z.string().optional(),
  scope: z.string().optional(),
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_expires_in: z.number().optional(),
  token_type: z.string().optional(),
});

const ApiErrorSchema = z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional(), logid: z.string().optional() });

const UserInfoResponseSchema = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string(),
      union_id: z.string().optional(),
      avatar_url: z.string().optional(),
      display_name: z.string().optional(),
      username: z.string().optional(),
    }),
  }),
  error: ApiErrorSchema.optional(),
});

/** The OAuth endpoint's `{error, error_description}` and the API's `{data, error:{code,message}}` (§4.4). */
const OAuthErrorBodySchema = z.object({ error: z.string(), error_description: z.string().optional() });
const ApiErrorBodySchema = z.object({ error: ApiErrorSchema });

/** TikTok can answer 200 with the failure inside the body. */
export function isTikTokErrorBody(body: unknown): boolean {
  const oauth = OAuthErrorBodySchema.safeParse(body);
  if (oauth.success) return true;
  const api = ApiErrorBodySchema.safeParse(body);
  return api.success && api.data.error.code !== 'ok';
}

const REAUTH_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'invalid_grant', 'invalid_token']);
const FIX_INPUT_CODES = new Set(['invalid_param', 'invalid_params', 'invalid_request', 'invalid_scope', 'privacy_level_option_mismatch', 'url_ownership_unverified']);
const RETRY_CODES = new Set(['internal_error', 'server_error', 'temporarily_unavailable']);
const BACKOFF_CODES = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);

export function classifyTikTokError(res: FailedResponse): Classification {
  const oauth = OAuthErrorBodySchema.safeParse(res.body);
  const api = ApiErrorBodySchema.safeParse(res.body);
  const code = oauth.success ? oauth.data.error : api.success ? api.data.error.code : undefined;
  const text = oauth.success ? (oauth.data.error_description ?? oauth.data.error) : api.success ? api.data.error.message : undefined;
  const base = { code, platformMessage: text };

  if (res.status === 429 || (code && BACKOFF_CODES.has(code))) {
    return { ...base, category: 'backoff', reason: 'too many requests, waiting before trying again', retryAfterSeconds: retryAfterHeader(res.headers, res.now) };
  }
  if (isServerError(res.status) || (code && RETRY_CODES.has(code))) return { ...base, category: 'retry', reason: 'TikTok had a temporary problem' };
  // Our client key/secret rejected (401 invalid_client): reconnecting would not help.
  if (code === 'invalid_client') return { ...base, category: 'stop', reason: "our TikTok app credentials weren't accepted" };
  // A refresh with a used (rotated-away) or expired refresh token reads as invalid_grant or "refresh token is invalid".
  if ((code && REAUTH_CODES.has(code)) || /refresh[_ ]token.*(invalid|expired)/i.test(text ?? '') || res.status === 401) {
    return { ...base, category: 'reauth', reason: 'the connection expired or was revoked; please reconnect TikTok' };
  }
  if ((code && FIX_INPUT_CODES.has(code)) || res.status === 400) return { ...base, category: 'fix-input', reason: 'the request was invalid' };
  return { ...base, category: 'stop', reason: res.status === 403 ? 'TikTok does not allow this' : `TikTok answered with status ${res.status}` };
}

export function createTikTokAdapter(deps: AdapterDeps<'tiktok'>): PlatformAdapter {
  const { app, hosts, now } = deps;
  const ctx: CallContext = { platform: 'tiktok', fetch: deps.fetch, now, classify: classifyTikTokError };
  const tokenUrl = `${hosts.api}/v2/oauth/token/`;

  const toTokenSet = (r: z.infer<typeof TokenResponseSchema>, previous?: TokenSet): TokenSet => {
    const at = now();
    const refreshToken = r.refresh_token ?? previous?.refreshToken;
    // A new refresh token comes with its own lifetime; otherwise the old one's still stands.
    const refreshExpiresAt =
      r.refresh_expires_in !== undefined ? expiresAtFrom(at, r.refresh_expires_in) : r.refresh_token ? undefined : previous?.refreshExpiresAt;
    const scopes = splitScopes(r.scope) ?? previous?.scopes;
    return {
      accessToken: r.access_token,
      ...(refreshToken ? { refreshToken } : {}),
      issuedAt: at.toISOString(),
      expiresAt: expiresAtFrom(at, r.expires_in),
      ...(refreshExpiresAt !== undefined ? { refreshExpiresAt } : {}),
      ...(scopes ? { scopes } : {}),
    };
  };

  const publishCtx = publishCallContext({ ...ctx, classify: classifyTikTokError }, TK_MESSAGES);
  const statusCtx = { ...publishCtx, fetch: int64AsString(deps.fetch) };
  const api = <S extends z.ZodType>(c: CallContext, tokens: TokenSet, what: string, path: string, body: unknown, schema: S) =>
    callPlatform(c, {
      what,
      url: `${hosts.api}${path}`,
      init: { method: 'POST', headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' }, body: JSON.stringify(body) },
      schema,
      secrets: [tokens.accessToken],
      isErrorBody: isTikTokErrorBody,
    });
  const profileUrl = (username: string) => `${hosts.www}/@${encodeURIComponent(username)}`;

  /** Polls status/fetch: never calls init again unless TikTok says FAILED with a retryable reason (§6). */
  const poll = async (context: PublishContext, publishId: string): Promise<PublishStepResult> => {
    const cp = context.checkpoint ?? {};
    const username = str(cp, 'username') ?? handleOf(context.request.accountName);
    const r = await api(statusCtx, context.tokens, 'check the post status', '/v2/post/publish/status/fetch/', { publish_id: publishId }, StatusSchema);
    const { status, fail_reason } = r.data;
    const ids = (r.data.publicaly_available_post_id ?? []).map(String);
    if (status === 'PUBLISH_COMPLETE') {
      if (ids[0]) return { status: 'posted', platformPostId: ids[0], postUrl: `${profileUrl(username)}/video/${ids[0]}` };
      // Private posts never get a public id; public ones get it after moderation. Either way it is on the profile.
      const seen = str(cp, 'completeSeenAt');
      if (str(cp, 'privacy') === 'SELF_ONLY' || (seen && now().getTime() - Date.parse(seen) > MODERATION_WAIT_SECONDS * 1000)) {
        return { status: 'posted', platformPostId: publishId, postUrl: profileUrl(username) };
      }
      if (!seen) await context.saveCheckpoint({ ...cp, completeSeenAt: now().toISOString() });
      return { status: 'wait', retryAfterSeconds: 30 };
    }
    // Draft: TikTok gives no URL for an inbox item (the user finishes it in the app), so we return
    // the publish_id as the id and the account's profile URL as the link.
    if (status === 'SEND_TO_USER_INBOX') return { status: 'posted', platformPostId: publishId, postUrl: profileUrl(username) };
    if (status === 'FAILED') {
      const reason = fail_reason ?? 'internal';
      const reinits = num(cp, 'reinits') ?? 0;
      if (RETRYABLE_FAIL_REASONS.has(reason) && reinits < MAX_REINITS) {
        // A definitive failure: nothing was posted, so a fresh init is safe.
        await context.saveCheckpoint({ reinits: reinits + 1 });
        throw new PlatformError('tiktok', 'retry', reason === 'internal' ? 'TikTok had a temporary problem; we\'ll try again.' : "TikTok couldn't download the video; we'll try again.", { code: reason });
      }
      if (reason === 'auth_removed') throw new PlatformError('tiktok', 'reauth', FAIL_REASON_MESSAGES[reason]!, { code: reason });
      const category = reason.startsWith('spam_risk') || reason === 'publish_cancelled' ? 'stop' : 'fix-input';
      throw new PlatformError('tiktok', category, FAIL_REASON_MESSAGES[reason] ?? `TikTok could not publish the video (${reason}).`, { code: reason });
    }
    return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
  };

  /**
   * Direct Post: creator_info → [checkpoint initAttemptedAt] → init (PULL_FROM_URL) → [checkpoint
   * publish_id] → status/fetch until done. Private → SELF_ONLY. Draft → the inbox init (video.upload).
   */
  const publishStep = async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request, checkpoint } = context;
    const publishId = str(checkpoint, 'publishId');
    if (publishId) return poll(context, publishId);
    // An init whose answer was lost: TikTok offers no lookup without the publish_id (§6).
    if (str(checkpoint, 'initAttemptedAt')) throw unknownOutcome('tiktok');
    const videos = request.media.filter(isVideo);
    if (videos.length !== 1) throw new PlatformError('tiktok', 'fix-input', 'TikTok needs exactly one video.');
    const video = videos[0]!;
    const reinits = num(checkpoint, 'reinits') ?? 0;
    const draft = request.settings.tiktok_draft === true;
    let username = handleOf(request.accountName);
    let privacy = 'SELF_ONLY';
    if (!draft) {
      const info = await api(publishCtx, tokens, 'read the TikTok posting options', '/v2/post/publish/creator_info/query/', {}, CreatorInfoSchema);
      username = info.data.creator_username ?? username;
      privacy = request.settings.tiktok_private ? 'SELF_ONLY' : 'PUBLIC_TO_EVERYONE';
      if (!info.data.privacy_level_options.includes(privacy)) {
        throw new PlatformError('tiktok', 'fix-input', privacy === 'SELF_ONLY' ? 'This TikTok account does not allow private posts through the API.' : 'This TikTok account can only post privately through the API for now; choose Private.');
      }
    }
    const body = draft
      ? { source_info: { source: 'PULL_FROM_URL', video_url: video.url } }
      : { post_info: { title: request.caption, privacy_level: privacy, disable_duet: false, disable_stitch: false, disable_comment: false }, source_info: { source: 'PULL_FROM_URL', video_url: video.url } };
    const base = { username, privacy, ...(reinits ? { reinits } : {}) };
    const init = await guardedCreate(context, { ...base, initAttemptedAt: now().toISOString() }, reinits ? { reinits } : {}, () =>
      api(publishCtx, tokens, draft ? 'send the video to your TikTok inbox' : 'publish the video', draft ? '/v2/post/publish/inbox/video/init/' : '/v2/post/publish/video/init/', body, InitSchema),
    );
    await context.saveCheckpoint({ ...base, publishId: init.data.publish_id });
    return { status: 'wait', retryAfterSeconds: STATUS_WAIT_SECONDS };
  };

  return {
    platform: 'tiktok',
    usesPkce: false,
    publishStep,
    authorizeUrl({ state }) {
      return withQuery(`${hosts.www}/v2/auth/authorize/`, {
        client_key: app.clientId,
        scope: TIKTOK_SCOPES.join(','),
        redirect_uri: app.redirectUri,
        state,
        response_type: 'code',
      });
    },
    async exchangeCode({ code }) {
      const r = await callPlatform(ctx, {
        what: 'exchange the sign-in code',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, code, grant_type: 'authorization_code', redirect_uri: app.redirectUri }),
        schema: TokenResponseSchema,
        secrets: [code, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      return toTokenSet(r);
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw reauthMissingRefreshToken('tiktok');
      const r = await callPlatform(ctx, {
        what: 'refresh the sign-in',
        url: tokenUrl,
        init: formPost({ client_key: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
        schema: TokenResponseSchema,
        secrets: [tokens.refreshToken, tokens.accessToken, app.clientSecret],
        isErrorBody: isTikTokErrorBody,
      });
      // Refresh tokens rotate (§4.1): the old one stops working, so the new one must be the one stored.
      return toTokenSet(r, tokens);
    },
    async accounts(tokens) {
      const r = await callPlatform(ctx, {
        what: 'read the profile',
        url: withQuery(`${hosts.api}/v2/user/info/`, { fields: userInfoFields(tokens.scopes).join(',') }),
        init: bearerGet(tokens.accessToken),
        schema: UserInfoResponseSchema,
        secrets: [tokens.accessToken],
        isErrorBody: isTikTokErrorBody,
      });
      const u = r.data.user;
      // Without user.info.profile there is no @username: the display name stands in (publishing reads
      // the username from creator_info, which video.publish covers).
      const accountName = u.username ? `@${u.username}` : (u.display_name ?? u.open_id);
      return [{ accountId: u.open_id, accountName, ...(u.avatar_url ? { pictureUrl: u.avatar_url } : {}), tokens }];
    },
  };
}
