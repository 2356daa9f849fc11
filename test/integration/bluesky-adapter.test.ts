import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent, type AppBskyFeedPost } from '@atproto/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPds, type LocalPds } from '../../local/bluesky/pds';
import { ulid } from 'ulid';
import { atprotoStoresFor } from '../../functions/domain/connections';
import { getTokens, saveTokens } from '../../functions/data/tokens';
import { BLUESKY_RECONNECT_MESSAGE, type BlueskyAdapter } from '../../functions/platforms/bluesky';
import { BLUESKY_OAUTH_SCOPE, blueskyOAuthClient } from '../../functions/platforms/bluesky-oauth';
import { createAdapter } from '../../functions/platforms/registry';
import { signInAtPds } from '../../local/bluesky/pds-sign-in';
import { PlatformError, type PublishCheckpoint, type PublishContext, type PublishMedia, type TokenSet } from '../../functions/platforms/types';

/*
 * The Bluesky adapter against Bluesky's own PDS (local/bluesky), connected through the real atproto
 * OAuth flow (the PDS is the authorization server; its sign-in and consent are driven over HTTP):
 * every refusal asserted here is the reference server's own, and every post is read back from the
 * account's repository. The OAuth client's stores are the table's (functions/data/atproto-oauth.ts).
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

const REDIRECT = 'http://localhost:5173/api/oauth/bluesky/callback';

/** The adapter as the domain builds it: the table's OAuth stores, bound to a connection's tokens row when it acts for one. */
function adapterWith(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  connection?: { workspaceId: string; connectionId: string },
): BlueskyAdapter {
  return createAdapter('bluesky', {
    app: { clientId: '', clientSecret: '', redirectUri: REDIRECT },
    hosts: { api: pds.url, www: 'https://bsky.app', plc: pds.plcUrl },
    fetch: fetchImpl,
    atproto: atprotoStoresFor(connection, () => new Date()),
  });
}

/** An account on the PDS and its own agent (signed in with its password, as its owner). */
async function anAccount(name: string) {
  const agent = new AtpAgent({ service: pds.url });
  const password = `${name}-account-password`;
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password });
  return { agent, did: agent.session?.did ?? '', handle: `${name}.test`, password };
}

/** The whole atproto OAuth round trip, as the connect popup drives it: handle → the PDS's sign-in and consent → our callback. */
async function authorize(adapter: BlueskyAdapter, account: { handle: string; password: string }, ourState = `state-${ulid()}`) {
  const authUrl = await adapter.startAuthorization({ identifier: account.handle, state: ourState });
  const back = await signInAtPds(authUrl, { username: account.handle, password: account.password });
  return { authUrl: new URL(authUrl), back, ourState };
}

/** A connected account: its session in a tokens row of a fresh workspace, and an adapter bound to that row. */
async function connected(name: string, fetchImpl?: typeof fetch) {
  const account = await anAccount(name);
  const { back } = await authorize(adapterWith(), account);
  const tokens = await adapterWith().exchangeCode({
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss')!,
  });
  const row = { workspaceId: `bsky-${ulid()}`, connectionId: ulid() };
  await saveTokens(row.workspaceId, row.connectionId, tokens, new Date());
  return { ...account, tokens, row, adapter: adapterWith(fetchImpl, row) };
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

const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : String(input));

async function png(color: string): Promise<PublishMedia> {
  const bytes = await sharp({ create: { width: 4, height: 3, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { url: 'http://media.invalid/photo.png', mimeType: 'image/png', sizeBytes: bytes.length, open: async () => bytes };
}

describe('Bluesky: connecting by atproto OAuth', () => {
  it("sends the handle to its PDS's authorization server, and the callback opens a DPoP-bound session for that DID", async () => {
    const adapter = adapterWith();
    const account = await anAccount('ada');

    const { authUrl, back, ourState } = await authorize(adapter, account);

    // A pushed authorization request: the page carries only our client id and the request_uri.
    expect(authUrl.origin).toBe(pds.url);
    expect(authUrl.pathname).toBe('/oauth/authorize');
    expect([...authUrl.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(authUrl.searchParams.get('client_id')).toMatch(/^http:\/\/localhost\?/);
    // The loopback client's redirect names 127.0.0.1 (the PDS refuses `localhost`), with the PDS as issuer.
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:5173/api/oauth/bluesky/callback');
    expect(back.searchParams.get('iss')).toBe(pds.url);
    // The client's own state names ours, which the connect spends.
    expect(await adapter.appStateOf(back.searchParams.get('state')!)).toBe(ourState);

    const tokens = await adapter.exchangeCode({
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      iss: back.searchParams.get('iss')!,
    });
    const profiles = await adapter.profiles(tokens);

    expect(profiles).toEqual([{ accountId: account.did, accountName: '@ada.test', tokens }]);
    const session = JSON.parse(tokens.accessToken) as { atproto: { tokenSet: { token_type: string; sub: string }; dpopJwk: { d?: string } } };
    expect(session.atproto.tokenSet).toMatchObject({ token_type: 'DPoP', sub: account.did });
    expect(session.atproto.dpopJwk.d).toEqual(expect.any(String));
    expect(tokens.scopes).toEqual(BLUESKY_OAUTH_SCOPE.split(' '));
    // A public client: the reference server ends the session two weeks after sign-in.
    expect(Date.parse(tokens.refreshExpiresAt!) - Date.now()).toBeGreaterThan(13.9 * 24 * 3_600_000);
    // The authorization is spent: a replayed callback finds no pending state.
    expect(await adapter.appStateOf(back.searchParams.get('state')!)).toBeUndefined();
  });

  it('says clearly when the handle does not exist, before anything is stored', async () => {
    await expect(adapterWith().startAuthorization({ identifier: 'nobody-here.test', state: 'state-x' })).rejects.toMatchObject({
      category: 'fix-input',
      message: "We couldn't find the Bluesky account @nobody-here.test. Check the handle and try again.",
    });
  });

  it('refuses a code whose authorization was not pending here (another browser or a replay)', async () => {
    const account = await anAccount('ben');
    const { back } = await authorize(adapterWith(), account);
    const params = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, iss: back.searchParams.get('iss')! };
    await adapterWith().exchangeCode(params);

    await expect(adapterWith().exchangeCode(params)).rejects.toMatchObject({ category: 'fix-input' });
  });

  it('refreshes through the client into the connection row, and a revoked session asks to reconnect', async () => {
    const account = await connected('cleo');

    const fresh = await account.adapter.refresh(account.tokens);
    const before = JSON.parse(account.tokens.accessToken) as { atproto: { tokenSet: { refresh_token: string } } };
    const after = JSON.parse(fresh.accessToken) as { atproto: { tokenSet: { refresh_token: string } } };
    // atproto rotates the refresh token; the row now holds the new one.
    expect(after.atproto.tokenSet.refresh_token).not.toBe(before.atproto.tokenSet.refresh_token);
    expect((await getTokens(account.row.workspaceId, account.row.connectionId)).accessToken).toBe(fresh.accessToken);
    await expect(account.adapter.publishStep(aContext({ ...account, tokens: fresh }, { caption: 'After a refresh' }).context)).resolves.toMatchObject({
      status: 'posted',
    });

    // The owner revokes our access at the PDS (signing out there): the next refresh is refused.
    const { client } = await blueskyOAuthClient(
      { redirectUri: REDIRECT, serviceUrl: pds.url, plcDirectoryUrl: pds.plcUrl, fetch },
      atprotoStoresFor(account.row, () => new Date()),
      fresh,
      () => new Date(),
    );
    await (await client.restore(account.did)).signOut();
    await expect(account.adapter.refresh(fresh)).rejects.toMatchObject({ category: 'reauth' });
  });

  it('two functions refreshing one session at once both go on: the lease makes the second use the rotated token', async () => {
    const account = await connected('cora');
    // Two Lambdas, each with its own client, both holding the row as it was before either refreshed.
    const [a, b] = [adapterWith(undefined, account.row), adapterWith(undefined, account.row)];

    const [first, second] = await Promise.all([a.refresh(account.tokens), b.refresh(account.tokens)]);

    const stored = await getTokens(account.row.workspaceId, account.row.connectionId);
    expect([first.accessToken, second.accessToken]).toContain(stored.accessToken);
    await expect(account.adapter.publishStep(aContext({ ...account, tokens: stored }, { caption: 'After two refreshes' }).context)).resolves.toMatchObject({
      status: 'posted',
    });
  });

  it('posts while another function holds the refresh lease, as long as the session needs no refresh', async () => {
    const account = await connected('cody');
    // Another function is refreshing (or stuck holding the lease) for this session right now.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stores = atprotoStoresFor(account.row, () => new Date());
    let holding!: () => void;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    const elsewhere = stores.lock(`@atproto-oauth-client-${account.did}`, async () => {
      holding();
      await held;
    });
    await taken;

    // The access token is fresh: the post goes out without waiting for that lease.
    await expect(account.adapter.publishStep(aContext(account, { caption: 'Beside a refresh' }).context)).resolves.toMatchObject({ status: 'posted' });

    release();
    await elsewhere;
  });

  it('asks a connection made with an app password to reconnect, saying why', async () => {
    const account = await anAccount('dan');
    const legacy = await account.agent.com.atproto.server.createSession({ identifier: account.handle, password: account.password });
    const tokens: TokenSet = { accessToken: legacy.data.accessJwt, refreshToken: legacy.data.refreshJwt, expiresAt: null };

    await expect(adapterWith().publishStep(aContext({ ...account, tokens }, { caption: 'Old connection' }).context)).rejects.toMatchObject({
      category: 'reauth',
      message: BLUESKY_RECONNECT_MESSAGE,
    });
    await expect(adapterWith().refresh(tokens)).rejects.toMatchObject({ category: 'reauth', message: BLUESKY_RECONNECT_MESSAGE });
  });
});

describe('Bluesky: publishing', () => {
  it('posts text with its link and mention as facets at UTF-8 byte offsets, and links to the post', async () => {
    await anAccount('dora');
    const account = await connected('eli');
    const { adapter } = account;
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
    const account = await connected('fay');
    const { adapter } = account;

    await expect(adapter.publishStep(aContext(account, { caption: '🙂'.repeat(300) }).context)).resolves.toMatchObject({ status: 'posted' });
    const refused = aContext(account, { caption: 'a'.repeat(301) });
    const error = await adapter.publishStep(refused.context).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ category: 'fix-input', message: 'Bluesky caption exceeds limit of 300 characters (current: 301).' });
    expect(refused.saved).toEqual([]);
    expect(await posts(account.agent, account.did)).toHaveLength(1);
  });

  it('posts images as app.bsky.embed.images, each uploaded as a blob of the account with its own alt text', async () => {
    const account = await connected('gus');
    const { adapter } = account;
    const described = { ...(await png('#336699')), altText: 'A blue square on a 👩🏽‍🍳 apron' };
    const media = [described, await png('#996633')];

    await adapter.publishStep(aContext(account, { caption: 'Two photos', media }).context);

    const [post] = await posts(account.agent, account.did);
    // The second image has no description: Bluesky requires the key, so it goes out empty.
    expect(post!.value.embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [
        { alt: 'A blue square on a 👩🏽‍🍳 apron', image: { mimeType: 'image/png' } },
        { alt: '', image: { mimeType: 'image/png' } },
      ],
    });
  });

  it('refuses a video and a fifth image before uploading anything', async () => {
    const account = await connected('hal');
    const { adapter } = account;
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
    const account = await connected('ivy');
    const { adapter } = account;

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
      if (dropCreate && urlOf(input).includes('com.atproto.repo.createRecord')) {
        dropCreate = false;
        throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    };
    const account = await connected('jay', lossy);
    const { adapter } = account;
    const first = aContext(account, { caption: 'Only once, please' });

    await expect(adapter.publishStep(first.context)).rejects.toMatchObject({ category: 'retry', details: {} });
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
      if (failCreate && urlOf(input).includes('com.atproto.repo.createRecord')) {
        failCreate = false;
        throw new TypeError('fetch failed: connect ECONNREFUSED');
      }
      return fetch(input, init);
    };
    const account = await connected('kim', unreachable);
    const { adapter } = account;
    const first = aContext(account, { caption: 'Second try' });
    await expect(adapter.publishStep(first.context)).rejects.toMatchObject({ category: 'retry' });
    expect(await posts(account.agent, account.did)).toEqual([]);

    const kept = first.saved.at(-1)!;
    await adapter.publishStep(aContext(account, { caption: 'Second try' }, kept).context);

    const all = await posts(account.agent, account.did);
    expect(all.map((p) => p.uri.split('/').pop())).toEqual([kept.rkey]);
  });
});
