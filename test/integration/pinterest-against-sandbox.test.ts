import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BOARDS } from '../../local/sandbox/platforms/pinterest-publish';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anImageOf, anUploadedImage } from '../helpers/media';
import { inDays } from '../helpers/posts';
import { controlTheSandbox, sandboxReceiptsFor } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Pinterest through the whole local cloud: connect through our OAuth pages and the sandbox's consent
 * page, list the account's boards as Compose does, pin an image to one, and find it on the sandbox.
 */
const boards = SANDBOX_BOARDS[DEMO_IDENTITIES.pinterest[0]!.id]!;

async function aPinterestAccount(token: string) {
  const { to } = await connect('pinterest', token);
  expect(to.searchParams.get('error'), to.href).toBeNull();
  const accounts = (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts as { id: string; platform: string; account_name: string }[];
  return accounts.find((a) => a.platform === 'pinterest')!;
}

describe('publishing to Pinterest', () => {
  it('connects, lists the boards, pins an image once to the chosen board and links the pin', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aPinterestAccount(user.accessToken);
    const image = await anUploadedImage(user.accessToken, { name: 'latte.jpg', type: 'image/jpeg', bytes: await anImageOf(600, 900) });
    const caption = `Our autumn latte ${ulid().slice(-8)}`;

    // Act
    const listed = await weCallTheApi('GET', `/api/accounts/${account.id}/pinterest-boards`, { token: user.accessToken });
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [
          {
            platform: 'pinterest',
            social_account_id: account.id,
            caption,
            settings: { pinterest_board_id: boards[1]!.id, pinterest_title: 'Autumn latte', pinterest_alt_text: 'A latte in a blue cup' },
          },
        ],
        media_ids: [image.id],
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(account.account_name).toBe('@cornercafe');
    expect(listed.body).toEqual({ boards: boards.map((b) => ({ id: b.id, name: b.name, privacy: b.privacy })) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(settled.platforms[0]).toMatchObject({ status: 'posted' });
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    const page = await fetch(settled.platforms[0]!.post_url!);
    expect(await page.text()).toContain(caption);
  });

  it('pins three images as one carousel pin to the chosen board', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aPinterestAccount(user.accessToken);
    const images = [];
    for (const n of [1, 2, 3])
      images.push(await anUploadedImage(user.accessToken, { name: `latte-${n}.jpg`, type: 'image/jpeg', bytes: await anImageOf(600, 900) }));
    const caption = `Three lattes ${ulid().slice(-8)}`;

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [
          { platform: 'pinterest', social_account_id: account.id, caption, settings: { pinterest_board_id: boards[0]!.id, pinterest_title: 'Latte trio' } },
        ],
        media_ids: images.map((i) => i.id),
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(settled.platforms[0]).toMatchObject({ status: 'posted' });
    const posts = (await controlTheSandbox('GET', '/posts?platform=pinterest')).posts as { text: string; kind: string; mediaUrls: string[]; ref: string }[];
    const pin = posts.filter((p) => p.text === caption);
    expect(pin).toHaveLength(1);
    expect(pin[0]).toMatchObject({ kind: 'carousel', ref: boards[0]!.id });
    expect(pin[0]!.mediaUrls).toHaveLength(3);
  });

  it('refuses six images for Pinterest before anything is saved, saying a carousel takes 2 to 5', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aPinterestAccount(user.accessToken);
    const images = [];
    for (let n = 0; n < 6; n++) images.push(await anUploadedImage(user.accessToken));

    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [{ platform: 'pinterest', social_account_id: account.id, caption: 'Six', settings: { pinterest_board_id: boards[0]!.id } }],
        media_ids: images.map((i) => i.id),
      },
    });
    const counts = await weCallTheApi('GET', '/api/posts/counts', { token: user.accessToken });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('A Pinterest carousel takes 2 to 5 images (this post has 6)');
    expect(counts.body).toEqual({ scheduled: 0, posted: 0, approval: 0, drafts: 0, failed: 0 });
  });

  it('refuses a Pinterest post without a board before anything is saved', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aPinterestAccount(user.accessToken);
    const image = await anUploadedImage(user.accessToken);

    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [{ platform: 'pinterest', social_account_id: account.id, caption: 'No board', settings: {} }],
        media_ids: [image.id],
      },
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Choose the Pinterest board to save this pin to.');
  });

  it('fails the post with a clear message when the board is not the account’s', { timeout: 120_000 }, async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    const account = await aPinterestAccount(user.accessToken);
    const image = await anUploadedImage(user.accessToken);

    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [
          { platform: 'pinterest', social_account_id: account.id, caption: `Wrong board ${ulid().slice(-6)}`, settings: { pinterest_board_id: '999' } },
        ],
        media_ids: [image.id],
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    expect(settled.platforms[0]).toMatchObject({ status: 'failed', error_message: expect.stringMatching(/isn't one of this Pinterest account's boards/) });
  });
});
