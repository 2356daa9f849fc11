import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Activity } from '@shared/approvals';
import type { Post } from '@shared/posts';
import { REVIEW_LINK_MSG, type ReviewPage } from '@shared/review-links';
import { WORKSPACE_HEADER, type Role } from '@shared/workspaces';
import { describe, expect, it, vi } from 'vitest';
import { reviewLinkSk, workspacePk } from '../../functions/data/keys';
import { getPost as getPostRecord, replacePost } from '../../functions/data/posts';
import { putMember } from '../../functions/data/workspaces';
import { documentClient } from '../../functions/lib/aws';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aMediaFile, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfUser, itemsOfWorkspace } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Client review links end to end: an Editor makes a link for a client; the client (no account, no
 * bearer token) sees only that client's upcoming posts, approves one or asks for changes; each
 * decision is on the post, in its history and in the Editors' bell.
 */
const TOKEN_IN_URL = /\/review\?token=([A-Za-z0-9_-]{43})$/;

type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

async function anAgency() {
  const owner = await aConfirmedUser({ plan: 'pro' });
  const workspaceId = owner.userId;
  const [editor, contributor] = await Promise.all([aConfirmedUser(), aConfirmedUser()]);
  const at = new Date().toISOString();
  for (const [person, role] of [
    [editor, 'editor'],
    [contributor, 'contributor'],
  ] as [Person, Role][]) {
    await putMember({ workspaceId, userId: person.userId, role }, { name: 'Agency', email: person.email, at });
  }
  const as = (person: Person) => (method: string, path: string, body?: unknown) =>
    weCallTheApi(method, path, { token: person.accessToken, body, headers: { [WORKSPACE_HEADER]: workspaceId } });
  const newClient = async (name: string) => (await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name } })).body.id as string;
  const [rossi, other] = [await newClient('Bakery Rossi'), await newClient('Florist Bianchi')];
  const account = await aConnectedAccount(workspaceId, 'facebook', 'Rossi on Facebook');
  return { owner, editor, contributor, workspaceId, rossi, other, account, as };
}

async function aLink(as: (m: string, p: string, b?: unknown) => ReturnType<typeof weCallTheApi>, clientId: string, body: Record<string, unknown> = {}) {
  const res = await as('POST', `/api/clients/${clientId}/review-links`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = TOKEN_IN_URL.exec(res.body.url as string)?.[1];
  if (!token) throw new Error(`no token in ${res.body.url}`);
  return { id: res.body.id as string, token, body: res.body };
}

const page = (token: string) => weCallTheApi('GET', `/api/review-links/posts?token=${token}`);
const decide = (body: Record<string, unknown>) => weCallTheApi('POST', '/api/review-links/decisions', { body });
const bellOf = async (person: Person) =>
  ((await weCallTheApi('GET', '/api/notifications', { token: person.accessToken })).body.items as { message: string }[]).map((n) => n.message);

async function expire(workspaceId: string, linkId: string) {
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: workspacePk(workspaceId), sk: reviewLinkSk(linkId) },
      UpdateExpression: 'SET validUntil = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

describe('client review links', { timeout: 90_000 }, () => {
  it('lets an Editor create, list and revoke a link whose token is stored only hashed; a Contributor may not', async () => {
    // Prepare
    const agency = await anAgency();
    const editor = agency.as(agency.editor);

    // Act
    const created = await aLink(editor, agency.rossi);
    const listed = await editor('GET', `/api/clients/${agency.rossi}/review-links`);
    const byContributor = await agency.as(agency.contributor)('POST', `/api/clients/${agency.rossi}/review-links`, {});
    const stored = JSON.stringify(await itemsOfUser(agency.workspaceId));
    const openBefore = await page(created.token);
    const revoked = await editor('DELETE', `/api/clients/${agency.rossi}/review-links/${created.id}`);
    const again = await editor('DELETE', `/api/clients/${agency.rossi}/review-links/${created.id}`);
    const afterRevoke = await editor('GET', `/api/clients/${agency.rossi}/review-links`);

    // Assess
    expect(created.body.url).toBe(`${cloud().env.APP_ORIGIN}/review?token=${created.token}`);
    expect(Buffer.from(created.token, 'base64url').length).toBe(32);
    const days = (Date.parse(created.body.expires_at as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(listed.body.items).toEqual([{ id: created.id, client_id: agency.rossi, created_at: expect.any(String), expires_at: created.body.expires_at }]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
    expect(stored).not.toContain(created.token);
    expect(byContributor.status).toBe(403);
    expect(openBefore.status).toBe(200);
    expect(revoked.status).toBe(204);
    expect(again.status).toBe(404);
    expect(afterRevoke.body.items).toEqual([]);
  });

  it("shows only the client's upcoming posts, with what the previews draw and nothing else of the workspace", async () => {
    // Prepare
    const agency = await anAgency();
    const image = await aMediaFile(agency.workspaceId);
    const media = [{ id: image.id, file_path: image.file_path, file_type: image.file_type, file_size: image.file_size, created_at: image.created_at }];
    const waiting = await aStoredPost(agency.workspaceId, agency.account, {
      client_id: agency.rossi,
      status: 'pending_approval',
      scheduled_at: inDays(2),
      submitted_by: agency.contributor.userId,
      media,
    });
    const scheduled = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'scheduled', scheduled_at: inDays(1) });
    const hidden = [
      await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'draft' }),
      await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'posted', published_at: inDays(-1) }),
      await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'pending_approval', scheduled_at: inDays(-1) }),
      await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.other, status: 'scheduled', scheduled_at: inDays(1) }),
      await aStoredPost(agency.workspaceId, agency.account, { client_id: null, status: 'scheduled', scheduled_at: inDays(1) }),
    ];
    // Another workspace's post, of a client of the same name.
    const elsewhere = await anAgency();
    const foreign = await aStoredPost(elsewhere.workspaceId, elsewhere.account, { client_id: elsewhere.rossi, status: 'scheduled', scheduled_at: inDays(1) });
    const link = await aLink(agency.as(agency.editor), agency.rossi);

    // Act
    const res = await page(link.token);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as ReviewPage;
    expect(body.client_name).toBe('Bakery Rossi');
    expect(body.posts.map((p) => p.id)).toEqual([scheduled.id, waiting.id]);
    expect(body.posts[1]).toEqual({
      id: waiting.id,
      version: 1,
      status: 'pending_approval',
      scheduled_at: waiting.scheduled_at,
      title: null,
      media: [{ url: expect.stringMatching(/^https?:\/\//), kind: 'image', width: null, height: null }],
      targets: [{ platform: 'facebook', account_name: 'Rossi on Facebook', caption: 'Stored post', first_comment: null, thread: [], tiktok_photo_title: null }],
      decision: null,
    });
    // Nothing else of the workspace: no account, client or member ids, no other post. (The presigned URL
    // names the file's own key, which is how the app shows any file; it opens that file alone, for a while.)
    const text = JSON.stringify({ ...body, posts: body.posts.map((p) => ({ ...p, media: [] })) });
    for (const secret of [agency.account.id, agency.rossi, agency.contributor.userId, agency.workspaceId, foreign.id, ...hidden.map((p) => p.id)]) {
      expect(text).not.toContain(secret);
    }
    // The image's URL opens the file.
    expect((await fetch(body.posts[1].media[0].url)).status).toBe(200);
  });

  it('records an approval on the post and in its history and tells the Editors; the post is not scheduled by it', async () => {
    // Prepare
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, {
      client_id: agency.rossi,
      status: 'pending_approval',
      scheduled_at: inDays(2),
      submitted_by: agency.contributor.userId,
    });
    const link = await aLink(agency.as(agency.editor), agency.rossi);

    // Act
    const approved = await decide({ token: link.token, post_id: post.id, version: 1, decision: 'approved' });
    const seen = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}`)).body as Post;
    const history = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}/activity`)).body.items as Activity[];
    const again = (await page(link.token)).body as ReviewPage;

    // Assess
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ decision: 'approved', comment: null, at: expect.any(String) });
    expect(seen).toMatchObject({ status: 'pending_approval', version: 1, client_review: { decision: 'approved', client_name: 'Bakery Rossi', current: true } });
    expect(history.at(-1)).toMatchObject({ kind: 'client_approved', client_name: 'Bakery Rossi', user_id: null });
    expect(again.posts[0].decision).toMatchObject({ decision: 'approved' });
    for (const person of [agency.owner, agency.editor]) {
      await vi.waitFor(async () => expect(await bellOf(person)).toContain('Bakery Rossi (client) approved "Stored post".'));
    }
    expect(await bellOf(agency.contributor)).toEqual([]);

    // An edit after the decision makes the post need the client's review again.
    const edited = await agency.as(agency.editor)('PATCH', `/api/posts/${post.id}`, {
      version: 1,
      platforms: [{ platform: 'facebook', social_account_id: agency.account.id, caption: 'A new caption', settings: {} }],
      media_ids: [],
      scheduled_at: post.scheduled_at,
      client_id: agency.rossi,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body as Post).client_review).toMatchObject({ decision: 'approved', current: false });
    expect(((await page(link.token)).body as ReviewPage).posts[0].decision).toBeNull();
  });

  it("keeps a client's decision made while a member's save of the post was under way", async () => {
    // Prepare: a member's save has read the post (version 1, no decision) and is about to write it
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'scheduled', scheduled_at: inDays(2) });
    const link = await aLink(agency.as(agency.editor), agency.rossi);
    const readBySave = (await getPostRecord(agency.workspaceId, post.id))!;

    // Act: the client approves, then the save writes what it read, edited
    const approved = await decide({ token: link.token, post_id: post.id, version: 1, decision: 'approved' });
    const platforms = readBySave.platforms.map((t) => ({ ...t, caption: 'Edited while the client looked' }));
    await replacePost(agency.workspaceId, { ...readBySave, platforms, version: 2 }, { version: 1, status: 'scheduled' });
    const seen = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}`)).body as Post;

    // Assess: the edit and the decision are both kept; the decision was on the caption before the edit
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(seen).toMatchObject({ version: 2, client_review: { decision: 'approved', client_name: 'Bakery Rossi', current: false } });
    expect(seen.platforms[0].caption).toBe('Edited while the client looked');
  });

  it('sends a waiting post back as a draft on a request for changes, as an Editor would, and tells its author', async () => {
    // Prepare
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, {
      client_id: agency.rossi,
      status: 'pending_approval',
      scheduled_at: inDays(2),
      submitted_by: agency.contributor.userId,
    });
    const link = await aLink(agency.as(agency.editor), agency.rossi);

    // Act
    const res = await decide({ token: link.token, post_id: post.id, version: 1, decision: 'changes_requested', comment: '  Use the spring photo  ' });
    const seen = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}`)).body as Post;
    const history = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}/activity`)).body.items as Activity[];

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(seen).toMatchObject({
      status: 'draft',
      scheduled_at: null,
      review_comment: 'Use the spring photo',
      client_review: { decision: 'changes_requested', comment: 'Use the spring photo' },
    });
    expect(history.at(-1)).toMatchObject({ kind: 'client_changes_requested', client_name: 'Bakery Rossi', comment: 'Use the spring photo' });
    const notice = 'Bakery Rossi (client) requested changes on "Stored post": Use the spring photo';
    await vi.waitFor(async () => expect(await bellOf(agency.editor)).toContain(notice));
    await vi.waitFor(async () => expect(await bellOf(agency.contributor)).toContain(notice));
    expect(((await page(link.token)).body as ReviewPage).posts).toEqual([]);
  });

  it('keeps a scheduled post scheduled on a request for changes, and records and notifies it', async () => {
    // Prepare
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'scheduled', scheduled_at: inDays(1) });
    const link = await aLink(agency.as(agency.editor), agency.rossi);

    // Act
    const res = await decide({ token: link.token, post_id: post.id, version: 1, decision: 'changes_requested', comment: 'Wrong price' });
    const seen = (await agency.as(agency.editor)('GET', `/api/posts/${post.id}`)).body as Post;

    // Assess
    expect(res.status).toBe(200);
    expect(seen).toMatchObject({ status: 'scheduled', version: 1, client_review: { decision: 'changes_requested', comment: 'Wrong price', current: true } });
    await vi.waitFor(async () => expect(await bellOf(agency.editor)).toContain('Bakery Rossi (client) requested changes on "Stored post": Wrong price'));
  });

  it('gives an unknown, a revoked and an expired link the same answer, and writes nothing through them', async () => {
    // Prepare
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'scheduled', scheduled_at: inDays(1) });
    const editor = agency.as(agency.editor);
    const [revoked, expired] = [await aLink(editor, agency.rossi), await aLink(editor, agency.rossi)];
    await editor('DELETE', `/api/clients/${agency.rossi}/review-links/${revoked.id}`);
    await expire(agency.workspaceId, expired.id);
    const before = JSON.stringify(await itemsOfWorkspace(agency.workspaceId));

    // Act
    const tokens = ['A'.repeat(43), revoked.token, expired.token];
    const reads = await Promise.all(tokens.map(page));
    const writes = await Promise.all(tokens.map((token) => decide({ token, post_id: post.id, version: 1, decision: 'approved' })));

    // Assess
    for (const reply of [...reads, ...writes]) {
      expect(reply.status).toBe(404);
      expect(reply.body.error.message).toBe(REVIEW_LINK_MSG.unusable);
    }
    expect(JSON.stringify(await itemsOfWorkspace(agency.workspaceId))).toBe(before);
  });

  it('refuses bad input with a clear message and writes nothing; another client’s post is out of reach', async () => {
    // Prepare
    const agency = await anAgency();
    const post = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.rossi, status: 'pending_approval', scheduled_at: inDays(1) });
    const theirs = await aStoredPost(agency.workspaceId, agency.account, { client_id: agency.other, status: 'pending_approval', scheduled_at: inDays(1) });
    const link = await aLink(agency.as(agency.editor), agency.rossi);
    const before = JSON.stringify(await itemsOfWorkspace(agency.workspaceId));
    const base = { token: link.token, post_id: post.id, version: 1 };

    // Act
    const noComment = await decide({ ...base, decision: 'changes_requested', comment: '   ' });
    const longComment = await decide({ ...base, decision: 'changes_requested', comment: 'x'.repeat(1001) });
    const unknownDecision = await decide({ ...base, decision: 'maybe' });
    const staleVersion = await decide({ ...base, version: 2, decision: 'approved' });
    const otherClients = await decide({ ...base, post_id: theirs.id, decision: 'approved' });
    const badToken = await page('short');
    const longExpiry = await agency.as(agency.editor)('POST', `/api/clients/${agency.rossi}/review-links`, { expires_in_days: 31 });

    // Assess
    expect([noComment.status, noComment.body.error.message]).toEqual([400, REVIEW_LINK_MSG.commentRequired]);
    expect([longComment.status, longComment.body.error.message]).toEqual([400, REVIEW_LINK_MSG.commentTooLong]);
    expect(unknownDecision.status).toBe(400);
    expect([staleVersion.status, staleVersion.body.error.message]).toEqual([409, REVIEW_LINK_MSG.changed]);
    expect([otherClients.status, otherClients.body.error.message]).toEqual([404, REVIEW_LINK_MSG.postGone]);
    expect([badToken.status, badToken.body.error.message]).toEqual([400, REVIEW_LINK_MSG.invalid]);
    expect([longExpiry.status, longExpiry.body.error.message]).toEqual([400, REVIEW_LINK_MSG.expiryRange]);
    expect(JSON.stringify(await itemsOfWorkspace(agency.workspaceId))).toBe(before);
  });
});
