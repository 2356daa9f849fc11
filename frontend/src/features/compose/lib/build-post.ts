import type { SocialAccount } from '@shared/accounts';
import { noConnectionProblem, CreatePostSchema } from '@shared/compose';
import { supportsFirstComment } from '@shared/follow-ups';
import { MSG } from '@shared/messages';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';
import type { CreatePostBody } from '@shared/post-bodies';
import type { PinterestSettings } from '@shared/pinterest';
import type { TikTokSettings } from '@shared/tiktok';
import { localInputToIso } from '@/lib/time';

/** What the compose form holds, before it becomes a request body. */
export interface ComposeDraft {
  platforms: Platform[];
  /** The checked accounts of each platform (several accounts of one platform are several targets). */
  accountIds: Partial<Record<Platform, string[]>>;
  captions: Partial<Record<Platform, string>>;
  title: string;
  /** The TikTok panel's choices, sent as each TikTok target's settings (shared/tiktok.ts). */
  tiktok: TikTokSettings;
  /** What the TikTok panel says stops the post (a video longer than the creator may post), or null. */
  tiktokProblem: string | null;
  /** The `datetime-local` value, read in the user's timezone; '' for a draft. */
  scheduleLocal: string;
  mediaIds: string[];
  /** Each file's alt text by media id (the media card's fields); absent when none was written. */
  mediaAlt?: Record<string, string>;
  /** Agency mode: the client the post is for; '' for none. */
  clientId: string;
  /** Each platform's optional first comment, and X's thread parts after the caption. */
  firstComments?: Partial<Record<Platform, string>>;
  threadParts?: string[];
  /** The Pinterest panel's choices: each account's board, and the pin's title, link and alt text. */
  pinterest?: { boards?: Partial<Record<string, string>>; title?: string; link?: string; altText?: string };
}

export const EMPTY_DRAFT: ComposeDraft = {
  platforms: [],
  accountIds: {},
  captions: {},
  title: '',
  tiktok: {},
  tiktokProblem: null,
  scheduleLocal: '',
  mediaIds: [],
  mediaAlt: {},
  clientId: '',
};

/** Connected accounts of each platform, newest first (the API's order, made sure of here). */
export function connectedByPlatform(accounts: readonly SocialAccount[]): Record<Platform, SocialAccount[]> {
  const groups = Object.fromEntries(PLATFORMS.map((p) => [p, [] as SocialAccount[]])) as Record<Platform, SocialAccount[]>;
  const newestFirst = [...accounts].filter((a) => a.is_connected).sort((a, b) => b.created_at.localeCompare(a.created_at));
  for (const account of newestFirst) groups[account.platform].push(account);
  return groups;
}

/** The selected platforms in the product's order. */
export function orderedPlatforms(selected: readonly Platform[]): Platform[] {
  return PLATFORMS.filter((p) => selected.includes(p));
}

/** Only what the user set; a draft (inbox upload) carries no Direct Post choices. */
function tiktokTargetSettings(s: TikTokSettings): TikTokSettings {
  if (s.tiktok_draft) return { tiktok_draft: true };
  const defined = Object.entries(s).filter(([, v]) => v !== undefined);
  return Object.fromEntries(defined);
}

/** A Pinterest target's settings: its account's board and the shared fields the user filled in. */
function pinterestTargetSettings(draft: ComposeDraft, accountId: string): PinterestSettings {
  const p = draft.pinterest ?? {};
  const board = p.boards?.[accountId];
  const title = p.title?.trim();
  const link = p.link?.trim();
  const alt = p.altText?.trim();
  return {
    ...(board ? { pinterest_board_id: board } : {}),
    ...(title ? { pinterest_title: title } : {}),
    ...(link ? { pinterest_link: link } : {}),
    ...(alt ? { pinterest_alt_text: alt } : {}),
  };
}

/** The first comment and (X) thread parts a target carries: only what the user wrote. */
function followUpSettings(draft: ComposeDraft, platform: Platform): { first_comment?: string; thread?: string[] } {
  const comment = draft.firstComments?.[platform]?.trim();
  const parts = platform === 'x' ? (draft.threadParts ?? []) : [];
  return { ...(comment && supportsFirstComment(platform) ? { first_comment: comment } : {}), ...(parts.length ? { thread: parts } : {}) };
}

/** The POST /api/posts body (docs/product-rules.md#writes-and-storage): one target per checked account of each selected platform. */
export function buildCreatePostBody(draft: ComposeDraft, zone: string): CreatePostBody {
  const youtube = draft.platforms.includes('youtube');
  const platforms = orderedPlatforms(draft.platforms).flatMap((platform) =>
    (draft.accountIds[platform] ?? []).map((social_account_id) => ({
      platform,
      social_account_id,
      caption: draft.captions[platform] ?? '',
      settings: {
        ...(platform === 'tiktok' ? tiktokTargetSettings(draft.tiktok) : {}),
        ...(platform === 'pinterest' ? pinterestTargetSettings(draft, social_account_id) : {}),
        ...followUpSettings(draft, platform),
      },
    })),
  );
  return {
    // The API appends " #shorts" (docs/product-rules.md#compose-rules). YouTube publishes the title, and
    // LinkedIn a document under it (the LinkedIn document panel sets it); no other network uses it.
    title: youtube || (draft.platforms.includes('linkedin') && draft.title.trim()) ? draft.title.trim() : undefined,
    scheduled_at: draft.scheduleLocal ? localInputToIso(draft.scheduleLocal, zone) : null,
    platforms,
    media_ids: draft.mediaIds,
    ...mediaAltOf(draft),
    youtube_type: youtube ? 'shorts' : undefined,
    ...(draft.clientId ? { client_id: draft.clientId } : {}),
  };
}

/** Only the attached files' written descriptions: a blank one is none, and a removed file's is gone with it. */
function mediaAltOf(draft: ComposeDraft): { media_alt?: Record<string, string> } {
  const written = Object.entries(draft.mediaAlt ?? {}).filter(([id, alt]) => draft.mediaIds.includes(id) && alt.trim());
  return written.length > 0 ? { media_alt: Object.fromEntries(written.map(([id, alt]) => [id, alt.trim()])) } : {};
}

export interface ComposeProblem {
  title: string;
  message: string;
}

/**
 * The first rule the post breaks, checked with the same shared rules as the API (docs/product-rules.md#compose-rules), then
 * the connected-accounts rule and a schedule time in the past.
 */
export function firstProblem(body: CreatePostBody, selected: readonly Platform[], connected: readonly Platform[], now: Date): ComposeProblem | null {
  if (selected.length === 0) return { title: MSG.validationErrorTitle, message: MSG.selectPlatform };
  const parsed = CreatePostSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const params = 'params' in issue ? (issue.params as { title?: unknown } | undefined) : undefined;
    const title = typeof params?.title === 'string' ? params.title : MSG.validationErrorTitle;
    return { title, message: issue.message };
  }
  const accounts = noConnectionProblem(selected, connected);
  if (accounts) return { title: MSG.validationErrorTitle, message: accounts };
  if (body.scheduled_at && Date.parse(body.scheduled_at) <= now.getTime()) {
    return { title: MSG.validationErrorTitle, message: SCHEDULED_IN_PAST_MESSAGE };
  }
  return null;
}
