import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own lint config refuses a stored key spelled outside functions/data/keys.ts
 * (docs/data-model.md#keys). Only that rule runs here, and without the type program: the question
 * is which files the config applies it to and what it catches, not the whole lint.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'keys/no-key-literals';
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function findings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('the key-literal lint rule', () => {
  it('refuses a key prefix in a string in the domain', async () => {
    const found = await findings('functions/domain/probe.ts', "export const prefix = 'POST#';\n");
    expect(found).toEqual(["'POST#' looks like a stored key: build it with functions/data/keys.ts (add a builder there if none fits)."]);
  });

  it('refuses a key built in a template literal in another repository of data/', async () => {
    const found = await findings('functions/data/probe.ts', 'export const pk = (id: string) => `USER#${id}`;\n');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'USER#'");
  });

  it('refuses keys in the local cloud, shared code and scripts, also in a type', async () => {
    expect(await findings('local/probe.ts', "export const k = { pk: 'QUOTA#youtube', sk: `DAY#${'x'}` };\n")).toHaveLength(2);
    expect(
      await findings('shared/probe.ts', "export type Pointer = `STRIPECUSTOMER#${string}`;\nexport const p: Pointer = 'STRIPECUSTOMER#cus_1';\n"),
    ).toHaveLength(2);
    expect(await findings('scripts/probe.ts', "export const sk = 'METRICS_DUE#1';\n")).toHaveLength(1);
  });

  it('refuses a regular expression that takes a key apart', async () => {
    const found = await findings('functions/publishing/probe.ts', "export const idOf = (pk: string) => pk.replace(/^USER#/, '');\n");
    expect(found).toEqual(["'USER#' looks like a stored key: build it with functions/data/keys.ts (add a builder there if none fits)."]);
  });

  it('lets the keys module spell keys, and tests assert the stored shape', async () => {
    expect(await findings('functions/data/keys.ts', 'export const userPk = (id: string) => `USER#${id}`;\n')).toEqual([]);
    expect(await findings('test/integration/probe.test.ts', "export const sk = 'SETTINGS';\nexport const pk = `USER#${'u1'}`;\n")).toEqual([]);
  });

  it('leaves text that is not a key alone', async () => {
    const code = "export const texts = ['post-1', '#fff', 'Post#1', 'A #1 hit', `${'USER'}#x`, 'SETTINGS'];\n";
    expect(await findings('functions/domain/probe.ts', code)).toEqual([]);
  });
});
