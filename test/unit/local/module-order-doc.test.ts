import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../../local/cloud';

/** The numbered list of bold module names under the opening paragraph of docs/local-cloud.md. */
function documentedOrder(): string[] {
  const page = readFileSync(new URL('../../../docs/local-cloud.md', import.meta.url), 'utf8');
  return [...page.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]!);
}

describe('docs/local-cloud.md', () => {
  it('lists the local cloud modules in the order local/cloud.ts starts them', () => {
    expect(documentedOrder()).toEqual(MODULES.map((module) => module.name));
  });
});
