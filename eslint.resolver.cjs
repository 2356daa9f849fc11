'use strict';
/**
 * Import resolver for eslint-plugin-boundaries (eslint-module-utils interface v2): maps the
 * tsconfig.json path aliases (`@/*` → frontend/src/*, `@shared/*` → shared/*) and resolves the
 * rest like Node, with the TypeScript extensions. Without it the boundaries rules would see
 * `@/features/...` as a package and never check it.
 */
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const ROOT = __dirname;
const ALIASES = [
  ['@shared/', path.join(ROOT, 'shared')],
  ['@/', path.join(ROOT, 'frontend', 'src')],
];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;
exports.resolve = (source, file) => {
  const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
  const target = alias ? path.join(alias[1], source.slice(alias[0].length)) : source;
  return node.resolve(target, file, { extensions: EXTENSIONS });
};
