// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import keyLiterals from './eslint.key-literals.js';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint` (part of `npm test`, with --max-warnings 0 so a warning fails CI too).
 * - typescript-eslint's recommended rules everywhere, plus the type-aware rules that catch real
 *   bugs (a promise nobody awaits, an async function where a void callback is expected, ...) on the
 *   product code;
 * - react-hooks' recommended rules on the SPA;
 * - the layers (eslint-plugin-boundaries): functions/ handlers → domain → data | platforms → lib,
 *   with the publishing engine as one vertical module (functions/publishing: model ← ports ← use
 *   cases, adapters behind the ports, and the two wiring files the only ones importing the adapters),
 *   frontend/src app → features → components | lib | config; shared/ is usable by all, features
 *   never import another feature, nothing imports a handler. local/, test/, infra/, bin/ and
 *   scripts/ may import product code;
 * - stored keys (eslint.key-literals.js): a key literal such as 'POST#' or `USER#${id}` is an error
 *   everywhere but functions/data/keys.ts (tests may spell the stored shape they assert).
 */

const TS = '**/*.{ts,tsx,mts,cts}';
/** Product code: type-aware rules here (the tests and tools do not pay for the type program). */
const PRODUCT = ['functions/**/*.ts', 'frontend/src/**/*.{ts,tsx}', 'shared/**/*.ts'];

/** One element per layer; paths are from the repository root. */
const ELEMENTS = [
  { type: 'fn-handler', pattern: 'functions/handlers' },
  { type: 'fn-domain', pattern: 'functions/domain' },
  { type: 'fn-data', pattern: 'functions/data' },
  { type: 'fn-platforms', pattern: 'functions/platforms' },
  { type: 'fn-lib', pattern: 'functions/lib' },
  // The publishing module (docs/decisions/0007-publishing-module.md): its two folders, then its
  // top-level files, told apart by the file categories below.
  { type: 'fn-pub-use-cases', pattern: 'functions/publishing/use-cases' },
  { type: 'fn-pub-adapters', pattern: 'functions/publishing/adapters' },
  { type: 'fn-pub', pattern: 'functions/publishing' },
  { type: 'fe-app', pattern: 'frontend/src/app' },
  { type: 'fe-feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
  { type: 'fe-components', pattern: 'frontend/src/components' },
  { type: 'fe-lib', pattern: 'frontend/src/lib' },
  { type: 'fe-config', pattern: 'frontend/src/config' },
  { type: 'shared', pattern: 'shared' },
  { type: 'tooling', pattern: ['local', 'test', 'infra', 'bin', 'scripts'] },
].map((element) => ({ ...element, partialMatch: false }));

/** Single files: the function tables (routes, jobs, capabilities: leaves every functions layer reads) and the SPA's entry. */
const FILES = [
  { category: 'fn-routes', pattern: ['functions/routes.ts', 'functions/jobs.ts', 'functions/capabilities.ts'] },
  { category: 'fn-pub-model', pattern: 'functions/publishing/model.ts' },
  { category: 'fn-pub-ports', pattern: 'functions/publishing/ports.ts' },
  { category: 'fn-pub-wiring', pattern: ['functions/publishing/wiring.ts', 'functions/publishing/publisher-wiring.ts'] },
  { category: 'fe-entry', pattern: 'frontend/src/main.tsx' },
];

/** `from` may import `to` (plus its own layer, where listed). */
const allow = (/** @type {string} */ from, /** @type {string[]} */ to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

/** The publishing module's files that `from` may import: some of its model, ports, use cases, adapters and wiring. */
const PUB = {
  model: { file: { categories: 'fn-pub-model' } },
  ports: { file: { categories: 'fn-pub-ports' } },
  wiring: { file: { categories: 'fn-pub-wiring' } },
  useCases: { element: { type: 'fn-pub-use-cases' } },
  adapters: { element: { type: 'fn-pub-adapters' } },
};
const layers = (/** @type {string[]} */ types) => ({ element: { types: { anyOf: types } } });

/**
 * Inside the module, dependencies point inward: the model imports nothing of the module, the ports
 * only the model, the use cases the model, the ports and each other (never an adapter or the
 * wiring), the adapters the model and the ports. Only the two wiring files import the adapters
 * and reach the rest of the domain (tokens, plans, notifications, analytics): publisher-wiring.ts
 * for the publish step, the only one that needs the tokens and the platforms' clients, and wiring.ts
 * for the rest (so their bundles carry no platform client). Outside it,
 * handlers take the model, the use cases and the wiring; the domain (posts, recurrence, import,
 * account deletion) takes the model and the wiring.
 */
const PUBLISHING = [
  { from: PUB.model, allow: { to: layers(['fn-data', 'fn-lib', 'shared']) } },
  { from: PUB.ports, allow: { to: [PUB.model, layers(['fn-domain', 'fn-platforms', 'fn-lib', 'shared'])] } },
  { from: PUB.useCases, allow: { to: [PUB.model, PUB.ports, PUB.useCases, layers(['fn-data', 'fn-platforms', 'fn-lib', 'shared'])] } },
  { from: PUB.adapters, allow: { to: [PUB.model, PUB.ports, layers(['fn-data', 'fn-lib', 'shared'])] } },
  {
    from: PUB.wiring,
    allow: { to: [PUB.model, PUB.ports, PUB.useCases, PUB.adapters, PUB.wiring, layers(['fn-domain', 'fn-data', 'fn-platforms', 'fn-lib', 'shared'])] },
  },
  { from: { element: { type: 'fn-handler' } }, allow: { to: [PUB.model, PUB.useCases, PUB.wiring] } },
  { from: { element: { type: 'fn-domain' } }, allow: { to: [PUB.model, PUB.wiring] } },
];

const LAYERS = [
  allow('fn-handler', ['fn-domain', 'fn-lib', 'shared']),
  allow('fn-domain', ['fn-domain', 'fn-data', 'fn-platforms', 'fn-lib', 'shared']),
  allow('fn-data', ['fn-data', 'fn-lib', 'shared']),
  allow('fn-platforms', ['fn-platforms', 'fn-lib', 'shared']),
  allow('fn-lib', ['fn-lib', 'shared']),
  ...PUBLISHING,
  allow(['shared']),
  allow('fe-app', ['fe-app', 'fe-feature', 'fe-components', 'fe-lib', 'fe-config', 'shared']),
  allow('fe-components', ['fe-components', 'fe-lib', 'fe-config', 'shared']),
  allow('fe-lib', ['fe-lib', 'fe-config', 'shared']),
  allow('fe-config', ['fe-config', 'shared']),
  allow('shared', ['shared']),
  {
    from: { element: { type: 'fe-feature' } },
    allow: {
      to: [
        { element: { types: { anyOf: ['fe-components', 'fe-lib', 'fe-config', 'shared'] } } },
        // Its own folder only: a feature never imports another feature.
        { element: { type: 'fe-feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
      ],
    },
  },
  {
    from: { file: { categories: 'fe-entry' } },
    allow: { to: { element: { types: { anyOf: ['fe-app', 'fe-components', 'fe-lib', 'fe-config', 'shared'] } } } },
  },
  // The function tables import only each other; every layer (and infra) reads them.
  { allow: { to: { file: { categories: 'fn-routes' } } } },
  // Tools, tests and the local cloud may import any product code.
  { from: { element: { type: 'tooling' } }, allow: { to: { element: { types: { noneOf: [] } } } } },
];

export default defineConfig(
  globalIgnores(['node_modules/**', 'cdk.out/**', '**/dist/**', 'coverage/**', '.local/**', '.cognito/**', 'test-results/**', '**/*.d.ts']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: [TS, '**/*.{js,mjs,cjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Unused names: `_` marks one kept on purpose (a positional parameter, a discarded element).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: PRODUCT,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'test/frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'test/frontend/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: [TS],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
      'import/resolver': { [`${import.meta.dirname}/eslint.resolver.cjs`]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: LAYERS }],
    },
  },
  {
    // Every table key, S3 key and schedule name is built in functions/data/keys.ts
    // (docs/data-model.md#keys): nowhere else spells a key.
    files: ['functions/**/*.ts', 'local/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'bin/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['functions/data/keys.ts'],
    plugins: { keys: keyLiterals },
    rules: { 'keys/no-key-literals': 'error' },
  },
  {
    // The domain is pure: AWS clients belong in data/ and lib/, and in the publishing module's
    // adapters.
    files: ['functions/domain/**/*.ts', 'functions/publishing/**/*.ts'],
    ignores: ['functions/publishing/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*'],
              message: 'The domain does not talk to AWS: put the call in functions/data, functions/lib or functions/publishing/adapters.',
            },
          ],
        },
      ],
    },
  },
);
