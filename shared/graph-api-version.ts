import * as z from 'zod';

/**
 * The Meta Graph API version (Facebook and Instagram), a deployment setting: the one place a version
 * is written down. Meta releases about three versions a year and keeps each about two years
 * (https://developers.facebook.com/docs/graph-api/changelog: v26.0 released 29 Jul 2026, end date
 * not yet set; v21.0 ends 21 Jan 2027). Moving to a newer one is a settings change
 * (`-c graphApiVersion=…` / GRAPH_API_VERSION), after checking that version's changelog.
 */
export const DEFAULT_GRAPH_API_VERSION = 'v26.0';

export const GraphApiVersionSchema = z
  .string()
  .regex(/^v\d+\.0$/, 'must be a Graph API version such as v26.0 (Meta versions are vNN.0)')
  .default(DEFAULT_GRAPH_API_VERSION);

/** GRAPH_API_VERSION from an environment, validated; unset means the default. A bad value throws naming the setting. */
export function graphApiVersionFrom(env: Record<string, string | undefined>): string {
  const parsed = GraphApiVersionSchema.safeParse(env.GRAPH_API_VERSION || undefined);
  if (!parsed.success) throw new Error(`GRAPH_API_VERSION ${parsed.error.issues[0]?.message ?? 'is invalid'} (got "${env.GRAPH_API_VERSION}")`);
  return parsed.data;
}

/**
 * The Threads API version (graph.threads.net/<version>/…, docs/platforms.md#threads): Meta versions
 * it apart from the Facebook Graph API, and has published only v1.0. Written down here, beside the
 * Graph version, so no other module holds a version literal.
 */
export const THREADS_VERSION = 'v1.0';
