import { describe, expect, it } from 'vitest';
import { needsApproval, RequestChangesBodySchema, SubmitPostBodySchema } from '@shared/approvals';

describe('who must ask for approval (docs/approvals.md#who-must-ask)', () => {
  it.each([
    ['contributor', false, true],
    ['contributor', true, true],
    ['editor', false, false],
    ['editor', true, true],
    ['admin', true, false],
    ['owner', true, false],
  ] as const)('a %s, with "Posts need approval" %s, asks: %s', (role, on, asks) => {
    expect(needsApproval(role, on)).toBe(asks);
  });
});

describe('the approval bodies', () => {
  it('refuses a comment of only spaces with a clear message, and keeps the comment trimmed', () => {
    const blank = RequestChangesBodySchema.safeParse({ version: 2, comment: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Say what should change.');
    expect(RequestChangesBodySchema.parse({ version: 2, comment: '  Shorter  ' })).toEqual({ version: 2, comment: 'Shorter' });
  });

  it('needs a time to submit a draft for approval', () => {
    expect(SubmitPostBodySchema.safeParse({ version: 1 }).success).toBe(false);
    expect(SubmitPostBodySchema.safeParse({ version: 1, scheduled_at: '2030-07-01T09:00:00.000Z' }).success).toBe(true);
  });
});
