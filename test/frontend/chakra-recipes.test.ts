import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystem, defaultConfig, defaultSystem } from '@chakra-ui/react';
import { LAZY_RECIPES, system } from '@/components/ui/system';

/**
 * The design system carries only the recipes the app uses (components/ui/system.ts), and a component
 * whose recipe is missing renders unstyled without a word. So: every Chakra component the app imports
 * from '@chakra-ui/react', and every Chakra component those are built from, must find the recipe it
 * finds in Chakra's full default system.
 */
const SRC = path.resolve(import.meta.dirname, '../../frontend/src');
const CHAKRA = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

/** The names the app imports from '@chakra-ui/react' (values, not types). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const [, list] of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const item of list!.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The module of Chakra's ESM build that defines an export of the package root; null: re-exported from Ark UI. */
function moduleOf(name: string): string | null {
  const index = fs.readFileSync(path.join(CHAKRA, 'index.js'), 'utf8');
  const direct = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`).exec(index);
  if (direct && !new RegExp(`\\w+ as ${name}\\b`).test(direct[0])) return direct[1]!.startsWith('@ark-ui/') ? null : path.join(CHAKRA, direct[1]!);
  const alias = new RegExp(`export \\{ (\\S+) as ${name} \\}`).exec(index);
  const namespace = alias && new RegExp(`import \\* as ${alias[1]!.replace('$', '\\$')} from '(\\./[^']+)'`).exec(index);
  if (namespace) return path.join(CHAKRA, namespace[1]!);
  throw new Error(`@chakra-ui/react: cannot find where ${name} is defined`);
}

/** The recipe keys a Chakra module and the Chakra components it imports ask the system for. */
function recipeKeys(file: string | null, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (!file || seen.has(file)) return keys;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const [, key] of code.matchAll(/(?:createSlotRecipeContext|createRecipeContext|useSlotRecipe|useRecipe)\(\s*\{\s*key:\s*"([^"]+)"/g)) keys.add(key!);
  for (const [, spec] of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const next = path.resolve(path.dirname(file), spec!);
    if (next.startsWith(path.join(CHAKRA, 'components'))) for (const key of recipeKeys(next, seen)) keys.add(key);
  }
  return keys;
}

describe('the design system', () => {
  const used = new Map([...importedNames()].map((name) => [name, recipeKeys(moduleOf(name))]));

  it('finds the recipes the app’s Chakra components are built on', () => {
    // The scan itself: a Checkbox asks for its own recipe and the checkmark's; an IconButton, the button's.
    expect(used.get('Checkbox')).toEqual(new Set(['checkbox', 'checkmark']));
    expect(used.get('IconButton')).toEqual(new Set(['button', 'spinner']));
    expect(used.get('Box')).toEqual(new Set());
  });

  it.each([...used].filter(([, keys]) => keys.size > 0))('has every recipe %s needs', (_name, keys) => {
    const missing = [...keys].filter((key) => defaultSystem.hasRecipe(key) && !system.hasRecipe(key) && !(key in LAZY_RECIPES));
    expect(missing).toEqual([]);
  });

  it('leaves out only recipes whose every root is handed its recipe', () => {
    for (const key of Object.keys(LAZY_RECIPES)) expect(system.hasRecipe(key)).toBe(false);
    const unstyled: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const code = fs.readFileSync(file, 'utf8');
      for (const [key, component] of Object.entries(LAZY_RECIPES)) {
        // <Dialog.Root …>, or a local alias of it (Tooltip as ChakraTooltip).
        const alias = new RegExp(`\\b${component} as (\\w+)`).exec(code)?.[1];
        for (const name of [component, alias].filter(Boolean)) {
          for (const root of code.matchAll(new RegExp(`<${name}\\.Root(Provider)?\\b[^<]*`, 'g'))) {
            if (!root[0].includes(`recipe={${key}SlotRecipe}`)) unstyled.push(`${path.relative(SRC, file)}: ${root[0].slice(0, 40)}`);
          }
        }
      }
    }
    expect(unstyled).toEqual([]);
  });

  it('is otherwise what it was on top of Chakra’s defaultConfig: the same tokens, global CSS and recipes', () => {
    const full = createSystem(defaultConfig, system._config);
    expect(system.getTokenCss()).toEqual(full.getTokenCss());
    expect(system.getGlobalCss()).toEqual(full.getGlobalCss());
    expect(system.getPreflightCss()).toEqual(full.getPreflightCss());
    expect(system._config.theme?.textStyles).toEqual(full._config.theme?.textStyles);
    for (const key of Object.keys(system._config.theme?.recipes ?? {})) expect(system.getRecipe(key)).toEqual(full.getRecipe(key));
    for (const key of Object.keys(system._config.theme?.slotRecipes ?? {})) expect(system.getSlotRecipe(key)).toEqual(full.getSlotRecipe(key));
  });
});
