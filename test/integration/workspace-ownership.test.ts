import { WORKSPACE_HEADER } from '@shared/workspaces';
import { describe, expect, it } from 'vitest';
import { putMember, setMemberRole, transferOwnership } from '../../functions/data/workspaces';
import { aConfirmedUser, aSubscription } from '../helpers/given';
import { aMediaKey, anObjectStoredDirectly, objectExists, A_TINY_PNG } from '../helpers/media';
import { aComposeBody, aConnectedAccount, inDays } from '../helpers/posts';
import { itemsOfUser, itemsOfWorkspace, scheduleExists } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { anInvitation } from '../helpers/workspaces';

const inWorkspace = (workspaceId: string) => ({ [WORKSPACE_HEADER]: workspaceId });
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

/** Makes `person` a member of the workspace with `role`, as an accepted invitation does. */
async function aMember(workspaceId: string, person: Person, role: 'admin' | 'editor' | 'contributor', name = 'My workspace') {
  await putMember({ workspaceId, userId: person.userId, role }, { name, email: person.email, at: new Date().toISOString() });
}

const rolesIn = async (owner: Person, workspaceId: string) =>
  (
    (await weCallTheApi('GET', '/api/workspace/members', { token: owner.accessToken, headers: inWorkspace(workspaceId) })).body.members as {
      user_id: string;
      role: string;
    }[]
  ).map((m) => [m.user_id, m.role]);

describe('transferring the ownership of a workspace', { timeout: 60_000 }, () => {
  it('makes the member the Owner and the old Owner an Admin; the plan and billing go with the workspace, the new Owner hears of it', async () => {
    // Prepare: a workspace on Basic (its subscription is the workspace's) with an Editor.
    const owner = await aConfirmedUser({ plan: 'basic' });
    const editor = await aConfirmedUser();
    await aMember(owner.userId, editor, 'editor');

    // Act
    const res = await weCallTheApi('POST', '/api/workspace/transfer-ownership', {
      token: owner.accessToken,
      body: { user_id: editor.userId },
      headers: inWorkspace(owner.userId),
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: editor.userId, role: 'owner' });
    expect(await rolesIn(editor, owner.userId)).toEqual([
      [owner.userId, 'admin'],
      [editor.userId, 'owner'],
    ]);
    const switcher = (await weCallTheApi('GET', '/api/workspaces', { token: editor.accessToken })).body.items;
    expect(switcher).toEqual(expect.arrayContaining([{ id: owner.userId, name: 'My workspace', role: 'owner' }]));
    const sub = await weCallTheApi('GET', '/api/subscription', { token: editor.accessToken, headers: inWorkspace(owner.userId) });
    expect(sub.body.subscription.product_id).toBe('prod_sa_basic_monthly');
    // Billing is an Owner's: the new Owner is let through, the old one refused.
    const checkout = { productId: 'prod_sa_pro_monthly' };
    const asNew = await weCallTheApi('POST', '/api/billing/checkout', { token: editor.accessToken, body: checkout, headers: inWorkspace(owner.userId) });
    const asOld = await weCallTheApi('POST', '/api/billing/checkout', { token: owner.accessToken, body: checkout, headers: inWorkspace(owner.userId) });
    expect(asNew.body?.error?.code).not.toBe('ROLE_TOO_LOW');
    expect(asOld.status).toBe(403);
    expect(asOld.body.error.code).toBe('ROLE_TOO_LOW');
    const notes = (await weCallTheApi('GET', '/api/notifications', { token: editor.accessToken })).body.items as { message: string }[];
    expect(notes.map((n) => n.message)).toContain(`${owner.email} made you the Owner of "My workspace". Billing and deleting it are yours now.`);
  });

  it('cannot be undone by a role change read before it: the new Owner stays Owner', async () => {
    // Prepare: an Admin read the members while the Editor was an Editor; then the Owner transferred.
    const owner = await aConfirmedUser();
    const editor = await aConfirmedUser();
    await aMember(owner.userId, editor, 'editor');
    await transferOwnership(owner.userId, owner.userId, editor.userId);

    // Act: the Admin's change, decided on the old read, reaches the table.
    const changed = await setMemberRole(owner.userId, editor.userId, 'contributor');

    // Assess
    expect(changed).toBeNull();
    expect(await rolesIn(editor, owner.userId)).toEqual([
      [owner.userId, 'admin'],
      [editor.userId, 'owner'],
    ]);
  });

  it('is refused for a caller who is not the Owner, and changes nothing', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const admin = await aConfirmedUser();
    const editor = await aConfirmedUser();
    await aMember(owner.userId, admin, 'admin');
    await aMember(owner.userId, editor, 'editor');
    const before = await itemsOfWorkspace(owner.userId);

    // Act
    const res = await weCallTheApi('POST', '/api/workspace/transfer-ownership', {
      token: admin.accessToken,
      body: { user_id: editor.userId },
      headers: inWorkspace(owner.userId),
    });

    // Assess
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'ROLE_TOO_LOW', message: 'Only an Owner can do this.' });
    expect(await itemsOfWorkspace(owner.userId)).toEqual(before);
  });

  it('is refused for someone who is not a member, or bad input, and writes nothing', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const stranger = await aConfirmedUser();
    const before = await itemsOfWorkspace(owner.userId);
    const call = (body: unknown) =>
      weCallTheApi('POST', '/api/workspace/transfer-ownership', { token: owner.accessToken, body, headers: inWorkspace(owner.userId) });

    // Act
    const notMember = await call({ user_id: stranger.userId });
    const self = await call({ user_id: owner.userId });
    const malformed = await call({ user_id: '../../x' });
    const missing = await call({});

    // Assess
    expect(notMember.status).toBe(404);
    expect(notMember.body.error.message).toBe('This person is not a member of the workspace.');
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You already own this workspace. Choose another member.');
    expect([malformed.status, missing.status]).toEqual([400, 400]);
    expect(await itemsOfWorkspace(owner.userId)).toEqual(before);
    expect(await itemsOfUser(stranger.userId)).not.toEqual(expect.arrayContaining([expect.objectContaining({ sk: `MEMBERSHIP#${owner.userId}` })]));
  });

  it('lets exactly one of two transfers at once through, leaving one Owner', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const [b, c] = await Promise.all([aConfirmedUser(), aConfirmedUser()]);
    await aMember(owner.userId, b, 'admin');
    await aMember(owner.userId, c, 'editor');

    // Act
    const outcomes = await Promise.all([transferOwnership(owner.userId, owner.userId, b.userId), transferOwnership(owner.userId, owner.userId, c.userId)]);

    // Assess
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes).toContain('not-owner');
    const roles = await rolesIn(outcomes[0] === null ? b : c, owner.userId);
    expect(roles.filter(([, role]) => role === 'owner')).toHaveLength(1);
  });

  it('undoes the move when the member is removed before they are made the Owner', async () => {
    // Prepare: the target was a member when the Owner chose them, and is gone now.
    const owner = await aConfirmedUser();
    const gone = await aConfirmedUser();
    const before = await itemsOfWorkspace(owner.userId);

    // Act
    const outcome = await transferOwnership(owner.userId, owner.userId, gone.userId);

    // Assess
    expect(outcome).toBe('not-member');
    expect(await itemsOfWorkspace(owner.userId)).toEqual(before);
  });
});

/** A second workspace of `owner` with something in every place a workspace keeps things. */
async function aWorkspaceWithDataEverywhere(owner: Person) {
  const made = await weCallTheApi('POST', '/api/workspaces', { token: owner.accessToken, body: { name: 'Agency' } });
  expect(made.status).toBe(201);
  const workspaceId = made.body.id as string;
  const headers = inWorkspace(workspaceId);
  await aSubscription(workspaceId, 'basic');
  const account = await aConnectedAccount(workspaceId, 'facebook');
  const client = await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name: 'Acme' }, headers });
  expect(client.status).toBe(201);
  const scheduled = await weCallTheApi('POST', '/api/posts', { token: owner.accessToken, body: aComposeBody(account, { scheduled_at: inDays(3) }), headers });
  expect(scheduled.status).toBe(201);
  const objectKey = aMediaKey(workspaceId);
  await anObjectStoredDirectly(objectKey, A_TINY_PNG, 'image/png');
  const invite = await anInvitation(workspaceId, 'someone-invited@example.com');
  const link = await weCallTheApi('POST', `/api/clients/${String(client.body.id)}/connect-links`, { token: owner.accessToken, body: {}, headers });
  expect(link.status).toBe(201);
  return {
    workspaceId,
    headers,
    postId: scheduled.body.id as string,
    objectKey,
    invite,
    connectToken: new URL(link.body.url as string).searchParams.get('token')!,
  };
}

describe('deleting a workspace', { timeout: 60_000 }, () => {
  it('deletes everything in it: items, schedules, media, invitations and links; members are refused on their next request', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const editor = await aConfirmedUser();
    const ws = await aWorkspaceWithDataEverywhere(owner);
    await aMember(ws.workspaceId, editor, 'editor', 'Agency');
    expect(await scheduleExists(ws.postId)).toBe(true);
    expect(await objectExists(ws.objectKey)).toBe(true);
    const firstBefore = await itemsOfWorkspace(owner.userId);

    // Act
    const res = await weCallTheApi('DELETE', '/api/workspace', { token: owner.accessToken, body: { confirm_name: 'Agency' }, headers: ws.headers });

    // Assess
    expect(res.status).toBe(204);
    expect(await itemsOfWorkspace(ws.workspaceId)).toEqual([]);
    expect(await scheduleExists(ws.postId)).toBe(false);
    expect(await objectExists(ws.objectKey)).toBe(false);
    const editorNext = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: editor.accessToken, headers: ws.headers });
    expect(editorNext.status).toBe(403);
    expect(editorNext.body.error.code).toBe('NOT_A_MEMBER');
    expect((await weCallTheApi('GET', '/api/workspaces', { token: editor.accessToken })).body.items.map((w: { id: string }) => w.id)).toEqual([editor.userId]);
    expect((await weCallTheApi('GET', '/api/workspaces', { token: owner.accessToken })).body.items.map((w: { id: string }) => w.id)).toEqual([owner.userId]);
    expect((await weCallTheApi('GET', `/api/invites/preview?token=${ws.invite.token}`)).status).toBe(404);
    expect((await weCallTheApi('GET', `/api/connect-links/preview?token=${ws.connectToken}`)).status).toBe(404);
    // The Owner's first workspace is untouched.
    expect(await itemsOfWorkspace(owner.userId)).toEqual(firstBefore);
  });

  it('refuses a wrong name, a non-Owner and the Owner’s first workspace, and deletes nothing', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const admin = await aConfirmedUser();
    const ws = await aWorkspaceWithDataEverywhere(owner);
    await aMember(ws.workspaceId, admin, 'admin', 'Agency');
    const before = await itemsOfWorkspace(ws.workspaceId);
    const firstBefore = await itemsOfWorkspace(owner.userId);

    // Act
    const wrongName = await weCallTheApi('DELETE', '/api/workspace', { token: owner.accessToken, body: { confirm_name: 'agency' }, headers: ws.headers });
    const noName = await weCallTheApi('DELETE', '/api/workspace', { token: owner.accessToken, body: {}, headers: ws.headers });
    const byAdmin = await weCallTheApi('DELETE', '/api/workspace', { token: admin.accessToken, body: { confirm_name: 'Agency' }, headers: ws.headers });
    const first = await weCallTheApi('DELETE', '/api/workspace', {
      token: owner.accessToken,
      body: { confirm_name: 'My workspace' },
      headers: inWorkspace(owner.userId),
    });

    // Assess
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error.message).toBe('Type the workspace\'s name, "Agency", exactly to delete it.');
    expect(noName.status).toBe(400);
    expect(byAdmin.status).toBe(403);
    expect(first.status).toBe(409);
    expect(first.body.error.message).toBe('This is your first workspace: it goes only with your account. Delete your account in Settings to remove it.');
    expect(await itemsOfWorkspace(ws.workspaceId)).toEqual(before);
    expect(await itemsOfWorkspace(owner.userId)).toEqual(firstBefore);
    expect(await scheduleExists(ws.postId)).toBe(true);
    expect(await objectExists(ws.objectKey)).toBe(true);
  });

  it('tells an Owner whose workspace has other members what to do before deleting their account', async () => {
    // Prepare
    const owner = await aConfirmedUser();
    const editor = await aConfirmedUser();
    await aMember(owner.userId, editor, 'editor');

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: owner.accessToken });

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'You own the workspace "My workspace", which has other members. Transfer its ownership or delete the workspace before deleting your account.',
    );
  });
});
