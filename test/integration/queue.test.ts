import { GetScheduleCommand } from '@aws-sdk/client-scheduler';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { planLimitMessage } from '@shared/plans';
import { QUEUE_MSG, type QueueView } from '@shared/queue';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { leaseSlot, SLOT_LEASE_SECONDS } from '../../functions/data/queue';
import { scheduleName, scheduleTimeFor } from '../../functions/publishing/model';
import { documentClient, schedulerClient } from '../../functions/lib/aws';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aComposeBody, aConnectedAccount } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { queueLeaseSk, usageSk, workspacePk } from '../../functions/data/keys';

/** Weekly posting times per account, add to queue, the queue view, reorder, removal (docs/queue.md). */
const ZONE = 'America/New_York';
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const daily = (...times: string[]) => EVERY_DAY.flatMap((day) => times.map((time) => ({ day, time })));

async function aUserInNewYork(plan: 'free' | 'basic' = 'basic') {
  const user = await aConfirmedUser({ plan });
  expect((await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { timezone: ZONE } })).status).toBe(200);
  return user;
}

const setSlots = (token: string, accountId: string, slots: unknown) => weCallTheApi('PUT', `/api/queue/schedules/${accountId}`, { token, body: { slots } });
const addToQueue = (token: string, body: unknown) => weCallTheApi('POST', '/api/queue/posts', { token, body });
const theQueue = async (token: string, days = 7) => (await weCallTheApi('GET', `/api/queue?days=${days}`, { token })).body as QueueView;
const scheduleOf = (postId: string) => schedulerClient().send(new GetScheduleCommand({ Name: scheduleName(postId), GroupName: cloud().env.SCHEDULE_GROUP }));
const queueItems = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('QUEUESLOTS#'));
const postItems = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));

describe('weekly posting times', () => {
  it.each([
    ['a time not written HH:MM', [{ day: 'mon', time: '9:00' }], QUEUE_MSG.time],
    ['an unknown day', [{ day: 'someday', time: '09:00' }], QUEUE_MSG.day],
    ['the same time twice', [...daily('09:00'), { day: 'wed', time: '09:00' }], QUEUE_MSG.duplicate('wed', '09:00')],
    [
      'a 25th time on one day',
      Array.from({ length: 25 }, (_, i) => ({ day: 'fri', time: `${String(i % 24).padStart(2, '0')}:${i < 24 ? '00' : '30'}` })),
      QUEUE_MSG.tooMany('fri'),
    ],
  ])('refuses %s with a clear message and writes nothing', async (_case, slots, message) => {
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');

    const res = await setSlots(user.accessToken, account.id, slots);

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await queueItems(user.userId)).toEqual([]);
  });

  it('refuses an account that is not the user’s', async () => {
    const user = await aConfirmedUser();
    const other = await aConfirmedUser();
    const theirs = await aConnectedAccount(other.userId, 'facebook');

    const res = await setSlots(user.accessToken, theirs.id, daily('09:00'));

    expect(res.status).toBe(404);
    expect(await queueItems(user.userId)).toEqual([]);
  });

  it('stores the week in order and shows each slot at its wall-clock time in the user’s timezone, empty', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery');

    const put = await setSlots(user.accessToken, account.id, [{ day: 'sun', time: '17:00' }, ...daily('12:30'), { day: 'mon', time: '09:00' }]);
    const schedules = await weCallTheApi('GET', '/api/queue/schedules', { token: user.accessToken });
    const queue = await theQueue(user.accessToken, 7);

    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(schedules.body.timezone).toBe(ZONE);
    expect(schedules.body.items[0].slots.slice(0, 2)).toEqual([
      { day: 'mon', time: '09:00' },
      { day: 'mon', time: '12:30' },
    ]);
    const mine = queue.accounts.find((a) => a.social_account_id === account.id)!;
    expect(mine.slots).toHaveLength(9);
    for (const slot of mine.slots) {
      expect(['09:00', '12:30', '17:00']).toContain(formatInTimeZone(new Date(slot.at), ZONE, 'HH:mm'));
      expect(slot.post).toBeNull();
    }
  });
});

describe('add to queue', () => {
  it('schedules the post in the Scheduler at the earliest free slot, the next one at the slot after, and the queue shows both filled', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery');
    await setSlots(user.accessToken, account.id, daily('09:00', '17:00'));
    const [first, second] = (await theQueue(user.accessToken)).accounts[0]!.slots;

    const a = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });
    const b = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect([a.body.status, a.body.scheduled_at]).toEqual(['scheduled', first!.at]);
    expect([b.body.status, b.body.scheduled_at]).toEqual(['scheduled', second!.at]);
    const schedule = await scheduleOf(a.body.id);
    expect(schedule.ScheduleExpression).toBe(`at(${scheduleTimeFor(first!.at).toISOString().slice(0, 19)})`);
    const slots = (await theQueue(user.accessToken)).accounts[0]!.slots;
    expect(slots[0]!.post?.id).toBe(a.body.id);
    expect(slots[1]!.post?.id).toBe(b.body.id);
    expect(slots[2]!.post).toBeNull();
  });

  it('two adds at once take two different slots', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'x');
    await setSlots(user.accessToken, account.id, daily('08:00', '13:00'));

    const [a, b] = await Promise.all([
      addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] }),
      addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] }),
    ]);

    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.scheduled_at).not.toBe(b.body.scheduled_at);
  });

  it('skips a slot another add holds a lease on, and takes it once the lease has expired', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00', '17:00'));
    const [first, second] = (await theQueue(user.accessToken)).accounts[0]!.slots;
    expect(await leaseSlot(user.userId, account.id, first!.at, new Date())).toBe(true);

    const whileHeld = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });
    await leaseSlot(user.userId, account.id, first!.at, new Date(Date.now() - (SLOT_LEASE_SECONDS + 1) * 1000)).then((taken) => expect(taken).toBe(false));
    await documentClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { pk: workspacePk(user.userId), sk: queueLeaseSk(account.id, first!.at), type: 'QueueLease', expiresAt: Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const afterExpiry = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect(whileHeld.body.scheduled_at).toBe(second!.at);
    expect(afterExpiry.body.scheduled_at).toBe(first!.at);
  });

  it('refuses an add whose next free slots are all being taken by other adds, speaking of adding, and writes nothing', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00', '17:00'));
    const slots = (await theQueue(user.accessToken)).accounts[0]!.slots.slice(0, 5);
    for (const slot of slots) expect(await leaseSlot(user.userId, account.id, slot.at, new Date())).toBe(true);

    const res = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(QUEUE_MSG.addRace);
    expect(await postItems(user.userId)).toEqual([]);
  });

  it('a post for two accounts goes to the earliest slot both have free, once', async () => {
    const user = await aUserInNewYork();
    const facebook = await aConnectedAccount(user.userId, 'facebook');
    const x = await aConnectedAccount(user.userId, 'x');
    await setSlots(user.accessToken, facebook.id, daily('09:00', '17:00'));
    await setSlots(user.accessToken, x.id, daily('17:00'));
    const first = await addToQueue(user.accessToken, { ...aComposeBody(x), media_ids: [] });

    const both = await addToQueue(user.accessToken, {
      platforms: [...aComposeBody(facebook).platforms, ...aComposeBody(x).platforms],
      media_ids: [],
    });

    expect(both.status, JSON.stringify(both.body)).toBe(201);
    expect(formatInTimeZone(new Date(both.body.scheduled_at), ZONE, 'HH:mm')).toBe('17:00');
    // X's first 17:00 is taken by the first post, so the shared slot is the next 17:00.
    expect(Date.parse(both.body.scheduled_at)).toBeGreaterThan(Date.parse(first.body.scheduled_at));
    expect(both.body.platforms).toHaveLength(2);
  });

  it('refuses an account without posting times, and writes nothing', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook', 'Bakery');

    const res = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(QUEUE_MSG.noSchedule('Bakery'));
    expect(await postItems(user.userId)).toEqual([]);
  });

  it('counts against the monthly allowance: at the plan limit it is refused and nothing is written', async () => {
    const user = await aUserInNewYork('free');
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00'));
    const month = new Date().toISOString().slice(0, 7);
    await documentClient().send(
      new PutCommand({ TableName: process.env.TABLE_NAME, Item: { pk: workspacePk(user.userId), sk: usageSk(month), type: 'Usage', month, count: 5 } }),
    );

    const res = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(planLimitMessage(5));
    expect(await postItems(user.userId)).toEqual([]);
  });

  it('refuses a time in the body: the queue picks it', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00'));

    const res = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });

    expect(res.status).toBe(400);
    expect(await postItems(user.userId)).toEqual([]);
  });
});

describe('reorder and removal', () => {
  async function twoQueuedPosts() {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00', '17:00'));
    const a = (await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] })).body;
    const b = (await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] })).body;
    return { user, account, a, b };
  }

  it('moving a post onto another post swaps them, and both schedules move with a new version', async () => {
    const { user, a, b } = await twoQueuedPosts();

    const res = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: b.id, to: a.scheduled_at } });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const slots = (await theQueue(user.accessToken)).accounts[0]!.slots;
    expect([slots[0]!.post?.id, slots[1]!.post?.id]).toEqual([b.id, a.id]);
    expect(JSON.parse((await scheduleOf(b.id)).Target!.Input!)).toMatchObject({ version: 2 });
    expect((await scheduleOf(b.id)).ScheduleExpression).toBe(`at(${scheduleTimeFor(a.scheduled_at).toISOString().slice(0, 19)})`);
    expect((await scheduleOf(a.id)).ScheduleExpression).toBe(`at(${scheduleTimeFor(b.scheduled_at).toISOString().slice(0, 19)})`);
  });

  it('refuses a swap when the other post cannot take the moved post’s time, and moves nothing', async () => {
    const user = await aUserInNewYork();
    const facebook = await aConnectedAccount(user.userId, 'facebook');
    const x = await aConnectedAccount(user.userId, 'x');
    await setSlots(user.accessToken, facebook.id, daily('09:00', '17:00'));
    await setSlots(user.accessToken, x.id, daily('17:00'));
    // A post on Facebook and X at a 17:00, and a Facebook post scheduled by hand at a 09:00 (which fills that slot).
    const both = await addToQueue(user.accessToken, { platforms: [...aComposeBody(facebook).platforms, ...aComposeBody(x).platforms], media_ids: [] });
    const nine = (await theQueue(user.accessToken)).accounts
      .find((a) => a.social_account_id === facebook.id)!
      .slots.find((s) => formatInTimeZone(new Date(s.at), ZONE, 'HH:mm') === '09:00')!.at;
    const solo = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: { ...aComposeBody(facebook), media_ids: [], scheduled_at: nine } });
    expect([both.status, solo.status]).toEqual([201, 201]);

    // 09:00 is not one of X's times, so the two-account post cannot take the solo post's place.
    const res = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: solo.body.id, to: both.body.scheduled_at } });

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(QUEUE_MSG.slotTaken);
    expect((await weCallTheApi('GET', `/api/posts/${solo.body.id}`, { token: user.accessToken })).body.scheduled_at).toBe(nine);
    expect((await weCallTheApi('GET', `/api/posts/${both.body.id}`, { token: user.accessToken })).body.scheduled_at).toBe(both.body.scheduled_at);
  });

  it('moving to an empty slot moves the post; a time that is not a slot is refused', async () => {
    const { user, a } = await twoQueuedPosts();
    const empty = (await theQueue(user.accessToken)).accounts[0]!.slots[3]!.at;

    const moved = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: a.id, to: empty } });
    const offSlot = await weCallTheApi('PATCH', '/api/queue', {
      token: user.accessToken,
      body: { post_id: a.id, to: new Date(Date.parse(empty) + 60_000).toISOString() },
    });

    expect(moved.status).toBe(200);
    expect((await weCallTheApi('GET', `/api/posts/${a.id}`, { token: user.accessToken })).body.scheduled_at).toBe(empty);
    expect(offSlot.status).toBe(400);
    expect(offSlot.body.error.message).toBe(QUEUE_MSG.notASlot);
  });

  it('two moves at once into one empty slot never leave two posts there; a refused one is told another post moved in', async () => {
    const { user, a, b } = await twoQueuedPosts();
    const empty = (await theQueue(user.accessToken)).accounts[0]!.slots[3]!.at;

    const answers = await Promise.all(
      [a, b].map((post) => weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: post.id, to: empty } })),
    );

    const times = await Promise.all(
      [a, b].map(async (post) => (await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).body.scheduled_at),
    );
    expect(new Set(times).size, JSON.stringify(answers.map((r) => r.body))).toBe(2);
    expect(times).toContain(empty);
    // Either the second move saw the first post there and swapped with it, or it was refused.
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(QUEUE_MSG.moveRace);
    }
  });

  it('a post moved out of a slot leaves it free for the next move at once', async () => {
    const { user, a, b } = await twoQueuedPosts();
    const empty = (await theQueue(user.accessToken)).accounts[0]!.slots[3]!.at;

    const away = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: a.id, to: empty } });
    const into = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: b.id, to: a.scheduled_at } });

    expect([away.status, into.status], JSON.stringify(into.body)).toEqual([200, 200]);
    expect((await weCallTheApi('GET', `/api/posts/${b.id}`, { token: user.accessToken })).body.scheduled_at).toBe(a.scheduled_at);
  });

  it('editing a queued post’s time by hand takes it out of its slot; back to drafts empties the slot and removes the schedule', async () => {
    const { user, a, b } = await twoQueuedPosts();

    await weCallTheApi('PATCH', `/api/posts/${a.id}`, {
      token: user.accessToken,
      body: { scheduled_at: new Date(Date.parse(a.scheduled_at) + 5 * 60_000).toISOString(), platforms: [] },
    });
    await weCallTheApi('PATCH', `/api/posts/${b.id}`, { token: user.accessToken, body: { scheduled_at: null, platforms: [] } });

    const slots = (await theQueue(user.accessToken)).accounts[0]!.slots;
    expect([slots[0]!.post, slots[1]!.post]).toEqual([null, null]);
    await expect(scheduleOf(b.id)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

describe('disconnecting and account deletion', () => {
  it('disconnecting an account removes its posting times; its queued post stays scheduled', async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00'));
    const post = (await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] })).body;

    expect((await weCallTheApi('DELETE', `/api/accounts/${account.id}`, { token: user.accessToken })).status).toBe(204);

    expect(await queueItems(user.userId)).toEqual([]);
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).body.status).toBe('scheduled');
  });

  it('deleting the user removes every queue schedule', { timeout: 60_000 }, async () => {
    const user = await aUserInNewYork();
    const account = await aConnectedAccount(user.userId, 'facebook');
    await setSlots(user.accessToken, account.id, daily('09:00'));
    expect(await queueItems(user.userId)).toHaveLength(1);

    expect((await weCallTheApi('DELETE', '/api/account', { token: user.accessToken })).status).toBe(204);

    expect(await queueItems(user.userId)).toEqual([]);
  });
});

describe('a client’s own posting times (agency mode)', () => {
  async function anAgencyWithAClient(name = 'Gym') {
    const user = await aUserInNewYork();
    expect((await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { mode: 'agency' } })).status).toBe(200);
    const client = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name } })).body as { id: string };
    const account = await aConnectedAccount(user.userId, 'facebook', 'Gym Page');
    return { user, client, account };
  }
  const setClientSlots = (token: string, clientId: string, slots: unknown) =>
    weCallTheApi('PUT', `/api/queue/schedules/${clientId}`, { token, body: { kind: 'client', slots } });
  const clientItems = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('QUEUESLOTS#client#'));
  const clientView = async (token: string, clientId: string) => (await theQueue(token)).clients!.find((c) => c.client_id === clientId)!;

  it('saves, lists and shows a client’s week; refuses bad times, another user’s client and creator mode, writing nothing', async () => {
    const { user, client } = await anAgencyWithAClient();
    const other = await anAgencyWithAClient();

    const bad = await setClientSlots(user.accessToken, client.id, [...daily('11:00'), { day: 'tue', time: '11:00' }]);
    const theirs = await setClientSlots(user.accessToken, other.client.id, daily('11:00'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(QUEUE_MSG.duplicate('tue', '11:00'));
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe(QUEUE_MSG.unknownClient);
    expect(await clientItems(user.userId)).toEqual([]);

    const put = await setClientSlots(user.accessToken, client.id, daily('11:00'));
    const schedules = await weCallTheApi('GET', '/api/queue/schedules', { token: user.accessToken });
    const view = await clientView(user.accessToken, client.id);

    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(schedules.body.clients).toEqual([{ client_id: client.id, slots: daily('11:00'), updated_at: expect.any(String) }]);
    expect(view.name).toBe('Gym');
    expect(view.slots).toHaveLength(7);
    for (const slot of view.slots) expect([formatInTimeZone(new Date(slot.at), ZONE, 'HH:mm'), slot.post]).toEqual(['11:00', null]);

    await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { mode: 'creator' } });
    const creator = await setClientSlots(user.accessToken, client.id, daily('15:00'));
    expect(creator.status).toBe(400);
    expect(creator.body.error.message).toBe(QUEUE_MSG.agencyOnly);
    expect((await clientItems(user.userId)).map((i) => i.slots)).toEqual([schedules.body.clients[0].slots]);
    expect((await theQueue(user.accessToken)).clients).toEqual([]);
  });

  it('add to queue puts the client’s post in the client’s next free slot, not the account’s, and the client’s queue shows it filled', async () => {
    const { user, client, account } = await anAgencyWithAClient();
    await setSlots(user.accessToken, account.id, daily('09:00'));
    await setClientSlots(user.accessToken, client.id, daily('11:00'));
    const [first, second] = (await clientView(user.accessToken, client.id)).slots;

    const a = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], client_id: client.id });
    const b = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], client_id: client.id });

    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect([a.body.scheduled_at, b.body.scheduled_at]).toEqual([first!.at, second!.at]);
    expect((await scheduleOf(a.body.id)).ScheduleExpression).toBe(`at(${scheduleTimeFor(first!.at).toISOString().slice(0, 19)})`);
    const view = await clientView(user.accessToken, client.id);
    expect(view.slots.slice(0, 3).map((s) => s.post?.id ?? null)).toEqual([a.body.id, b.body.id, null]);
    // The account's own 09:00 slots stay empty: the client's week took over.
    expect((await theQueue(user.accessToken)).accounts[0]!.slots.every((s) => s.post === null)).toBe(true);
  });

  it('a client without times falls back to the accounts’ slots; a post without a client ignores the client’s week', async () => {
    const { user, client, account } = await anAgencyWithAClient();
    const other = (await weCallTheApi('POST', '/api/clients', { token: user.accessToken, body: { name: 'Florist' } })).body as { id: string };
    await setSlots(user.accessToken, account.id, daily('09:00'));
    await setClientSlots(user.accessToken, client.id, daily('11:00'));

    const forOther = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], client_id: other.id });
    const noClient = await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [] });

    expect([forOther.status, noClient.status]).toEqual([201, 201]);
    expect(formatInTimeZone(new Date(forOther.body.scheduled_at), ZONE, 'HH:mm')).toBe('09:00');
    expect(formatInTimeZone(new Date(noClient.body.scheduled_at), ZONE, 'HH:mm')).toBe('09:00');
    expect(noClient.body.scheduled_at).not.toBe(forOther.body.scheduled_at);
  });

  it('a client’s post moves to another of the client’s slots; a time off the client’s week is refused', async () => {
    const { user, client, account } = await anAgencyWithAClient();
    await setClientSlots(user.accessToken, client.id, daily('11:00'));
    const post = (await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], client_id: client.id })).body;
    const third = (await clientView(user.accessToken, client.id)).slots[2]!.at;

    const moved = await weCallTheApi('PATCH', '/api/queue', { token: user.accessToken, body: { post_id: post.id, to: third } });
    const offSlot = await weCallTheApi('PATCH', '/api/queue', {
      token: user.accessToken,
      body: { post_id: post.id, to: new Date(Date.parse(third) + 3_600_000).toISOString() },
    });

    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await clientView(user.accessToken, client.id)).slots[2]!.post?.id).toBe(post.id);
    expect(offSlot.status).toBe(400);
    expect(offSlot.body.error.message).toBe(QUEUE_MSG.notASlot);
  });

  it('deleting the client removes its week; its queued post stays scheduled', async () => {
    const { user, client, account } = await anAgencyWithAClient();
    await setClientSlots(user.accessToken, client.id, daily('11:00'));
    const post = (await addToQueue(user.accessToken, { ...aComposeBody(account), media_ids: [], client_id: client.id })).body;
    expect(await clientItems(user.userId)).toHaveLength(1);

    expect((await weCallTheApi('DELETE', `/api/clients/${client.id}`, { token: user.accessToken })).status).toBe(204);

    expect(await clientItems(user.userId)).toEqual([]);
    expect((await weCallTheApi('GET', `/api/posts/${post.id}`, { token: user.accessToken })).body.status).toBe('scheduled');
  });
});
