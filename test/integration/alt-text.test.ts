import type { Post } from '@shared/posts';
import { describe, expect, it } from 'vitest';
import { getMediaRow } from '../../functions/data/media';
import { anApiKey, withKey } from '../helpers/api-keys';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage } from '../helpers/media';
import { aConnectedAccount, aPaidPlan, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/*
 * Alt text (docs/platforms.md#alt-text): each image of a post carries the description written in
 * Compose through create, edit and duplicate, and the API refuses one longer than a selected
 * network takes, writing nothing.
 */
async function aBlueskyUser() {
  const user = await aConfirmedUser();
  await aPaidPlan(user.userId, 'basic');
  const account = await aConnectedAccount(user.userId, 'bluesky', '@baker.test');
  const [first, second] = [await anUploadedImage(user.accessToken), await anUploadedImage(user.accessToken)];
  return { user, account, first: first!, second: second! };
}

const targets = (accountId: string) => [{ platform: 'bluesky', social_account_id: accountId, caption: 'Fresh loaves' }];
const altsOf = (post: Post) => post.media.map((m) => m.alt_text ?? null);

describe('alt text on a post', () => {
  it('keeps each image its own description, and none for an image left without', async () => {
    const { user, account, first, second } = await aBlueskyUser();

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(2),
        platforms: targets(account.id),
        media_ids: [first.id, second.id],
        media_alt: { [first.id]: '  Two sourdough loaves  ' },
      },
    });
    const read = await weCallTheApi('GET', `/api/posts/${res.body.id}`, { token: user.accessToken });

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(altsOf(read.body as Post)).toEqual(['Two sourdough loaves', null]);
  });

  it('refuses alt text longer than Bluesky takes, naming the image, and writes nothing', async () => {
    const { user, account, first, second } = await aBlueskyUser();

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { scheduled_at: inDays(2), platforms: targets(account.id), media_ids: [first.id, second.id], media_alt: { [second.id]: 'a'.repeat(2001) } },
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Alt text for image 2 is 2,001 characters; Bluesky allows 2,000');
    expect((await itemsOfUser(user.userId)).filter((i) => String(i.sk).startsWith('POST#'))).toEqual([]);
    expect((await getMediaRow(user.userId, second.id))?.post_id).toBeNull();
  });

  it("an edit sets, changes and clears descriptions, and a duplicate keeps the original's", async () => {
    const { user, account, first, second } = await aBlueskyUser();
    const created = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: targets(account.id), media_ids: [first.id, second.id], media_alt: { [first.id]: 'Loaves' } },
    });

    const edited = await weCallTheApi('PATCH', `/api/posts/${created.body.id}`, {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: targets(account.id), media_ids: [first.id, second.id], media_alt: { [second.id]: 'A bread knife' } },
    });
    const duplicate = await weCallTheApi('POST', `/api/posts/${created.body.id}/duplicate`, { token: user.accessToken });

    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(altsOf(edited.body as Post)).toEqual([null, 'A bread knife']);
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(201);
    expect(altsOf(duplicate.body.post as Post)).toEqual([null, 'A bread knife']);
  });

  it('takes alt text through the public API with the same rules', async () => {
    const { user, account, first } = await aBlueskyUser();
    const { key } = await anApiKey(user);
    const body = { scheduled_at: inDays(2), platforms: targets(account.id), media_ids: [first.id] };

    const refused = await withKey('POST', '/v1/posts', key, { body: { ...body, media_alt: { [first.id]: '🥖'.repeat(2001) } } });
    const made = await withKey('POST', '/v1/posts', key, { body: { ...body, media_alt: { [first.id]: 'A baguette' } } });

    expect(refused.status).toBe(400);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(altsOf(made.body as Post)).toEqual(['A baguette']);
  });
});
