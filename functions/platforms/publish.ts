import { PLATFORM_NAMES, type Platform } from '@shared/platforms';
import type { CallContext, Classification, Classifier, FailedResponse } from './http';
import { PlatformError, type PublishCheckpoint, type PublishContext, type PublishMedia } from './types';

/** Shared by the five adapters' publishStep: user-facing wording, checkpoint guards, media kinds. */

export const UNKNOWN_OUTCOME_MESSAGE = "We couldn't confirm this post went out; check your account";

export function unknownOutcome(platform: Platform, extra = ''): PlatformError {
  return new PlatformError(platform, 'unknown-outcome', `${UNKNOWN_OUTCOME_MESSAGE} on ${PLATFORM_NAMES[platform]}.${extra ? ` ${extra}` : ''}`);
}

/** "14:05 UTC": the adapter does not know the user's timezone, so the time says which one it is. */
export function clockTime(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

export const isVideo = (m: PublishMedia) => m.mimeType.startsWith('video/');
export const isImage = (m: PublishMedia) => m.mimeType.startsWith('image/');

/** Per-code wording for fix-input/stop answers; the key is the classification's code. */
export type PublishMessages = Readonly<Record<string, string>>;

/** The message a user sees for a failed publishing call, by category (docs/publishing.md#retries-and-backoff). */
export function publishMessage(platform: Platform, c: Classification, now: Date, messages: PublishMessages = {}): string {
  const name = PLATFORM_NAMES[platform];
  const specific = c.code !== undefined ? messages[String(c.code)] : undefined;
  const after = c.retryAfterSeconds !== undefined ? clockTime(new Date(now.getTime() + c.retryAfterSeconds * 1000)) : undefined;
  if (specific) return specific.replace('{after}', after ?? 'a while');
  switch (c.category) {
    case 'reauth':
      return `Your ${name} connection has expired; reconnect it on Platforms.`;
    case 'backoff':
      return after
        ? `${name} is limiting how fast we can post; we'll try again after ${after}.`
        : `${name} is limiting how fast we can post; we'll try again shortly.`;
    case 'retry':
      return `${name} had a temporary problem; we'll try again.`;
    case 'unknown-outcome':
      return `${UNKNOWN_OUTCOME_MESSAGE} on ${name}.`;
    default:
      return `${name} rejected the post${c.platformMessage ? `: ${c.platformMessage}` : ` (${c.reason})`}.`;
  }
}

/** A classifier whose classifications carry the publishing message. */
export function publishClassifier(platform: Platform, base: Classifier, messages: PublishMessages = {}): Classifier {
  return (res: FailedResponse) => {
    const c = base(res);
    return { ...c, message: publishMessage(platform, c, res.now, messages) };
  };
}

export function publishCallContext(ctx: CallContext, messages: PublishMessages = {}): CallContext {
  return { ...ctx, classify: publishClassifier(ctx.platform, ctx.classify, messages) };
}

/**
 * Saves `marker` (e.g. "create attempted at") BEFORE the one non-idempotent call (docs/platform-apis.md#avoiding-double-posts),
 * then waits for the due second and makes the call: at the due second only the platform call is
 * left. When the platform answered with an error, nothing was created, so the marker is taken back;
 * when the answer was lost (network), or this delivery died while waiting, it stays and the next
 * delivery recovers from it.
 */
export async function guardedCreate<T>(context: PublishContext, marker: PublishCheckpoint, before: PublishCheckpoint, call: () => Promise<T>): Promise<T> {
  await context.saveCheckpoint(marker);
  await context.untilDue?.();
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformError && error.details.status !== undefined) await context.saveCheckpoint(before);
    throw error;
  }
}

/** Text as platforms echo it back: NFC, trimmed, URLs blanked (X rewrites them to t.co). */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFC')
      .replace(/https?:\/\/\S+/g, 'URL')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

/** Lookups since an attempt allow for clock skew between us and the platform. */
export const LOOKUP_SKEW_SECONDS = 120;

export const handleOf = (accountName: string) => accountName.replace(/^@/, '');

export function str(cp: PublishCheckpoint | null, key: string): string | undefined {
  const v = cp?.[key];
  return typeof v === 'string' && v ? v : undefined;
}

export function num(cp: PublishCheckpoint | null, key: string): number | undefined {
  const v = cp?.[key];
  return typeof v === 'number' ? v : undefined;
}
