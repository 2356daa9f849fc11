import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const settingsOf = async (userId: string) => (await itemsOfUser(userId)).find((i) => i.sk === 'SETTINGS');

describe('saving the browser timezone on first load', () => {
  it('stores the zone when none is stored yet, even one outside the Preferences list', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: 'Europe/Vienna' } });

    expect(res.status).toBe(200);
    expect(res.body.settings.timezone).toBe('Europe/Vienna');
    expect((await settingsOf(user.userId))?.timezone).toBe('Europe/Vienna');
  });

  it('never overwrites a zone that is already stored', async () => {
    const user = await aConfirmedUser();
    await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: 'Asia/Tokyo' } });

    const res = await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: 'UTC' } });

    expect(res.status).toBe(200);
    expect(res.body.settings.timezone).toBe('Asia/Tokyo');
  });

  it('refuses an unknown zone with a clear message and writes nothing', async () => {
    const user = await aConfirmedUser();
    const before = await settingsOf(user.userId);

    const res = await weCallTheApi('PUT', '/api/settings/initial-timezone', { token: user.accessToken, body: { timezone: 'Mars/Olympus' } });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Please choose a valid timezone' });
    expect(await settingsOf(user.userId)).toEqual(before);
  });
});

describe('updating settings', () => {
  it('switches the mode to agency and keeps the other fields', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body: { mode: 'agency' } });

    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ mode: 'agency', timezone: null, push_opt_in: false, onboarding_completed: true, email_approvals: true });
    expect((await weCallTheApi('GET', '/api/me', { token: user.accessToken })).body.settings.mode).toBe('agency');
  });

  it.each([
    ['an empty object', {}, 'Nothing to update'],
    ['an unknown mode', { mode: 'other' }, 'Mode must be creator or agency'],
    ['an unknown field', { theme: 'dark' }, undefined],
    ['a non-boolean push flag', { push_opt_in: 'yes' }, undefined],
  ])('refuses %s with a 400 and writes nothing', async (_name, body, message) => {
    const user = await aConfirmedUser();
    const before = await settingsOf(user.userId);

    const res = await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, body });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    if (message) expect(res.body.error.message).toBe(message);
    expect(await settingsOf(user.userId)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('PATCH', '/api/settings', { token: user.accessToken, rawBody: '{mode: agency' });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body must be valid JSON');
  });

  it("changes only the caller's settings, never another user's", async () => {
    const alice = await aConfirmedUser();
    const bob = await aConfirmedUser();

    await weCallTheApi('PATCH', '/api/settings', { token: alice.accessToken, body: { mode: 'agency' } });

    expect((await settingsOf(bob.userId))?.mode).toBe('creator');
  });
});
