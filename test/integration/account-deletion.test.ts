import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { deleteUser, defaultUserDeletionDeps } from '../../functions/domain/user-deletion';
import { notifyUser } from '../../functions/domain/notifications';
import { documentClient, s3Client } from '../../functions/lib/aws';
import { DependencyError } from '../../functions/lib/errors';
import { stripe } from '../../functions/lib/stripe';
import { aPaidPublicCheckout, signInWithPassword, stripeControl, weVerifyTheEmail } from '../helpers/billing';
import { connect, initiate } from '../helpers/connect';
import { aConfirmedUser, aRandomEmail, cloud, cognito } from '../helpers/given';
import { anObjectStoredDirectly, anUploadedImage, objectExists, A_TINY_PNG } from '../helpers/media';
import { aComposeBody, inDays } from '../helpers/posts';
import { aLaterSecondThan, itemsOfUser, theTestsTimeLeft } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** DELETE /api/account leaves nothing of the user anywhere, and nothing of anyone else is touched. */
const scheduler = () =>
  new SchedulerClient({ region: 'us-east-1', endpoint: cloud().env.SCHEDULER_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

async function scheduleExists(postId: string): Promise<boolean> {
  try {
    await scheduler().send(new GetScheduleCommand({ Name: `post-${postId}`, GroupName: 'posts' }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return false;
    throw error;
  }
}

async function loginExists(userId: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: cloud().env.USER_POOL_ID, Username: userId }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

/** Every table item that mentions any of `needles` in any attribute (keys included). */
async function tableItemsMentioning(...needles: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: cursor }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(item);
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}

/**
 * What is left of a deleted user in the table: nothing but the session gate (SESSIONS#<id>), the
 * tombstone that keeps the user's earlier tokens refused until they have all expired (TTL 2 days).
 */
async function dataMentioning(...needles: string[]): Promise<Record<string, unknown>[]> {
  const items = await tableItemsMentioning(...needles);
  const gates = items.filter((i) => String(i.pk).startsWith('SESSIONS#'));
  for (const gate of gates) {
    expect(gate.deletedAt).toEqual(expect.any(String));
    expect(Number(gate.expiresAt) * 1000 - Date.now()).toBeLessThanOrEqual(2 * 86_400_000 + 1000);
  }
  return items.filter((i) => !gates.includes(i));
}

async function objectKeysMentioning(userId: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: process.env.MEDIA_BUCKET, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(userId)));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Waits until Stripe has delivered every webhook about the subscription (so a late one could not resurrect anything unseen). */
async function webhooksSettled(subscriptionId: string, type: string) {
  return vi.waitFor(
    async () => {
      const { body } = await stripeControl('GET', `/events?subscription=${subscriptionId}`);
      const events = body.events as { type: string; deliveries: number[] }[];
      if (events.some((e) => e.type === type) && events.every((e) => e.deliveries.length > 0)) return events;
      throw new Error(`webhooks for ${subscriptionId} did not settle: ${JSON.stringify(events.map((e) => [e.type, e.deliveries.length]))}`);
    },
    { timeout: theTestsTimeLeft(), interval: 100 },
  );
}

/**
 * A user with data in every place: paid Basic through the (local) Stripe and signed up from it
 * (settings, profile, "My Account", customer and checkout pointers), a connected Facebook account
 * with its encrypted tokens, a pending connect (OAuth state), a draft and a scheduled post (with its
 * schedule), an uploaded image, a profile picture, a client and a notification.
 */
async function aUserWithDataEverywhere() {
  const email = aRandomEmail();
  const password = 'secret123';
  const checkout = await aPaidPublicCheckout(email, 'basic');
  const signup = await weCallTheApi('POST', '/api/billing/complete-signup', { body: { email, password, session_id: checkout.sessionId } });
  expect(signup.status).toBe(201);
  await weVerifyTheEmail(email, password);
  const token = await signInWithPassword(email, password);
  const me = (await weCallTheApi('GET', '/api/me', { token })).body;
  const userId = me.userId as string;

  await connect('facebook', token);
  const [account] = (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts;
  await initiate('instagram', token);
  const image = await anUploadedImage(token);
  const avatarKey = `avatars/${userId}-${Date.now()}.png`;
  await anObjectStoredDirectly(avatarKey, A_TINY_PNG, 'image/png');
  const client = (await weCallTheApi('POST', '/api/clients', { token, body: { name: 'Acme' } })).body;
  const draft = (await weCallTheApi('POST', '/api/posts', { token, body: aComposeBody(account, { media_ids: [image.id], client_id: client.id }) })).body;
  const scheduled = await weCallTheApi('POST', '/api/posts', { token, body: aComposeBody(account, { scheduled_at: inDays(3) }) });
  expect(scheduled.status).toBe(201);
  await notifyUser(userId, 'Your post was published');
  const subscription = (await weCallTheApi('GET', '/api/subscription', { token })).body.subscription;

  return {
    email,
    password,
    token,
    userId,
    subscriptionId: subscription.id as string,
    sessionId: checkout.sessionId,
    draft,
    scheduledPostId: scheduled.body.id as string,
    image,
    avatarKey,
  };
}

/** What must exist for a user before deletion (and still exist for everyone else after). */
async function expectAllThere(user: Awaited<ReturnType<typeof aUserWithDataEverywhere>>) {
  const kinds = new Set((await itemsOfUser(user.userId)).map((i) => String(i.sk).replace(/#.*$/, '#')));
  expect([...kinds].sort()).toEqual([
    'ACCOUNT#',
    'CLIENT#',
    'MEDIA#',
    'MEMBER#',
    'MEMBERSHIP#',
    'NOTE#',
    'OAUTHSTATE#',
    'PLATFORMACCOUNT#',
    'POST#',
    'POSTACTIVITY#',
    'PROFILE',
    'SETTINGS',
    'SUBSCRIPTION',
    'TOKEN#',
    'USAGE#',
    'WORKSPACE',
  ]);
  // One scan for the pointers (the table holds every earlier test's items, so each scan costs).
  const mentioning = await tableItemsMentioning(user.userId);
  expect(mentioning.some((i) => String(i.pk).startsWith('STRIPECUSTOMER#'))).toBe(true);
  expect(mentioning.some((i) => String(i.pk).startsWith('OAUTHSTATE#'))).toBe(true);
  expect(mentioning.some((i) => String(i.pk).startsWith('CHECKOUT#'))).toBe(true);
  expect(mentioning.filter((i) => String(i.pk).startsWith('WS#')).map((i) => i.sk)).toEqual(expect.arrayContaining(['WORKSPACE', `MEMBER#${user.userId}`]));
  expect(await scheduleExists(user.scheduledPostId)).toBe(true);
  expect(await objectExists(user.image.file_path)).toBe(true);
  expect(await objectExists(user.avatarKey)).toBe(true);
  expect(await loginExists(user.userId)).toBe(true);
  expect((await (await stripe()).subscriptions.retrieve(user.subscriptionId)).status).toBe('active');
}

async function expectNothingLeft(user: Awaited<ReturnType<typeof aUserWithDataEverywhere>>) {
  await webhooksSettled(user.subscriptionId, 'customer.subscription.deleted');
  expect(await dataMentioning(user.userId, user.email, user.sessionId)).toEqual([]);
  expect(await objectKeysMentioning(user.userId)).toEqual([]);
  expect(await scheduleExists(user.scheduledPostId)).toBe(false);
  expect(await loginExists(user.userId)).toBe(false);
  expect((await (await stripe()).subscriptions.retrieve(user.subscriptionId)).status).toBe('canceled');
}

describe('deleting an account', () => {
  // Two users signed up through a Stripe checkout each, and whole-table scans of a table every earlier
  // test has filled: the heaviest test of the project, given its own bound rather than raising everyone's.
  it('removes every item, object, schedule, pointer, the subscription and the login, and nothing of another user', { timeout: 45_000 }, async () => {
    // Prepare
    const [user, other] = await Promise.all([aUserWithDataEverywhere(), aUserWithDataEverywhere()]);
    await Promise.all([expectAllThere(user), expectAllThere(other)]);
    const othersItems = await tableItemsMentioning(other.userId);

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: user.token });

    // Assess
    expect(res.status).toBe(204);
    await expectNothingLeft(user);
    await expectAllThere(other);
    expect(await tableItemsMentioning(other.userId)).toEqual(othersItems);
  });

  it('is resumed by running it again after a step failed half-way', async () => {
    // Prepare
    const user = await aUserWithDataEverywhere();
    const stripeDown = { ...defaultUserDeletionDeps, stripe: async () => Promise.reject(new Error('Stripe is unreachable')) };

    // Act
    const failed = await deleteUser(user.userId, stripeDown).then(
      () => undefined,
      (error: unknown) => error,
    );
    const deletionBegan = Date.now();

    // Assess: the steps before Stripe are done, the rest (and the login) are still there to retry with.
    expect(failed).toBeInstanceOf(DependencyError);
    expect(await scheduleExists(user.scheduledPostId)).toBe(false);
    expect(await objectKeysMentioning(user.userId)).toEqual([]);
    expect((await itemsOfUser(user.userId)).map((i) => i.sk)).toEqual(expect.arrayContaining(['DELETION', 'SETTINGS', 'SUBSCRIPTION']));
    expect(await loginExists(user.userId)).toBe(true);
    expect((await (await stripe()).subscriptions.retrieve(user.subscriptionId)).status).toBe('active');

    // Act: the user signs in again (the login still works; the earlier token is refused) and asks again.
    expect((await weCallTheApi('DELETE', '/api/account', { token: user.token })).status).toBe(401);
    await aLaterSecondThan(deletionBegan);
    const fresh = await signInWithPassword(user.email, user.password);
    const retried = await weCallTheApi('DELETE', '/api/account', { token: fresh });

    // Assess
    expect(retried.status).toBe(204);
    await expectNothingLeft(user);
  });

  it('does nothing more when run again after it completed', async () => {
    // Prepare
    const user = await aUserWithDataEverywhere();
    await deleteUser(user.userId);

    // Act
    const again = await deleteUser(user.userId);

    // Assess
    expect(again).toBeUndefined();
    await expectNothingLeft(user);
  });

  it('removes a checkout the user started while signed in and never paid', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const started = await weCallTheApi('POST', '/api/billing/checkout', { token: user.accessToken, body: { productId: 'prod_sa_basic_monthly' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await tableItemsMentioning(user.userId)).some((i) => String(i.pk).startsWith('CHECKOUT#'))).toBe(true);

    // Act
    const res = await weCallTheApi('DELETE', '/api/account', { token: user.accessToken });

    // Assess
    expect(res.status).toBe(204);
    expect(await dataMentioning(user.userId)).toEqual([]);
  });

  it('refuses a caller without a token', async () => {
    expect((await weCallTheApi('DELETE', '/api/account')).status).toBe(401);
  });
});
