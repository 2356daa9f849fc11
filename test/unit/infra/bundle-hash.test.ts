import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleInputHash } from '../../../infra/constructs/bundle-hash';

/**
 * A function's bundle is reused from cdk.out while its input hash holds: the hash must move when
 * anything the bundle is built from changes (its entry, a module it imports through a relative path
 * or @shared, the lock file, the settings) and stay put when only other functions' code changes.
 */
const roots: string[] = [];
function aRepo(files: Record<string, string>): { root: string; write: (file: string, text: string) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-hash-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  for (const [file, text] of Object.entries({ 'package-lock.json': '{"v":1}', 'tsconfig.json': '{}', ...files })) write(file, text);
  return { root, write };
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('bundleInputHash', () => {
  const files = {
    'functions/handlers/a.ts': "import { run } from '../domain/run';\nexport const handler = run;\n",
    'functions/handlers/b.ts': "export const handler = async () => 'b';\n",
    'functions/domain/run.ts':
      "import type { Rule } from '@shared/rules';\nimport {\n  helper,\n} from './helper.js';\nexport const run = async (r?: Rule) => helper(r);\n",
    'functions/domain/helper.ts': "export * from '../lib/deep';\nexport const helper = (x: unknown) => x;\n",
    'functions/lib/deep.ts': "import 'zod';\nexport const deep = 1;\n",
    'shared/rules.ts': 'export interface Rule { a: number }\n',
  };
  const hashOf = (root: string, settings: unknown = { handler: 'a' }) => bundleInputHash(root, [path.join(root, 'functions/handlers/a.ts')], settings);

  it.each([
    ['its entry', 'functions/handlers/a.ts'],
    ['a module it imports (multi-line import, .js specifier)', 'functions/domain/helper.ts'],
    ['a module re-exported two hops away', 'functions/lib/deep.ts'],
    ['a @shared module it imports only for types', 'shared/rules.ts'],
    ['the lock file', 'package-lock.json'],
  ])('changes when %s changes', (_what, file) => {
    const repo = aRepo(files);
    const before = hashOf(repo.root);

    repo.write(file, `${fs.readFileSync(path.join(repo.root, file), 'utf8')}\n// changed\n`);

    expect(hashOf(repo.root)).not.toBe(before);
  });

  it('stays put when only another function changes, and moves with the bundling settings', () => {
    const repo = aRepo(files);
    const before = hashOf(repo.root);

    repo.write('functions/handlers/b.ts', "export const handler = async () => 'b2';\n");

    expect(hashOf(repo.root)).toBe(before);
    expect(hashOf(repo.root, { handler: 'a', minify: false })).not.toBe(before);
  });
});
