import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { notifyUser } from '../../functions/domain/notifications';
import { aConfirmedUser } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';

/** Writes `count` notifications one second apart, oldest first, as the publishing engine will. */
async function givenNotifications(userId: string, count: number) {
  const start = Date.parse('2026-11-01T10:00:00Z');
  for (let i = 0; i < count; i++) {
    const at = start + i * 1000;
    await notifyUser(userId, `Message ${i + 1}`, { now: () => new Date(at), newId: () => ulid(at) });
  }
}

describe('the notifications menu API', () => {
  it('lists nothing for a new user', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/notifications', { token: user.accessToken });

    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { items: [] } });
  });

  it('lists the latest 20, newest first, all unread', async () => {
    const user = await aConfirmedUser();
    await givenNotifications(user.userId, 25);

    const res = await weCallTheApi('GET', '/api/notifications', { token: user.accessToken });

    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0]).toMatchObject({ message: 'Message 25', read: false, created_at: '2026-11-01T10:00:24.000Z' });
    expect(res.body.items[19].message).toBe('Message 6');
  });

  it('marks one notification read', async () => {
    const user = await aConfirmedUser();
    await givenNotifications(user.userId, 2);
    const [newest] = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items;

    const res = await weCallTheApi('POST', `/api/notifications/${newest.id}/read`, { token: user.accessToken });

    expect(res.status).toBe(204);
    const items = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items;
    expect(items.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
  });

  it("cannot mark another user's notification read", async () => {
    const alice = await aConfirmedUser();
    const mallory = await aConfirmedUser();
    await givenNotifications(alice.userId, 1);
    const [note] = (await weCallTheApi('GET', '/api/notifications', { token: alice.accessToken })).body.items;

    const res = await weCallTheApi('POST', `/api/notifications/${note.id}/read`, { token: mallory.accessToken });

    expect(res.status).toBe(404);
    expect((await weCallTheApi('GET', '/api/notifications', { token: alice.accessToken })).body.items[0].read).toBe(false);
    expect((await weCallTheApi('GET', '/api/notifications', { token: mallory.accessToken })).body.items).toEqual([]);
  });

  it('refuses an id that is not a notification id', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('POST', '/api/notifications/not-an-id/read', { token: user.accessToken });

    expect(res.status).toBe(400);
  });

  it('marks all unread read and says how many changed', async () => {
    const user = await aConfirmedUser();
    await givenNotifications(user.userId, 3);
    const [newest] = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items;
    await weCallTheApi('POST', `/api/notifications/${newest.id}/read`, { token: user.accessToken });

    const res = await weCallTheApi('POST', '/api/notifications/read-all', { token: user.accessToken });

    expect(res.body).toEqual({ updated: 2 });
    const items = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items;
    expect(items.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await weCallTheApi('POST', '/api/notifications/read-all', { token: user.accessToken })).body).toEqual({ updated: 0 });
  });
});
