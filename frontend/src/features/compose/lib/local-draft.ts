import * as z from 'zod';
import { VideoFactsSchema } from '@shared/media';
import { PLATFORMS } from '@shared/platforms';
import { MediaItemSchema } from '@shared/posts';
import { REPEAT_FREQUENCIES, WEEKDAYS, type RepeatInput } from '@shared/recurrence';
import { TikTokSettingsShape } from '@shared/tiktok';
import type { ComposeMedia } from '../hooks/use-media-uploads';
import { EMPTY_DRAFT, type ComposeDraft } from './build-post';

/**
 * The Compose draft kept in this browser until it is saved or discarded: leaving
 * Compose used to lose the text and the uploaded media. One entry per user id, so a shared browser
 * never shows one user's draft to another. Everything the form holds is kept: captions, X thread
 * parts, first comments, the TikTok choices, the time, the client and the Repeat rule. Only uploaded
 * media are kept (their ids and preview info); a file still uploading when the page goes is lost with
 * the page, and the draft names it so the restored banner can say so.
 */
const STORAGE_PREFIX = 'socialautomator:compose-draft:v1:';
export const localDraftKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

const platformEnum = z.enum(PLATFORMS);
/**
 * The Repeat rule as the form holds it, which may be half-edited (an interval of 0 while typing):
 * kept as typed, and checked against the API's rule only when the post is sent, as before.
 */
const StoredRepeatSchema = z.object({
  frequency: z.enum(REPEAT_FREQUENCIES),
  interval: z.number().catch(1).optional(),
  weekdays: z.array(z.enum(WEEKDAYS)).optional(),
  end: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('never') }),
      z.object({ type: z.literal('on'), date: z.string() }),
      z.object({ type: z.literal('after'), count: z.number().catch(1) }),
    ])
    .optional(),
});
/** What is stored; read back through this schema, so a stale or tampered entry is dropped, not trusted. */
const LocalDraftSchema = z.object({
  draft: z.object({
    platforms: z.array(platformEnum),
    accountIds: z.partialRecord(platformEnum, z.array(z.string())),
    captions: z.partialRecord(platformEnum, z.string()),
    title: z.string(),
    tiktok: z
      .object({ ...TikTokSettingsShape })
      .partial()
      .catch({}),
    scheduleLocal: z.string(),
    clientId: z.string(),
    // Absent in entries written before these were kept.
    firstComments: z.partialRecord(platformEnum, z.string()).optional(),
    threadParts: z.array(z.string()).optional(),
    pinterest: z
      .object({
        boards: z.record(z.string(), z.string()).optional(),
        title: z.string().optional(),
        link: z.string().optional(),
        altText: z.string().optional(),
      })
      .optional()
      .catch(undefined),
  }),
  repeat: StoredRepeatSchema.nullable().optional(),
  /** Files that were not uploaded yet when the draft was last kept: they are not in it. */
  notKept: z.array(z.string()).optional(),
  media: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['image', 'video', 'document']),
      stored: MediaItemSchema,
      video: VideoFactsSchema.nullable(),
      // Absent in entries written before alt text was kept.
      altText: z.string().optional(),
    }),
  ),
});

export interface LocalDraft {
  draft: ComposeDraft;
  media: ComposeMedia[];
  /** The Repeat rule, or null when the post does not repeat. */
  repeat: RepeatInput | null;
  /** Names of files that were still uploading (or failed) and so are not in the draft. */
  notKept: string[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage blocked (privacy settings): compose works, without keeping drafts.
  }
}

/** Whether there is anything of the user's to keep. */
export function hasWork(draft: ComposeDraft, media: readonly ComposeMedia[]): boolean {
  const written = (texts: readonly (string | undefined)[]) => texts.some((t) => !!t?.trim());
  return (
    draft.platforms.length > 0 ||
    written(Object.values(draft.captions)) ||
    written(Object.values(draft.firstComments ?? {})) ||
    written(draft.threadParts ?? []) ||
    !!draft.title.trim() ||
    !!draft.scheduleLocal ||
    media.length > 0
  );
}

export function loadLocalDraft(userId: string): LocalDraft | null {
  const raw = storage()?.getItem(localDraftKey(userId));
  if (!raw) return null;
  let parsed;
  try {
    parsed = LocalDraftSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    storage()?.removeItem(localDraftKey(userId));
    return null;
  }
  const { draft, media, repeat, notKept } = parsed.data;
  return {
    draft: { ...EMPTY_DRAFT, ...draft, tiktok: draft.tiktok },
    repeat: repeat ?? null,
    notKept: notKept ?? [],
    media: media.map((m) => ({
      localId: `restored-${m.stored.id}`,
      name: m.name,
      kind: m.kind,
      progress: 100,
      previewUrl: null,
      stored: m.stored,
      video: m.video,
      ...(m.altText ? { altText: m.altText } : {}),
    })),
  };
}

/** Keeps the draft, or forgets it when there is nothing left to keep. */
export function saveLocalDraft(userId: string, draft: ComposeDraft, media: readonly ComposeMedia[], repeat: RepeatInput | null = null): void {
  const store = storage();
  if (!store) return;
  const uploaded = media.filter((m) => m.stored && !m.attached);
  if (!hasWork(draft, uploaded)) {
    store.removeItem(localDraftKey(userId));
    return;
  }
  const { platforms, accountIds, captions, title, tiktok, scheduleLocal, clientId, firstComments, threadParts, pinterest } = draft;
  const entry = {
    draft: {
      platforms,
      accountIds,
      captions,
      title,
      tiktok,
      scheduleLocal,
      clientId,
      firstComments: firstComments ?? {},
      threadParts: threadParts ?? [],
      ...(pinterest ? { pinterest } : {}),
    },
    repeat,
    notKept: media.filter((m) => !m.stored).map((m) => m.name),
    media: uploaded.map((m) => ({ name: m.name, kind: m.kind, stored: m.stored, video: m.video, ...(m.altText ? { altText: m.altText } : {}) })),
  };
  try {
    store.setItem(localDraftKey(userId), JSON.stringify(entry));
  } catch {
    // Quota full: the draft is simply not kept.
  }
}

export function clearLocalDraft(userId: string): void {
  storage()?.removeItem(localDraftKey(userId));
}
