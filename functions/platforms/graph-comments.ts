import * as z from 'zod';
import { FIRST_COMMENT_SCOPES } from '@shared/follow-ups';
import type { CallContext } from './http';
import { graphCalls } from './http';
import { LOOKUP_SKEW_SECONDS, sameText } from './publish';
import type { ReplyApi } from './follow-ups';

/**
 * First comments on Instagram and Facebook: Graph's `/{object-id}/comments` edge.
 *  - Instagram (Instagram API with Instagram Login): POST /{ig-media-id}/comments?message=…, needs
 *    instagram_business_basic + instagram_business_manage_comments; GET the same edge lists them
 *    (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments).
 *  - Facebook: POST /{page-post-id}/comments with `message`, as the Page with its Page token, needs
 *    pages_manage_engagement; listing them needs pages_read_user_content, since the list holds other
 *    people's comments, user content on the Page ("pages_read_user_content – Read user-generated
 *    content on the Page", https://developers.facebook.com/docs/pages-api; the edge itself:
 *    https://developers.facebook.com/docs/graph-api/reference/object/comments, which takes `order`).
 *  The IG Media comments edge takes no `order` (only fields and paging): sending one is refused.
 */
const CreatedSchema = z.object({ id: z.string() });
const CommentListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      text: z.string().optional(),
      message: z.string().optional(),
      timestamp: z.string().optional(),
      created_time: z.string().optional(),
      permalink_url: z.string().optional(),
    }),
  ),
});

export const INSTAGRAM_COMMENT_SCOPES = FIRST_COMMENT_SCOPES.instagram;
export const FACEBOOK_COMMENT_SCOPES = FIRST_COMMENT_SCOPES.facebook;

/** Graph writes "+0000"; Date.parse wants "Z" or "+00:00". */
const graphTime = (t: string | undefined) => (t ? Date.parse(t.replace(/\+0000$/, 'Z')) : Number.NaN);

/** `commentUrl`: a comment's own link where the platform has one (Facebook), else null and the card links the post (Instagram). */
export function graphReplies(platform: 'instagram' | 'facebook', publishCtx: CallContext, graph: string, commentUrl: (id: string) => string | null): ReplyApi {
  const { post, get } = graphCalls(publishCtx, graph, CreatedSchema);
  const fields = platform === 'instagram' ? 'id,text,timestamp' : 'id,message,created_time,permalink_url';
  return {
    platform,
    commentScopes: platform === 'instagram' ? INSTAGRAM_COMMENT_SCOPES : FACEBOOK_COMMENT_SCOPES,
    async create(context, parentId, text) {
      const created = await post(context.tokens, 'post the first comment', `/${parentId}/comments`, { message: text });
      return { id: created.id, url: commentUrl(created.id) };
    },
    async find(context, parentId, text, since) {
      const from = Date.parse(since) - LOOKUP_SKEW_SECONDS * 1000;
      const query: Record<string, string> = platform === 'instagram' ? { fields, limit: '50' } : { fields, limit: '50', order: 'reverse_chronological' };
      const r = await get(context.tokens, 'look up the first comment', `/${parentId}/comments`, query, CommentListSchema);
      const found = r.data.find((c) => sameText(c.text ?? c.message ?? '', text) && !(graphTime(c.timestamp ?? c.created_time) < from));
      return found && { id: found.id, url: found.permalink_url ?? commentUrl(found.id) };
    },
  };
}
