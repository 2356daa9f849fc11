import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import type { SandboxContext } from '../context';
import { googleError, youtubeAuthError } from '../faults';
import { hitWindow, numericId, shortId, type PublishData } from '../publish-store';
import { graphParams } from '../publishing';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import { graphError, graphNoObject, graphPermissionError, graphTokenError } from './graph';

/**
 * First comments on the sandbox Instagram, Facebook and YouTube, with the official rules
 * (docs/first-comment-and-threads.md#the-platforms-rules-in-the-sandbox):
 *  - Instagram POST/GET /{ig-media-id}/comments: the token's own media, instagram_business_manage_comments,
 *    `message` required, at most 2,200 characters
 *    (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments).
 *  - Facebook POST/GET /{page-post-id}/comments: the Page's token for its own post, pages_manage_engagement
 *    to write, at most 8,000 characters (https://developers.facebook.com/docs/graph-api/reference/object/comments);
 *    pages_read_user_content to list them (people's comments are user content on the Page, Meta's
 *    Pages API permissions).
 *  - The IG Media comments edge declares fields and paging only; any other parameter (an `order`) is refused.
 *  - YouTube commentThreads insert/list: youtube.force-ssl to write, the caller's channel and video,
 *    textOriginal at most 10,000 characters (https://developers.google.com/youtube/v3/docs/commentThreads/insert).
 * A comment is not a post: it lands in `comments`, which GET /_sandbox/control/comments lists.
 */
export interface SandboxComment {
  id: string;
  platform: 'instagram' | 'facebook' | 'youtube' | 'linkedin';
  parentId: string;
  accountId: string;
  text: string;
  createdAt: number;
}

/** Comments per account per hour before the sandbox answers with the platform's rate limit (a spam guard, as Meta and Google keep one). */
const COMMENTS_PER_HOUR = 60;

type WithComments = PublishData & { comments?: SandboxComment[] };
const commentsOf = (data: PublishData) => ((data as WithComments).comments ??= []);

export const sandboxComments = (data: PublishData): readonly SandboxComment[] => commentsOf(data);

/** Records a comment another platform's module accepted (LinkedIn's socialActions), in the same list. */
export function addSandboxComment(data: PublishData, comment: SandboxComment): SandboxComment {
  commentsOf(data).push(comment);
  return comment;
}

const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

export function registerSandboxComments(ctx: SandboxContext): void {
  const v = `/${GRAPH_VERSION}`;
  const data = () => ctx.state.publishing;
  const now = () => ctx.state.now();
  const add = (c: Omit<SandboxComment, 'createdAt'>) => {
    const comment = { ...c, createdAt: now() };
    commentsOf(data()).push(comment);
    ctx.state.persist();
    return comment;
  };
  const listFor = (platform: SandboxComment['platform'], parentId: string) =>
    commentsOf(data())
      .filter((c) => c.platform === platform && c.parentId === parentId)
      .sort((a, b) => b.createdAt - a.createdAt);
  const rateLimited = (platform: string, accountId: string) =>
    hitWindow(data(), `${platform}:comments:${accountId}`, COMMENTS_PER_HOUR, 3600, now()).retryAfter !== undefined;
  const noObject = (id: string) => graphNoObject('post', id);

  // Instagram ---------------------------------------------------------------------------------------
  /** What the IG Media comments edge takes: the field list, paging and the token. */
  const IG_COMMENTS_PARAMETERS = ['fields', 'limit', 'after', 'before', 'access_token'];
  const igMedia = (mediaId: string) => data().posts.find((p) => p.platform === 'instagram' && p.id === mediaId);
  const igAuth = (req: SandboxRequest, mediaId: string, write: boolean): { response: SandboxResponse } | { userId: string } => {
    const check = ctx.state.check('instagram', req.bearer);
    if (!check.ok) return { response: graphTokenError(check) };
    const media = igMedia(mediaId);
    if (!media || media.accountId !== check.record.identityId) return { response: noObject(mediaId) };
    if (write && !check.record.scopes.includes('instagram_business_manage_comments'))
      return { response: graphError(403, '(#10) Application does not have permission for this action', 10) };
    return { userId: check.record.identityId };
  };
  for (const host of ['graph', 'api'] as const) {
    ctx.router.on(
      'POST',
      'instagram',
      host,
      `${v}/:mediaId/comments`,
      (req) => {
        const auth = igAuth(req, req.params.mediaId!, true);
        if ('response' in auth) return auth.response;
        const message = graphParams(req).get('message') ?? '';
        if (!message.trim()) return graphError(400, '(#100) The parameter message is required', 100);
        if ([...message].length > 2200) return graphError(400, '(#100) Param message must be at most 2200 characters long.', 100);
        if (rateLimited('instagram', auth.userId)) return graphError(400, '(#4) Application request limit reached', 4, { is_transient: true });
        const c = add({ id: numericId(17), platform: 'instagram', parentId: req.params.mediaId!, accountId: auth.userId, text: message });
        return json(200, { id: c.id });
      },
      { publish: 'create' },
    ); // a create: its faults (an answer lost after acting) reach it
    ctx.router.on('GET', 'instagram', host, `${v}/:mediaId/comments`, (req) => {
      const auth = igAuth(req, req.params.mediaId!, false);
      if ('response' in auth) return auth.response;
      const undeclared = [...req.query.keys()].find((k) => !IG_COMMENTS_PARAMETERS.includes(k));
      if (undeclared) return graphError(400, `(#100) The parameter ${undeclared} is not supported on this edge`, 100);
      return json(200, { data: listFor('instagram', req.params.mediaId!).map((c) => ({ id: c.id, text: c.text, timestamp: graphTime(c.createdAt) })) });
    });
  }

  // Facebook ----------------------------------------------------------------------------------------
  const fbAuth = (req: SandboxRequest, postId: string, write: boolean): { response: SandboxResponse } | { pageId: string } => {
    const check = ctx.state.check('facebook', req.bearer, ['access', 'page']);
    if (!check.ok) return { response: graphTokenError(check) };
    const post = data().posts.find((p) => p.platform === 'facebook' && p.id === postId);
    if (!post) return { response: noObject(postId) };
    if (check.record.kind !== 'page' || check.record.pageId !== post.accountId) return { response: graphError(403, '(#200) Permissions error', 200) };
    if (write && !check.record.scopes.includes('pages_manage_engagement'))
      return { response: graphError(403, '(#200) Permissions error: requires pages_manage_engagement', 200) };
    if (!write && !check.record.scopes.includes('pages_read_user_content')) return { response: graphPermissionError('pages_read_user_content') };
    return { pageId: post.accountId };
  };
  ctx.router.on(
    'POST',
    'facebook',
    'graph',
    `${v}/:postId/comments`,
    (req) => {
      const auth = fbAuth(req, req.params.postId!, true);
      if ('response' in auth) return auth.response;
      const message = graphParams(req).get('message') ?? '';
      if (!message.trim()) return graphError(400, '(#100) The parameter message is required', 100);
      if ([...message].length > 8000) return graphError(400, '(#100) Param message must be at most 8000 characters long.', 100);
      if (rateLimited('facebook', auth.pageId)) return graphError(400, '(#32) Page request limit reached', 32, { is_transient: true });
      const c = add({ id: `${req.params.postId}_${numericId(16)}`, platform: 'facebook', parentId: req.params.postId!, accountId: auth.pageId, text: message });
      return json(200, { id: c.id });
    },
    { publish: 'create' },
  );
  ctx.router.on('GET', 'facebook', 'graph', `${v}/:postId/comments`, (req) => {
    const auth = fbAuth(req, req.params.postId!, false);
    if ('response' in auth) return auth.response;
    return json(200, { data: listFor('facebook', req.params.postId!).map((c) => ({ id: c.id, message: c.text, created_time: graphTime(c.createdAt) })) });
  });

  // YouTube -----------------------------------------------------------------------------------------
  const WRITE = 'https://www.googleapis.com/auth/youtube.force-ssl';
  const READ = [WRITE, 'https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube'];
  const ytThread = (c: SandboxComment) => ({
    kind: 'youtube#commentThread',
    id: c.id,
    snippet: {
      channelId: c.accountId,
      videoId: c.parentId,
      topLevelComment: {
        kind: 'youtube#comment',
        id: c.id,
        snippet: { textOriginal: c.text, textDisplay: c.text, publishedAt: new Date(c.createdAt).toISOString() },
      },
    },
  });
  const insufficient = () => googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'global', 'PERMISSION_DENIED');
  ctx.router.on('POST', 'youtube', 'api', '/youtube/v3/commentThreads', (req) => {
    const check = ctx.state.check('youtube', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return youtubeAuthError();
    if (!check.record.scopes.includes(WRITE)) return insufficient();
    const body = (req.json ?? {}) as { snippet?: { channelId?: unknown; videoId?: unknown; topLevelComment?: { snippet?: { textOriginal?: unknown } } } };
    const videoId = typeof body.snippet?.videoId === 'string' ? body.snippet.videoId : '';
    const text = body.snippet?.topLevelComment?.snippet?.textOriginal;
    const video = data().ytVideos[videoId];
    if (!video)
      return googleError(404, 'The video identified by the videoId parameter could not be found.', 'videoNotFound', 'youtube.commentThread', 'NOT_FOUND');
    if (typeof text !== 'string' || !text.trim())
      return googleError(400, 'The comment is empty.', 'commentTextRequired', 'youtube.commentThread', 'INVALID_ARGUMENT');
    if ([...text].length > 10000) return googleError(400, 'The comment text is too long.', 'commentTextTooLong', 'youtube.commentThread', 'INVALID_ARGUMENT');
    if (video.channelId !== check.record.identityId && video.privacyStatus !== 'public')
      return googleError(
        403,
        'The video identified by the videoId parameter has disabled comments.',
        'forbidden',
        'youtube.commentThread',
        'PERMISSION_DENIED',
      );
    if (rateLimited('youtube', check.record.identityId))
      return googleError(429, 'Too many comments in a short time.', 'rateLimitExceeded', 'youtube.quota', 'RESOURCE_EXHAUSTED');
    const c = add({ id: `Ug${shortId(24)}`, platform: 'youtube', parentId: videoId, accountId: check.record.identityId, text });
    return json(200, ytThread(c));
  });
  ctx.router.on('GET', 'youtube', 'api', '/youtube/v3/commentThreads', (req) => {
    const check = ctx.state.check('youtube', req.headers.authorization ? req.bearer : undefined);
    if (!check.ok) return youtubeAuthError();
    if (!READ.some((s) => check.record.scopes.includes(s))) return insufficient();
    const videoId = req.query.get('videoId') ?? '';
    if (!data().ytVideos[videoId])
      return googleError(404, 'The video identified by the videoId parameter could not be found.', 'videoNotFound', 'youtube.commentThread', 'NOT_FOUND');
    return json(200, { kind: 'youtube#commentThreadListResponse', items: listFor('youtube', videoId).map(ytThread) });
  });
}
