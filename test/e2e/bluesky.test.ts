import { AtpAgent, type AppBskyFeedPost } from '@atproto/api';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, cloud } from '../helpers/given';
import { anImageOf } from '../helpers/media';
import { aPageForEachTest, postedCard, publishNowFromCompose, signIn, toastIn } from './browser';

/**
 * As a user sees it, against Bluesky's own PDS running in the local cloud (global-setup turns the
 * bluesky module on): Platforms → Connect Bluesky → the handle in the connect popup → the PDS's own
 * sign-in and consent page (atproto OAuth) → back to Platforms, connected; then a post with a
 * mention, a link and a described photo from Compose, Posted, linked to bsky.app and kept in the
 * account's repository with its facets and the photo's alt text.
 *
 * The app is opened at 127.0.0.1: atproto's loopback client (the local cloud's, having no public
 * metadata URL) must come back to 127.0.0.1, and the connect's binding cookie is per host.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const loopbackApp = () => cloud().url.replace('//localhost:', '//127.0.0.1:');

function pdsUrl(): string {
  const url = cloud().env.BLUESKY_SERVICE_URL;
  if (!url) throw new Error('The local cloud runs without Bluesky: the e2e global setup starts it with LOCAL_BLUESKY=on');
  return url;
}

/** An account on the local PDS, and its owner's own agent. */
async function aBlueskyAccount(name: string) {
  const agent = new AtpAgent({ service: pdsUrl() });
  const password = `${name}-account-password`;
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password });
  return { agent, did: agent.session!.did, handle: `${name}.test`, password };
}

describe('Bluesky from connect to Posted', () => {
  it(
    "connects through the PDS's own sign-in and consent, publishes a post with a mention, a link and a described photo, and the PDS keeps it",
    { timeout: 180_000 },
    async () => {
      const page = currentPage();
      const t = tag();
      const friend = await aBlueskyAccount(`friend${t}`);
      const account = await aBlueskyAccount(`cafe${t}`);
      // Bluesky needs Basic or better, like X.
      const user = await aConfirmedUser({ plan: 'basic' });
      await signIn(page, user, loopbackApp());
      await page.getByRole('link', { name: 'Platforms' }).click();
      await page.waitForURL('**/home/platforms');

      const popupOpened = page.waitForEvent('popup');
      await page.getByTestId('platform-card-bluesky').getByRole('button', { name: 'Connect Bluesky' }).click();
      const popup = await popupOpened;
      const closed = popup.waitForEvent('close', { timeout: 60_000 });
      await popup.getByLabel('Handle').fill(account.handle);
      await popup.getByRole('button', { name: 'Continue', exact: true }).click();
      // The PDS's own page (@atproto/oauth-provider-ui): the password is typed there, never in our app.
      await popup.waitForURL(`${pdsUrl()}/oauth/authorize?**`);
      await popup.getByRole('textbox', { name: 'Password' }).fill(account.password);
      await popup.getByRole('button', { name: 'Sign in' }).click();
      await popup.getByRole('button', { name: 'Authorize' }).click();
      await closed;
      await toastIn(page, 'Bluesky account connected successfully').waitFor();
      await page.getByTestId('platform-card-bluesky').getByText(`@${account.handle}`).waitFor();

      await page.getByRole('link', { name: 'Compose' }).first().click();
      await page.getByTestId('platform-tile-bluesky').click();
      const caption = `Fresh bread ${t} 🥐 with @${friend.handle} https://example.com/menu`;
      await page.getByLabel('Bluesky caption').fill(caption);
      await page.getByLabel('Choose images').setInputFiles({ name: 'loaves.jpg', mimeType: 'image/jpeg', buffer: await anImageOf(1080, 1080) });
      await page.getByText('Upload Complete').waitFor();
      await page.getByRole('button', { name: 'Alt text' }).click();
      const alt = 'Three sourdough loaves cooling on a rack 🥖';
      await page.getByLabel('Alt text for loaves.jpg').fill(alt);
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
      expect(post.embed).toMatchObject({ $type: 'app.bsky.embed.images', images: [{ alt, image: { mimeType: 'image/jpeg' } }] });
    },
  );
});
