import { describe, expect, it } from 'vitest';
import { captionLength, captionProblem, xWeightedLength } from '@shared/compose';

/**
 * The hand-written X counter (a 30-TLD list, since replaced) against twitter-text, X's own
 * library. `before` is what the hand-written counter said (recorded before the switch); `after` is
 * X's count. Where they differ, twitter-text is right: X links every TLD it knows.
 */
const CASES: { name: string; text: string; before: number; after: number }[] = [
  { name: 'Latin text', text: 'Hello, world', before: 12, after: 12 },
  { name: 'CJK', text: '日本語', before: 6, after: 6 },
  { name: 'a ZWJ family emoji', text: '👨\u200D👩\u200D👧\u200D👦', before: 2, after: 2 },
  { name: 'a flag', text: '🇿🇦', before: 2, after: 2 },
  { name: 'a keycap', text: '1️⃣', before: 2, after: 2 },
  { name: 'a URL with a common TLD', text: 'Read https://example.com/post, then www.example.org.', before: 59, after: 59 },
  { name: 'an e-mail address', text: 'me@example.com', before: 14, after: 14 },
  { name: 'bare domains with unusual TLDs', text: 'see example.museum and shop.berlin and x.photography', before: 52, after: 83 },
  { name: 'a .ninja domain', text: 'go to nic.ninja', before: 15, after: 29 },
  { name: 'a Korean IDN with CJK weight', text: '예시.한국 테스트', before: 16, after: 16 },
];

describe('X weighted length: twitter-text against the hand-written counter it replaced', () => {
  it.each(CASES)('counts $name as X does ($after; hand-written said $before)', ({ text, after }) => {
    expect(xWeightedLength(text)).toBe(after);
    expect(captionLength('x', text)).toBe(after);
  });

  it('never counts less than the hand-written counter did (a link it missed now costs 23, not its length)', () => {
    for (const c of CASES) expect(xWeightedLength(c.text)).toBeGreaterThanOrEqual(c.before);
  });

  it('refuses a caption that only fits when a .photography link is counted by its letters', () => {
    // 250 letters + " " + a 27-letter bare link: 278 by its letters (the old count), 274 as X counts it.
    const fits = `${'a'.repeat(250)} studio.photography/abcdefgh`;
    expect(xWeightedLength(fits)).toBe(274);
    expect(captionProblem('x', fits)).toBeNull();
    // 262 letters + a link counted 23 by X = 286: over, though its letters alone (15) made 278.
    const over = `${'a'.repeat(262)} nic.photography`;
    expect(captionProblem('x', over)?.message).toBe('X caption exceeds limit of 280 characters (current: 286)');
  });
});
