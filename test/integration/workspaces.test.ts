import { WORKSPACE_HEADER } from '@shared/workspaces';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, aRandomEmail, mailsTo } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { itemsOfWorkspace } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { anInvitation } from '../helpers/workspaces';

/** The invitation link's token, as the e-mail carries it. */
function tokenIn(html: string): string {
  const token = /\/invite\?token=([A-Za-z0-9_-]{43})/.exec(html)?.[1];
  if (!token) throw new Error(`no invitation link in: ${html}`);
  return token;
}

const inWorkspace = (workspaceId: string) => ({ [WORKSPACE_HEADER]: workspaceId });

async function anOwnerOn(plan: 'free' | 'basic') {
  const owner = await aConfirmedUser({ plan });
  return { ...owner, workspaceId: owner.userId };
}

describe('workspaces, members and invitations', { timeout: 60_000 }, () => {
  it('gives a new person their own workspace, with them as its Owner', async () => {
    // Prepare
    const person = await aConfirmedUser();

    // Act
    const res = await weCallTheApi('GET', '/api/workspaces', { token: person.accessToken });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [{ id: person.userId, name: 'My workspace', role: 'owner' }] });
  });

  it('invites by e-mail; the invitee signs up, accepts, and works on the same posts', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const account = await aConnectedAccount(owner.workspaceId, 'facebook');
    const draft = await weCallTheApi('POST', '/api/posts', {
      token: owner.accessToken,
      body: { title: 'Shared draft', platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'For the team' }] },
    });
    const email = aRandomEmail();

    // Act: invite, read the e-mail, preview without signing in, then sign up and accept.
    const invited = await weCallTheApi('POST', '/api/workspace/invites', { token: owner.accessToken, body: { email: email.toUpperCase(), role: 'editor' } });
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail!.html);
    const preview = await weCallTheApi('GET', `/api/invites/preview?token=${token}`);
    const editor = await aConfirmedUser({ email });
    const accepted = await weCallTheApi('POST', '/api/invites/accept', { token: editor.accessToken, body: { token } });
    const posts = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: editor.accessToken, headers: inWorkspace(owner.workspaceId) });
    const own = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: editor.accessToken });

    // Assess
    expect(draft.status).toBe(201);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'editor' });
    expect(mail!.subject).toBe('Join "My workspace" on Schedule & Autopost');
    expect(preview.body).toEqual({ workspace_name: 'My workspace', email, role: 'editor', expires_at: invited.body.expires_at });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ workspace: { id: owner.workspaceId, name: 'My workspace', role: 'editor' } });
    expect((await weCallTheApi('GET', '/api/workspaces', { token: editor.accessToken })).body.items).toEqual(
      expect.arrayContaining([
        { id: owner.workspaceId, name: 'My workspace', role: 'editor' },
        { id: editor.userId, name: 'My workspace', role: 'owner' },
      ]),
    );
    expect(posts.body.items.map((p: { id: string }) => p.id)).toEqual([draft.body.id]);
    expect(own.body.items).toEqual([]);
    const members = await weCallTheApi('GET', '/api/workspace/members', { token: owner.accessToken });
    expect(members.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'editor'],
    ]);
    expect(members.body.invites).toEqual([]);
    expect(members.body.seats).toEqual({ used: 2, limit: 3 });
    // The link worked once.
    expect((await weCallTheApi('POST', '/api/invites/accept', { token: editor.accessToken, body: { token } })).status).toBe(404);
  });

  it('refuses an invitation beyond the plan’s seats, and writes and sends nothing', async () => {
    // Prepare: Free includes one seat, the Owner's.
    const owner = await anOwnerOn('free');
    const email = aRandomEmail();
    const before = await itemsOfWorkspace(owner.workspaceId);

    // Act
    const res = await weCallTheApi('POST', '/api/workspace/invites', { token: owner.accessToken, body: { email, role: 'editor' } });

    // Assess
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan includes 1 seat, and every one is taken by a member or a pending invitation. Upgrade the plan or remove someone first.',
    });
    expect(await itemsOfWorkspace(owner.workspaceId)).toEqual(before);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const before = await itemsOfWorkspace(owner.workspaceId);

    // Act
    const badEmail = await weCallTheApi('POST', '/api/workspace/invites', { token: owner.accessToken, body: { email: 'not-an-address', role: 'editor' } });
    const ownerRole = await weCallTheApi('POST', '/api/workspace/invites', { token: owner.accessToken, body: { email: aRandomEmail(), role: 'owner' } });
    const blankName = await weCallTheApi('PATCH', '/api/workspace', { token: owner.accessToken, body: { name: '   ' } });

    // Assess
    expect([badEmail.status, ownerRole.status, blankName.status]).toEqual([400, 400, 400]);
    expect(badEmail.body.error.message).toBe('Enter a valid e-mail address.');
    expect(blankName.body.error.message).toBe('Give the workspace a name.');
    expect(await itemsOfWorkspace(owner.workspaceId)).toEqual(before);
  });

  it('keeps a link for the address it was sent to: another person cannot spend it, an expired one says so', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const invitee = aRandomEmail();
    const invite = await anInvitation(owner.workspaceId, invitee);
    const expired = await anInvitation(owner.workspaceId, aRandomEmail(), { expiresInMs: -1000 });
    const someoneElse = await aConfirmedUser();

    // Act
    const wrongPerson = await weCallTheApi('POST', '/api/invites/accept', { token: someoneElse.accessToken, body: { token: invite.token } });
    const late = await weCallTheApi('GET', `/api/invites/preview?token=${expired.token}`);
    const stillThere = await weCallTheApi('GET', `/api/invites/preview?token=${invite.token}`);

    // Assess
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.error.message).toBe('This invitation was sent to another e-mail address. Sign in with that address to accept it.');
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe('This invitation has expired. Ask the workspace Admin for a new one.');
    expect(stillThere.status).toBe(200);
    expect((await weCallTheApi('GET', '/api/workspaces', { token: someoneElse.accessToken })).body.items).toHaveLength(1);
  });

  it('ends a removed member’s access on their next request and frees the seat; the Owner cannot be removed', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const email = aRandomEmail();
    const invite = await anInvitation(owner.workspaceId, email, { role: 'contributor' });
    const member = await aConfirmedUser({ email });
    await weCallTheApi('POST', '/api/invites/accept', { token: member.accessToken, body: { token: invite.token } });
    const admitted = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: member.accessToken, headers: inWorkspace(owner.workspaceId) });

    // Act
    const byContributor = await weCallTheApi('DELETE', `/api/workspace/members/${owner.userId}`, {
      token: member.accessToken,
      headers: inWorkspace(owner.workspaceId),
    });
    const ownerLeaves = await weCallTheApi('POST', '/api/workspace/leave', { token: owner.accessToken });
    const ownerRemoved = await weCallTheApi('DELETE', `/api/workspace/members/${owner.userId}`, { token: owner.accessToken });
    const removed = await weCallTheApi('DELETE', `/api/workspace/members/${member.userId}`, { token: owner.accessToken });
    const after = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: member.accessToken, headers: inWorkspace(owner.workspaceId) });

    // Assess
    expect(admitted.status).toBe(200);
    expect(byContributor.status).toBe(403);
    expect(ownerLeaves.body.error.message).toBe('The Owner cannot leave the workspace. Transfer the ownership first.');
    expect(ownerRemoved.status).toBe(409);
    expect(removed.status).toBe(204);
    expect(after.status).toBe(403);
    expect(after.body.error).toEqual({ code: 'NOT_A_MEMBER', message: 'You are not a member of this workspace.' });
    expect((await weCallTheApi('GET', '/api/workspace/members', { token: owner.accessToken })).body.seats).toEqual({ used: 1, limit: 3 });
  });

  it('lets a member change roles only below the Owner, and a revoked link stops working', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const email = aRandomEmail();
    const invite = await anInvitation(owner.workspaceId, email, { role: 'contributor' });
    const member = await aConfirmedUser({ email });
    await weCallTheApi('POST', '/api/invites/accept', { token: member.accessToken, body: { token: invite.token } });
    const pending = await anInvitation(owner.workspaceId, aRandomEmail());

    // Act
    const promoted = await weCallTheApi('PATCH', `/api/workspace/members/${member.userId}`, { token: owner.accessToken, body: { role: 'admin' } });
    const demoteOwner = await weCallTheApi('PATCH', `/api/workspace/members/${owner.userId}`, {
      token: member.accessToken,
      headers: inWorkspace(owner.workspaceId),
      body: { role: 'editor' },
    });
    const revoked = await weCallTheApi('DELETE', `/api/workspace/invites/${pending.id}`, {
      token: member.accessToken,
      headers: inWorkspace(owner.workspaceId),
    });

    // Assess
    expect(promoted.body).toMatchObject({ user_id: member.userId, role: 'admin' });
    expect((await weCallTheApi('GET', '/api/workspaces', { token: member.accessToken })).body.items).toContainEqual({
      id: owner.workspaceId,
      name: 'My workspace',
      role: 'admin',
    });
    expect(demoteOwner.status).toBe(409);
    expect(revoked.status).toBe(204);
    expect((await weCallTheApi('GET', `/api/invites/preview?token=${pending.token}`)).status).toBe(404);
  });

  it('creates and renames a workspace; the switcher lists the new name', async () => {
    // Prepare
    const person = await aConfirmedUser();

    // Act
    const made = await weCallTheApi('POST', '/api/workspaces', { token: person.accessToken, body: { name: 'Agency clients' } });
    const renamed = await weCallTheApi('PATCH', '/api/workspace', {
      token: person.accessToken,
      headers: inWorkspace(made.body.id),
      body: { name: 'Acme agency' },
    });
    const listed = await weCallTheApi('GET', '/api/workspaces', { token: person.accessToken });
    const empty = await weCallTheApi('GET', '/api/posts?tab=scheduled', { token: person.accessToken, headers: inWorkspace(made.body.id) });

    // Assess
    expect(made.status).toBe(201);
    expect(renamed.body).toEqual({ id: made.body.id, name: 'Acme agency', role: 'owner' });
    expect(listed.body.items).toEqual([
      { id: made.body.id, name: 'Acme agency', role: 'owner' },
      { id: person.userId, name: 'My workspace', role: 'owner' },
    ]);
    expect(empty.body.items).toEqual([]);
  });

  it('refuses to delete the login of an Owner whose workspace has other members', async () => {
    // Prepare
    const owner = await anOwnerOn('basic');
    const email = aRandomEmail();
    const invite = await anInvitation(owner.workspaceId, email);
    const member = await aConfirmedUser({ email });
    await weCallTheApi('POST', '/api/invites/accept', { token: member.accessToken, body: { token: invite.token } });

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: owner.accessToken });

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'You own the workspace "My workspace", which has other members. Transfer its ownership or delete the workspace before deleting your account.',
    );
    expect((await weCallTheApi('GET', '/api/posts?tab=drafts', { token: member.accessToken, headers: inWorkspace(owner.workspaceId) })).status).toBe(200);
  });
});
