import {
  REVIEW_LINK_DEFAULT_DAYS,
  REVIEW_LINK_MAX_POSTS,
  REVIEW_LINK_MSG,
  type CreatedReviewLink,
  type ReviewDecisionBodySchema,
  type ReviewLink,
  type ReviewPage,
  type ReviewPost,
} from '@shared/review-links';
import { CLIENT_MSG } from '@shared/clients';
import type { Post } from '@shared/posts';
import type { PostStatus } from '@shared/statuses';
import type * as z from 'zod';
import { getClient } from '../data/clients';
import { getPost as getPostRecord, listCalendarBetween, setClientReview, type PostRecord, type StoredClientReview } from '../data/posts';
import { takeFromWindow } from '../data/rate-limits';
import { deleteReviewLink, findReviewLinkByToken, listReviewLinks, putReviewLink, type StoredReviewLink } from '../data/review-links';
import { getMember, getWorkspace } from '../data/workspaces';
import { appOrigin } from '../lib/app-origin';
import { newBearerToken, sha256Hex } from '../lib/bearer-tokens';
import { defaultDeps, type Deps } from '../lib/clock';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { afterClientDecision, sendBackForChanges } from './approvals';
import { isCurrentReview, reviewFingerprint } from './client-review';
import { present } from './posts';

/**
 * Client review links (docs/review-links.md). The token is the link's only key: 32 random bytes in
 * the URL, its SHA-256 in the table. Whoever holds it sees the workspace's name, the client's name
 * and that client's upcoming posts (what the previews draw, nothing more), and can approve each or
 * ask for changes; nothing else of the workspace is reachable from it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses a client reviews: waiting for approval, or scheduled. */
const REVIEWABLE: readonly PostStatus[] = ['pending_approval', 'scheduled'];
/** Past any post's time: the public list reads every upcoming post of the client. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';
/** Decisions one link may send per hour, whatever the addresses they come from. */
export const DECISIONS_PER_LINK_PER_HOUR = 120;

const view = (link: StoredReviewLink): ReviewLink => ({ id: link.id, client_id: link.clientId, created_at: link.createdAt, expires_at: link.expiresAt });

async function clientOf(workspaceId: string, clientId: string) {
  const client = await getClient(workspaceId, clientId);
  if (!client) throw new NotFoundError(CLIENT_MSG.notFound);
  return client;
}

/** POST /api/clients/{id}/review-links: a link for 1–30 days (7 when left out); its URL is shown this once. */
export async function createReviewLink(
  who: { workspaceId: string; userId: string },
  clientId: string,
  body: { expires_in_days?: number | undefined },
  deps: Deps = defaultDeps,
): Promise<CreatedReviewLink> {
  const now = deps.now();
  await clientOf(who.workspaceId, clientId);
  const token = newBearerToken();
  const link: StoredReviewLink = {
    id: deps.newId(),
    workspaceId: who.workspaceId,
    clientId,
    createdBy: who.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (body.expires_in_days ?? REVIEW_LINK_DEFAULT_DAYS) * DAY_MS).toISOString(),
  };
  await putReviewLink(link, sha256Hex(token));
  return { ...view(link), url: `${await appOrigin()}/review?${new URLSearchParams({ token })}` };
}

/** GET /api/clients/{id}/review-links: the client's links still working, newest first (never a token). */
export async function activeReviewLinks(workspaceId: string, clientId: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<ReviewLink[]> {
  await clientOf(workspaceId, clientId);
  const now = deps.now().getTime();
  return (await listReviewLinks(workspaceId, clientId)).filter((link) => Date.parse(link.expiresAt) > now).map(view);
}

/** DELETE /api/clients/{id}/review-links/{linkId}: the link stops working at once. */
export async function revokeReviewLink(workspaceId: string, clientId: string, linkId: string): Promise<void> {
  if (!(await deleteReviewLink(workspaceId, clientId, linkId))) throw new NotFoundError(REVIEW_LINK_MSG.alreadyRevoked);
}

/**
 * A token's link and client. Unknown, revoked and expired links get the same 404 and message, so
 * the answer tells a guesser nothing about which tokens ever existed.
 */
async function usableLink(token: string, now: Date) {
  const link = await findReviewLinkByToken(sha256Hex(token));
  if (!link || Date.parse(link.expiresAt) <= now.getTime()) throw new NotFoundError(REVIEW_LINK_MSG.unusable);
  const client = await getClient(link.workspaceId, link.clientId);
  if (!client) throw new NotFoundError(REVIEW_LINK_MSG.unusable);
  return { link, client };
}

/** Whether the client reviews this post now: theirs, waiting or scheduled, and its time still ahead. */
const isReviewable = (post: PostRecord, clientId: string, now: Date) =>
  post.client_id === clientId && REVIEWABLE.includes(post.status) && post.scheduled_at !== null && Date.parse(post.scheduled_at) > now.getTime();

/** A post cut down to what the previews draw: no ids of accounts, media keys, members or anything else of the workspace. */
function reviewPostOf(record: PostRecord, post: Post): ReviewPost {
  const review = record.client_review && isCurrentReview(record, record.client_review) ? record.client_review : null;
  return {
    id: post.id,
    version: post.version,
    status: post.status as ReviewPost['status'],
    scheduled_at: post.scheduled_at!,
    title: post.title,
    media: post.media.map((m) => ({
      url: m.url,
      kind: m.file_type.startsWith('video/') ? 'video' : 'image',
      width: m.width ?? null,
      height: m.height ?? null,
    })),
    targets: post.platforms.map((t) => ({
      platform: t.platform,
      account_name: t.account_name,
      caption: t.caption,
      first_comment: t.settings.first_comment ?? null,
      thread: t.settings.thread ?? [],
      tiktok_photo_title: t.settings.tiktok_photo_title ?? null,
    })),
    decision: review ? { decision: review.decision, comment: review.comment, at: review.at } : null,
  };
}

/** GET /api/review-links/posts?token=: the workspace's and client's names and the client's upcoming posts, soonest first. */
export async function reviewPage(token: string, deps: Pick<Deps, 'now'> = defaultDeps): Promise<ReviewPage> {
  const now = deps.now();
  const { link, client } = await usableLink(token, now);
  const [workspace, records] = await Promise.all([
    getWorkspace(link.workspaceId),
    listCalendarBetween(link.workspaceId, now.toISOString(), END_OF_TIME, link.clientId),
  ]);
  if (!workspace) throw new NotFoundError(REVIEW_LINK_MSG.unusable);
  const upcoming = records.filter((post) => isReviewable(post, client.id, now)).slice(0, REVIEW_LINK_MAX_POSTS);
  const posts = await Promise.all(upcoming.map(async (record) => reviewPostOf(record, await present(record))));
  return { workspace_name: workspace.name, client_name: client.name, expires_at: link.expiresAt, posts };
}

/** Counts one decision against the link's hourly allowance, so a leaked link cannot flood the bell from many addresses. */
async function takeDecision(link: StoredReviewLink, now: Date): Promise<void> {
  const windowSeconds = 3600;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const admitted = await takeFromWindow({
    bucket: 'review-link-decisions',
    subject: `link:${link.id}`,
    windowStart,
    windowSeconds,
    max: DECISIONS_PER_LINK_PER_HOUR,
  });
  if (!admitted) throw new TooManyRequestsError(windowStart + windowSeconds - nowSeconds);
}

/**
 * POST /api/review-links/decisions: the client approves a post or asks for changes, on the version
 * they saw. Approving records and notifies; it never schedules (an Editor's approval does). Asking
 * for changes on a waiting post sends it back as a draft, as an Editor's request does; on a
 * scheduled post it is recorded and notified, and the post stays scheduled for the agency to decide.
 */
export async function decideOnPost(body: z.output<typeof ReviewDecisionBodySchema>, deps: Deps = defaultDeps): Promise<NonNullable<ReviewPost['decision']>> {
  const now = deps.now();
  const { link, client } = await usableLink(body.token, now);
  const old = await getPostRecord(link.workspaceId, body.post_id);
  // Another client's post, another workspace's or one no longer upcoming: one answer for all.
  if (!old || !isReviewable(old, client.id, now)) throw new NotFoundError(REVIEW_LINK_MSG.postGone);
  if (old.version !== body.version) throw new ConflictError(REVIEW_LINK_MSG.changed);
  await takeDecision(link, now);
  const comment = body.decision === 'changes_requested' ? body.comment : null;
  const review: StoredClientReview = { decision: body.decision, comment, at: now.toISOString(), client_name: client.name, fingerprint: reviewFingerprint(old) };
  let post: Post;
  if (body.decision === 'changes_requested' && old.status === 'pending_approval') {
    post = await sendBackForChanges(link.workspaceId, old, review.comment!, now, { client_review: review }).catch((error: unknown) => {
      throw error instanceof ConflictError ? new ConflictError(REVIEW_LINK_MSG.changed, { cause: error }) : error;
    });
  } else {
    const written = await setClientReview(link.workspaceId, old.id, review, { version: old.version, clientId: client.id, statuses: [old.status] });
    if (!written) throw new ConflictError(REVIEW_LINK_MSG.changed);
    post = await present({ ...old, client_review: review });
  }
  // A post sent back reaches its author too, as an Editor's request for changes does.
  // (A member who left no longer hears about the workspace's posts; a failed read only costs the notice.)
  const stillMember = old.submitted_by ? await getMember(link.workspaceId, old.submitted_by).catch(() => null) : null;
  const author = post.status === 'draft' && stillMember ? old.submitted_by! : null;
  await afterClientDecision(link.workspaceId, client.name, post, body.decision, comment, deps, author);
  return { decision: review.decision, comment: review.comment, at: review.at };
}
