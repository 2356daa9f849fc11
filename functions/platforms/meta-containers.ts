import * as z from 'zod';
import { callPlatform, expiresAtFrom, formPost, jsonGet, withQuery, type CallContext } from './http';
import { guardedCreate, num, str } from './publish';
import { PlatformError, type PublishCheckpoint, type PublishContext, type PublishMedia, type PublishStepResult, type TokenSet } from './types';

/**
 * What Instagram and Threads share: Meta's container → publish flow, its long-lived tokens and its
 * live publishing limit. Each network says how its calls are named and shaped; the flow is here once.
 *
 * Publishing: an invisible container per post (or one per carousel item, then a CAROUSEL container
 * over them), polled until FINISHED, then `{edge}_publish` makes it public. Containers stay invisible
 * until then, so making them again after a crash is safe; the publish call is the one guarded by a
 * checkpoint. A redelivery after an attempt asks the container: PUBLISHED means it went out (find the
 * post), FINISHED means it did not and publishing it is safe.
 *
 * Processing: Meta asks for a status check about once a minute for no more than 5 minutes. The engine
 * starts a step a few seconds before the due second, so the container is made then and asked at once;
 * an image is usually FINISHED by the next look. That one early re-check comes FIRST_RECHECK_SECONDS
 * after the container was made, so a photo due at 09:00:00 is not published at 09:01; after it, once
 * a minute until the 5 minutes since the first container are up, and then the target fails.
 */
export const FIRST_RECHECK_SECONDS = 3;
export const POLL_EVERY_SECONDS = 60;
export const MAX_PROCESSING_SECONDS = 5 * 60;

export const stillProcessingMessage = (name: string) => `${name} was still processing the media after 5 minutes; please try again.`;

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** What the shared flow calls on the network's Graph host (`graphCalls` in http.ts). */
export interface ContainerCalls {
  post(tokens: TokenSet, what: string, path: string, params: Record<string, string>): Promise<{ id: string }>;
}

export interface ContainerNetwork {
  readonly platform: 'instagram' | 'threads';
  /** As users read it in messages. */
  readonly name: string;
  /** `/{user}/{edge}` makes containers; `/{user}/{edge}_publish` publishes one. */
  readonly edge: 'media' | 'threads';
  /** The parameter that carries the post's text. */
  readonly textParam: 'caption' | 'text';
  /** Refuses what the network refuses before anything is made (text length, item counts, a post with nothing in it). */
  check(request: PublishContext['request']): void;
  /** A single photo or video (or, with none, the text alone where the network takes text posts). */
  single(media: PublishMedia | undefined, caption: string): Record<string, string>;
  /** One carousel item (no text: the carousel container carries it). */
  item(media: PublishMedia): Record<string, string>;
  /** A container's state, and the network's reason when it is ERROR. */
  status(tokens: TokenSet, containerId: string): Promise<{ code: ContainerStatus; message?: string | undefined }>;
  /** The post a PUBLISHED container became, looked up among the account's recent posts after `since`. */
  findPublished(context: PublishContext, since: string): Promise<{ id: string; permalink?: string | undefined } | undefined>;
  /** The post's link once published. */
  permalink(tokens: TokenSet, mediaId: string): Promise<string | undefined>;
  /** Where to link a post whose own link is not known. */
  profileUrl(accountName: string): string;
  /** A publish refused with this code means "not ready after all": ask again on the same schedule. */
  readonly notReadyCode?: string;
}

export function containerPublishStep(network: ContainerNetwork, calls: ContainerCalls, now: () => Date) {
  const { platform, name } = network;
  const userPath = (context: PublishContext) => `/${context.request.accountId}/${network.edge}`;

  /**
   * The answer while a container still processes: ask again in a few seconds the first time, then
   * once a minute, never past MAX_PROCESSING_SECONDS after `since` (the first container's creation).
   */
  const waitFor = (since: string, madeAt: string = since): PublishStepResult => {
    const elapsed = (now().getTime() - Date.parse(since)) / 1000;
    if (!(elapsed < MAX_PROCESSING_SECONDS)) throw new PlatformError(platform, 'stop', stillProcessingMessage(name));
    // A carousel's parent is made once its items are done: it gets its own early look, not the items' minute.
    const sinceMade = (now().getTime() - Date.parse(madeAt)) / 1000;
    const next =
      sinceMade < FIRST_RECHECK_SECONDS
        ? FIRST_RECHECK_SECONDS - sinceMade
        : elapsed < FIRST_RECHECK_SECONDS
          ? FIRST_RECHECK_SECONDS - elapsed
          : elapsed < FIRST_RECHECK_SECONDS + POLL_EVERY_SECONDS
            ? FIRST_RECHECK_SECONDS + POLL_EVERY_SECONDS - elapsed
            : POLL_EVERY_SECONDS;
    return { status: 'wait', retryAfterSeconds: Math.max(1, Math.ceil(Math.min(next, MAX_PROCESSING_SECONDS - elapsed))) };
  };

  const createContainers = async (context: PublishContext, cp: PublishCheckpoint): Promise<PublishCheckpoint> => {
    const { tokens, request } = context;
    network.check(request);
    if (request.media.length <= 1) {
      const { id } = await calls.post(tokens, 'prepare the post', userPath(context), network.single(request.media[0], request.caption));
      return { containerId: id, processingSince: now().toISOString() };
    }
    return createCarouselItems(context, cp);
  };

  /**
   * A carousel's item containers, one at a time, each id saved as soon as it exists (`carouselItems`),
   * so a delivery that dies after the third of ten carries on at the fourth. Items are invisible, so
   * an item whose answer was lost is merely made again. The full list becomes `children` for the
   * CAROUSEL container (docs/platforms.md#carousels-and-multi-photo-posts).
   */
  const createCarouselItems = async (context: PublishContext, cp: PublishCheckpoint): Promise<PublishCheckpoint> => {
    const media = context.request.media;
    const saved = str(cp, 'carouselItems')?.split(',') ?? [];
    // More items than files: the checkpoint is not this post's list; start the list again.
    const items = saved.length <= media.length ? saved : [];
    // The 5-minute processing budget counts from the first item made by this run of items: a delivery
    // that resumes after a crash (perhaps minutes later) waits on its items afresh.
    const processingSince = items.length ? now().toISOString() : (str(cp, 'processingSince') ?? now().toISOString());
    for (const m of media.slice(items.length)) {
      items.push((await calls.post(context.tokens, 'prepare a carousel item', userPath(context), { ...network.item(m), is_carousel_item: 'true' })).id);
      if (items.length < media.length) await context.saveCheckpoint({ carouselItems: items.join(','), processingSince });
    }
    return { children: items.join(','), processingSince };
  };

  return async (context: PublishContext): Promise<PublishStepResult> => {
    const { tokens, request } = context;
    let cp: PublishCheckpoint = context.checkpoint ?? {};
    const save = async (next: PublishCheckpoint) => {
      cp = next;
      await context.saveCheckpoint(next);
    };
    for (let guard = 0; guard < 8; guard++) {
      const mediaId = str(cp, 'mediaId');
      if (mediaId)
        return { status: 'posted', platformPostId: mediaId, postUrl: (await network.permalink(tokens, mediaId)) ?? network.profileUrl(request.accountName) };
      const containerId = str(cp, 'containerId');
      const children = str(cp, 'children');
      if (!containerId && !children) {
        await save(await createContainers(context, cp));
        continue;
      }
      // Checkpoints saved before the start time was kept: the processing clock starts now.
      let since = str(cp, 'processingSince');
      if (!since) {
        since = now().toISOString();
        await save({ ...cp, processingSince: since });
      }
      if (!containerId && children) {
        const states = await Promise.all(children.split(',').map((id) => network.status(tokens, id)));
        if (states.some((s) => s.code === 'ERROR'))
          throw new PlatformError(platform, 'fix-input', `${name} couldn't process one of the carousel files; try another file.`);
        if (states.some((s) => s.code === 'EXPIRED')) {
          await save({});
          continue;
        }
        if (states.some((s) => s.code !== 'FINISHED')) return waitFor(since);
        const { id } = await calls.post(tokens, 'prepare the carousel', userPath(context), {
          media_type: 'CAROUSEL',
          children,
          [network.textParam]: request.caption,
        });
        await save({ containerId: id, processingSince: since, containerMadeAt: now().toISOString() });
        continue;
      }
      const state = await network.status(tokens, containerId!);
      const madeAt = str(cp, 'containerMadeAt') ?? since;
      const attemptedAt = str(cp, 'publishAttemptedAt');
      switch (state.code) {
        case 'PUBLISHED': {
          // It went out (perhaps on a delivery whose answer was lost): find the post it became. Published
          // for certain even when the recent posts do not show it: then the profile is the link.
          const found = await network.findPublished(context, attemptedAt ?? new Date(now().getTime() - 3600_000).toISOString());
          return { status: 'posted', platformPostId: found?.id ?? containerId!, postUrl: found?.permalink ?? network.profileUrl(request.accountName) };
        }
        case 'IN_PROGRESS':
          return waitFor(since, madeAt);
        case 'EXPIRED':
          // Never published (that would read PUBLISHED): a new container is safe.
          await save({});
          continue;
        case 'ERROR':
          throw new PlatformError(platform, 'fix-input', `${name} couldn't process the media${state.message ? ` (${state.message})` : ''}; try another file.`);
        case 'FINISHED': {
          const before = { containerId: containerId!, processingSince: since, ...(str(cp, 'containerMadeAt') ? { containerMadeAt: madeAt } : {}) };
          try {
            const { id } = await guardedCreate(
              context,
              { ...before, publishAttemptedAt: now().toISOString(), attempts: (num(cp, 'attempts') ?? 0) + 1 },
              before,
              () => calls.post(tokens, 'publish the post', `${userPath(context)}_publish`, { creation_id: containerId! }),
            );
            await save({ containerId: containerId!, mediaId: id });
            continue;
          } catch (error) {
            if (network.notReadyCode && error instanceof PlatformError && error.details.code === network.notReadyCode) return waitFor(since, madeAt);
            throw error;
          }
        }
      }
    }
    throw new PlatformError(platform, 'retry', `${name} is still preparing the post; we will try again.`);
  };
}

// ---------------------------------------------------------------------------------------------
// Long-lived tokens and the publishing limit

/** Long-lived tokens last 60 days and can be refreshed once at least 24 h old; the margin covers Meta's expires_in being a little under 60 days. */
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
const MIN_AGE_TO_REFRESH_SECONDS = 24 * 3600 + 10 * 60;

const LongTokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number() });

/**
 * No refresh token on Meta's Instagram and Threads logins: the long-lived access token refreshes
 * itself (`GET {graph}/refresh_access_token?grant_type=…`) once it is a day old, never after it expired.
 */
export async function refreshLongLived(
  ctx: CallContext,
  network: { platform: 'instagram' | 'threads'; name: string; graphHost: string; grantType: 'ig_refresh_token' | 'th_refresh_token' },
  tokens: TokenSet,
): Promise<TokenSet> {
  if (tokens.expiresAt === null) return tokens;
  const now = ctx.now();
  const remaining = (Date.parse(tokens.expiresAt) - now.getTime()) / 1000;
  if (remaining <= 0) throw new PlatformError(network.platform, 'reauth', `The ${network.name} sign-in has expired; please reconnect ${network.name}.`);
  // Tokens stored before issuedAt was recorded: infer the age from the 60-day lifetime.
  const ageSeconds = tokens.issuedAt ? (now.getTime() - Date.parse(tokens.issuedAt)) / 1000 : LONG_LIVED_SECONDS - remaining;
  if (ageSeconds < MIN_AGE_TO_REFRESH_SECONDS) return tokens;
  const r = await callPlatform(ctx, {
    what: 'refresh the sign-in',
    url: withQuery(`${network.graphHost}/refresh_access_token`, { grant_type: network.grantType, access_token: tokens.accessToken }),
    init: jsonGet,
    schema: LongTokenResponseSchema,
    secrets: [tokens.accessToken],
  });
  return { ...tokens, accessToken: r.access_token, issuedAt: now.toISOString(), expiresAt: expiresAtFrom(now, r.expires_in) };
}

/**
 * The sign-in code → a short-lived token (1 h) at `tokenUrl` → a long-lived one (60 days) at
 * `{graph}/access_token?grant_type=…`. Returns both answers: the short one may list the grant.
 */
export async function exchangeForLongLived<S extends z.ZodType<{ access_token: string }>>(
  ctx: CallContext,
  network: { tokenUrl: string; graphHost: string; grantType: 'ig_exchange_token' | 'th_exchange_token'; shortSchema: S },
  app: { clientId: string; clientSecret: string; redirectUri: string },
  code: string,
): Promise<{ short: z.output<S>; tokens: TokenSet }> {
  const short = await callPlatform(ctx, {
    what: 'exchange the sign-in code',
    url: network.tokenUrl,
    init: formPost({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', redirect_uri: app.redirectUri, code }),
    schema: network.shortSchema,
    secrets: [code, app.clientSecret],
  });
  const long = await callPlatform(ctx, {
    what: 'get a long-lived sign-in',
    url: withQuery(`${network.graphHost}/access_token`, { grant_type: network.grantType, client_secret: app.clientSecret, access_token: short.access_token }),
    init: jsonGet,
    schema: LongTokenResponseSchema,
    secrets: [short.access_token, app.clientSecret],
  });
  const now = ctx.now();
  return { short, tokens: { accessToken: long.access_token, issuedAt: now.toISOString(), expiresAt: expiresAtFrom(now, long.expires_in) } };
}

const PublishingLimitSchema = z.object({
  data: z
    .array(
      z.object({
        quota_usage: z.number().int().nonnegative(),
        config: z.object({ quota_total: z.number().int().positive(), quota_duration: z.number().int().positive() }).optional(),
      }),
    )
    .min(1),
});

/** An account's publishing limit as the network reports it, read rather than assumed. */
export interface PublishingLimit {
  /** Publishes in the moving window so far. */
  readonly used: number;
  /** The cap (quota_total). */
  readonly total: number;
  readonly windowSeconds: number;
}

/** `GET {graph}/{user}/{edge}?fields=quota_usage,config`; without config the reference's documented cap per 86,400 s applies. */
export async function readPublishingLimit(
  ctx: CallContext,
  url: { graph: string; accountId: string; edge: 'content_publishing_limit' | 'threads_publishing_limit'; documentedTotal: number },
  tokens: TokenSet,
): Promise<PublishingLimit> {
  const r = await callPlatform(ctx, {
    what: 'read the publishing limit',
    url: withQuery(`${url.graph}/${encodeURIComponent(url.accountId)}/${url.edge}`, { fields: 'quota_usage,config', access_token: tokens.accessToken }),
    init: jsonGet,
    schema: PublishingLimitSchema,
    secrets: [tokens.accessToken],
  });
  const row = r.data[0];
  return { used: row.quota_usage, total: row.config?.quota_total ?? url.documentedTotal, windowSeconds: row.config?.quota_duration ?? 86400 };
}

/** Meta's consent page (`{www}/oauth/authorize`), scopes comma-separated. */
export function metaAuthorizeUrl(www: string, app: { clientId: string; redirectUri: string }, scopes: readonly string[], state: string): string {
  return withQuery(`${www}/oauth/authorize`, { client_id: app.clientId, redirect_uri: app.redirectUri, response_type: 'code', scope: scopes.join(','), state });
}
