import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { aComposeBody, aConnectedAccount, aMediaFile, aPaidPlan, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** Scheduled posts per calendar month (UTC), held under concurrent requests. */
const month = () => new Date().toISOString().slice(0, 7);
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));

describe('the monthly scheduled-post limit', () => {
  it('lets exactly 5 of 8 concurrent scheduled posts through on Free and refuses the rest with the upgrade', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');

    // Act
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: inDays(1, i) }) }),
      ),
    );

    // Assess
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 403,
        body: {
          error: {
            code: 'PLAN_LIMIT_REACHED',
            message: "You've reached your plan's limit of 5 scheduled posts this month.",
            details: { limit: 5, upgrade: 'Upgrade to Basic for 15 scheduled posts a month.' },
          },
        },
      });
    }
    expect(await postsOf(user.userId)).toHaveLength(5);
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body).toEqual({ month: month(), used: 5, limit: 5, plan: 'free' });
  });

  it('still saves drafts at the limit, but will not schedule them', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'instagram');
    // Instagram takes no post without a photo or video: each post gets its own file.
    const withPhoto = async (extra: Record<string, unknown> = {}) => aComposeBody(account, { ...extra, media_ids: [(await aMediaFile(user.userId)).id] });
    for (let i = 0; i < 5; i++) await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: await withPhoto({ scheduled_at: inDays(2) }) });

    // Act
    const draft = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: await withPhoto() });
    const schedule = await weCallTheApi('PATCH', `/api/posts/${draft.body.id}`, { token: user.accessToken, body: { scheduled_at: inDays(3) } });

    // Assess
    expect(draft.status).toBe(201);
    expect(schedule).toMatchObject({ status: 403, body: { error: { code: 'PLAN_LIMIT_REACHED' } } });
    expect((await weCallTheApi('GET', `/api/posts/${draft.body.id}`, { token: user.accessToken })).body).toMatchObject({ status: 'draft', version: 1 });
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body.used).toBe(5);
  });

  it("uses the paid plan's limit and says when there is no bigger plan", async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'pro');
    const account = await aConnectedAccount(user.userId, 'facebook');

    // Act
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(account, { scheduled_at: inDays(1, i) }) }),
      ),
    );

    // Assess
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    expect(results.find((r) => r.status === 403)?.body.error.details).toEqual({ limit: 30, upgrade: null });
    expect((await weCallTheApi('GET', '/api/usage', { token: user.accessToken })).body).toEqual({ month: month(), used: 30, limit: 30, plan: 'pro' });
  });

  it('reports no usage for a new user', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/usage', { token: user.accessToken });

    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { month: month(), used: 0, limit: 5, plan: 'free' } });
  });
});
