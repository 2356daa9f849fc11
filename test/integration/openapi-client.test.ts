import SwaggerParser from '@apidevtools/swagger-parser';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Middleware } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';

/**
 * The OpenAPI document says what the API does: the test fetches it from the local cloud, generates
 * TypeScript types from it (openapi-typescript), type-checks a program written against them
 * (test/fixtures/openapi-client/scenario.ts.tpl) with the compiler, runs that program through an
 * openapi-fetch client with a key made in the app, and checks every answer's status, headers and
 * body against what the document declares for that operation (JSON Schema 2020-12, the document's
 * dialect, with Ajv).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TEMPLATE = path.join(ROOT, 'test/fixtures/openapi-client/scenario.ts.tpl');

/** Ajv's 2020-12 validator, as swagger-parser (which depends on Ajv 8) resolves it: the top-level `ajv` is an older major. */
type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
const Ajv2020 = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'))('ajv/dist/2020').default as new (options: object) => {
  compile(schema: object): Validator;
};

type Documented = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, { required?: boolean }>; content?: { 'application/json': { schema: object } } }> }>
  >;
};
interface Seen {
  readonly operation: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

describe('a client generated from the OpenAPI document', { timeout: 120_000 }, () => {
  let served: { status: number; headers: Record<string, string>; body: unknown };
  let dir: string;

  beforeAll(async () => {
    served = await weCallTheApi('GET', '/v1/openapi.json');
    // Inside the repository, so the generated program resolves openapi-fetch from its node_modules.
    await mkdir(path.join(ROOT, '.local'), { recursive: true });
    dir = await mkdtemp(path.join(ROOT, '.local', 'openapi-client-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is served without a key, cacheable, and valid OpenAPI 3.1 by swagger-parser', async () => {
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^public/);
    const validated = await SwaggerParser.validate(structuredClone(served.body) as never);
    expect((validated as { openapi?: string }).openapi).toBe('3.1.0');
  });

  it('generates types that a strict program of the scenario type-checks against', async () => {
    const types = astToString(await openapiTS(structuredClone(served.body) as never));
    await writeFile(path.join(dir, 'public-api.ts'), types);
    await writeFile(path.join(dir, 'scenario.ts'), await readFile(TEMPLATE, 'utf8'));

    // The types say something: a call the document does not allow fails to compile.
    await writeFile(
      path.join(dir, 'misuse.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './public-api';",
        "const client = createClient<paths>({ baseUrl: '/' });",
        "export const a = client.GET('/v1/analytics', { params: { query: { days: 7 } } });",
        "export const b = client.GET('/v1/posts', { params: { query: {} } });",
        "export const c = client.GET('/v1/posts/{id}/publish');",
      ].join('\n'),
    );

    const program = ts.createProgram([path.join(dir, 'scenario.ts'), path.join(dir, 'misuse.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
      esModuleInterop: true,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ({
      file: path.basename(d.file?.fileName ?? ''),
      line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    expect(errors.filter((e) => e.file !== 'misuse.ts')).toEqual([]);
    expect([...new Set(errors.map((e) => `${e.file}:${e.line}`))]).toEqual(['misuse.ts:4', 'misuse.ts:5', 'misuse.ts:6']);
  });

  it('runs the scenario against the local cloud, each answer as the document declares it', async () => {
    const owner = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Typed client page');
    const made = await weCallTheApi('POST', '/api/workspace/api-keys', { token: owner.accessToken, body: { name: 'Typed client', role: 'editor' } });
    expect(made.status).toBe(201);

    const seen: Seen[] = [];
    const observe: Middleware = {
      async onResponse({ request, response, schemaPath }) {
        seen.push({
          operation: `${request.method.toLowerCase()} ${schemaPath}`,
          status: response.status,
          headers: response.headers,
          text: await response.clone().text(),
        });
      },
    };
    const { scenario } = (await import(path.join(dir, 'scenario.ts'))) as { scenario: (input: object) => Promise<Record<string, unknown>> };
    // Whole minutes, in the form the API answers with.
    const inDays = (days: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + days * 24 * 3600_000).toISOString();
    const [when, later] = [inDays(2), inDays(3)];
    const result = (await scenario({
      baseUrl: cloud().url,
      key: String(made.body.key),
      accountId: account.id,
      idempotencyKey: randomUUID(),
      when,
      later,
      observe,
    })) as {
      [step: string]: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the scenario's own types were checked by the compiler above
    };

    // What the API did.
    expect(result.created.status).toBe(201);
    expect(result.created.post).toMatchObject({ status: 'scheduled', scheduled_at: when });
    expect(result.repeated).toEqual({ status: 201, post: result.created.post, replayed: 'true' });
    expect(result.got.id).toBe(result.created.post.id);
    expect(result.updated).toEqual({ caption: 'Edited through the typed client', scheduledAt: later });
    expect(result.listed).toContain(result.created.post.id);
    expect(result.deleted).toBe(204);
    expect(result.gone.status).toBe(404);
    expect(result.invalid.status).toBe(400);
    expect(result.invalid.error.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(result.refused).toMatchObject({ status: 401, error: { error: { code: 'NOT_AUTHENTICATED' } } });

    // What the document says of each answer.
    const document = (await SwaggerParser.dereference(structuredClone(served.body) as never)) as unknown as Documented;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const mismatches: string[] = [];
    for (const answer of seen) {
      const [method, schemaPath] = answer.operation.split(' ') as [string, string];
      const declared = document.paths[schemaPath]?.[method]?.responses[String(answer.status)];
      if (!declared) {
        mismatches.push(`${answer.operation}: ${answer.status} is not documented`);
        continue;
      }
      for (const [name, header] of Object.entries(declared.headers ?? {}))
        if (header.required && !answer.headers.has(name)) mismatches.push(`${answer.operation} ${answer.status}: no ${name} header`);
      const schema = declared.content?.['application/json'].schema;
      if (!schema) {
        if (answer.text !== '') mismatches.push(`${answer.operation} ${answer.status}: a body where none is documented`);
        continue;
      }
      const validate = ajv.compile(schema);
      if (!validate(JSON.parse(answer.text))) mismatches.push(`${answer.operation} ${answer.status}: ${JSON.stringify(validate.errors)}`);
    }
    expect(seen.map((a) => `${a.operation} ${a.status}`)).toEqual([
      'get /v1/accounts 200',
      'post /v1/posts 201',
      'post /v1/posts 201',
      'get /v1/posts/{id} 200',
      'patch /v1/posts/{id} 200',
      'get /v1/posts 200',
      'get /v1/analytics 200',
      'delete /v1/posts/{id} 204',
      'get /v1/posts/{id} 404',
      'post /v1/posts 400',
      'get /v1/accounts 401',
    ]);
    expect(mismatches).toEqual([]);
  });
});
