import type { SocialAccount } from '@shared/accounts';
import { describe, expect, it } from 'vitest';
import { claimQuota } from '../../functions/data/platform-quotas';
import { putPostsInBatches } from '../../functions/data/posts';
import { dayIn } from '../../functions/domain/platform-quotas';
import { updateSettings } from '../../functions/data/users';
import { aConfirmedUser } from '../helpers/given';
import { aComposeBody, aConnectedAccount, aPaidPlan, aPostRecord } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** Platform limits known at scheduling time, through the API against the local cloud. */
const MIN = 60_000;

/** A whole UTC hour `days` ahead (far enough out that other tests' posts are not in its windows). */
function anHourAhead(days: number, hourUtc = 9): number {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at.getTime();
}

/** `n` scheduled posts for the account, every `stepMs` from `from`, written in batches. */
async function scheduledPosts(userId: string, account: SocialAccount, from: number, n: number, stepMs: number): Promise<void> {
  const posts = Array.from({ length: n }, (_, i) =>
    aPostRecord(account, { scheduled_at: new Date(from + i * stepMs).toISOString(), status: 'scheduled' }, 'Planned'),
  );
  await putPostsInBatches(userId, posts);
}

const check = (token: string, scheduledAt: number, accounts: SocialAccount[]) =>
  weCallTheApi('POST', '/api/posts/limit-check', {
    token,
    body: { scheduled_at: new Date(scheduledAt).toISOString(), platforms: accounts.map((a) => ({ platform: a.platform, social_account_id: a.id })) },
  });

describe('POST /api/posts/limit-check', () => {
  it('warns that a 51st Instagram post in 24 hours is over the cap and says when the next slot is free, in the user zone', async () => {
    // Prepare: 50 posts for @acme from 10:15 UTC yesterday-of-the-slot, every 10 minutes
    const user = await aConfirmedUser();
    await updateSettings(user.userId, { timezone: 'UTC' }, new Date());
    const acme = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const other = await aConnectedAccount(user.userId, 'instagram', '@bakery');
    const slot = anHourAhead(20);
    await scheduledPosts(user.userId, acme, slot - 24 * 60 * MIN + 75 * MIN, 50, 10 * MIN);
    const before = (await itemsOfUser(user.userId)).length;

    // Act
    const res = await check(user.accessToken, slot, [acme, other]);

    // Assess: only @acme is over; @bakery has room
    expect(res.status).toBe(200);
    expect(res.body.warnings).toHaveLength(1);
    expect(res.body.warnings[0]).toMatchObject({
      platform: 'instagram',
      social_account_id: acme.id,
      cap: 50,
      would_be: 51,
      over_at: new Date(slot).toISOString(),
      next_free_at: new Date(slot + 75 * MIN).toISOString(),
    });
    expect(res.body.warnings[0].message).toMatch(
      /^Instagram allows 50 posts a day for @acme; this would be the 51st in the 24 hours before \w{3} \w{3} \d+, 09:00\. The next free time is \w{3} \w{3} \d+, 10:15\.$/,
    );
    expect((await itemsOfUser(user.userId)).length).toBe(before);
  });

  it('has no warning while the account is within its cap', async () => {
    const user = await aConfirmedUser();
    const acme = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const slot = anHourAhead(21);
    await scheduledPosts(user.userId, acme, slot - 10 * 60 * MIN, 49, MIN);
    expect((await check(user.accessToken, slot, [acme])).body).toEqual({ warnings: [] });
  });

  it('counts only the caller: another user with the same cap filled is not counted, and their accounts cannot be checked', async () => {
    // Prepare
    const alice = await aConfirmedUser();
    const bob = await aConfirmedUser();
    const bobs = await aConnectedAccount(bob.userId, 'instagram', '@bob');
    const alices = await aConnectedAccount(alice.userId, 'instagram', '@alice');
    const slot = anHourAhead(22);
    await scheduledPosts(bob.userId, bobs, slot - 60 * MIN, 50, 0);

    // Act / Assess
    expect((await check(alice.accessToken, slot, [alices])).body).toEqual({ warnings: [] });
    const foreign = await check(alice.accessToken, slot, [bobs]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe('Please connect accounts for selected platforms');
  });

  it('counts YouTube uploads across every user of the deployment, per Pacific day', async () => {
    // Prepare: another user has 100 YouTube uploads due on the slot's Pacific day (18:00–19:39 UTC)
    const other = await aConfirmedUser();
    await aPaidPlan(other.userId, 'pro');
    const theirs = await aConnectedAccount(other.userId, 'youtube');
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'pro');
    const mine = await aConnectedAccount(user.userId, 'youtube');
    const slot = anHourAhead(200, 20);
    await scheduledPosts(other.userId, theirs, slot - 2 * 60 * MIN, 100, MIN);

    // Act
    const res = await check(user.accessToken, slot, [mine]);

    // Assess: the 101st that day; free from the next midnight Pacific (07:00 or 08:00 UTC)
    expect(res.body.warnings).toEqual([expect.objectContaining({ platform: 'youtube', cap: 100, would_be: 101, window: 'pacific-day' })]);
    expect(new Date(res.body.warnings[0].next_free_at).getUTCHours()).toBeOneOf([7, 8]);
    expect(Date.parse(res.body.warnings[0].next_free_at)).toBeGreaterThan(slot);
  });

  it('adds the YouTube uploads already made that Pacific day (the runtime counter) to those still scheduled', async () => {
    // Prepare: 60 uploads already made on the slot's Pacific day, 40 more scheduled by this user
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'pro');
    const mine = await aConnectedAccount(user.userId, 'youtube');
    const slot = anHourAhead(210, 20);
    const day = dayIn('America/Los_Angeles', new Date(slot));
    for (let i = 0; i < 60; i++) await claimQuota('youtube.videos.insert', day, 100, Math.floor(slot / 1000) + 2 * 86_400);
    await scheduledPosts(user.userId, mine, slot - 60 * MIN, 39, MIN);

    // Act / Assess: the 100th is still fine, the 101st is not
    expect((await check(user.accessToken, slot, [mine])).body).toEqual({ warnings: [] });
    await scheduledPosts(user.userId, mine, slot - 10 * MIN, 1, 0);
    expect((await check(user.accessToken, slot, [mine])).body.warnings).toEqual([expect.objectContaining({ platform: 'youtube', would_be: 101 })]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const user = await aConfirmedUser();
    const acme = await aConnectedAccount(user.userId, 'instagram', '@acme');
    const before = await itemsOfUser(user.userId);

    const noAccounts = await weCallTheApi('POST', '/api/posts/limit-check', {
      token: user.accessToken,
      body: { scheduled_at: new Date(anHourAhead(3)).toISOString(), platforms: [] },
    });
    const badTime = await weCallTheApi('POST', '/api/posts/limit-check', {
      token: user.accessToken,
      body: { scheduled_at: 'tomorrow', platforms: [{ platform: 'instagram', social_account_id: acme.id }] },
    });
    const past = await check(user.accessToken, Date.now() - 60 * MIN, [acme]);

    expect(noAccounts.status).toBe(400);
    expect(badTime.status).toBe(400);
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('The scheduled time has already passed. Choose a time in the future.');
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });
});

describe('saving a post over a platform limit', () => {
  it('saves the scheduled post and returns the warning with it (a limit warns, it does not refuse)', async () => {
    // Prepare
    const user = await aConfirmedUser();
    await aPaidPlan(user.userId, 'pro');
    const acme = await aConnectedAccount(user.userId, 'x', '@acme');
    const slot = anHourAhead(23);
    await scheduledPosts(user.userId, acme, slot - 60 * MIN, 300, 0);

    // Act
    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: aComposeBody(acme, { scheduled_at: new Date(slot).toISOString() }) });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('scheduled');
    expect(res.body.limit_warnings).toEqual([
      expect.objectContaining({ platform: 'x', cap: 300, would_be: 301, next_free_at: new Date(slot + 2 * 60 * MIN).toISOString() }),
    ]);
    expect((await weCallTheApi('GET', `/api/posts/${res.body.id}`, { token: user.accessToken })).status).toBe(200);

    // Act: moving it two hours later clears the warning; the edit does not count the post against itself
    const moved = await weCallTheApi('PATCH', `/api/posts/${res.body.id}`, {
      token: user.accessToken,
      body: { scheduled_at: new Date(slot + 2 * 60 * MIN).toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).not.toHaveProperty('limit_warnings');
  });
});
