import { describe, expect, it } from 'vitest';
import { noticeRecipients, type NoticeKind, type Recipient } from '../../../functions/domain/notice-recipients';

/** A workspace with one member of each role, and a second Editor and Contributor. */
const members: Recipient[] = [
  { userId: 'owner', role: 'owner', email: 'owner@example.com' },
  { userId: 'admin', role: 'admin', email: 'admin@example.com' },
  { userId: 'editor', role: 'editor', email: 'editor@example.com' },
  { userId: 'editor-2', role: 'editor', email: null },
  { userId: 'contributor', role: 'contributor', email: 'c@example.com' },
  { userId: 'contributor-2', role: 'contributor', email: null },
];

const who = (kind: NoticeKind, parties: { authorId?: string | null; actorId?: string | null } = {}) =>
  noticeRecipients(kind, members, parties).map((m) => m.userId);

describe('who hears about what in a workspace', () => {
  it.each(['post_published', 'post_failed'] as const)('%s: the post’s author and the Admins and Owner, not the other Editors', (kind) => {
    expect(who(kind, { authorId: 'contributor' })).toEqual(['owner', 'admin', 'contributor']);
    expect(who(kind, { authorId: 'editor' })).toEqual(['owner', 'admin', 'editor']);
    // An Admin's own post: told once.
    expect(who(kind, { authorId: 'admin' })).toEqual(['owner', 'admin']);
  });

  it('a publishing outcome whose author left, or that has none, reaches the Admins and Owner only', () => {
    expect(who('post_failed', { authorId: 'gone' })).toEqual(['owner', 'admin']);
    expect(who('post_published', { authorId: null })).toEqual(['owner', 'admin']);
  });

  it.each(['connection_expiring', 'series_paused'] as const)('%s: the Admins and Owner, who reconnect accounts and change the plan', (kind) => {
    expect(who(kind, { authorId: 'editor' })).toEqual(['owner', 'admin']);
  });

  it('a submission: everyone who may approve, never the submitter', () => {
    expect(who('approval_requested', { actorId: 'contributor' })).toEqual(['owner', 'admin', 'editor', 'editor-2']);
    // An Editor who must ask (the setting on) is not asked to approve their own post.
    expect(who('approval_requested', { actorId: 'editor' })).toEqual(['owner', 'admin', 'editor-2']);
  });

  it('a decision: the author alone, unless they decided it themself', () => {
    expect(who('approval_decided', { authorId: 'contributor', actorId: 'editor' })).toEqual(['contributor']);
    expect(who('approval_decided', { authorId: 'editor', actorId: 'editor' })).toEqual([]);
    expect(who('approval_decided', { authorId: 'gone', actorId: 'editor' })).toEqual([]);
  });

  it('a client’s decision: everyone who may act on it, and the author of a post it sent back', () => {
    expect(who('client_decided', { actorId: null })).toEqual(['owner', 'admin', 'editor', 'editor-2']);
    expect(who('client_decided', { authorId: 'contributor', actorId: null })).toEqual(['owner', 'admin', 'editor', 'editor-2', 'contributor']);
  });
});
