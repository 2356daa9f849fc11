import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser } from '../helpers/given';
import { inDays } from '../helpers/posts';
import { controlTheSandbox as control, sandboxReceiptsFor } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Threads through the whole local cloud: connect through our OAuth pages and the sandbox's consent
 * page, publish now with a first comment, and find both on the sandbox's Threads profile.
 */
describe('publishing to Threads', () => {
  it('connects, posts once with its first comment as a reply, and links the post', { timeout: 120_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser({ plan: 'basic' });
    const { to } = await connect('threads', user.accessToken);
    expect(to.searchParams.get('error'), to.href).toBeNull();
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as {
      id: string;
      platform: string;
      account_name: string;
    }[];
    const threads = accounts.find((a) => a.platform === 'threads')!;
    expect(threads.account_name).toBe('@cornercafe');
    const caption = `Fresh sourdough at 7am ${ulid().slice(-8)}`;

    // Act
    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [{ platform: 'threads', social_account_id: threads.id, caption, settings: { first_comment: 'Link in bio' } }],
        media_ids: [],
      },
    });
    const settled = await theSettledPost(user.accessToken, res.body.id, 60_000);

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(settled.platforms[0]).toMatchObject({ status: 'posted', follow_ups: { first_comment: { status: 'posted' } } });
    expect(await sandboxReceiptsFor(caption)).toHaveLength(1);
    const { posts } = (await control('GET', '/posts?platform=threads')) as { posts: { id: string; text: string; inReplyTo?: string }[] };
    const post = posts.find((p) => p.text === caption)!;
    expect(posts.filter((p) => p.inReplyTo === post.id).map((p) => p.text)).toEqual(['Link in bio']);
    const page = await fetch(settled.platforms[0]!.post_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(caption);
  });

  it('refuses a caption over 500 characters before anything is saved', async () => {
    const user = await aConfirmedUser({ plan: 'basic' });
    await connect('threads', user.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body.accounts as { id: string; platform: string }[];
    const threads = accounts.find((a) => a.platform === 'threads')!;

    const res = await weCallTheApi('POST', '/api/posts/publish-now', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [{ platform: 'threads', social_account_id: threads.id, caption: 'a'.repeat(501), settings: {} }],
        media_ids: [],
      },
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Threads caption exceeds limit of 500 characters (current: 501)');
  });
});
