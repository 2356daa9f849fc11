import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import type { SandboxContext } from '../context';
import { json } from '../router';
import { graphError, graphTokenError } from './graph';
import { countsNow, insightRow, metricNames } from './graph-metrics';

/**
 * Instagram media insights (docs/platform-apis.md#instagram-metrics): `GET /{ig-media-id}/insights?metric=…`
 * with the Instagram Login token, which needs instagram_business_basic and instagram_business_manage_insights.
 * Source: https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
 * (views replaced impressions, plays, clips_replays_count and ig_reels_aggregated_all_plays_count on
 * April 21, 2025; video_views is gone too). Which metric each media product type reports is below.
 */
const BY_PRODUCT = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'follows', 'profile_visits', 'profile_activity'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time'],
  STORY: ['views', 'reach', 'shares', 'total_interactions', 'follows', 'profile_visits', 'profile_activity', 'navigation', 'replies'],
} as const;
const ALL_METRICS = [...new Set(Object.values(BY_PRODUCT).flat())];

const TITLES: Record<string, [string, string]> = {
  views: ['Views', 'The number of times your reel, post or story was played or displayed.'],
  reach: ['Accounts reached', 'The number of unique accounts that have seen your media at least once.'],
  likes: ['Likes', 'The number of likes on your post.'],
  comments: ['Comments', 'The number of comments on your post.'],
  shares: ['Shares', 'The number of shares of your post.'],
  saved: ['Saves', 'The number of saves of your post.'],
  total_interactions: ['Interactions', 'The number of likes, saves, comments and shares on your post, minus unlikes, unsaves and deleted comments.'],
};

export function registerInstagramMetrics(ctx: SandboxContext): void {
  ctx.router.on('GET', 'instagram', 'graph', `/${GRAPH_VERSION}/:mediaId/insights`, (req) => {
    const check = ctx.state.check('instagram', req.bearer);
    if (!check.ok) return graphTokenError(check);
    const id = req.params.mediaId!;
    const post = ctx.state.publishing.posts.find((p) => p.platform === 'instagram' && p.id === id);
    if (!post || post.accountId !== check.record.identityId) {
      return graphError(
        400,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { type: 'GraphMethodException', error_subcode: 33 },
      );
    }
    if (!check.record.scopes.includes('instagram_business_manage_insights') || !check.record.scopes.includes('instagram_business_basic'))
      return graphError(403, '(#10) Application does not have permission for this action', 10);
    const metrics = metricNames(req.query.get('metric'));
    if (!metrics.length) return graphError(400, '(#100) The parameter metric is required', 100);
    const product = post.kind === 'reel' ? 'REELS' : 'FEED';
    for (const [i, metric] of metrics.entries()) {
      if (!(ALL_METRICS as string[]).includes(metric))
        return graphError(400, `(#100) metric[${i}] must be one of the following values: ${ALL_METRICS.join(', ')}`, 100);
      if (!(BY_PRODUCT[product] as readonly string[]).includes(metric))
        return graphError(400, `(#100) The Media Insights API does not support the ${metric} metric for this media product type.`, 100);
    }
    const c = countsNow(ctx, post);
    const values: Record<string, number> = {
      views: c.views,
      reach: c.reach,
      likes: c.likes,
      comments: c.comments,
      shares: c.shares,
      saved: c.saves,
      total_interactions: c.likes + c.comments + c.shares + c.saves,
      follows: Math.floor(c.likes / 25),
      profile_visits: Math.floor(c.reach / 40),
      profile_activity: Math.floor(c.reach / 60),
      ig_reels_avg_watch_time: c.views ? 4200 : 0,
      ig_reels_video_view_total_time: c.views * 4200,
    };
    const data = metrics.map((m) => {
      const [title, description] = TITLES[m] ?? [m, m];
      return insightRow(id, m, values[m] ?? 0, title, description);
    });
    return json(200, { data });
  });
}
