import { describe, expect, it } from 'vitest';
import { CreatePostSchema, followUpProblems } from '@shared/compose';

const post = (platform: 'x' | 'instagram' | 'tiktok' | 'facebook' | 'threads', settings: Record<string, unknown>) =>
  CreatePostSchema.safeParse({ platforms: [{ platform, social_account_id: 'acc-1', caption: 'Hello', settings }] });
const messages = (r: ReturnType<typeof post>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('first comment and thread rules (docs/first-comment-and-threads.md#rules)', () => {
  it('accepts a first comment on Instagram, Facebook, YouTube and X', () => {
    for (const platform of ['instagram', 'facebook', 'x'] as const) expect(post(platform, { first_comment: 'Link in bio' }).success).toBe(true);
    expect(followUpProblems({ platform: 'youtube', settings: { first_comment: 'Chapters below' } })).toEqual([]);
  });

  it('refuses a first comment on TikTok, which has no comment API, with a clear message', () => {
    expect(messages(post('tiktok', { first_comment: 'Hi' }))).toContain("First comments aren't available on TikTok");
  });

  it("counts an X first comment with X's weighted length (280) and an Instagram one by characters (2,200)", () => {
    expect(messages(post('x', { first_comment: '日'.repeat(141) }))).toContain('X first comment exceeds limit of 280 characters (current: 282)');
    expect(post('instagram', { first_comment: '日'.repeat(2200) }).success).toBe(true);
    expect(messages(post('instagram', { first_comment: 'a'.repeat(2201) }))).toContain(
      'Instagram first comment exceeds limit of 2,200 characters (current: 2,201)',
    );
  });

  it('counts each thread part on its own and names the part that is too long or empty', () => {
    expect(post('x', { thread: ['a'.repeat(280), 'b'] }).success).toBe(true);
    expect(messages(post('x', { thread: ['ok', '日'.repeat(141)] }))).toEqual(["Part 3 of the thread exceeds X's limit of 280 characters (current: 282)"]);
    expect(messages(post('x', { thread: ['  '] }))).toEqual(['Part 2 of the thread is empty; write it or remove it']);
  });

  it('puts the problem on the part it belongs to, so compose can show it under that part', () => {
    const r = post('x', { thread: ['ok', ''] });
    expect(r.success ? [] : r.error.issues.map((i) => i.path)).toEqual([['platforms', 0, 'settings', 'thread', 1]]);
  });

  it('takes a thread on Threads with its own 500-character parts', () => {
    expect(post('threads', { thread: ['a'.repeat(500)] }).success).toBe(true);
    expect(messages(post('threads', { thread: ['ok', 'a'.repeat(501)] }))).toEqual([
      "Part 3 of the thread exceeds Threads' limit of 500 characters (current: 501)",
    ]);
  });

  it('refuses thread parts anywhere but X and Threads, and more than 25 posts in one thread', () => {
    expect(messages(post('facebook', { thread: ['two'] }))).toEqual(['Threads are only available on X and Threads']);
    expect(messages(post('x', { thread: Array.from({ length: 25 }, (_, i) => `part ${i + 2}`) }))).toEqual(['A thread has at most 25 parts']);
    expect(post('x', { thread: Array.from({ length: 24 }, (_, i) => `part ${i + 2}`) }).success).toBe(true);
  });
});
