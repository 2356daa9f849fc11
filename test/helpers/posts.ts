import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { SocialAccount } from '@shared/accounts';
import type { PlanId } from '@shared/plans';
import type { Platform } from '@shared/platforms';
import type { Post } from '@shared/posts';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { upsertConnection } from '../../functions/data/connections';
import { mediaIdForKey, newObjectKey } from '../../functions/data/keys';
import { putMediaRowOnce, type MediaRow } from '../../functions/data/media';
import { putNewPost, type PostRecord } from '../../functions/data/posts';
import { aPostRecord } from './post-record';

export { aPostRecord } from './post-record';
import { s3Client } from '../../functions/lib/aws';
import { aSubscription } from './given';
import { weCallTheApi } from './when';

/** Given-steps for the posts API: tests may seed accounts and plans straight into the table. */
export async function aConnectedAccount(userId: string, platform: Platform, name = `My ${platform}`): Promise<SocialAccount> {
  const profile = { platform, account_id: `${platform}-${randomUUID().slice(0, 8)}`, account_name: name, picture_url: null };
  return upsertConnection(userId, profile, ulid(), new Date());
}

/** An active paid subscription whose period ends in 30 days. */
export const aPaidPlan = (userId: string, plan: Exclude<PlanId, 'free'>): Promise<void> => aSubscription(userId, plan);

/** An ISO time `days` days (and `minutes` minutes) from now, in UTC. */
export const inDays = (days: number, minutes = 0) => new Date(Date.now() + days * 86_400_000 + minutes * 60_000).toISOString();

/** A compose body for one account. */
export function aComposeBody(account: SocialAccount, overrides: Record<string, unknown> = {}) {
  return { platforms: [{ platform: account.platform, social_account_id: account.id, caption: `Hello from ${account.platform}` }], ...overrides };
}

/** A post made through `POST /api/posts` as Compose sends it; the test stops unless it was created. */
export async function aCreatedPost(token: string, body: Record<string, unknown>): Promise<Post> {
  const res = await weCallTheApi('POST', '/api/posts', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

/** A post written straight to the table, in any status (the publisher's statuses included). */
export async function aStoredPost(userId: string, account: SocialAccount, overrides: Partial<PostRecord> = {}): Promise<PostRecord> {
  const post = aPostRecord(account, overrides);
  await putNewPost(userId, post);
  return post;
}

/** An uploaded image: the object in the media bucket and its unattached row, as confirm leaves them. */
export async function aMediaFile(userId: string): Promise<MediaRow> {
  const key = newObjectKey(userId, 'png', new Date(), randomUUID().replace(/-/g, '').slice(0, 8));
  await s3Client().send(new PutObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key, Body: Buffer.from('png'), ContentType: 'image/png' }));
  return putMediaRowOnce(userId, {
    id: mediaIdForKey(userId, key)!,
    post_id: null,
    file_path: key,
    file_type: 'image/png',
    file_size: 3,
    created_at: new Date().toISOString(),
  });
}
