import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent, type BlobRef } from '@atproto/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPds, type LocalPds } from '../../local/bluesky/pds';

/*
 * The local Bluesky is Bluesky's own PDS: these tests speak to it only through @atproto/api, the
 * client the product uses, and assert what that client sees.
 */
let pds: LocalPds;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bluesky-'));
  pds = await startLocalPds({ dataDir });
});

afterAll(async () => {
  await pds?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedInAgent(name: string): Promise<AtpAgent> {
  const agent = new AtpAgent({ service: pds.url });
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password: `${name}-local-password` });
  return agent;
}

function rkeyOf(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

describe('the local Bluesky PDS', () => {
  it('creates an account with a did:plc and keeps a post it can read back', async () => {
    const agent = await signedInAgent('alice');
    const did = agent.session?.did ?? '';
    expect(did).toMatch(/^did:plc:[a-z2-7]{24}$/);

    const posted = await agent.post({ text: 'Hello from the local cloud' });

    const reader = new AtpAgent({ service: pds.url });
    const record = await reader.app.bsky.feed.post.get({ repo: did, rkey: rkeyOf(posted.uri) });
    expect(record.uri).toBe(posted.uri);
    expect(record.value.text).toBe('Hello from the local cloud');
    // The handle resolves through the PDS, and the DID through the PLC directory beside it.
    const resolved = await reader.com.atproto.identity.resolveHandle({ handle: 'alice.test' });
    expect(resolved.data.did).toBe(did);
  });

  it('counts 300 graphemes, not UTF-16 units: 300 emoji are one post', async () => {
    const agent = await signedInAgent('bob');
    const text = '🙂'.repeat(300); // 600 UTF-16 units, 1,200 bytes, 300 graphemes

    const posted = await agent.post({ text });

    const record = await agent.app.bsky.feed.post.get({ repo: agent.session?.did ?? '', rkey: rkeyOf(posted.uri) });
    expect(record.value.text).toBe(text);
  });

  it('refuses a post of 301 graphemes and keeps nothing', async () => {
    const agent = await signedInAgent('carol');
    const did = agent.session?.did ?? '';

    // Straight to the server (agent.post would check the lexicon in the client first): the PDS
    // itself answers 400 InvalidRequest naming the limit, as bsky.social does.
    const refused = agent.com.atproto.repo.createRecord({
      repo: did,
      collection: 'app.bsky.feed.post',
      record: { $type: 'app.bsky.feed.post', text: 'a'.repeat(301), createdAt: new Date().toISOString() },
    });
    await expect(refused).rejects.toMatchObject({ status: 400, error: 'InvalidRequest', message: expect.stringContaining('maximum 300, got 301') });

    const posts = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
    expect(posts.data.records).toEqual([]);
  });

  describe('images', () => {
    let agent: AtpAgent;
    let blob: BlobRef;

    beforeAll(async () => {
      agent = await signedInAgent('dana');
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      blob = (await agent.uploadBlob(png, { encoding: 'image/png' })).data.blob;
    });

    function postWithImages(images: { image: BlobRef; alt?: string }[]) {
      return agent.com.atproto.repo.createRecord({
        repo: agent.session?.did ?? '',
        collection: 'app.bsky.feed.post',
        record: {
          $type: 'app.bsky.feed.post',
          text: 'Photos',
          createdAt: new Date().toISOString(),
          embed: { $type: 'app.bsky.embed.images', images },
        },
      });
    }

    it('takes four images with alt text', async () => {
      const posted = await postWithImages(Array.from({ length: 4 }, (_, i) => ({ image: blob, alt: `Photo ${i + 1}` })));

      const record = await agent.app.bsky.feed.post.get({ repo: agent.session?.did ?? '', rkey: rkeyOf(posted.data.uri) });
      expect(record.value.embed).toMatchObject({ $type: 'app.bsky.embed.images', images: [{ alt: 'Photo 1' }, {}, {}, { alt: 'Photo 4' }] });
    });

    it('refuses a fifth image', async () => {
      const refused = postWithImages(Array.from({ length: 5 }, (_, i) => ({ image: blob, alt: `Photo ${i + 1}` })));

      await expect(refused).rejects.toMatchObject({
        status: 400,
        error: 'InvalidRequest',
        message: expect.stringContaining('array too big (maximum 4, got 5) at $.record.embed.images'),
      });
    });

    it('refuses an image without alt text', async () => {
      await expect(postWithImages([{ image: blob }])).rejects.toMatchObject({
        status: 400,
        error: 'InvalidRequest',
        message: expect.stringContaining('Missing required key "alt" at $.record.embed.images[0]'),
      });
    });
  });
});
