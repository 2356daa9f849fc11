import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent, type AppBskyFeedPost } from '@atproto/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPds, type LocalPds } from '../../local/bluesky/pds';
import type { BlueskyAdapter } from '../../functions/platforms/bluesky';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError, type PublishCheckpoint, type PublishContext, type PublishMedia, type TokenSet } from '../../functions/platforms/types';

/*
 * The Bluesky adapter against Bluesky's own PDS (local/bluesky): every refusal asserted here is the
 * reference server's own, and every post is read back from the account's repository.
 */
let pds: LocalPds;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bluesky-adapter-'));
  pds = await startLocalPds({ dataDir });
});

afterAll(async () => {
  await pds?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function adapterWith(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): BlueskyAdapter {
  return createAdapter('bluesky', {
    app: { clientId: '', clientSecret: '', redirectUri: 'http://localhost:5173/api/oauth/bluesky/callback' },
    hosts: { api: pds.url, www: 'https://bsky.app' },
    fetch: fetchImpl,
  });
}

/** An account on the PDS, its own agent, and an app password made for us. */
async function anAccount(name: string) {
  const agent = new AtpAgent({ service: pds.url });
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password: `${name}-account-password` });
  const { password } = (await agent.com.atproto.server.createAppPassword({ name: 'Schedule & Autopost' })).data;
  return { agent, did: agent.session?.did ?? '', handle: `${name}.test`, appPassword: password };
}

async function connected(name: string, adapter = adapterWith()) {
  const account = await anAccount(name);
  const tokens = await adapter.signIn({ identifier: account.handle, appPassword: account.appPassword });
  return { ...account, tokens };
}

/** A publishing step's context whose checkpoints are kept in `saved`, as the engine keeps them on the target. */
function aContext(
  account: { did: string; handle: string; tokens: TokenSet },
  input: { caption: string; media?: PublishMedia[]; first_comment?: string },
  checkpoint: PublishCheckpoint | null = null,
) {
  const saved: PublishCheckpoint[] = [];
  const context: PublishContext = {
    tokens: account.tokens,
    request: {
      accountId: account.did,
      accountName: `@${account.handle}`,
      caption: input.caption,
      settings: input.first_comment ? { first_comment: input.first_comment } : {},
      media: input.media ?? [],
    },
    checkpoint,
    saveCheckpoint: async (cp) => {
      saved.push(cp);
    },
  };
  return { context, saved };
}

async function posts(agent: AtpAgent, did: string) {
  const r = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
  return r.data.records.map((rec) => ({ uri: rec.uri, value: rec.value as AppBskyFeedPost.Record }));
}

async function png(color: string): Promise<PublishMedia> {
  const bytes = await sharp({ create: { width: 4, height: 3, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { url: 'http://media.invalid/photo.png', mimeType: 'image/png', sizeBytes: bytes.length, open: async () => bytes };
}

describe('Bluesky: connecting with an app password', () => {
  it('signs in with an app password and finds the account by its DID and handle', async () => {
    const adapter = adapterWith();
    const account = await anAccount('ada');

    const tokens = await adapter.signIn({ identifier: account.handle, appPassword: account.appPassword });
    const profiles = await adapter.profiles(tokens);

    expect(profiles).toEqual([{ accountId: account.did, accountName: '@ada.test', tokens }]);
    // The session's JWTs say when they end: about two hours for access, months for refresh.
    const accessHours = (Date.parse(tokens.expiresAt!) - Date.now()) / 3_600_000;
    expect(accessHours).toBeGreaterThan(1);
    expect(Date.parse(tokens.refreshExpiresAt!)).toBeGreaterThan(Date.parse(tokens.expiresAt!));
  });

  it('refuses the account password itself, and a wrong app password, with a message saying what to do', async () => {
    const adapter = adapterWith();
    const account = await anAccount('ben');

    await expect(adapter.signIn({ identifier: account.handle, appPassword: 'ben-account-password' })).rejects.toMatchObject({
      category: 'fix-input',
      message: expect.stringContaining('Use an app password'),
    });
    await expect(adapter.signIn({ identifier: account.handle, appPassword: 'aaaa-bbbb-cccc-dddd' })).rejects.toMatchObject({
      category: 'fix-input',
      message: 'Bluesky did not accept that handle and app password. Check both and try again.',
    });
  });

  it('refreshes the session into tokens that post, and a refused token asks to reconnect', async () => {
    const adapter = adapterWith();
    const account = await connected('cleo', adapter);

    const fresh = await adapter.refresh(account.tokens);
    const { context } = aContext({ ...account, tokens: fresh }, { caption: 'After a refresh' });
    await expect(adapter.publishStep(context)).resolves.toMatchObject({ status: 'posted' });

    const { context: forged } = aContext({ ...account, tokens: { ...fresh, accessToken: `${fresh.accessToken.slice(0, -4)}AAAA` } }, { caption: 'Never' });
    await expect(adapter.publishStep(forged)).rejects.toMatchObject({
      category: 'reauth',
      message: 'Your Bluesky connection has expired; reconnect it on Platforms.',
    });
  });
});

describe('Bluesky: publishing', () => {
  it('posts text with its link and mention as facets at UTF-8 byte offsets, and links to the post', async () => {
    const adapter = adapterWith();
    await anAccount('dora');
    const account = await connected('eli', adapter);
    const caption = 'Café news 🥐 with @dora.test at https://example.com/menu';
    const { context } = aContext(account, { caption });

    const result = await adapter.publishStep(context);

    const [post] = await posts(account.agent, account.did);
    expect(result).toEqual({
      status: 'posted',
      platformPostId: post!.uri,
      postUrl: `https://bsky.app/profile/eli.test/post/${post!.uri.split('/').pop()}`,
    });
    expect(post!.value.text).toBe(caption);
    const bytes = Buffer.from(caption, 'utf8');
    const slice = (f: { index: { byteStart: number; byteEnd: number } }) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString('utf8');
    const facets = post!.value.facets ?? [];
    expect(facets.map(slice)).toEqual(['@dora.test', 'https://example.com/menu']);
    expect(facets[0]!.features[0]).toMatchObject({ $type: 'app.bsky.richtext.facet#mention', did: expect.stringMatching(/^did:plc:/) });
    expect(facets[1]!.features[0]).toMatchObject({ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/menu' });
  });

  it('counts graphemes: 300 emoji go out, 301 letters are refused with the limit named and nothing posted', async () => {
    const adapter = adapterWith();
    const account = await connected('fay', adapter);

    await expect(adapter.publishStep(aContext(account, { caption: '🙂'.repeat(300) }).context)).resolves.toMatchObject({ status: 'posted' });
    const refused = aContext(account, { caption: 'a'.repeat(301) });
    const error = await adapter.publishStep(refused.context).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ category: 'fix-input', message: 'Bluesky caption exceeds limit of 300 characters (current: 301).' });
    expect(refused.saved).toEqual([]);
    expect(await posts(account.agent, account.did)).toHaveLength(1);
  });

  it('posts images as app.bsky.embed.images, each uploaded as a blob of the account', async () => {
    const adapter = adapterWith();
    const account = await connected('gus', adapter);
    const media = [await png('#336699'), await png('#996633')];

    await adapter.publishStep(aContext(account, { caption: 'Two photos', media }).context);

    const [post] = await posts(account.agent, account.did);
    expect(post!.value.embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [
        { alt: '', image: { mimeType: 'image/png' } },
        { alt: '', image: { mimeType: 'image/png' } },
      ],
    });
  });

  it('refuses a video and a fifth image before uploading anything', async () => {
    const adapter = adapterWith();
    const account = await connected('hal', adapter);
    const video: PublishMedia = { url: 'http://media.invalid/v.mp4', mimeType: 'video/mp4', sizeBytes: 1000, open: async () => Buffer.alloc(1000) };
    const five = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555'].map(png));

    await expect(adapter.publishStep(aContext(account, { caption: 'Clip', media: [video] }).context)).rejects.toMatchObject({
      category: 'fix-input',
      message: "Bluesky videos aren't supported yet: post images or text to Bluesky.",
    });
    await expect(adapter.publishStep(aContext(account, { caption: 'Five', media: five }).context)).rejects.toMatchObject({
      category: 'fix-input',
      message: 'Bluesky takes at most 4 images per post.',
    });
    expect(await posts(account.agent, account.did)).toEqual([]);
  });

  it('posts a first comment as a reply whose root and parent are the post', async () => {
    const adapter = adapterWith();
    const account = await connected('ivy', adapter);

    const result = await adapter.publishStep(aContext(account, { caption: 'The post', first_comment: 'The first comment' }).context);

    const all = await posts(account.agent, account.did);
    const post = all.find((p) => p.value.text === 'The post')!;
    const reply = all.find((p) => p.value.text === 'The first comment')!;
    expect(reply.value.reply?.root.uri).toBe(post.uri);
    expect(reply.value.reply?.parent.uri).toBe(post.uri);
    expect(result).toMatchObject({ status: 'posted', platformPostId: post.uri, followUps: { first_comment: { status: 'posted', error: null } } });
  });
});

describe('Bluesky: exactly once after a lost answer', () => {
  it('a redelivery after the create went through but its answer was lost finds the post and makes no second one', async () => {
    // The PDS creates the record; the answer never reaches us (the connection drops on the way back).
    let dropCreate = true;
    const lossy: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (dropCreate && String(input).includes('com.atproto.repo.createRecord')) {
        dropCreate = false;
        throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    };
    const adapter = adapterWith(lossy);
    const account = await connected('jay', adapter);
    const first = aContext(account, { caption: 'Only once, please' });

    await expect(adapter.publishStep(first.context)).rejects.toMatchObject({ category: 'retry' });
    const kept = first.saved.at(-1)!;
    expect(kept.rkey).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);

    const redelivery = aContext(account, { caption: 'Only once, please' }, kept);
    const result = await adapter.publishStep(redelivery.context);

    const all = await posts(account.agent, account.did);
    expect(all).toHaveLength(1);
    expect(result).toMatchObject({ status: 'posted', platformPostId: all[0]!.uri });
    expect(all[0]!.uri.endsWith(`/${String(kept.rkey)}`)).toBe(true);
  });

  it('a redelivery after a create that never reached the PDS posts once, under the key it chose', async () => {
    let failCreate = true;
    const unreachable: typeof fetch = async (input, init) => {
      if (failCreate && String(input).includes('com.atproto.repo.createRecord')) {
        failCreate = false;
        throw new TypeError('fetch failed: connect ECONNREFUSED');
      }
      return fetch(input, init);
    };
    const adapter = adapterWith(unreachable);
    const account = await connected('kim', adapter);
    const first = aContext(account, { caption: 'Second try' });
    await expect(adapter.publishStep(first.context)).rejects.toMatchObject({ category: 'retry' });
    expect(await posts(account.agent, account.did)).toEqual([]);

    const kept = first.saved.at(-1)!;
    await adapter.publishStep(aContext(account, { caption: 'Second try' }, kept).context);

    const all = await posts(account.agent, account.did);
    expect(all.map((p) => p.uri.split('/').pop())).toEqual([kept.rkey]);
  });
});
