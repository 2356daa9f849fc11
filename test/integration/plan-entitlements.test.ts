import { describe, expect, it } from 'vitest';
import { aConfirmedUser, aSubscription, cloud } from '../helpers/given';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/** Free connects Facebook and Instagram, Basic adds X, Pro adds TikTok and YouTube. */
const initiate = (platform: string, token: string) => weCallTheApi('POST', `/api/accounts/${platform}/oauth/initiate`, { token });

describe('which platforms a plan can connect', () => {
  it('lets a Free user connect Facebook and Instagram and refuses X with the upgrade, writing nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();

    // Act
    const facebook = await initiate('facebook', user.accessToken);
    const instagram = await initiate('instagram', user.accessToken);
    const before = (await itemsOfUser(user.userId)).length;
    const x = await initiate('x', user.accessToken);

    // Assess
    expect(facebook.status).toBe(200);
    expect(instagram.status).toBe(200);
    expect(x.status).toBe(403);
    expect(x.body.error).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Upgrade to Basic to connect X', details: { requiredPlan: 'basic' } });
    expect((await itemsOfUser(user.userId)).length).toBe(before);
  });

  it('lets a Basic user connect X but not TikTok or YouTube', async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });

    // Act
    const x = await initiate('x', user.accessToken);
    const tiktok = await initiate('tiktok', user.accessToken);
    const youtube = await initiate('youtube', user.accessToken);

    // Assess
    expect(x.status).toBe(200);
    expect(tiktok.body.error.message).toBe('Upgrade to Pro to connect TikTok');
    expect(youtube.body.error.message).toBe('Upgrade to Pro to connect YouTube');
  });

  it('falls back to Free when the paid period has ended or the subscription was canceled', async () => {
    // Prepare
    const lapsed = await aConfirmedUser();
    await aSubscription(lapsed.userId, 'pro', { current_period_end: new Date(Date.now() - 60_000).toISOString() });
    const canceled = await aConfirmedUser();
    await aSubscription(canceled.userId, 'basic', { status: 'canceled' });

    // Act
    const fromLapsed = await initiate('tiktok', lapsed.accessToken);
    const fromCanceled = await initiate('x', canceled.accessToken);

    // Assess
    expect(fromLapsed.status).toBe(403);
    expect(fromCanceled.status).toBe(403);
  });

  it('lists each platform with whether the deployment offers it and the plan includes it', async () => {
    // Prepare
    const free = await aConfirmedUser();
    const pro = await aConfirmedUser({ plan: 'pro' });

    // Act
    const forFree = await weCallTheApi('GET', '/api/platforms', { token: free.accessToken });
    const forPro = await weCallTheApi('GET', '/api/platforms', { token: pro.accessToken });

    // Assess
    expect(forFree.status).toBe(200);
    expect(forFree.body.plan).toBe('free');
    expect(forFree.body.platforms).toEqual([
      { platform: 'instagram', available: true, allowed: true, required_plan: 'free' },
      { platform: 'facebook', available: true, allowed: true, required_plan: 'free' },
      { platform: 'x', available: true, allowed: false, required_plan: 'basic' },
      { platform: 'tiktok', available: true, allowed: false, required_plan: 'pro' },
      { platform: 'youtube', available: true, allowed: false, required_plan: 'pro' },
      // This cloud runs without Bluesky's PDS (no BLUESKY_SERVICE_URL): Coming Soon, whatever the plan.
      { platform: 'bluesky', available: false, allowed: false, required_plan: 'basic' },
      { platform: 'threads', available: true, allowed: false, required_plan: 'basic' },
      { platform: 'linkedin', available: true, allowed: false, required_plan: 'basic' },
      { platform: 'pinterest', available: true, allowed: false, required_plan: 'basic' },
    ]);
    expect(forPro.body.plan).toBe('pro');
    expect(forPro.body.platforms.every((p: { allowed: boolean }) => p.allowed)).toBe(true);
  });
});

describe('a malformed OAuth callback', () => {
  it('still sends the popup to /oauth-callback with an error instead of answering JSON', async () => {
    // Act
    const badQuery = await fetch(`${cloud().url}/api/oauth/x/callback?state=${'a'.repeat(600)}&code=abc`, { redirect: 'manual' });
    const badPlatform = await fetch(`${cloud().url}/api/oauth/myspace/callback?state=abc&code=abc`, { redirect: 'manual' });

    // Assess
    expect(badQuery.status).toBe(302);
    const to = new URL(badQuery.headers.get('location')!);
    expect(to.pathname).toBe('/oauth-callback');
    expect(to.searchParams.get('provider')).toBe('x');
    expect(to.searchParams.get('error')).toMatch(/couldn't read the platform's answer/);
    expect(badPlatform.status).toBe(302);
    const other = new URL(badPlatform.headers.get('location')!);
    expect(other.searchParams.get('error')).toMatch(/couldn't read/);
    expect(other.searchParams.has('provider')).toBe(false);
  });
});
