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

/** Names that may say "account" anywhere: the spec's own field names and the stored key they mirror. */
const KEPT_ANYWHERE: Record<string, string> = {
  socialAccountId: 'the spec field social_account_id (a connection id), in camelCase',
  account_id: "the spec field: the network's own id of a connected profile",
  account_name: "the spec field: the network's name of a connected profile",
  platformAccountSk: 'builds the stored PLATFORMACCOUNT# key, which a migration would have to rewrite',
};

/** Names kept in one module only, with the glossary's reason. */
const KEPT_IN: Record<string, string> = {
  // The network's own id and name of a profile, beside our connection id (spec: account_id, account_name).
  'functions/platforms/types.ts: accountId': "the network's id of the profile to post as",
  'functions/platforms/types.ts: accountName': "the network's name of the profile to post as",
  'functions/data/analytics-items.ts: accountId': "the network's id, a stored tracker attribute",
  'functions/data/analytics.ts: accountId': "the network's id, as the tracker stores it",
  // Holds a SocialAccount, the API's shape of a connection, inside a loaded connection.
  'functions/domain/connections.ts: account': 'the SocialAccount row of a LoadedConnection',
  // The product's words, shown to users.
  'functions/domain/posts.ts: DUPLICATE_ACCOUNT_MESSAGE': 'user-facing text',
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
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
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
    const unexpected = found.map(({ name, where }) => `${where}: ${name}`).filter((entry, i) => !(found[i]!.name in KEPT_ANYWHERE) && !(entry in KEPT_IN));
    expect(unexpected).toEqual([]);
  });

  it('keeps no allowance for a name that is gone', () => {
    const names = new Set(found.map(({ name }) => name));
    const entries = new Set(found.map(({ name, where }) => `${where}: ${name}`));
    const stale = [...Object.keys(KEPT_ANYWHERE).filter((name) => !names.has(name)), ...Object.keys(KEPT_IN).filter((entry) => !entries.has(entry))];
    expect(stale).toEqual([]);
  });
});
