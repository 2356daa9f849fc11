import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and test names say why in the code's own terms. An issue number means nothing to a reader
 * of the repository (the tracker is not part of it); history keeps which issue asked for a change.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['functions', 'frontend/src', 'shared', 'local', 'infra', 'bin', 'scripts', 'test'];
const ISSUE_CITATION = /\bissues? #?\d+(?:\.\d+)?\b/i;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : codeFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the code', () => {
  it('cites no issue numbers in comments or test names', () => {
    const citations = FOLDERS.flatMap((folder) => codeFiles(join(ROOT, folder)))
      .filter((file) => !file.endsWith('code-comments.test.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (ISSUE_CITATION.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(citations).toEqual([]);
  });
});
