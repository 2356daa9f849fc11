import * as z from 'zod';
import { instantInput } from './dates';
import { CreatePostSchema } from './compose';
import { PLATFORMS } from './platforms';
import { Ulid } from './posts';
import { RepeatFieldSchema } from './recurrence';
import { text } from './text';

/**
 * The bodies that create or rewrite a post: they carry the compose rules (shared/compose.ts, with X's
 * counter), so they live apart from the post's read shapes in shared/posts.ts, which every signed-in
 * page loads.
 */

/** POST /api/posts: the compose rules (docs/product-rules.md#compose-rules) plus the optional client (agency mode). */
export const CreatePostBodySchema = CreatePostSchema.and(z.object({ client_id: Ulid.nullable().optional() }))
  // A repeating post (docs/recurring-posts.md): the first occurrence of a series.
  .and(RepeatFieldSchema);
export type CreatePostBody = z.input<typeof CreatePostBodySchema>;

/**
 * PATCH /api/posts/{id} (docs/product-rules.md#writes-and-storage: update payload), as older clients send it: the schedule time (null →
 * draft) and captions by target id. The API re-checks captions against each target's platform with
 * the create rules. Still accepted: the Schedule view's drag-to-reschedule sends it.
 */
export const CaptionsUpdateBodySchema = z.object({
  scheduled_at: instantInput().nullable(),
  platforms: z
    .array(z.object({ id: text().min(1).max(64), caption: text() }))
    .max(PLATFORMS.length * 10)
    .default([]),
});

/**
 * The full edit: the Compose form's whole post, with the compose rules. `platforms` is
 * the complete target list (a target kept for the same account keeps its id; one left out is
 * removed), `media_ids` the complete media list in order (files left out are deleted on save), and
 * `client_id` the post's client (none when left out). Sending `media_ids` is what marks a full edit.
 */
export const FullUpdateBodySchema = CreatePostBodySchema;
export type FullUpdateBody = z.input<typeof FullUpdateBodySchema>;

const isFullEdit = (body: unknown) => typeof body === 'object' && body !== null && 'media_ids' in body;

/** Either shape; each is parsed with its own schema, so errors carry that schema's messages and paths. */
export const UpdatePostBodySchema = z.unknown().transform((body, ctx) => {
  const parsed = isFullEdit(body) ? FullUpdateBodySchema.safeParse(body) : CaptionsUpdateBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, params: (issue as { params?: Record<string, unknown> }).params });
  return z.NEVER;
});
export type UpdatePostBody = z.input<typeof CaptionsUpdateBodySchema> | FullUpdateBody;
export const isFullUpdate = (body: z.output<typeof UpdatePostBodySchema>): body is z.output<typeof FullUpdateBodySchema> => 'media_ids' in body;

/**
 * POST /api/posts/publish-now: the Compose form's post, published straight away through
 * the same engine as a scheduled post. The compose rules apply; `scheduled_at` is ignored: the post is
 * due at the server's now, so a browser clock that runs late or early changes nothing.
 */
export const PublishNowBodySchema = CreatePostBodySchema;
export type PublishNowBody = z.input<typeof PublishNowBodySchema>;

/** POST /api/queue/posts: the Compose post, without a time (the queue picks it). */
export const AddToQueueBodySchema = CreatePostBodySchema.and(z.object({ scheduled_at: z.null().optional() }));
export type AddToQueueBody = z.input<typeof AddToQueueBodySchema>;
