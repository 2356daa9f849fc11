import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userPk, workspacePk } from '../../functions/data/keys';
import { migrateToWorkspaces } from '../../functions/domain/workspace-migration';
import { documentClient } from '../../functions/lib/aws';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { itemsOfWorkspace } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * The move to workspaces on a table seeded the old way: everything a person had under USER#<id>,
 * and no workspace. After the migration the person is the Owner of their first workspace, what it
 * owns is under WS#<id> and works through the API, what is theirs stays under USER#<id>, and a
 * second run changes nothing.
 */
const table = () => process.env.TABLE_NAME!;

async function userPartition(userId: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': userPk(userId) } }),
  );
  return Items ?? [];
}

/** A person as they were before workspaces: their workspace's items moved back under USER#<id>, no workspace, no membership. */
async function seededTheOldWay() {
  const person = await aConfirmedUser({ plan: 'basic' });
  const account = await aConnectedAccount(person.userId, 'facebook', 'Old page');
  const post = await weCallTheApi('POST', '/api/posts', {
    token: person.accessToken,
    body: { title: 'Written before workspaces', platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'Still here' }] },
  });
  for (const item of await itemsOfWorkspace(person.userId)) {
    await documentClient().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
    if (item.sk === 'WORKSPACE' || String(item.sk).startsWith('MEMBER#')) continue;
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...item, pk: userPk(person.userId) } }));
  }
  for (const item of await userPartition(person.userId)) {
    if (String(item.sk).startsWith('MEMBERSHIP#')) await documentClient().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
  }
  return { person, account, postId: post.body.id as string };
}

describe('the move to workspaces', { timeout: 90_000 }, () => {
  it('makes each person the Owner of their first workspace and moves what it owns, with nothing lost, once', async () => {
    // Prepare
    const { person, account, postId } = await seededTheOldWay();
    const oldItems = await userPartition(person.userId);
    const before = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: person.accessToken });

    // Act
    const first = await migrateToWorkspaces();
    const afterFirst = { workspace: await itemsOfWorkspace(person.userId), person: await userPartition(person.userId) };
    const second = await migrateToWorkspaces();

    // Assess: before, the new code found nothing of the old layout.
    expect(oldItems.map((i) => String(i.sk).replace(/#.*$/, '#'))).toEqual(
      expect.arrayContaining(['ACCOUNT#', 'POST#', 'SUBSCRIPTION', 'PROFILE', 'SETTINGS']),
    );
    expect(before.status).toBe(403);
    expect(first.workspacesMade).toBeGreaterThanOrEqual(1);
    expect(first.moved).toBeGreaterThanOrEqual(oldItems.filter((i) => ['ACCOUNT#', 'POST#', 'SUBSCRIPTION'].some((p) => String(i.sk).startsWith(p))).length);
    const movedKinds = afterFirst.workspace.map((i) => String(i.sk).replace(/#.*$/, '#'));
    expect(movedKinds).toEqual(expect.arrayContaining(['WORKSPACE', 'MEMBER#', 'ACCOUNT#', 'PLATFORMACCOUNT#', 'POST#', 'SUBSCRIPTION', 'CLIENT#']));
    expect(afterFirst.person.map((i) => String(i.sk).replace(/#.*$/, '#')).sort()).toEqual(['MEMBERSHIP#', 'PROFILE', 'SETTINGS']);
    // Everything the workspace owned came over unchanged but for its partition.
    for (const old of oldItems.filter((i) => !['PROFILE', 'SETTINGS'].includes(String(i.sk)))) {
      expect(afterFirst.workspace.find((i) => i.sk === old.sk)).toEqual({ ...old, pk: workspacePk(person.userId) });
    }
    // The app works on it: the post, the connection, the plan.
    const posts = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: person.accessToken });
    expect(posts.body.items.map((p: { id: string }) => p.id)).toEqual([postId]);
    expect((await weCallTheApi('GET', '/api/accounts', { token: person.accessToken })).body.accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    expect((await weCallTheApi('GET', '/api/subscription', { token: person.accessToken })).body.subscription.product_id).toBe('prod_sa_basic_monthly');
    expect((await weCallTheApi('GET', '/api/workspaces', { token: person.accessToken })).body.items).toEqual([
      { id: person.userId, name: 'My workspace', role: 'owner' },
    ]);
    // A second run finds this person done.
    expect(await itemsOfWorkspace(person.userId)).toEqual(afterFirst.workspace);
    expect(second.moved).toBe(0);
  });

  it('finishes a run that stopped between copying an item and deleting the old one', async () => {
    // Prepare: the post copied to the workspace already, its old copy still there.
    const { person, postId } = await seededTheOldWay();
    const old = (await userPartition(person.userId)).find((i) => String(i.sk).startsWith('POST#'))!;
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...old, pk: workspacePk(person.userId) } }));

    // Act
    const report = await migrateToWorkspaces();

    // Assess
    expect(report.alreadyMoved).toBeGreaterThanOrEqual(1);
    expect((await userPartition(person.userId)).some((i) => String(i.sk).startsWith('POST#'))).toBe(false);
    const posts = await weCallTheApi('GET', '/api/posts?tab=drafts', { token: person.accessToken });
    expect(posts.body.items.map((p: { id: string }) => p.id)).toEqual([postId]);
  });
});
