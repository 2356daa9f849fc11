import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs cite the repository's own docs/ (e.g. `docs/publishing.md#exactly-once`), never the
 * product spec, design or platform notes that lived outside it. Every cited page and anchor must exist,
 * with anchors as GitHub derives them from headings.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'cdk.out', 'test-results', '.git', '.local', '.cognito']);
const SCANNED = /\.(ts|tsx|js|cjs|mjs|md)$/;
const THIS_FILE = 'test/unit/docs-links.test.ts';

function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, … */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark && (fence === null || fence === fenceMark)) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    const heading = fence === null ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Citations of the documents that are not in the repository. RFC sections (`RFC 9700 §4.7`) are fine. */
export function outsideCitations(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const hits = [
      ...line.matchAll(/\b(?:spec|design|style)\s*§\s*\d[\d.]*/gi),
      ...line.matchAll(/\bSTYLE(?::|\s+habit)/g),
      ...line.matchAll(/(?:\.\.\/|\/work\/)shared\/[\w-]+\.md/g),
      ...line.matchAll(/(?<![\w/.[(-])platform-apis\.md/g),
    ].map((match) => match[0]);
    if (hits.length === 0 && /§/.test(line) && !/\bRFC \d+/.test(line)) hits.push(line.trim());
    found.push(...hits);
  }
  return found;
}

/** `docs/x.md#a, #b` in any file, and relative `[..](x.md#a)` links in markdown, as [page, anchor | null]. */
export function docsReferences(file: string, text: string): Array<[string, string | null]> {
  const refs: Array<[string, string | null]> = [];
  for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+?\.md)((?:#[\w-]+)(?:, #[\w-]+)*)?/g)) {
    const anchors = match[2]?.split(', ').map((anchor) => anchor.slice(1)) ?? [];
    if (anchors.length === 0) refs.push([match[1], null]);
    for (const anchor of anchors) refs.push([match[1], anchor]);
  }
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
      const [, target, anchor] = match;
      if (/^[a-z]+:/.test(target)) continue;
      const page = target === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), target));
      if (!page.endsWith('.md') && anchor) continue;
      refs.push([page, anchor ?? null]);
    }
  }
  return refs;
}

function brokenReferences(files: string[]): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const broken: string[] = [];
  for (const file of files) {
    for (const [page, anchor] of docsReferences(file, readFileSync(join(ROOT, file), 'utf8'))) {
      if (!existsSync(join(ROOT, page))) {
        broken.push(`${file}: ${page} does not exist`);
        continue;
      }
      if (anchor === null) continue;
      if (!anchorsOf.has(page)) anchorsOf.set(page, headingAnchors(readFileSync(join(ROOT, page), 'utf8')));
      if (!anchorsOf.get(page)?.has(anchor)) broken.push(`${file}: ${page}#${anchor} has no such heading`);
    }
  }
  return broken;
}

describe('references to the docs', () => {
  const files = sourceFiles().filter((file) => file !== THIS_FILE);

  it('scans the code, the tests and the docs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/publishing.md', 'functions/routes.ts', 'vitest.config.ts']));
  });

  it('cite no spec, design, style or platform-notes section outside the repository', () => {
    const cited = files.flatMap((file) => outsideCitations(readFileSync(join(ROOT, file), 'utf8')).map((hit) => `${file}: ${hit}`));
    expect(cited).toEqual([]);
  });

  it('point at pages and headings that exist', () => {
    expect(brokenReferences(files)).toEqual([]);
  });
});

/** Folders whose files a doc may name; build outputs (frontend/dist) are made, not kept. */
const SOURCE_ROOTS = ['functions', 'frontend/src', 'shared', 'local', 'infra', 'bin', 'scripts', 'test'];

/** Repository paths a markdown page names in backticks (`functions/data/posts.ts`, `local/services/`), without placeholders. */
export function namedPaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const match of markdown.matchAll(/`([\w./-]+?)\/?(?:[#:][^`]*)?`/g)) {
    const path = match[1];
    if (SOURCE_ROOTS.some((root) => path === root || path.startsWith(`${root}/`))) paths.push(path);
  }
  return paths;
}

describe('paths the docs name', () => {
  const pages = sourceFiles().filter((file) => file.endsWith('.md'));

  it('exist, so a reader who follows one finds the file', () => {
    const missing = pages.flatMap((page) =>
      namedPaths(readFileSync(join(ROOT, page), 'utf8'))
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('derive anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      [
        '# Threat model',
        '### 1. The browser and everything it sends',
        '## Capabilities: one declaration per function',
        '```sh',
        '# 1. Bootstrap each account',
        '```',
        '## Notes',
        '## Notes',
      ].join('\n'),
    );
    expect([...anchors]).toEqual(['threat-model', '1-the-browser-and-everything-it-sends', 'capabilities-one-declaration-per-function', 'notes', 'notes-1']);
  });

  it('find citations of the outside documents but not RFC sections or in-repo links', () => {
    const text = [
      '/** Post lifecycle (spec §4, DESIGN §6). */',
      '// Injected (STYLE habit 4).',
      '// Limits (§3.3).',
      'The full design is in `../shared/DESIGN.md`.',
      '// platform-apis.md §1.2',
      '// RFC 9700 §4.7, and docs/platform-apis.md#x-auth, [platform-apis.md](platform-apis.md#x-limits)',
    ].join('\n');
    expect(outsideCitations(text)).toEqual(['spec §4', 'DESIGN §6', 'STYLE habit', '// Limits (§3.3).', '../shared/DESIGN.md', 'platform-apis.md']);
  });

  it('read every anchor of a list and relative links in markdown', () => {
    expect(docsReferences('shared/x.ts', '(docs/product-rules.md#shell, #constants) and docs/data-model.md.')).toEqual([
      ['docs/product-rules.md', 'shell'],
      ['docs/product-rules.md', 'constants'],
      ['docs/data-model.md', null],
    ]);
    expect(docsReferences('docs/decisions/0001.md', '[a](../publishing.md#watchdog) [b](#context) [c](https://x.com/a#b)')).toEqual([
      ['docs/publishing.md', 'watchdog'],
      ['docs/decisions/0001.md', 'context'],
    ]);
  });

  it('read the repository paths a page names, not placeholders or build outputs', () => {
    const page = 'See `local/dynamo/index.ts`, `functions/handlers/<area>/x.ts`, `test/infra/synth.ts:12`, `local/services/` and `frontend/dist`.';
    expect(namedPaths(page)).toEqual(['local/dynamo/index.ts', 'test/infra/synth.ts', 'local/services']);
  });
});
