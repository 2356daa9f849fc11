import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOB_GROUPS } from '../../../functions/jobs';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('docs/infrastructure.md', () => {
  it('lists every nested stack the app stack creates, and no other', () => {
    // Arrange
    // The app stack names some; each job group with `nested` gets one named by the job table.
    const created = [
      ...[...read('infra/app-stack.ts').matchAll(/new NestedStack\(this, '(\w+)'/g)].map((match) => match[1]),
      ...Object.values(JOB_GROUPS).flatMap((group) => ('nested' in group ? [group.nested.stackId] : [])),
    ];
    const documented = [...read('docs/infrastructure.md').matchAll(/^\| `…\/(\w+)` \(nested\)/gm)].map((match) => match[1]);

    // Assess
    expect(created.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(created.sort());
  });
});
