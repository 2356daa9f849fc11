import { randomBytes, randomInt } from 'node:crypto';
import type { Platform } from '@shared/platforms';

/**
 * What the sandbox platforms remember about publishing: the posts that went out (the feed pages read
 * them), the jobs still processing (IG containers, FB videos, TikTok publishes, YouTube sessions and
 * videos), rate-limit windows, and the receipts log the benchmark reads. Kept in sandbox.json.
 */
export interface PublishedPost {
  /** The platform's own id of the post (tweet id, page_post_id, IG media id, TikTok post id, YouTube video id). */
  id: string;
  platform: Platform;
  /** X user id, Page id, IG user id, TikTok open_id, YouTube channel id. */
  accountId: string;
  text: string;
  title?: string;
  kind: 'text' | 'article' | 'image' | 'carousel' | 'reel' | 'photo' | 'photos' | 'video' | 'short' | 'inbox' | 'document';
  mediaUrls: string[];
  /** Sandbox clock, ms. */
  createdAt: number;
  /** Public URL on the sandbox host. */
  url: string;
  visibility: 'public' | 'private' | 'inbox';
  /** IG shortcode, FB video id, TikTok publish id… */
  ref?: string;
  /** TikTok photo posts: how many of the photos TikTok downloaded from their URLs. */
  mediaPulled?: number;
  /** X and Threads: the post this one replies to (a thread part or a first comment). */
  inReplyTo?: string;
  /** Threads: each file's alt text as its container carried it ('' for none), in the post's order. */
  altTexts?: string[];
}

/** One successful public create, as the server saw it arrive (docs/publishing.md#exactly-once; the benchmark). */
export interface Receipt {
  seq: number;
  /** Real wall-clock time the create request arrived, epoch ms. */
  receivedAtMs: number;
  /** The sandbox clock at that moment (differs once a test advanced it), ISO. */
  sandboxAt: string;
  platform: Platform;
  accountId: string;
  postId: string;
  caption: string;
  url: string;
}

export interface IgContainer {
  id: string;
  userId: string;
  mediaType: 'IMAGE' | 'REELS' | 'VIDEO' | 'CAROUSEL';
  isCarouselItem: boolean;
  caption: string;
  mediaUrl?: string;
  children?: string[];
  createdAt: number;
  readyAt: number;
  /** ERROR status text, e.g. "Error: Media upload has failed with error code 2207053". */
  failed?: string;
  mediaId?: string;
}

/** A Threads media container (POST /{user}/threads): invisible until threads_publish. */
export interface ThreadsContainer {
  id: string;
  userId: string;
  mediaType: 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';
  isCarouselItem: boolean;
  text: string;
  mediaUrl?: string;
  /** IMAGE and VIDEO containers: the alt_text they were made with. */
  altText?: string;
  children?: string[];
  /** A reply's parent post (reply_to_id). */
  replyToId?: string;
  createdAt: number;
  readyAt: number;
  /** ERROR status's error_message, e.g. FAILED_DOWNLOADING_VIDEO. */
  failed?: string;
  mediaId?: string;
}

export interface FbVideo {
  id: string;
  pageId: string;
  postId: string;
  description: string;
  title?: string;
  createdAt: number;
  readyAt: number;
  failed?: boolean;
}

export interface FbPhoto {
  id: string;
  pageId: string;
  url: string;
  published: boolean;
}

export interface TikTokPublish {
  id: string;
  openId: string;
  mode: 'direct' | 'inbox';
  source: 'PULL_FROM_URL' | 'FILE_UPLOAD';
  title: string;
  privacy: string;
  videoUrl?: string;
  /** Photo posts (content/init, media_type PHOTO): the URLs TikTok pulls, the cover, and how many pulls succeeded. */
  kind?: 'video' | 'photo';
  photoUrls?: string[];
  photoCoverIndex?: number;
  photosPulled?: number;
  size: number;
  /** Bytes uploaded (FILE_UPLOAD) or downloaded (PULL_FROM_URL). */
  transferred: number;
  /** PULL_FROM_URL: the download finished (or failed) in the background. */
  pulled?: 'ok' | 'failed';
  uploadToken?: string;
  /** FILE_UPLOAD: the chunking declared at init, which every PUT must follow. */
  chunkSize?: number;
  chunkCount?: number;
  /** The video's length when the sandbox could read it (an MP4's mvhd box), and the creator's cap. */
  durationSec?: number;
  maxDurationSec?: number;
  createdAt: number;
  receivedAtMs: number;
  /** Set once every byte is in: processing ends at readyAt. */
  readyAt?: number;
  failReason?: string;
  postId?: string;
  done?: boolean;
}

export interface YtSession {
  id: string;
  channelId: string;
  title: string;
  description: string;
  privacyStatus: string;
  total: number;
  received: number;
  createdAt: number;
  videoId?: string;
}

export interface YtVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  privacyStatus: string;
  createdAt: number;
  readyAt: number;
  failed?: boolean;
}

/** A LinkedIn image or video (POST /rest/images|videos?action=initializeUpload): usable in a post once uploaded (and, for a video, finalized and processed). */
export interface LinkedInAsset {
  urn: string;
  kind: 'image' | 'video' | 'document';
  owner: string;
  /** Video: the declared size; its parts are 4 MB each. Document: the uploaded size. */
  sizeBytes?: number;
  /** Document: the upload was not a PDF LinkedIn could read (more than 300 pages, or not a PDF at all). */
  failed?: boolean;
  /** Uploaded parts by index, with the ETag each PUT answered. */
  parts: Record<string, string>;
  partCount: number;
  uploadToken?: string;
  finalized?: boolean;
  readyAt?: number;
  createdAt: number;
}

/** A Pinterest video registered with POST /v5/media: registered until uploaded, then processing until readyAt. */
export interface PinterestMediaUpload {
  id: string;
  identityId: string;
  /** The x-amz-signature handed out with the upload parameters; the upload must carry it back. */
  signature: string;
  createdAt: number;
  uploadedAt?: number;
  readyAt?: number;
  failed?: boolean;
}

export interface PublishData {
  posts: PublishedPost[];
  receipts: Receipt[];
  nextReceipt: number;
  igContainers: Record<string, IgContainer>;
  threadsContainers: Record<string, ThreadsContainer>;
  /** LinkedIn uploads by URN; absent in sandbox.json files written before LinkedIn existed. */
  linkedinAssets?: Record<string, LinkedInAsset>;
  fbVideos: Record<string, FbVideo>;
  fbPhotos: Record<string, FbPhoto>;
  tiktok: Record<string, TikTokPublish>;
  ytSessions: Record<string, YtSession>;
  ytVideos: Record<string, YtVideo>;
  /** Call times (sandbox ms) per rate-limit key, e.g. `x:tweets:<user>`. */
  windows: Record<string, number[]>;
  /** Processing delays set through the control API, seconds. */
  delays: Partial<Record<Platform, number>>;
  /** Benchmarks only: rate limits and daily caps off, to measure our engine rather than the quotas. */
  limitsOff?: boolean;
  /** TikTok app settings (control API `/tiktok/app`): an unaudited client posts SELF_ONLY only. */
  tiktokUnaudited?: boolean;
  /** How long TikTok's moderation of a public post takes (control API `/tiktok/app`): its post id comes only after. */
  tiktokModerationSeconds?: number;
  /** URL prefixes verified for the TikTok app: PULL_FROM_URL works only from these (besides the front door's /media-pull/). */
  tiktokVerifiedPrefixes?: string[];
  /** Pinterest videos registered for upload, by media id. */
  pinterestMedia?: Record<string, PinterestMediaUpload>;
}

export const emptyPublishData = (): PublishData => ({
  posts: [],
  receipts: [],
  nextReceipt: 1,
  igContainers: {},
  threadsContainers: {},
  fbVideos: {},
  fbPhotos: {},
  tiktok: {},
  ytSessions: {},
  ytVideos: {},
  windows: {},
  delays: {},
});

/** Default processing times (seconds of sandbox clock) when the control API set none. */
export const DEFAULT_DELAYS = { image: 1, video: 5 } as const;

export function processingDelayMs(data: PublishData, platform: Platform, kind: 'image' | 'video'): number {
  return (data.delays[platform] ?? DEFAULT_DELAYS[kind]) * 1000;
}

/** A numeric id like Meta's and X's (17–19 digits). */
export function numericId(digits = 17): string {
  let out = String(randomInt(1, 10));
  while (out.length < digits) out += String(randomInt(0, 10));
  return out;
}

/** An opaque numeric id for publish ids and upload tokens. */
export const randomId = () => numericId(19);

/** An 11-character YouTube video id / IG shortcode alphabet. */
export function shortId(length = 11): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}

/**
 * Counts a call in a sliding window. Returns undefined when allowed, else the seconds until the oldest
 * call leaves the window. `limit` calls per `windowSeconds`.
 */
export function hitWindow(
  data: PublishData,
  key: string,
  limit: number,
  windowSeconds: number,
  now: number,
): { remaining: number; resetAt: number; retryAfter?: number } {
  if (data.limitsOff) return { remaining: limit, resetAt: now + windowSeconds * 1000 };
  const since = now - windowSeconds * 1000;
  const calls = (data.windows[key] ?? []).filter((t) => t > since);
  if (calls.length >= limit) {
    data.windows[key] = calls;
    const resetAt = calls[0]! + windowSeconds * 1000;
    return { remaining: 0, resetAt, retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }
  calls.push(now);
  data.windows[key] = calls;
  return { remaining: limit - calls.length, resetAt: (calls[0] ?? now) + windowSeconds * 1000 };
}

/** Records a post and its receipt; returns the post. */
export function recordPost(data: PublishData, post: PublishedPost, receivedAtMs: number, sandboxNow: number): PublishedPost {
  data.posts.push(post);
  data.receipts.push({
    seq: data.nextReceipt++,
    receivedAtMs,
    sandboxAt: new Date(sandboxNow).toISOString(),
    platform: post.platform,
    accountId: post.accountId,
    postId: post.id,
    caption: post.text,
    url: post.url,
  });
  return post;
}

export function postsOf(data: PublishData, platform: Platform, accountId?: string): PublishedPost[] {
  return data.posts.filter((p) => p.platform === platform && (accountId === undefined || p.accountId === accountId)).sort((a, b) => b.createdAt - a.createdAt);
}

export interface FetchedMedia {
  ok: boolean;
  status?: number;
  contentType?: string;
  size?: number;
  /** The body, for platforms that judge a file by its bytes rather than its Content-Type (Instagram images). */
  bytes?: Buffer;
}

/**
 * The platform's cURL fetch of a media URL (docs/platform-apis.md#instagram-publishing: Meta fetches image_url/video_url).
 * Reads the whole body, so an expired presigned URL or a dead host fails here as it would there.
 */
export async function fetchMedia(url: string | undefined | null): Promise<FetchedMedia> {
  if (!url || !/^https?:\/\//.test(url)) return { ok: false };
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000), redirect: 'follow' });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!res.ok) return { ok: false, status: res.status };
    return { ok: true, status: res.status, contentType: res.headers.get('content-type') ?? 'application/octet-stream', size: bytes.length, bytes };
  } catch {
    return { ok: false };
  }
}
