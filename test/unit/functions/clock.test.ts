import { describe, expect, it } from 'vitest';
import { defaultDeps } from '../../../functions/lib/clock';

describe('the default ids', () => {
  it('sort in the order they were made, even many within one millisecond', () => {
    // Act
    const ids = Array.from({ length: 2000 }, () => defaultDeps.newId());

    // Assess
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
