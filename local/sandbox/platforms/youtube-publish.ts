import type { SandboxContext } from '../context';
import { googleError, youtubeAuthError, youtubeQuotaExceeded } from '../faults';
import { processingDelayMs, recordPost, shortId, type YtSession, type YtVideo } from '../publish-store';
import { publicUrls } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { videosListRefusal, visibleTo, youtubeStatistics } from './youtube-metrics';

/**
 * YouTube resumable uploads (docs/platform-apis.md#youtube): POST starts a session (Location header),
 * PUT sends bytes (308 + Range while incomplete, 200 + the video when the last byte lands; an empty
 * PUT with `Content-Range: bytes *\/total` asks where the session is), videos.list reports processing.
 */
/** videos.insert has its own bucket: 100 calls a day per project, reset at midnight Pacific (YouTube quota page). */
export const INSERTS_PER_DAY = 100;
const UPLOAD_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The Pacific-time calendar day of a moment (YYYY-MM-DD), the unit YouTube's daily quotas reset on. */
export function pacificDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

export function registerYouTubePublishing(ctx: SandboxContext): void {
  const data = () => ctx.state.publishing;

  /**
   * Counts one videos.insert against the project's (our app's client id) bucket for today, Pacific
   * time. Kept in the rate-limit store under a per-day key, so a reset or a new day starts at zero.
   */
  const takeInsert = (clientId: string): boolean => {
    if (data().limitsOff) return true;
    const key = `youtube:inserts:${clientId}:${pacificDay(ctx.state.now())}`;
    const used = data().windows[key] ?? [];
    if (used.length >= INSERTS_PER_DAY) return false;
    data().windows[key] = [...used, ctx.state.now()];
    return true;
  };

  const authorize = (req: SandboxRequest): { response: SandboxResponse } | { channelId: string; scopes: string[]; clientId: string } => {
    const check = ctx.state.check('youtube', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return { response: youtubeAuthError() };
    return { channelId: check.record.identityId, scopes: check.record.scopes, clientId: check.record.clientId };
  };

  /** A YouTube API route: a call without a live user token gets YouTube's 401 before `handler` runs. */
  const onAuthorized = (
    method: string,
    path: string,
    handler: (req: SandboxRequest, auth: Exclude<ReturnType<typeof authorize>, { response: SandboxResponse }>) => SandboxResponse | Promise<SandboxResponse>,
    options: Parameters<typeof ctx.router.on>[5],
  ) =>
    ctx.router.on(
      method,
      'youtube',
      'api',
      path,
      (req) => {
        const auth = authorize(req);
        return 'response' in auth ? auth.response : handler(req, auth);
      },
      options,
    );

  const resource = (video: YtVideo, parts: string[]) => {
    const now = ctx.state.now();
    const state = video.failed ? 'failed' : video.readyAt <= now ? 'processed' : 'uploaded';
    return {
      kind: 'youtube#video',
      etag: `sbx-${video.id}`,
      id: video.id,
      ...(parts.includes('snippet')
        ? {
            snippet: {
              publishedAt: new Date(video.createdAt).toISOString(),
              channelId: video.channelId,
              title: video.title,
              description: video.description,
              categoryId: '22',
              liveBroadcastContent: 'none',
            },
          }
        : {}),
      ...(parts.includes('status')
        ? {
            status: {
              uploadStatus: state,
              ...(state === 'failed' ? { failureReason: 'codec' } : {}),
              privacyStatus: video.privacyStatus,
              license: 'youtube',
              embeddable: true,
              publicStatsViewable: true,
              madeForKids: false,
            },
          }
        : {}),
      ...(parts.includes('processingDetails')
        ? {
            processingDetails: {
              processingStatus: state === 'failed' ? 'failed' : state === 'processed' ? 'succeeded' : 'processing',
              ...(state === 'uploaded'
                ? {
                    processingProgress: {
                      partsTotal: 1000,
                      partsProcessed: Math.floor(((now - video.createdAt) / Math.max(1, video.readyAt - video.createdAt)) * 1000),
                      timeLeftMs: Math.max(0, video.readyAt - now),
                    },
                  }
                : {}),
              ...(state === 'failed' ? { processingFailureReason: 'transcodeFailed' } : {}),
            },
          }
        : {}),
      ...(parts.includes('statistics') ? { statistics: youtubeStatistics(video, now) } : {}),
    };
  };

  onAuthorized(
    'POST',
    '/upload/youtube/v3/videos',
    (req, auth) => {
      if (!auth.scopes.some((s) => UPLOAD_SCOPES.includes(s)))
        return googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'global', 'PERMISSION_DENIED');
      if (req.query.get('uploadType') !== 'resumable')
        return googleError(400, 'The sandbox supports uploadType=resumable only.', 'badRequest', 'global', 'INVALID_ARGUMENT');
      const body = (req.json ?? {}) as { snippet?: { title?: unknown; description?: unknown }; status?: { privacyStatus?: unknown } };
      const title = typeof body.snippet?.title === 'string' ? body.snippet.title : '';
      const description = typeof body.snippet?.description === 'string' ? body.snippet.description : '';
      if (!title.trim() || [...title].length > 100 || /[<>]/.test(title))
        return googleError(400, 'The request metadata specifies an invalid or empty video title.', 'invalidTitle', 'youtube.video', 'INVALID_ARGUMENT');
      if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description))
        return googleError(400, 'The request metadata specifies an invalid video description.', 'invalidDescription', 'youtube.video', 'INVALID_ARGUMENT');
      if (!takeInsert(auth.clientId)) return youtubeQuotaExceeded();
      const total = Number(req.headers['x-upload-content-length'] ?? -1);
      const session: YtSession = {
        id: `ABPtcP${shortId(40)}`,
        channelId: auth.channelId,
        title,
        description,
        privacyStatus: typeof body.status?.privacyStatus === 'string' ? body.status.privacyStatus : 'public',
        total: Number.isFinite(total) ? total : -1,
        received: 0,
        createdAt: ctx.state.now(),
      };
      data().ytSessions[session.id] = session;
      ctx.state.persist();
      const location = `${ctx.sandboxUrl}/youtube/api/upload/youtube/v3/videos?uploadType=resumable&part=${encodeURIComponent(req.query.get('part') ?? 'snippet,status')}&upload_id=${session.id}`;
      return { status: 200, headers: { location, 'x-guploader-uploadid': session.id }, body: undefined };
    },
    { publish: 'step' },
  );

  onAuthorized(
    'PUT',
    '/upload/youtube/v3/videos',
    (req, auth) => {
      // Every PUT of a resumable session, the status query included, carries the user's token (Resumable Uploads guide).
      const session = data().ytSessions[req.query.get('upload_id') ?? ''];
      if (!session || ctx.state.now() - session.createdAt > SESSION_TTL_MS) return googleError(404, 'Not Found', 'notFound', 'global', 'NOT_FOUND');
      if (session.channelId !== auth.channelId)
        return googleError(403, 'The request is not authorized to use this upload session.', 'forbidden', 'global', 'PERMISSION_DENIED');
      const parts = (req.query.get('part') ?? 'snippet,status').split(',');
      const finished = () => {
        const video = data().ytVideos[session.videoId!]!;
        return json(200, resource(video, [...parts, 'snippet', 'status']));
      };
      const incomplete = (): SandboxResponse => ({ status: 308, headers: session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {} });
      const header = String(req.headers['content-range'] ?? '');
      const query = /^bytes \*\/(\d+|\*)$/.exec(header);
      if (query) return session.videoId ? finished() : incomplete();
      if (session.videoId) return finished();
      let first = 0;
      let total = session.total >= 0 ? session.total : req.raw.length;
      if (header) {
        const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header);
        if (!range) return googleError(400, 'Invalid Content-Range header.', 'badContent', 'global', 'INVALID_ARGUMENT');
        first = Number(range[1]);
        if (Number(range[2]) - first + 1 !== req.raw.length)
          return googleError(400, 'The Content-Range does not match the body length.', 'badContent', 'global', 'INVALID_ARGUMENT');
        if (range[3] !== '*') total = Number(range[3]);
      }
      if (first > session.received) return incomplete();
      session.total = total;
      session.received = Math.max(session.received, first + req.raw.length);
      if (session.received < total) {
        ctx.state.persist();
        return incomplete();
      }
      // The last byte landed: the video exists now (docs/platform-apis.md#avoiding-double-posts), whether or not the client hears back.
      const now = ctx.state.now();
      // An unverified project's uploads are locked private, whatever was asked (Videos: insert reference).
      const privacyStatus = ctx.youtubeUnverified ? 'private' : session.privacyStatus;
      const video: YtVideo = {
        id: shortId(11),
        channelId: session.channelId,
        title: session.title,
        description: session.description,
        privacyStatus,
        createdAt: now,
        readyAt: now + processingDelayMs(data(), 'youtube', 'video'),
      };
      if (ctx.state.takeHandlerFault('youtube', 'processing_failed')) video.failed = true;
      data().ytVideos[video.id] = video;
      session.videoId = video.id;
      recordPost(
        data(),
        {
          id: video.id,
          platform: 'youtube',
          accountId: session.channelId,
          text: session.description,
          title: session.title,
          kind: 'short',
          mediaUrls: [],
          createdAt: now,
          url: publicUrls(ctx).youtubeWatch(video.id),
          visibility: privacyStatus === 'public' ? 'public' : 'private',
        },
        req.receivedAtMs,
        now,
      );
      ctx.state.persist();
      return finished();
    },
    { publish: 'create' },
  );

  onAuthorized(
    'GET',
    '/youtube/v3/videos',
    (req, auth) => {
      const parts = (req.query.get('part') ?? '').split(',').filter(Boolean);
      if (!parts.length)
        return googleError(
          400,
          'No filter selected. Expected one of: id, myRated, chart.',
          'missingRequiredParameter',
          'youtube.parameter',
          'INVALID_ARGUMENT',
        );
      const ids = (req.query.get('id') ?? '').split(',').filter(Boolean);
      const refused = videosListRefusal(parts, ids, auth.scopes);
      if (refused) return refused;
      const items = ids
        .map((id) => data().ytVideos[id])
        .filter((v): v is YtVideo => !!v && visibleTo(v, auth.channelId))
        .map((v) => resource(v, parts));
      return json(200, { kind: 'youtube#videoListResponse', etag: 'sbx-list', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
    },
    { publish: 'step' },
  );
}
