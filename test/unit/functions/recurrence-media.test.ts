import type { SocialAccount } from '@shared/accounts';
import { PLANS } from '@shared/plans';
import { RepeatSchema, REPEAT_MESSAGES, type RepeatInput } from '@shared/recurrence';
import { YOUTUBE_NEEDS_VIDEO_MESSAGE } from '@shared/media-rules';
import { describe, expect, it } from 'vitest';
import type { PostRecord, StoredMedia } from '../../../functions/data/posts';
import type { SeriesRecord } from '../../../functions/data/recurrence';
import { extendSeries, templateFilesGone, type OccurrenceStore } from '../../../functions/domain/recurrence';
import type { Deps } from '../../../functions/lib/clock';

/**
 * A series carries media as a template, and each occurrence it makes gets its own
 * copies of the files. The store is in memory and keeps what S3 and the table would hold (objects,
 * media rows and their owner, posts, usage, schedules), so a test sees what was left behind.
 */
const USER = 'user-1';
const NOW = new Date('2026-11-23T08:00:00.000Z');
const BASIC = PLANS.find((p) => p.id === 'basic')!;
const PRO = PLANS.find((p) => p.id === 'pro')!;

const instagram: SocialAccount = {
  id: 'acc-ig',
  platform: 'instagram',
  account_id: 'ig-1',
  account_name: '@bakery',
  picture_url: null,
  is_connected: true,
  needs_reconnect: false,
  created_at: '2026-11-01T00:00:00.000Z',
};
const youtube: SocialAccount = { ...instagram, id: 'acc-yt', platform: 'youtube', account_id: 'yt-1', account_name: 'Bakery TV' };

const aFile = (name: string, overrides: Partial<StoredMedia> = {}): StoredMedia => ({
  id: `template-${name}`,
  file_path: `${USER}/1763884800000-${name}.jpg`,
  file_type: 'image/jpeg',
  file_size: 120_000,
  created_at: '2026-11-22T08:00:00.000Z',
  file_name: `${name}.jpg`,
  width: 1080,
  height: 1080,
  ...overrides,
});

class MemoryWorld implements OccurrenceStore {
  readonly objects = new Set<string>();
  /** media row id → its owner (a post id, or the series) */
  readonly rows = new Map<string, string>();
  readonly posts = new Map<string, PostRecord>();
  readonly usage = new Map<string, number>();
  readonly schedules = new Set<string>();
  copies = 0;
  /** Which copy calls fail (1-based), as S3 would with a 503 SlowDown. */
  failCopy: (call: number) => boolean = () => false;
  failPut = false;
  plan = BASIC;

  constructor(
    readonly accounts: SocialAccount[],
    template: StoredMedia[],
  ) {
    for (const m of template) {
      this.objects.add(m.file_path);
      this.rows.set(m.id, 'SERIES#s-1');
    }
  }

  async context() {
    return { plan: this.plan, connections: this.accounts };
  }
  async claimUsage(_userId: string, month: string, limit: number) {
    const used = this.usage.get(month) ?? 0;
    if (used >= limit) return false;
    this.usage.set(month, used + 1);
    return true;
  }
  async releaseUsage(_userId: string, month: string) {
    this.usage.set(month, (this.usage.get(month) ?? 0) - 1);
  }
  async copyMedia(userId: string, media: readonly StoredMedia[], owner: string) {
    const call = ++this.copies;
    const made: StoredMedia[] = [];
    for (const [i, m] of media.entries()) {
      if (this.failCopy(call) && i === media.length - 1) {
        // What copyMediaToPost does on a failure: what it copied goes again.
        await this.deleteMedia(userId, made);
        throw Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
      }
      if (!this.objects.has(m.file_path)) throw new Error(`NoSuchKey ${m.file_path}`);
      const copy = { ...m, id: `copy-${call}-${i}`, file_path: `${userId}/copy-${call}-${i}.jpg` };
      this.objects.add(copy.file_path);
      this.rows.set(copy.id, owner);
      made.push(copy);
    }
    return made;
  }
  async deleteMedia(_userId: string, media: readonly StoredMedia[]) {
    for (const m of media) {
      this.objects.delete(m.file_path);
      this.rows.delete(m.id);
    }
  }
  async putPost(_userId: string, post: PostRecord) {
    if (this.failPut) throw new Error('ProvisionedThroughputExceededException');
    this.posts.set(post.id, structuredClone(post));
  }
  async deletePostItem(_userId: string, postId: string) {
    this.posts.delete(postId);
  }
  async schedule(_userId: string, post: PostRecord) {
    this.schedules.add(post.id);
  }

  usedInTotal() {
    return [...this.usage.values()].reduce((a, b) => a + b, 0);
  }
}

function aSeries(repeat: RepeatInput, template: StoredMedia[], account: SocialAccount = instagram): SeriesRecord {
  return {
    id: 's-1',
    user_id: USER,
    repeat: RepeatSchema.parse(repeat),
    timezone: 'UTC',
    starts_at: '2026-11-24T09:00:00.000Z',
    base_index: 0,
    next_index: 0,
    template: {
      title: null,
      client_id: null,
      platforms: [{ platform: account.platform, social_account_id: account.id, caption: 'Fresh bread today', settings: {} }],
      media: template,
    },
    status: 'active',
    notice: null,
    missed: [],
    upcoming: [],
    due_at: null,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
  };
}

let ids = 0;
const deps: Deps = { now: () => NOW, newId: () => `id-${String(++ids).padStart(4, '0')}` };

describe('each occurrence owns copies of the template', () => {
  it('gives every occurrence made its own copy of each file, attached to it, and never hands out the template file', async () => {
    // Prepare: daily, five times; all five fall in the week ahead.
    const template = [aFile('loaf'), aFile('croissant')];
    const world = new MemoryWorld([instagram], template);

    // Act
    const series = await extendSeries(USER, aSeries({ frequency: 'daily', end: { type: 'after', count: 5 } }, template), deps, world);

    // Assess
    const posts = [...world.posts.values()];
    expect(posts).toHaveLength(5);
    const paths = posts.flatMap((p) => p.media.map((m) => m.file_path));
    expect(new Set(paths).size).toBe(10);
    expect(paths.some((p) => template.some((t) => t.file_path === p))).toBe(false);
    for (const post of posts) {
      expect(post.media.map((m) => m.file_name)).toEqual(['loaf.jpg', 'croissant.jpg']);
      for (const m of post.media) expect([world.objects.has(m.file_path), world.rows.get(m.id)]).toEqual([true, post.id]);
    }
    expect(world.usedInTotal()).toBe(5);
    // The fifth was the last: the series ends and no longer names its template, whose files are then deleted.
    expect(series.status).toBe('ended');
    expect(series.template.media).toEqual([]);
    expect(templateFilesGone(template, series)).toEqual(template);
  });

  it('keeps the template while the series goes on', async () => {
    const template = [aFile('loaf')];
    const world = new MemoryWorld([instagram], template);

    const series = await extendSeries(USER, aSeries({ frequency: 'weekly' }, template), deps, world);

    expect(series.status).toBe('active');
    expect(series.template.media).toEqual(template);
    expect(templateFilesGone(template, series)).toEqual([]);
  });
});

describe('a copy that fails', () => {
  it('pauses the series with the reason and writes nothing for that occurrence; the next sweep goes on', async () => {
    // Prepare: the third occurrence's copy fails part-way (S3 503 on its second file).
    const template = [aFile('loaf'), aFile('croissant')];
    const world = new MemoryWorld([instagram], template);
    world.failCopy = (call) => call === 3;

    // Act
    const paused = await extendSeries(USER, aSeries({ frequency: 'daily', end: { type: 'after', count: 5 } }, template), deps, world);

    // Assess: two made, the third not at all: no post, no schedule, no copy, its allowance given back.
    expect([paused.status, paused.notice, paused.next_index]).toEqual(['paused', REPEAT_MESSAGES.mediaCopy, 2]);
    expect(world.posts.size).toBe(2);
    expect(world.schedules.size).toBe(2);
    expect(world.usedInTotal()).toBe(2);
    expect([...world.objects].sort()).toEqual(
      [...template.map((t) => t.file_path), ...[...world.posts.values()].flatMap((p) => p.media.map((m) => m.file_path))].sort(),
    );
    expect(paused.template.media).toEqual(template);

    // Act: the next sweep, S3 answering again
    world.failCopy = () => false;
    const resumed = await extendSeries(USER, paused, deps, world);

    // Assess
    expect([resumed.status, resumed.notice]).toEqual(['ended', null]);
    expect(world.posts.size).toBe(5);
    expect(world.usedInTotal()).toBe(5);
  });

  it('deletes the copies again when the post cannot be written after them', async () => {
    const template = [aFile('loaf')];
    const world = new MemoryWorld([instagram], template);
    world.failPut = true;

    const paused = await extendSeries(USER, aSeries({ frequency: 'weekly' }, template), deps, world);

    expect(paused.status).toBe('paused');
    expect(world.posts.size).toBe(0);
    expect([...world.objects]).toEqual([template[0]!.file_path]);
    expect([...world.rows.keys()]).toEqual([template[0]!.id]);
    expect(world.usedInTotal()).toBe(0);
  });

  it('checks each occurrence with the media rules: an image template cannot make a YouTube Short, and nothing is copied', async () => {
    const template = [aFile('loaf')];
    const world = new MemoryWorld([youtube], template);
    world.plan = PRO;

    const paused = await extendSeries(USER, aSeries({ frequency: 'weekly' }, template, youtube), deps, world);

    expect([paused.status, paused.notice]).toEqual(['paused', YOUTUBE_NEEDS_VIDEO_MESSAGE]);
    expect([world.copies, world.posts.size, world.usedInTotal()]).toEqual([0, 0, 0]);
  });
});

describe('"all following" with new media', () => {
  it('re-makes the following occurrences from the new template; the old template files are to be deleted, and the new ones once it ends', async () => {
    // Prepare: the series restarted by an edit whose template is now a video (a copy of the new upload).
    const old = [aFile('loaf')];
    const video = aFile('clip', { id: 'template-clip', file_path: `${USER}/1763884800000-clip.mp4`, file_type: 'video/mp4', file_name: 'clip.mp4' });
    const world = new MemoryWorld([instagram], [...old, video]);
    const before = aSeries({ frequency: 'daily', end: { type: 'after', count: 3 } }, old);
    const restarted = { ...before, template: { ...before.template, media: [video] } };

    // Act
    const after = await extendSeries(USER, restarted, deps, world);

    // Assess
    expect([...world.posts.values()].map((p) => p.media.map((m) => [m.file_type, m.file_name]))).toEqual([
      [['video/mp4', 'clip.mp4']],
      [['video/mp4', 'clip.mp4']],
      [['video/mp4', 'clip.mp4']],
    ]);
    expect(templateFilesGone(old, restarted)).toEqual(old);
    // All three made at once: the series ends, and the new template's files go as well.
    expect(after.status).toBe('ended');
    expect(templateFilesGone([video], after)).toEqual([video]);
  });
});

describe('an occurrence edited on its own', () => {
  it('keeps its time when the rule is made again: no second post there, and it counts as one of the "after N times"', async () => {
    // Prepare: the rule made again from its first occurrence (an "all following" edit), daily at
    // 09:00 five times; the second occurrence (25 Nov 09:00) was edited on its own, and one that
    // held a time now past is no longer needed.
    const template = [aFile('loaf')];
    const world = new MemoryWorld([instagram], template);
    const restarted = {
      ...aSeries({ frequency: 'daily', end: { type: 'after', count: 5 } }, template),
      next_index: 1,
      detached_times: ['2026-11-25T09:00:00.000Z', '2026-11-20T09:00:00.000Z'],
    };

    // Act
    const series = await extendSeries(USER, restarted, deps, world);

    // Assess
    expect([...world.posts.values()].map((p) => [p.scheduled_at, p.series?.index])).toEqual([
      ['2026-11-26T09:00:00.000Z', 2],
      ['2026-11-27T09:00:00.000Z', 3],
      ['2026-11-28T09:00:00.000Z', 4],
    ]);
    expect(series.status).toBe('ended');
    expect(world.usedInTotal()).toBe(3);
    expect(series.detached_times).toEqual(['2026-11-25T09:00:00.000Z']);
  });
});
