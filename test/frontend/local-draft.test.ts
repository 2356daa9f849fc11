import { beforeEach, describe, expect, it } from 'vitest';
import type { ComposeDraft } from '@/features/compose/lib/build-post';
import { loadLocalDraft, saveLocalDraft } from '@/features/compose/lib/local-draft';

/**
 * Every field the Compose form holds comes back from the browser draft. `Required<ComposeDraft>`
 * makes a new form field a type error here until it is given a value, and then this round trip
 * fails until the draft keeps it.
 */
const everyField: Required<ComposeDraft> = {
  platforms: ['x', 'tiktok', 'youtube'],
  accountIds: { x: ['x1'], tiktok: ['t1'], youtube: ['y1'] },
  captions: { x: 'Part one', tiktok: 'Dough', youtube: 'Shaping' },
  title: 'How we shape a loaf',
  tiktok: { tiktok_privacy_level: 'PUBLIC_TO_EVERYONE', tiktok_allow_comment: true, tiktok_commercial: false },
  // Derived from the TikTok panel on every render, and from the uploads: not the user's input.
  tiktokProblem: null,
  scheduleLocal: '2030-07-01T09:00',
  mediaIds: [],
  // Each file's alt text is kept with the file (below), not in the form's fields.
  mediaAlt: {},
  clientId: 'client-1',
  firstComments: { x: 'Recipe below', youtube: 'Subscribe' },
  threadParts: ['Part two', 'Part three'],
  pinterest: { boards: { p1: 'b1' }, title: 'A loaf', link: 'https://example.com/loaf', altText: 'A round loaf' },
};

describe('the Compose draft kept in this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('round-trips every form field and the Repeat rule', () => {
    const repeat = { frequency: 'weekly' as const, interval: 2, weekdays: ['MO' as const, 'TH' as const], end: { type: 'on' as const, date: '2030-12-31' } };

    saveLocalDraft('alice', everyField, [], repeat);
    const restored = loadLocalDraft('alice');

    expect(restored?.draft).toEqual(everyField);
    expect(restored?.repeat).toEqual(repeat);
    expect(restored?.notKept).toEqual([]);
  });

  it('keeps a half-typed Repeat rule as typed rather than dropping the draft', () => {
    saveLocalDraft('alice', everyField, [], { frequency: 'daily', interval: 0, end: { type: 'after', count: 0 } });

    expect(loadLocalDraft('alice')?.repeat).toEqual({ frequency: 'daily', interval: 0, end: { type: 'after', count: 0 } });
  });

  it("keeps each uploaded image's alt text with it", () => {
    const stored = {
      id: 'm1',
      post_id: null,
      file_path: 'alice/loaf.png',
      file_type: 'image/png',
      file_size: 4,
      url: 'https://media.example/loaf.png',
      created_at: '2026-03-20T12:00:00.000Z',
    };
    const loaf = { localId: 'l1', name: 'loaf.png', kind: 'image' as const, progress: 100, previewUrl: null, stored, video: null };

    saveLocalDraft('alice', everyField, [
      { ...loaf, altText: 'A round loaf on a board' },
      { ...loaf, localId: 'l2', stored: { ...stored, id: 'm2' } },
    ]);

    expect(loadLocalDraft('alice')?.media.map((m) => [m.stored?.id, m.altText])).toEqual([
      ['m1', 'A round loaf on a board'],
      ['m2', undefined],
    ]);
  });
});
