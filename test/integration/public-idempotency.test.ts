import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { SocialAccount } from '@shared/accounts';
import type { PresignUploadResponse } from '@shared/media';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replacePost } from '../../functions/data/posts';
import { s3Client } from '../../functions/lib/aws';
import { IDEMPOTENCY_MSG } from '../../functions/lib/http';
import { PUBLIC_ROUTES } from '../../functions/public-routes';
import { anApiKey, withKey } from '../helpers/api-keys';
import { aConfirmedUser, cloud } from '../helpers/given';
import { A_TINY_PNG, aPng, weUploadTo } from '../helpers/media';
import { aComposeBody, aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * Every POST of the public API takes an Idempotency-Key (docs/idempotency.md, docs/public-api.md):
 * a repeat with the same key gets the first answer and writes nothing; the same key with another
 * request is refused. The cases are keyed by the route table's paths, so a POST added to /v1 without
 * a case here fails this file.
 */
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

interface World {
  readonly owner: Person;
  readonly account: SocialAccount;
  /** The workspace API key every request is sent with. */
  readonly key: string;
}

interface Request {
  /** The concrete path (the route's with its parameters filled in). */
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** Another valid request to the same route: the same Idempotency-Key must be refused for it. */
  readonly otherBody: Record<string, unknown>;
  /** What this route writes beyond posts, media, stored files and the month's usage. */
  alsoWritten?(): Promise<unknown>;
}

const presignBody = (name: string) => ({ file_name: name, file_type: 'image/png', file_size: A_TINY_PNG.length });
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, time: '09:00' }));
const web = () => cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;

/** An upload form asked for through /v1, without an Idempotency-Key. */
async function aForm(world: World, name: string): Promise<PresignUploadResponse> {
  const res = await withKey('POST', '/v1/media/uploads', world.key, { body: presignBody(name) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PresignUploadResponse;
}

/** A post that failed on its only account, as the publisher leaves it. */
async function aFailedPost({ owner, account }: World) {
  const post = await aStoredPost(owner.userId, account, { status: 'failed', scheduled_at: inDays(-1), usage_month: new Date().toISOString().slice(0, 7) });
  post.platforms[0]!.status = 'failed';
  post.platforms[0]!.error_message = 'down';
  await replacePost(owner.userId, post, { version: post.version, status: 'failed' });
  return post;
}

const CASES: Record<string, (world: World) => Promise<Request>> = {
  '/v1/media/uploads': async () => ({ path: '/v1/media/uploads', body: presignBody('photo.png'), otherBody: presignBody('other.png') }),
  '/v1/media': async (world) => {
    const form = await aForm(world, 'photo.png');
    const upload = await weUploadTo(form, aPng());
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const other = await aForm(world, 'other.png');
    return { path: '/v1/media', body: { key: form.key }, otherBody: { key: other.key } };
  },
  '/v1/media/from-url': async () => ({ path: '/v1/media/from-url', body: { url: `${web()}/photo.jpg` }, otherBody: { url: `${web()}/clip.mp4` } }),
  '/v1/posts': async ({ account }) => ({
    path: '/v1/posts',
    body: { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(2) },
    otherBody: { ...aComposeBody(account), media_ids: [], scheduled_at: inDays(3) },
  }),
  '/v1/posts/publish-now': async ({ account }) => ({
    path: '/v1/posts/publish-now',
    body: { ...aComposeBody(account), media_ids: [] },
    otherBody: { platforms: [{ ...aComposeBody(account).platforms[0], caption: 'Another text' }], media_ids: [] },
  }),
  '/v1/posts/{id}/retry': async (world) => {
    const post = await aFailedPost(world);
    return {
      path: `/v1/posts/${post.id}/retry`,
      // Later rather than now: nothing runs in the background to change the post between the two requests.
      body: { scheduled_at: inDays(1) },
      otherBody: { scheduled_at: inDays(2) },
      alsoWritten: async () => {
        const item = (await itemsOfUser(world.owner.userId)).find((i) => i.sk === `POST#${post.id}`)!;
        return { version: item.version, status: item.status, scheduled_at: item.scheduled_at };
      },
    };
  },
  '/v1/queue/posts': async ({ owner, account }) => {
    const slots = await weCallTheApi('PUT', `/api/queue/schedules/${account.id}`, { token: owner.accessToken, body: { slots: EVERY_DAY } });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    return {
      path: '/v1/queue/posts',
      body: { ...aComposeBody(account), media_ids: [] },
      otherBody: { platforms: [{ ...aComposeBody(account).platforms[0], caption: 'Another text' }], media_ids: [] },
    };
  },
};

async function aWorld(): Promise<World> {
  const owner = await aConfirmedUser({ plan: 'basic' });
  const account = await aConnectedAccount(owner.userId, 'facebook', 'Key page');
  return { owner, account, key: (await anApiKey(owner)).key };
}

/** What the workspace holds that a request could write a second time. */
async function writtenIn({ owner }: World, request: Request) {
  const items = await itemsOfUser(owner.userId);
  const ids = (prefix: string) => items.filter((i) => String(i.sk).startsWith(prefix)).map((i) => String(i.sk));
  const objects = await s3Client().send(new ListObjectsV2Command({ Bucket: process.env.MEDIA_BUCKET, Prefix: `${owner.userId}/` }));
  return {
    posts: ids('POST#').sort(),
    media: ids('MEDIA#').sort(),
    files: (objects.Contents ?? []).map((o) => o.Key).sort(),
    used: (await weCallTheApi('GET', '/api/usage', { token: owner.accessToken })).body.used as number,
    also: await request.alsoWritten?.(),
  };
}

const idempotentRoutes = PUBLIC_ROUTES.filter((route) => route.idempotent);

describe('the public API with an Idempotency-Key', { timeout: 120_000 }, () => {
  it('has a case here for every idempotent /v1 route', () => {
    expect(Object.keys(CASES).sort()).toEqual(idempotentRoutes.map((route) => route.path).sort());
  });

  describe.each(idempotentRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
    const prepare = (world: World) => {
      const makeRequest = CASES[route.path];
      if (!makeRequest) throw new Error(`No case for ${route.method} ${route.path}: add one to CASES`);
      return makeRequest(world);
    };

    it('sent twice with the same key: the same answer again, and nothing more written', async () => {
      const world = await aWorld();
      const request = await prepare(world);
      const idempotencyKey = randomUUID();
      const send = () => withKey('POST', request.path, world.key, { body: request.body, headers: { 'Idempotency-Key': idempotencyKey } });

      const first = await send();
      const afterFirst = await writtenIn(world, request);
      const again = await send();

      expect(first.status, JSON.stringify(first.body)).toBe(route.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await writtenIn(world, request)).toEqual(afterFirst);
    });

    it('refuses the same key with another request, writing nothing more', async () => {
      const world = await aWorld();
      const request = await prepare(world);
      const idempotencyKey = randomUUID();
      const first = await withKey('POST', request.path, world.key, { body: request.body, headers: { 'Idempotency-Key': idempotencyKey } });
      const afterFirst = await writtenIn(world, request);

      const other = await withKey('POST', request.path, world.key, { body: request.otherBody, headers: { 'Idempotency-Key': idempotencyKey } });

      expect(first.status, JSON.stringify(first.body)).toBe(route.status);
      expect([other.status, other.body?.error?.message]).toEqual([400, IDEMPOTENCY_MSG.otherRequest]);
      expect(await writtenIn(world, request)).toEqual(afterFirst);
    });
  });
});
