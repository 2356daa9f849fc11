import { ulid } from 'ulid';
import { LINKEDIN_DOCUMENT_TITLE_MESSAGE } from '@shared/media-rules';
import { describe, expect, it } from 'vitest';
import { connect, consent, followCallback, initiate } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { anUploadedImage as anUploadedFile, aPdfFile } from '../helpers/media';
import { inDays } from '../helpers/posts';
import { controlTheSandbox as control, sandboxReceiptsFor } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * LinkedIn through the whole local cloud: connect through our OAuth pages and the sandbox's consent
 * page, which offers the member and the page they administer, publish to both with a first comment,
 * and find each post at its link.
 */
type Account = { id: string; platform: string; account_id: string; account_name: string; needs_reconnect: boolean };

/** Connects through our OAuth pages with the sign-in asking for `scope` instead of what the adapter asked: the grant LinkedIn would then give. */
async function connectAsking(token: string, scope: string) {
  const authUrl = await initiate('linkedin', token);
  authUrl.searchParams.set('scope', scope);
  const { to } = await followCallback(await consent('linkedin', authUrl));
  expect(to.searchParams.get('error'), to.href).toBeNull();
}

async function linkedinAccounts(token: string): Promise<Account[]> {
  const accounts = (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts as Account[];
  return accounts.filter((a) => a.platform === 'linkedin');
}

describe('publishing to LinkedIn', () => {
  it('connects the member and their page, posts once to each with its first comment, and links the posts', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    const { to } = await connect('linkedin', user.accessToken);
    expect(to.searchParams.get('error'), to.href).toBeNull();
    const accounts = await linkedinAccounts(user.accessToken);
    expect(accounts.map((a) => a.account_name).sort()).toEqual(['Ada Baker', 'Corner Café']);
    const caption = `Fresh sourdough at 7am ${ulid().slice(-8)}`;

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: accounts.map((a) => ({ platform: 'linkedin', social_account_id: a.id, caption, settings: { first_comment: 'Link in bio' } })),
        media_ids: [],
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const target of settled.platforms) expect(target).toMatchObject({ status: 'posted', follow_ups: { first_comment: { status: 'posted' } } });
    expect(await sandboxReceiptsFor(caption)).toHaveLength(2);
    const { posts } = (await control('GET', '/posts?platform=linkedin')) as { posts: { text: string; accountId: string }[] };
    expect(
      posts
        .filter((p) => p.text === caption)
        .map((p) => p.accountId)
        .sort(),
    ).toEqual(accounts.map((a) => a.account_id).sort());
    for (const target of settled.platforms) {
      const page = await fetch(target.post_url!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(caption);
    }
  });

  it('posts a PDF as a LinkedIn document under the post title, and finds it at its link', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('linkedin', user.accessToken);
    const member = (await linkedinAccounts(user.accessToken)).find((a) => a.account_name === 'Ada Baker')!;
    const deck = await anUploadedFile(user.accessToken, aPdfFile('q3.pdf'));
    const caption = `Our Q3 in ten slides ${ulid().slice(-8)}`;

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        title: 'Q3 results',
        scheduled_at: inDays(1),
        platforms: [{ platform: 'linkedin', social_account_id: member.id, caption, settings: {} }],
        media_ids: [deck.id],
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(settled.platforms[0]).toMatchObject({ status: 'posted' });
    const { posts } = (await control('GET', '/posts?platform=linkedin')) as { posts: { text: string; kind: string; title?: string; accountId: string }[] };
    expect(posts.filter((p) => p.text === caption).map((p) => [p.kind, p.title, p.accountId])).toEqual([['document', 'Q3 results', member.account_id]]);
    expect(await (await fetch(settled.platforms[0]!.post_url!)).text()).toContain('Q3 results');
  });

  it('refuses a LinkedIn document without a title before anything is saved', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('linkedin', user.accessToken);
    const [member] = await linkedinAccounts(user.accessToken);
    const deck = await anUploadedFile(user.accessToken, aPdfFile());

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'linkedin', social_account_id: member!.id, caption: 'Our deck', settings: {} }], media_ids: [deck.id] },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(LINKEDIN_DOCUMENT_TITLE_MESSAGE);
    expect((await weCallTheApi('GET', '/api/posts?tab=drafts', { token: user.accessToken })).body.items).toEqual([]);
  });

  it('refuses a caption over 3,000 characters before anything is saved', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('linkedin', user.accessToken);
    const [member] = await linkedinAccounts(user.accessToken);

    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [{ platform: 'linkedin', social_account_id: member!.id, caption: 'a'.repeat(3001), settings: {} }],
        media_ids: [],
      },
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('LinkedIn caption exceeds limit of 3000 characters (current: 3001)');
  });

  it('with the member scopes alone, as a deployment with LinkedIn pages off asks, connects the member and no page to post as', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });

    await connectAsking(user.accessToken, 'openid profile w_member_social');
    const accounts = await linkedinAccounts(user.accessToken);

    expect(accounts.map((a) => a.account_id)).toEqual([expect.stringMatching(/^urn:li:person:/)]);
    expect(accounts.map((a) => a.account_name)).toEqual(['Ada Baker']);
  });

  it('fails a post whose grant lacks w_member_social with a reconnect message, and marks the connection for reconnecting', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    await connectAsking(user.accessToken, 'openid profile');
    const [member] = await linkedinAccounts(user.accessToken);
    const caption = `No permission ${ulid().slice(-8)}`;

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: { scheduled_at: inDays(1), platforms: [{ platform: 'linkedin', social_account_id: member!.id, caption, settings: {} }], media_ids: [] },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(settled.platforms[0]).toMatchObject({
      status: 'failed',
      error_message: expect.stringContaining("doesn't include LinkedIn's permission to post for you (w_member_social); reconnect LinkedIn"),
    });
    expect(await sandboxReceiptsFor(caption)).toHaveLength(0);
    const [after] = await linkedinAccounts(user.accessToken);
    expect(after!.needs_reconnect).toBe(true);
  });
});
