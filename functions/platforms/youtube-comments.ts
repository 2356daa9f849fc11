import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import { callPlatform, withQuery, bearerGet, type CallContext } from './http';
import { LOOKUP_SKEW_SECONDS, sameText } from './publish';
import type { ReplyApi } from './follow-ups';

/**
 * YouTube first comments: commentThreads.insert, a top-level comment on the video, which needs the
 * youtube.force-ssl scope and costs 50 quota units; commentThreads.list with `videoId` finds it after a
 * lost answer (https://developers.google.com/youtube/v3/docs/commentThreads/insert).
 */
export const YOUTUBE_COMMENT_SCOPES = FIRST_COMMENT_SCOPES.youtube;

const ThreadSchema = z.object({
  id: z.string(),
  snippet: z
    .object({ topLevelComment: z.object({ snippet: z.object({ textOriginal: z.string().optional(), publishedAt: z.string().optional() }) }) })
    .optional(),
});
const ThreadListSchema = z.object({ items: z.array(ThreadSchema).default([]) });

export function youtubeReplies(publishCtx: CallContext, hosts: { api: string; www: string }): ReplyApi {
  const commentUrl = (videoId: string, id: string) => `${hosts.www}/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(id)}`;
  return {
    platform: 'youtube',
    commentScopes: YOUTUBE_COMMENT_SCOPES,
    async create(context, videoId, text) {
      const { tokens, request } = context;
      const created = await callPlatform(publishCtx, {
        what: 'post the first comment',
        url: withQuery(`${hosts.api}/youtube/v3/commentThreads`, { part: 'snippet' }),
        init: {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ snippet: { channelId: request.accountId, videoId, topLevelComment: { snippet: { textOriginal: text } } } }),
        },
        schema: ThreadSchema,
        secrets: [tokens.accessToken],
      });
      return { id: created.id, url: commentUrl(videoId, created.id) };
    },
    async find(context, videoId, text, since) {
      const { tokens } = context;
      const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
      const r = await callPlatform(publishCtx, {
        what: 'look up the first comment',
        url: withQuery(`${hosts.api}/youtube/v3/commentThreads`, { part: 'snippet', videoId, order: 'time', maxResults: '50' }),
        init: bearerGet(tokens.accessToken),
        schema: ThreadListSchema,
        secrets: [tokens.accessToken],
      });
      const found = r.items.find((t) => {
        const s = t.snippet?.topLevelComment.snippet;
        return sameText(s?.textOriginal ?? '', text) && !(Date.parse(s?.publishedAt ?? '') < from);
      });
      return found && { id: found.id, url: commentUrl(videoId, found.id) };
    },
  };
}
