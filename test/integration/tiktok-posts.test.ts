import { describe, expect, it } from 'vitest';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedVideo, aVideoFile } from '../helpers/media';
import { aConnectedAccount, aPaidPlan } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Creating a TikTok post through the API under TikTok's Content Sharing Guidelines. The local cloud
 * runs as AWS does by default: the TikTok client is unaudited (TIKTOK_UNAUDITED), so only Only me posts.
 */
const postsOf = async (userId: string) => (await itemsOfUser(userId)).filter((i) => String(i.sk).startsWith('POST#'));

async function aProUserWithTikTok() {
  const user = await aConfirmedUser();
  await aPaidPlan(user.userId, 'pro');
  const account = await aConnectedAccount(user.userId, 'tiktok', 'Ada Bakes');
  // TikTok needs one video.
  const video = await anUploadedVideo(user.accessToken, aVideoFile(), { duration_seconds: 20, width: 1080, height: 1920 });
  return { user, account, video };
}
const body = (accountId: string, settings: Record<string, unknown>, mediaIds: string[] = []) => ({
  platforms: [{ platform: 'tiktok', social_account_id: accountId, caption: 'Morning bake', settings }],
  media_ids: mediaIds,
});

describe('creating a TikTok post', () => {
  it('saves an Only me Direct Post with every choice the user made', async () => {
    const { user, account, video } = await aProUserWithTikTok();
    const settings = { tiktok_privacy_level: 'SELF_ONLY', tiktok_allow_comment: true, tiktok_commercial: true, tiktok_your_brand: true, tiktok_consent: true };

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body(account.id, settings, [video.id]) });

    expect(res.status).toBe(201);
    expect(res.body.platforms[0].settings).toEqual(settings);
  });

  it('refuses any other privacy level while the TikTok client is unaudited, and writes nothing', async () => {
    const { user, account } = await aProUserWithTikTok();

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: body(account.id, { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_consent: true }),
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'TikTok only allows private (Only me) posts from this app until TikTok audits it',
      details: [{ path: 'platforms.0.settings.tiktok_privacy_level' }],
    });
    expect(await postsOf(user.userId)).toEqual([]);
  });

  it.each([
    ['no privacy level', { tiktok_consent: true }, 'Choose who can see this TikTok post'],
    ['no consent', { tiktok_privacy_level: 'SELF_ONLY' }, "Agree to TikTok's Music Usage Confirmation to post to TikTok"],
    [
      'a disclosure without its kind',
      { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true, tiktok_commercial: true },
      'You need to indicate if your content promotes yourself, a third party, or both.',
    ],
    ['an unknown setting', { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true, tiktok_music: true }, undefined],
  ])('refuses a Direct Post with %s, writing nothing', async (_case, settings, message) => {
    const { user, account } = await aProUserWithTikTok();

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body(account.id, settings) });

    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await postsOf(user.userId)).toEqual([]);
  });

  it('takes a draft for the TikTok inbox without privacy or consent: the user finishes it in the app', async () => {
    const { user, account, video } = await aProUserWithTikTok();

    const res = await weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body(account.id, { tiktok_draft: true }, [video.id]) });

    expect(res.status).toBe(201);
  });
});
