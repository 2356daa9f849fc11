import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import type { Capability } from '../../../functions/capabilities';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What each AWS SDK command a bundle sends needs. A command missing here fails the analysis, so a new
 * kind of call is classified before it ships.
 */
const COMMANDS: Readonly<Record<string, Capability | readonly Capability[] | 'every function'>> = {
  GetCommand: 'table:read',
  QueryCommand: 'table:read',
  BatchGetCommand: 'table:read',
  PutCommand: 'table:write',
  UpdateCommand: 'table:write',
  DeleteCommand: 'table:write',
  BatchWriteCommand: 'table:write',
  TransactWriteCommand: 'table:write',
  ScanCommand: 'table:scan',
  GetObjectCommand: 'media:read',
  HeadObjectCommand: 'media:read',
  PutObjectCommand: 'media:write',
  // Reads the source and writes the copy: S3 checks s3:GetObject on the source and s3:PutObject on the
  // target (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html).
  CopyObjectCommand: ['media:read', 'media:write'],
  DeleteObjectCommand: 'media:delete',
  DeleteObjectsCommand: 'media:delete',
  ListObjectsV2Command: 'media:delete',
  EncryptCommand: 'tokens',
  DecryptCommand: 'tokens',
  CreateScheduleCommand: 'scheduling',
  UpdateScheduleCommand: 'scheduling',
  DeleteScheduleCommand: 'scheduling',
  GetScheduleCommand: 'scheduling',
  SendMessageCommand: 'queues',
  SignUpCommand: 'cognito:sign-up',
  AdminGetUserCommand: 'cognito:sign-up',
  AdminUserGlobalSignOutCommand: 'cognito:sign-out',
  AdminDeleteUserCommand: 'cognito:delete-user',
  AdminInitiateAuthCommand: 'cognito:check-password',
  AdminSetUserPasswordCommand: 'cognito:set-password',
  // A public call (no IAM); it needs the app client's id, which the capability provides.
  ConfirmSignUpCommand: 'cognito:set-password',
  // SES API v2 SendEmail, from the deployment's verified identity (functions/lib/mail.ts).
  SendEmailCommand: 'mail:send',
  // The app origin (every function) and the secrets read by the modules below (origin gate: every API function).
  GetParameterCommand: 'every function',
  GetSecretValueCommand: 'every function',
};

/** Commands that mean another capability in one module: the webhook queue is not a publishing queue. */
const MODULE_COMMANDS: Readonly<Record<string, Readonly<Record<string, Capability | 'every function'>>>> = {
  'functions/lib/webhook-queue.ts': { SendMessageCommand: 'webhooks' },
};

/** Calls into a library module that stand for a capability, by the module that defines them. */
const CALLS: readonly { readonly module: string; readonly call: RegExp; readonly capability: Capability }[] = [
  { module: 'functions/lib/stripe.ts', call: /\b(stripe|stripeKeys)\d*\(\)/, capability: 'stripe' },
  { module: 'functions/lib/realtime.ts', call: /\b(publishUserEvent|endUserSessions)\d*\(/, capability: 'realtime' },
  { module: 'functions/lib/media-pull.ts', call: /\bmediaPullSigner\d*\(/, capability: 'media:pull' },
  { module: 'functions/platforms/configured.ts', call: /\b(configuredAdapter|configuredApp|redirectUriFor)\d*\(/, capability: 'platform-apps' },
  // Defined in @aws-sdk/s3-presigned-post (external): every call counts.
  { module: '@aws-sdk/s3-presigned-post', call: /\bcreatePresignedPost\d*\(/, capability: 'media:write' },
];

/**
 * Writes that only happen for routes with a `limit`: the handler factory (functions/lib/http.ts)
 * counts every route's requests, and the counter is written only when the route has a limit.
 */
export const ROUTE_LIMIT_MODULE = 'functions/data/rate-limits.ts';
/** Likewise, the handler factory's idempotency keys are written only for routes declared `idempotent`. */
export const IDEMPOTENCY_MODULE = 'functions/data/idempotency.ts';
/** And an API key's last use only on the functions that answer the public API's /v1 routes. */
export const API_KEY_USE_MODULE = 'functions/data/api-key-admission.ts';

export interface Reach {
  /** Capability → the modules whose code in the bundle uses it. */
  readonly uses: ReadonlyMap<Capability, ReadonlySet<string>>;
  /** SDK commands the table above does not classify. */
  readonly unknownCommands: readonly string[];
  /** Every source file of ours in the bundle (repository paths), reached or not: what the function ships and loads. */
  readonly bundled: ReadonlySet<string>;
}

/**
 * Bundles a handler as deployment does (esbuild, tree-shaken, the AWS SDK external), then follows
 * references from the exported handler (and any top-level statement run for its effect) through the
 * bundle's top-level declarations, and reads, module by module, which SDK commands and capability
 * calls the reachable code makes. esbuild keeps a whole dependency object (e.g. a module's default
 * deps) when any part of the module is used; following references instead of reading the whole
 * bundle leaves out what the handler can never call.
 */
export async function handlerReach(handlerModule: string, handlersDir = path.join(REPO_ROOT, 'functions/handlers')): Promise<Reach> {
  const result = await esbuild.build({
    entryPoints: [path.join(handlersDir, `${handlerModule}.ts`)],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Bluesky's packages stay out as well: they send no AWS command and call no capability of ours
    // (our stores and locks handed to the OAuth client are referenced, so reached, from our own code),
    // and their 4–5 MB in every handler that reaches the platform registry doubled this analysis's time.
    external: ['@aws-sdk/*', 'sharp', '@atproto/*', '@atproto-labs/*'],
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    outdir: path.join(REPO_ROOT, 'node_modules/.cache/handler-reach'),
    logLevel: 'silent',
    metafile: true,
  });
  const bundled = new Set(Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')));
  const text = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const uses = new Map<Capability, Set<string>>();
  const unknownCommands = new Set<string>();
  const use = (capability: Capability, module: string) => {
    let modules = uses.get(capability);
    if (!modules) uses.set(capability, (modules = new Set()));
    modules.add(module);
  };
  for (const [module, code] of reachableCode(text)) {
    for (const [, command] of code.matchAll(/new (\w+?Command)\d*\(/g)) {
      const capability = MODULE_COMMANDS[module]?.[command!] ?? COMMANDS[command!];
      if (capability === undefined) unknownCommands.add(command!);
      else if (capability !== 'every function') for (const c of typeof capability === 'string' ? [capability] : capability) use(c, module);
    }
    for (const { module: definer, call, capability } of CALLS) {
      if (module !== definer && call.test(stripDefinitions(code))) use(capability, module);
    }
  }
  return { uses, unknownCommands: [...unknownCommands], bundled };
}

/**
 * The code reachable from the handler export, by module. Without minification esbuild heads each
 * module's code with a `// <path>` line and gives top-level names unique spellings, so a name
 * resolves to one declaration.
 */
function reachableCode(text: string): Map<string, string> {
  const file = ts.createSourceFile('bundle.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const headings = [...text.matchAll(/^\/\/ ((?:functions|shared|node_modules)\/\S+)$/gm)].map((m) => ({ at: m.index, module: m[1]! }));
  // The last heading at or before `pos` (headings are in text order): a binary search, since a bundle
  // that reaches a large package has thousands of modules and as many statements.
  const moduleAt = (pos: number) => {
    let low = 0;
    let high = headings.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (headings[mid]!.at <= pos) low = mid + 1;
      else high = mid;
    }
    return low > 0 ? headings[low - 1]!.module : '(bundle)';
  };
  const declaring = new Map<string, ts.Statement[]>();
  const roots: ts.Statement[] = [];
  for (const statement of file.statements) {
    const names = declaredNames(statement);
    for (const name of names) declaring.set(name, [...(declaring.get(name) ?? []), statement]);
    if (ts.isExportDeclaration(statement) || ts.isExpressionStatement(statement)) roots.push(statement);
  }
  const reached = new Set<ts.Statement>();
  const queue = [...roots];
  while (queue.length) {
    const statement = queue.pop()!;
    if (reached.has(statement)) continue;
    reached.add(statement);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isMemberName(node)) for (const target of declaring.get(node.text) ?? []) if (!reached.has(target)) queue.push(target);
      ts.forEachChild(node, visit);
    };
    visit(statement);
  }
  const byModule = new Map<string, string>();
  for (const statement of file.statements) {
    if (!reached.has(statement)) continue;
    const module = moduleAt(statement.getStart());
    byModule.set(module, `${byModule.get(module) ?? ''}\n${statement.getText()}`);
  }
  return byModule;
}

/**
 * `x.readObject`, `{ readObject: … }` and a class's `readObject(…) {}` name a member, not a top-level
 * declaration: an SDK codec's method must not pull in the media module's function of the same name.
 */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (
    ts.isPropertyAssignment(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isGetAccessorDeclaration(parent) ||
    ts.isSetAccessorDeclaration(parent)
  )
    return parent.name === node;
  return false;
}

function declaredNames(statement: ts.Statement): string[] {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name.text];
  if (ts.isVariableStatement(statement)) {
    const names: string[] = [];
    const collect = (name: ts.BindingName): void => {
      if (ts.isIdentifier(name)) names.push(name.text);
      else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
    };
    for (const declaration of statement.declarationList.declarations) collect(declaration.name);
    return names;
  }
  return [];
}

/** `function stripe()` and `async function publishUserEvent(` are definitions, not calls. */
function stripDefinitions(code: string): string {
  return code.replace(/function\s+\w+\s*\(/g, 'function (');
}
