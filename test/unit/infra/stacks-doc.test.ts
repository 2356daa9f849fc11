import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('docs/infrastructure.md', () => {
  it('lists every nested stack the app stack creates, and no other', () => {
    // Arrange
    const created = [...read('infra/app-stack.ts').matchAll(/new NestedStack\(this, '(\w+)'/g)].map((match) => match[1]);
    const documented = [...read('docs/infrastructure.md').matchAll(/^\| `…\/(\w+)` \(nested\)/gm)].map((match) => match[1]);

    // Assess
    expect(created.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(created.sort());
  });
});
