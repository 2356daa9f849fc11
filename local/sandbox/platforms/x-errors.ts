import { json, type SandboxResponse } from '../router';

/**
 * X's API v2 errors are RFC 7807 problem documents, sent as `application/problem+json`
 * (docs/platform-apis.md#x-errors, 2026-11-23 corrections): `{title, detail, type, status}`.
 */
export const problemJson = (status: number, body: Record<string, unknown>, headers?: Record<string, string>): SandboxResponse =>
  json(status, body, { 'content-type': 'application/problem+json', ...headers });

/** Scopes X requires per endpoint (docs.x.com API reference, "OAuth 2.0 scopes required by this endpoint"). */
export const X_ENDPOINT_SCOPES = {
  usersMe: ['tweet.read', 'users.read'],
  userTweets: ['tweet.read', 'users.read'],
  createTweet: ['tweet.read', 'tweet.write', 'users.read'],
  postLookup: ['tweet.read', 'users.read'],
} as const;

export const hasScopes = (granted: readonly string[], needed: readonly string[]) => needed.every((s) => granted.includes(s));

/**
 * The X API generation the sandbox answers: the OpenAPI of xdevplatform/xdk at v2.167
 * (specs/openapi.json). Its Post lookup and user timeline take the field list as `post.fields`
 * (`PostFieldsParameter`; older generations called it `tweet.fields`), and its Post object's
 * `public_metrics` is a `PostPublicMetrics` counting reposts as `repost_count`. X refuses a query
 * parameter an endpoint does not declare, so a client of the other generation fails here as it
 * would there.
 */
export const X_SPEC_VERSION = '2.167';
/** `PostFieldsParameter`'s values in v2.167. */
export const X_POST_FIELDS = [
  'article',
  'article_title',
  'attachments',
  'card_uri',
  'community_id',
  'context_annotations',
  'conversation_id',
  'created_at',
  'display_text_range',
  'edit_controls',
  'entities',
  'geo',
  'id',
  'lang',
  'matched_media_notes',
  'media_metadata',
  'non_public_metrics',
  'note_post',
  'note_request_suggestions',
  'organic_metrics',
  'paid_partnership',
  'possibly_sensitive',
  'promoted_metrics',
  'public_metrics',
  'reply_settings',
  'scopes',
  'source',
  'suggested_source_links',
  'suggested_source_links_with_counts',
  'text',
  'withheld',
] as const;
/** The expansion and field parameters every v2.167 Post read declares besides its own. */
const POST_READ_PARAMETERS = ['post.fields', 'expansions', 'media.fields', 'poll.fields', 'user.fields', 'place.fields'];
/** The query parameters each endpoint declares in v2.167. */
export const X_QUERY_PARAMETERS = {
  postLookup: ['ids', ...POST_READ_PARAMETERS],
  userPosts: ['max_results', 'pagination_token', 'start_time', 'end_time', 'since_id', 'until_id', 'exclude', ...POST_READ_PARAMETERS],
} as const;

const invalidRequest = (errors: { parameters: Record<string, string[]>; message: string }[], headers?: Record<string, string>) =>
  problemJson(
    400,
    {
      errors,
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
    headers,
  );

/**
 * X's 400 for query parameters the endpoint does not declare, or `post.fields` values the Post
 * object does not have; null when the query is one the endpoint takes.
 */
export function refuseQuery(query: URLSearchParams, declared: readonly string[], headers?: Record<string, string>): SandboxResponse | null {
  const unknown = [...new Set(query.keys())].filter((k) => !declared.includes(k));
  if (unknown.length) {
    return invalidRequest(
      unknown.map((k) => ({ parameters: { [k]: query.getAll(k) }, message: `The query parameter [${k}] is not one of [${declared.join(',')}]` })),
      headers,
    );
  }
  const field = (query.get('post.fields') ?? '').split(',').find((f) => f && !(X_POST_FIELDS as readonly string[]).includes(f));
  if (field) {
    return invalidRequest(
      [{ parameters: { 'post.fields': [field] }, message: `The \`post.fields\` query parameter value [${field}] is not one of [${X_POST_FIELDS.join(',')}]` }],
      headers,
    );
  }
  return null;
}
