import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The input hash of a handler's bundle, so `cdk synth` bundles a function only when something it
 * is built from changed. CDK skips bundling when `cdk.out/asset.<hash>` already exists for a custom
 * asset hash; with the default output hash it must bundle every function to learn the hash (77
 * esbuild runs, minutes, on every synth).
 *
 * The hash covers the entry and every project file it reaches through static imports (relative
 * paths and the `@shared/*` alias, as tsconfig maps it), the lock file (the versions of every
 * package the bundle inlines), tsconfig.json, and `settings` (the bundling options). A specifier
 * this walk cannot resolve to a project file is a package, covered by the lock file.
 */
export function bundleInputHash(repoRoot: string, entries: readonly string[], settings: unknown): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of ['package-lock.json', 'tsconfig.json']) hash.update(fs.readFileSync(path.join(repoRoot, file)));
  for (const file of [...reachableFiles(repoRoot, entries)].sort()) {
    hash.update(path.relative(repoRoot, file));
    hash.update(readCached(file));
  }
  return hash.digest('hex');
}

const IMPORT = /(?:^|[\s;}])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]([^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];

/** Files read once per synth (77 functions walk mostly the same modules), again once they change. */
const contents = new Map<string, { stamp: string; text: string }>();
function readCached(file: string): string {
  const { mtimeMs, size } = fs.statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  const cached = contents.get(file);
  if (cached?.stamp === stamp) return cached.text;
  const text = fs.readFileSync(file, 'utf8');
  contents.set(file, { stamp, text });
  return text;
}

function resolveSpecifier(repoRoot: string, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@shared/')
    ? path.join(repoRoot, 'shared', specifier.slice('@shared/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, '.ts')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

function reachableFiles(repoRoot: string, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.json')) continue;
    for (const match of readCached(file).matchAll(IMPORT)) {
      const resolved = resolveSpecifier(repoRoot, file, match[1] ?? match[2]!);
      if (resolved && !seen.has(resolved)) queue.push(resolved);
    }
  }
  return seen;
}
