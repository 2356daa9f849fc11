import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * "Account" once meant a login, a social connection, a Stripe customer and a workspace. The backend
 * names each once (docs/glossary.md): user, connection, customer, workspace. A name the backend
 * exports (and the members of the interfaces it exports: ports are module boundaries too) may say
 * "Account" only where the glossary keeps the spec's own term; anything else is a new ambiguity.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each kept name, with the glossary's reason. */
const KEPT: Record<string, string> = {
  // The platform's own id of a connected profile: the spec's `account_id`, and the stored prefix PLATFORMACCOUNT#.
  platformAccountSk: 'names the stored PLATFORMACCOUNT# key',
  platformAccountId: "the network's id of the profile (spec field account_id)",
  // The spec's API field social_account_id, carried through publishing and analytics messages.
  socialAccountId: 'the spec field social_account_id',
};

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Every exported name of a module, and the member names of its exported interfaces and object types. */
function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const members = (node: ts.Node): void => {
    if ((ts.isPropertySignature(node) || ts.isMethodSignature(node)) && ts.isIdentifier(node.name)) names.push(node.name.text);
    ts.forEachChild(node, members);
  };
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    }
    if (!isExported(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) members(statement);
  }
  return names;
}

const found = codeFiles(join(ROOT, 'functions')).flatMap((file) =>
  exportedNames(file)
    .filter((name) => /account/i.test(name))
    .map((name) => ({ name, where: relative(ROOT, file) })),
);

describe('the word "account" in the backend', () => {
  it('is exported only under the names the glossary keeps', () => {
    const unexpected = found.filter(({ name }) => !(name in KEPT)).map(({ name, where }) => `${where}: ${name}`);
    expect(unexpected).toEqual([]);
  });

  it('keeps no allowance for a name that is gone', () => {
    const seen = new Set(found.map(({ name }) => name));
    expect(Object.keys(KEPT).filter((name) => !seen.has(name))).toEqual([]);
  });
});
