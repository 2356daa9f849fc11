import { googleError } from '../faults';
import { grownCounts } from '../metrics-growth';
import type { YtVideo } from '../publish-store';
import type { SandboxResponse } from '../router';

/**
 * videos.list for metrics (docs/platform-apis.md#youtube-metrics): `part=statistics&id=…` (comma-separated,
 * at most 50 ids), statistics as strings (viewCount, likeCount, favoriteCount, commentCount); an id that
 * is not there (deleted, or someone else's private video) is simply left out of `items`
 * (https://developers.google.com/youtube/v3/docs/videos/list).
 */
const MAX_IDS = 50;
/** videos.list's `part` names (the reference's list). */
const VIDEO_PARTS = [
  'contentDetails',
  'fileDetails',
  'id',
  'liveStreamingDetails',
  'localizations',
  'paidProductPlacementDetails',
  'player',
  'processingDetails',
  'recordingDetails',
  'snippet',
  'statistics',
  'status',
  'suggestions',
  'topicDetails',
];
/** Reading statistics with a user token takes a read scope; youtube.upload alone does not cover it. */
const READ_SCOPES = ['youtube.readonly', 'youtube', 'youtube.force-ssl', 'youtubepartner'].map((s) => `https://www.googleapis.com/auth/${s}`);

/** What videos.list refuses before it looks anything up: an unknown part, too many ids, statistics without a read scope. */
export function videosListRefusal(parts: readonly string[], ids: readonly string[], scopes: readonly string[]): SandboxResponse | undefined {
  const unknown = parts.find((p) => !VIDEO_PARTS.includes(p));
  if (unknown) return googleError(400, `'${unknown}'`, 'unknownPart', 'youtube.part', 'INVALID_ARGUMENT');
  if (ids.length > MAX_IDS)
    return googleError(400, `The id parameter takes at most ${MAX_IDS} video IDs.`, 'invalidParameter', 'youtube.parameter', 'INVALID_ARGUMENT');
  // The publishing flow's own processing reads (part=status,processingDetails) keep working as before.
  if (parts.includes('statistics') && !scopes.some((s) => READ_SCOPES.includes(s)))
    return googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'global', 'PERMISSION_DENIED');
  return undefined;
}

/** Whether the caller may see this video at all: a public one, or any of its own channel's. */
export const visibleTo = (video: YtVideo, channelId: string) => video.privacyStatus === 'public' || video.channelId === channelId;

/** The statistics part of a sandbox video `now` (sandbox ms): grown from the moment the upload completed. */
export function youtubeStatistics(video: YtVideo, now: number) {
  const c = grownCounts(video.id, (now - video.createdAt) / 1000, { minViews: 150, rates: { like: [0.02, 0.06], comment: [0.002, 0.01] } });
  return { viewCount: String(c.views), likeCount: String(c.like), favoriteCount: '0', commentCount: String(c.comment) };
}
