import { AtpAgent, type AppBskyFeedPost } from '@atproto/api';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aPageForEachTest, postedCard, publishNowFromCompose, signIn, toastIn } from './browser';

/**
 * As a user sees it, against Bluesky's own PDS running in the local cloud (global-setup turns the
 * bluesky module on): connect with an app password in the connect popup, write a post with a
 * mention and a link in Compose, publish it, and find it Posted, linked to bsky.app and kept in
 * the account's repository with its facets.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function pdsUrl(): string {
  const url = cloud().env.BLUESKY_SERVICE_URL;
  if (!url) throw new Error('The local cloud runs without Bluesky: the e2e global setup starts it with LOCAL_BLUESKY=on');
  return url;
}

/** An account on the local PDS, with an app password made for us as its owner would in Bluesky's settings. */
async function aBlueskyAccount(name: string) {
  const agent = new AtpAgent({ service: pdsUrl() });
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password: `${name}-account-password` });
  const { password } = (await agent.com.atproto.server.createAppPassword({ name: 'Schedule & Autopost' })).data;
  return { agent, did: agent.session!.did, handle: `${name}.test`, appPassword: password };
}

describe('Bluesky from connect to Posted', () => {
  it('connects with an app password, publishes a post with a mention and a link, and the PDS keeps it', { timeout: 180_000 }, async () => {
    const page = currentPage();
    const t = tag();
    const friend = await aBlueskyAccount(`friend${t}`);
    const account = await aBlueskyAccount(`cafe${t}`);
    // Bluesky needs Basic or better, like X.
    const user = await aConfirmedUser({ plan: 'basic' });
    await signIn(page, user);
    await page.getByRole('link', { name: 'Platforms' }).click();
    await page.waitForURL('**/home/platforms');

    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('platform-card-bluesky').getByRole('button', { name: 'Connect Bluesky' }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    await popup.getByLabel('Handle').fill(account.handle);
    await popup.getByLabel('App password').fill(account.appPassword);
    await popup.getByRole('button', { name: 'Connect Bluesky' }).click();
    await closed;
    await toastIn(page, 'Bluesky account connected successfully').waitFor();
    await page.getByTestId('platform-card-bluesky').getByText(`@${account.handle}`).waitFor();

    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-bluesky').click();
    const caption = `Fresh bread ${t} 🥐 with @${friend.handle} https://example.com/menu`;
    await page.getByLabel('Bluesky caption').fill(caption);
    await publishNowFromCompose(page);

    const card = await postedCard(page, `Fresh bread ${t}`);
    const href = await card.getByRole('link', { name: `View on Bluesky (@${account.handle})` }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^https://bsky\\.app/profile/${account.handle.replace(/\./g, '\\.')}/post/[a-z2-7]{13}$`));

    const records = (await account.agent.com.atproto.repo.listRecords({ repo: account.did, collection: 'app.bsky.feed.post' })).data.records;
    expect(records).toHaveLength(1);
    const post = records[0]!.value as AppBskyFeedPost.Record;
    expect(post.text).toBe(caption);
    expect(records[0]!.uri.endsWith(href!.split('/').pop()!)).toBe(true);
    expect(post.facets?.map((f) => f.features[0]?.$type)).toEqual(['app.bsky.richtext.facet#mention', 'app.bsky.richtext.facet#link']);
  });
});
