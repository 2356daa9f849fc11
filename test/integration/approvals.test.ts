import { APPROVAL_MSG } from '@shared/approvals';
import type { Post } from '@shared/posts';
import { WORKSPACE_HEADER, type Role } from '@shared/workspaces';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { putMember } from '../../functions/data/workspaces';
import { connect } from '../helpers/connect';
import { beforeItIsDue, inTime } from '../helpers/due';
import { aConfirmedUser } from '../helpers/given';
import { aStoredPost, inDays } from '../helpers/posts';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { scheduleExists, theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Approvals end to end: a Contributor's post asked to be scheduled waits for an Editor, with no
 * schedule and no usage; an Editor approves it (it is scheduled and goes out through the local
 * cloud) or sends it back with a comment; each step is in the post's history and the bell.
 */

type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

/** An Owner on Basic with a connected Facebook page, and an Editor and a Contributor in their workspace. */
async function aTeam() {
  const owner = await aConfirmedUser({ plan: 'basic' });
  await connect('facebook', owner.accessToken);
  const accounts = (await weCallTheApi('GET', '/api/accounts', { token: owner.accessToken })).body.accounts as { id: string; platform: string }[];
  const facebook = accounts.find((a) => a.platform === 'facebook')!;
  const [editor, contributor] = await Promise.all([aConfirmedUser(), aConfirmedUser()]);
  const at = new Date().toISOString();
  for (const [person, role] of [
    [editor, 'editor'],
    [contributor, 'contributor'],
  ] as [Person, Role][]) {
    await putMember({ workspaceId: owner.userId, userId: person.userId, role }, { name: 'My workspace', email: person.email, at });
  }
  const as = (person: Person) => (method: string, path: string, body?: unknown) =>
    weCallTheApi(method, path, { token: person.accessToken, body, headers: { [WORKSPACE_HEADER]: owner.userId } });
  return { owner, editor, contributor, facebook, as };
}

const composeBody = (accountId: string, caption: string, scheduledAt: string | null) => ({
  platforms: [{ platform: 'facebook', social_account_id: accountId, caption, settings: {} }],
  media_ids: [],
  scheduled_at: scheduledAt,
});

const usedThisMonth = async (token: string) => (await weCallTheApi('GET', '/api/usage', { token })).body.used as number;

describe('approvals', { timeout: 120_000 }, () => {
  it('keeps a Contributor’s post waiting, uncounted; the Editor approves it, it is counted and goes out', async () => {
    // Prepare
    const team = await aTeam();
    const contributor = team.as(team.contributor);
    const editor = team.as(team.editor);
    const caption = `Waiting for a yes ${ulid().slice(-8)}`;
    const usedBefore = await usedThisMonth(team.owner.accessToken);

    // Act: the Contributor asks for a time a few seconds ahead; the Editor approves before it.
    const { value } = await beforeItIsDue(20, async (dueAt) => {
      const created = inTime(await contributor('POST', '/api/posts', composeBody(team.facebook.id, caption, dueAt().toISOString())));
      const waiting = created.body as Post;
      const usedWhileWaiting = await usedThisMonth(team.owner.accessToken);
      const approved = await editor('POST', `/api/posts/${waiting.id}/approve`, { version: waiting.version });
      return { created, waiting, usedWhileWaiting, approved };
    });
    const settled = await theSettledPost(team.owner.accessToken, value.waiting.id, 90_000);

    // Assess
    expect(value.created.status).toBe(201);
    expect(value.waiting).toMatchObject({ status: 'pending_approval', submitted_by: team.contributor.userId });
    expect(value.usedWhileWaiting).toBe(usedBefore);
    expect(value.approved.status, JSON.stringify(value.approved.body)).toBe(200);
    expect(value.approved.body).toMatchObject({ status: 'scheduled', version: value.waiting.version + 1 });
    expect(settled.status).toBe('posted');
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    expect(await usedThisMonth(team.owner.accessToken)).toBe(usedBefore + 1);
    // The history says who did what, and the publisher's outcome.
    const history = await vi.waitFor(async () => {
      const res = await contributor('GET', `/api/posts/${value.waiting.id}/activity`);
      const kinds = (res.body.items as { kind: string }[]).map((a) => a.kind);
      if (!kinds.includes('published')) throw new Error(`not published yet: ${kinds.join(', ')}`);
      return res.body.items as { kind: string; user_id: string | null; email: string | null }[];
    });
    expect(history.map((a) => [a.kind, a.email])).toEqual([
      ['created', team.contributor.email],
      ['submitted', team.contributor.email],
      ['approved', team.editor.email],
      ['published', null],
    ]);
    // The Editor's and the Owner's bell had the submission, the Contributor's the approval.
    const bell = async (person: Person) =>
      ((await weCallTheApi('GET', '/api/notifications', { token: person.accessToken })).body.items as { message: string }[]).map((n) => n.message);
    expect(await bell(team.editor)).toContain(`${team.contributor.email} submitted "${caption}" for approval.`);
    expect(await bell(team.owner)).toContain(`${team.contributor.email} submitted "${caption}" for approval.`);
    expect(await bell(team.contributor)).toContain(`"${caption}" was approved and is scheduled.`);
  });

  it('sends a waiting post back as a draft with the comment, which the Contributor sees and the history keeps', async () => {
    // Prepare
    const team = await aTeam();
    const contributor = team.as(team.contributor);
    const draft = (await contributor('POST', '/api/posts', composeBody(team.facebook.id, 'First try', null))).body as Post;
    const submitted = await contributor('POST', `/api/posts/${draft.id}/submit`, { version: draft.version, scheduled_at: inDays(2) });

    // Act
    const res = await team.as(team.editor)('POST', `/api/posts/${draft.id}/request-changes`, {
      version: submitted.body.version,
      comment: '  Use the new logo, please.  ',
    });

    // Assess
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).toBe('pending_approval');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', scheduled_at: null, review_comment: 'Use the new logo, please.' });
    expect((await contributor('GET', `/api/posts/${draft.id}`)).body.review_comment).toBe('Use the new logo, please.');
    const history = (await contributor('GET', `/api/posts/${draft.id}/activity`)).body.items as { kind: string; email: string; comment: string | null }[];
    expect(history.map((a) => [a.kind, a.email, a.comment])).toEqual([
      ['created', team.contributor.email, null],
      ['submitted', team.contributor.email, null],
      ['changes_requested', team.editor.email, 'Use the new logo, please.'],
    ]);
    const bell = (await weCallTheApi('GET', '/api/notifications', { token: team.contributor.accessToken })).body.items as { message: string }[];
    expect(bell.map((n) => n.message)).toContain('Changes were requested on "First try": Use the new logo, please.');
    // Submitted again, the old comment is gone.
    const again = await contributor('POST', `/api/posts/${draft.id}/submit`, { version: res.body.version, scheduled_at: inDays(2) });
    expect(again.body).toMatchObject({ status: 'pending_approval', review_comment: null });
  });

  it('refuses a Contributor scheduling, approving or editing a scheduled post, and bad input, writing nothing', async () => {
    // Prepare
    const team = await aTeam();
    const contributor = team.as(team.contributor);
    const scheduled = (await team.as(team.editor)('POST', '/api/posts', composeBody(team.facebook.id, 'Editor’s post', inDays(3)))).body as Post;
    const waiting = (await contributor('POST', '/api/posts', composeBody(team.facebook.id, 'Mine', inDays(3)))).body as Post;

    // Act
    const approve = await contributor('POST', `/api/posts/${waiting.id}/approve`, { version: waiting.version });
    const edit = await contributor('PATCH', `/api/posts/${scheduled.id}`, {
      scheduled_at: null,
      platforms: [{ id: scheduled.platforms[0]!.id, caption: 'Mine now' }],
    });
    const publish = await contributor('POST', '/api/posts/publish-now', composeBody(team.facebook.id, 'Now!', null));
    const noComment = await team.as(team.editor)('POST', `/api/posts/${waiting.id}/request-changes`, { version: waiting.version, comment: '   ' });
    const stale = await team.as(team.editor)('POST', `/api/posts/${waiting.id}/approve`, { version: waiting.version + 5 });
    const notDraft = await contributor('POST', `/api/posts/${scheduled.id}/submit`, { version: scheduled.version, scheduled_at: inDays(1) });

    // Assess
    expect(scheduled.status).toBe('scheduled');
    expect(waiting.status).toBe('pending_approval');
    expect([approve.status, approve.body.error.code]).toEqual([403, 'ROLE_TOO_LOW']);
    expect(edit.status).toBe(403);
    expect(edit.body.error.message).toBe(APPROVAL_MSG.scheduledNeedsEditor);
    expect(publish.status).toBe(403);
    expect(noComment.status).toBe(400);
    expect(noComment.body.error.message).toContain('Say what should change.');
    expect([stale.status, stale.body.error.message]).toEqual([409, APPROVAL_MSG.changed]);
    expect([notDraft.status, notDraft.body.error.message]).toEqual([409, APPROVAL_MSG.notDraft]);
    const after = await contributor('GET', `/api/posts/${waiting.id}`);
    expect(after.body).toMatchObject({ status: 'pending_approval', version: waiting.version });
    expect((await contributor('GET', `/api/posts/${scheduled.id}`)).body.platforms[0].caption).toBe('Editor’s post');
    // The Editor's post has its schedule; the Contributor's, due as far ahead, has none.
    expect(await scheduleExists(scheduled.id)).toBe(true);
    expect(await scheduleExists(waiting.id)).toBe(false);
    // The calendar shows it at the time it asks for, beside the scheduled one.
    const from = new Date(Date.parse(waiting.scheduled_at!) - 86_400_000).toISOString();
    const to = new Date(Date.parse(waiting.scheduled_at!) + 86_400_000).toISOString();
    const calendar = await contributor('GET', `/api/posts/calendar?from=${from}&to=${to}`);
    expect(calendar.body.items.map((p: Post) => p.id)).toEqual(expect.arrayContaining([waiting.id, scheduled.id]));
  });

  it('does not publish a post whose time passed while it waited: approving it asks for a new time', async () => {
    // Prepare: a post that waited past its time (stored as the table would hold it).
    const team = await aTeam();
    const account = (await weCallTheApi('GET', '/api/accounts', { token: team.owner.accessToken })).body.accounts[0];
    const past = new Date(Date.now() - 60_000).toISOString();
    const expired = await aStoredPost(team.owner.userId, account, { status: 'pending_approval', scheduled_at: past, submitted_by: team.contributor.userId });
    const editor = team.as(team.editor);

    // Act
    const asIs = await editor('POST', `/api/posts/${expired.id}/approve`, { version: expired.version });
    const later = inDays(1);
    const moved = await editor('POST', `/api/posts/${expired.id}/approve`, { version: expired.version, scheduled_at: later });

    // Assess
    expect([asIs.status, asIs.body.error.message]).toEqual([409, APPROVAL_MSG.timePassed]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', scheduled_at: later });
    expect(await scheduleExists(expired.id)).toBe(true);
  });

  it('with "Posts need approval" on, an Editor’s post waits too and someone else approves it; only an Admin changes the setting', async () => {
    // Prepare
    const team = await aTeam();
    const editor = team.as(team.editor);

    // Act
    const byEditor = await editor('PATCH', '/api/workspace/settings', { posts_need_approval: true });
    const byOwner = await team.as(team.owner)('PATCH', '/api/workspace/settings', { posts_need_approval: true });
    const read = await team.as(team.contributor)('GET', '/api/workspace/settings');
    const post = (await editor('POST', '/api/posts', composeBody(team.facebook.id, 'Editor asks', inDays(2)))).body as Post;
    const own = await editor('POST', `/api/posts/${post.id}/approve`, { version: post.version });
    const byOwnerApproval = await team.as(team.owner)('POST', `/api/posts/${post.id}/approve`, { version: post.version });

    // Assess
    expect(byEditor.status).toBe(403);
    expect(byOwner.body).toEqual({ posts_need_approval: true });
    expect(read.body).toEqual({ posts_need_approval: true });
    expect(post.status).toBe('pending_approval');
    expect([own.status, own.body.error.message]).toEqual([403, APPROVAL_MSG.ownPost]);
    expect(byOwnerApproval.body.status).toBe('scheduled');
  });

  it('with "Posts need approval" on, an Editor can neither move queued posts nor edit a repeating post’s occurrences', async () => {
    // Prepare: the Owner's queued post and repeating post, then the setting turned on.
    const team = await aTeam();
    const owner = team.as(team.owner);
    const daily = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].flatMap((day) => ['09:00', '17:00'].map((time) => ({ day, time })));
    await owner('PUT', `/api/queue/schedules/${team.facebook.id}`, { slots: daily });
    const queued = (await owner('POST', '/api/queue/posts', composeBody(team.facebook.id, 'Queued first', null))).body as Post;
    const next = (await owner('POST', '/api/queue/posts', composeBody(team.facebook.id, 'Queued second', null))).body as Post;
    expect([queued.status, next.status]).toEqual(['scheduled', 'scheduled']);
    const repeating = await owner('POST', '/api/posts', {
      ...composeBody(team.facebook.id, 'Every day', inDays(1)),
      repeat: { frequency: 'daily', end: { type: 'after', count: 3 } },
    });
    expect(repeating.status, JSON.stringify(repeating.body)).toBe(201);
    const first = repeating.body as Post;
    await owner('PATCH', '/api/workspace/settings', { posts_need_approval: true });
    const editor = team.as(team.editor);

    // Act
    const move = await editor('PATCH', '/api/queue', { post_id: next.id, to: queued.scheduled_at });
    const edit = await editor('PATCH', `/api/series/${first.series!.id}`, {
      scope: 'following',
      post_id: first.id,
      post: composeBody(team.facebook.id, 'Changed without a review', inDays(1)),
    });

    // Assess
    expect([move.status, move.body.error.code]).toEqual([403, 'NEEDS_APPROVAL']);
    expect([edit.status, edit.body.error.code]).toEqual([403, 'NEEDS_APPROVAL']);
    expect((await owner('GET', `/api/posts/${queued.id}`)).body).toMatchObject({ scheduled_at: queued.scheduled_at, version: queued.version });
    const after = (await owner('GET', `/api/posts/${first.id}`)).body as Post;
    expect([after.platforms[0]!.caption, after.version]).toEqual(['Every day', first.version]);
  });
});
