import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/lib/aws';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createInstagramAdapter } from '../../functions/platforms/instagram';
import { PlatformError, type PublishMedia, type TokenSet } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aMediaKey, anImageOf, anObjectStoredDirectly } from '../helpers/media';
import { controlTheSandbox as control } from '../helpers/sandbox';

/**
 * The sandbox refuses what Instagram refuses when it fetches image_url (docs/platform-apis.md#instagram):
 * the format by the file's bytes, not its Content-Type (36001/2207005), more than 8 MiB
 * (36000/2207004), an aspect ratio outside 4:5 … 1.91:1 (36003/2207009). And content_publishing_limit
 * reports the same quota media_publish enforces.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<'instagram', { clientId: string; clientSecret: string }>;

const adapter = () =>
  createInstagramAdapter({
    app: { ...credentials.instagram, redirectUri: `${frontDoor}/api/oauth/instagram/callback` },
    hosts: hostsFor('instagram', sandbox),
    now: () => new Date(),
    fetch: (input, init) => fetch(input, init),
  });

async function connect(): Promise<{ tokens: TokenSet; accountId: string; accountName: string }> {
  const ig = adapter();
  const who = DEMO_IDENTITIES.instagram[0]!;
  const res = await fetch(ig.authorizeUrl({ state: 's' }), {
    method: 'POST',
    body: new URLSearchParams({ decision: 'allow', identity: who.id }),
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const [account] = await ig.profiles(await ig.exchangeCode({ code }));
  return { tokens: account!.tokens, accountId: account!.accountId, accountName: account!.accountName };
}

/** A stored object with a presigned GET, labelled with `contentType` whatever its bytes are. */
async function aStoredImage(bytes: Buffer, contentType = 'image/jpeg'): Promise<PublishMedia> {
  const key = aMediaKey('ig-rules', 'jpg');
  await anObjectStoredDirectly(key, bytes, contentType);
  const url = await getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key }), { expiresIn: 3600 });
  return { url, mimeType: contentType, sizeBytes: bytes.length };
}

/** Runs publishStep to the end, advancing the sandbox clock through waits. */
async function publishWith(
  c: { tokens: TokenSet; accountId: string; accountName: string },
  media: PublishMedia[],
  caption = `Rules ${Math.random().toString(36).slice(2, 8)}`,
) {
  const ig = adapter();
  let checkpoint: Record<string, string | number | boolean | null> | null = null;
  for (let i = 0; i < 20; i++) {
    try {
      const result = await ig.publishStep({
        tokens: c.tokens,
        request: { accountId: c.accountId, accountName: c.accountName, caption, settings: {}, media },
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = { ...cp };
        },
      });
      if (result.status === 'posted') return { result };
      await control('POST', '/clock/advance', { seconds: result.retryAfterSeconds });
    } catch (error) {
      if (error instanceof PlatformError) return { error };
      throw error;
    }
  }
  throw new Error('never finished');
}

beforeEach(async () => {
  await control('POST', '/reset');
});

describe('the Instagram sandbox takes the images Instagram takes', () => {
  it('publishes a JPEG within the rules, on both edges of the aspect range', async () => {
    const c = await connect();

    for (const [w, h] of [
      [800, 1000],
      [1910, 1000],
      [1080, 1080],
    ] as const) {
      const run = await publishWith(c, [await aStoredImage(await anImageOf(w, h))]);
      expect(run.result, `${w}×${h}: ${run.error?.message}`).toMatchObject({ status: 'posted' });
    }
  });

  it('refuses a PNG even when it is served as image/jpeg (36001 / 2207005): the bytes decide', async () => {
    const c = await connect();

    const run = await publishWith(c, [await aStoredImage(await anImageOf(1080, 1080, 'png'), 'image/jpeg')]);

    expect(run.error).toMatchObject({
      category: 'fix-input',
      details: { code: '36001/2207005' },
      message: 'Instagram does not accept this image format; use a JPEG.',
    });
    expect((await control('GET', '/posts?platform=instagram')).posts).toHaveLength(0);
  });

  it('refuses a WebP too', async () => {
    const c = await connect();

    const run = await publishWith(c, [await aStoredImage(await anImageOf(1080, 1080, 'webp'), 'image/webp')]);

    expect(run.error).toMatchObject({ details: { code: '36001/2207005' } });
  });

  it('refuses a JPEG over 8 MiB (36000 / 2207004)', async () => {
    const c = await connect();
    // A valid JPEG followed by padding: decoders stop at the end-of-image marker, Instagram counts bytes.
    const big = Buffer.concat([await anImageOf(1080, 1080), Buffer.alloc(8 * 1024 * 1024)]);

    const run = await publishWith(c, [await aStoredImage(big)]);

    expect(run.error).toMatchObject({ category: 'fix-input', details: { code: '36000/2207004' } });
  });

  it.each([
    ['1:3 portrait', 500, 1500],
    ['a hair taller than 4:5', 799, 1000],
    ['2:1 landscape', 2000, 1000],
  ] as const)('refuses a JPEG of %s (36003 / 2207009)', async (_label, w, h) => {
    const c = await connect();

    const run = await publishWith(c, [await aStoredImage(await anImageOf(w, h))]);

    expect(run.error).toMatchObject({ category: 'fix-input', details: { code: '36003/2207009' } });
  });

  it('judges each carousel item by the same rules', async () => {
    const c = await connect();

    const run = await publishWith(c, [await aStoredImage(await anImageOf(1080, 1080)), await aStoredImage(await anImageOf(1080, 1080, 'png'), 'image/png')]);

    expect(run.error).toMatchObject({ details: { code: '36001/2207005' } });
  });
});

describe('content_publishing_limit', () => {
  it('reports the quota media_publish enforces: 50 API publishes in a moving 24 hours', async () => {
    const c = await connect();
    const ig = adapter();
    const graph = `${hostsFor('instagram', sandbox).graph}/${GRAPH_VERSION}/${c.accountId}`;
    const image = await aStoredImage(await anImageOf(1080, 1080));

    await publishWith(c, [image]);
    expect(await ig.publishingLimit(c.tokens, c.accountId)).toEqual({ used: 1, total: 50, windowSeconds: 86400 });

    // Fill the quota straight through the Graph endpoints.
    for (let i = 1; i < 50; i++) {
      const container = (await (
        await fetch(`${graph}/media`, {
          method: 'POST',
          body: new URLSearchParams({ image_url: image.url, caption: `fill ${i}`, access_token: c.tokens.accessToken }),
        })
      ).json()) as { id: string };
      await control('POST', '/clock/advance', { seconds: 2 });
      const published = await fetch(`${graph}/media_publish`, {
        method: 'POST',
        body: new URLSearchParams({ creation_id: container.id, access_token: c.tokens.accessToken }),
      });
      expect(published.status).toBe(200);
    }
    const limit = await ig.publishingLimit(c.tokens, c.accountId);
    expect(limit).toEqual({ used: 50, total: 50, windowSeconds: 86400 });

    const run = await publishWith(c, [image]);
    expect(run.error).toMatchObject({ category: 'backoff', details: { code: '9/2207042' } });
  });

  it('answers quota_usage alone when no fields are asked for, as the reference says', async () => {
    const c = await connect();

    const res = await fetch(
      `${hostsFor('instagram', sandbox).graph}/${GRAPH_VERSION}/${c.accountId}/content_publishing_limit?access_token=${c.tokens.accessToken}`,
    );

    expect(await res.json()).toEqual({ data: [{ quota_usage: 0 }] });
  });
});

describe('carousel containers, as the Graph refuses them', () => {
  /** POST /{ig-user-id}/{edge} with the account's token; the Graph's JSON answer and status. */
  async function graphPost(c: { tokens: TokenSet; accountId: string }, edge: string, params: Record<string, string>) {
    const res = await fetch(`${hostsFor('instagram', sandbox).graph}/${GRAPH_VERSION}/${c.accountId}/${edge}`, {
      method: 'POST',
      body: new URLSearchParams({ ...params, access_token: c.tokens.accessToken }),
    });
    return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: number; error_subcode?: number } } };
  }
  const anItem = async (c: { tokens: TokenSet; accountId: string }, image: PublishMedia) =>
    (await graphPost(c, 'media', { image_url: image.url, is_carousel_item: 'true' })).body.id!;

  it('takes 2 to 10 items: one or eleven is 100 / 2207028', async () => {
    const c = await connect();
    const image = await aStoredImage(await anImageOf(1080, 1080));
    const items: string[] = [];
    for (let i = 0; i < 11; i++) items.push(await anItem(c, image));
    await control('POST', '/clock/advance', { seconds: 60 });

    const one = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: items[0]!, caption: 'one' });
    const eleven = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: items.join(','), caption: 'eleven' });
    const ten = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: items.slice(0, 10).join(','), caption: 'ten' });

    expect(one).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 2207028 } } });
    expect(eleven).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 2207028 } } });
    expect(ten.status).toBe(200);
  });

  it('refuses an item still processing (9007 / 2207027), a plain container as an item, and an item published on its own', async () => {
    const c = await connect();
    const image = await aStoredImage(await anImageOf(1080, 1080));
    const ready = await anItem(c, image);
    const plain = (await graphPost(c, 'media', { image_url: image.url, caption: 'plain' })).body.id!;
    await control('POST', '/clock/advance', { seconds: 60 });
    await control('POST', '/processing', { platform: 'instagram', seconds: 60 });
    const busy = await anItem(c, image);

    const unfinished = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: `${ready},${busy}` });
    const notAnItem = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: `${ready},${plain}` });
    const itemAlone = await graphPost(c, 'media_publish', { creation_id: ready });

    expect(unfinished).toMatchObject({ status: 400, body: { error: { code: 9007, error_subcode: 2207027 } } });
    expect(notAnItem).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 2207023 } } });
    expect(itemAlone.status).toBe(400);
  });

  it('refuses items that expired unpublished after 24 hours', async () => {
    const c = await connect();
    const image = await aStoredImage(await anImageOf(1080, 1080));
    const items = [await anItem(c, image), await anItem(c, image)];
    await control('POST', '/clock/advance', { seconds: 25 * 3600 });

    const late = await graphPost(c, 'media', { media_type: 'CAROUSEL', children: items.join(',') });

    expect(late).toMatchObject({ status: 400, body: { error: { error_subcode: 2207020 } } });
  });

  it('publishes a carousel of a photo and a video as one post, counted once against the quota', async () => {
    const c = await connect();
    const video: PublishMedia = { ...(await aStoredImage(Buffer.concat([Buffer.from('\0\0\0 ftypisom'), Buffer.alloc(4096, 7)]), 'video/mp4')) };

    const run = await publishWith(c, [await aStoredImage(await anImageOf(1080, 1350)), video]);

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(await adapter().publishingLimit(c.tokens, c.accountId)).toMatchObject({ used: 1 });
  });
});
