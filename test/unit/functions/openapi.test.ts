import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openApiDocument, operationIdOf, schemaOf } from '../../../functions/domain/openapi';
import { PUBLIC_ROUTES } from '../../../functions/public-routes';

/**
 * The public API's OpenAPI document is built from the /v1 table and its zod schemas: it must be a
 * valid OpenAPI 3.1 document by a maintained validator, and list exactly the table's routes.
 */
type Operation = {
  operationId: string;
  parameters?: { name?: string; in?: string; $ref?: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: unknown; $ref?: string }>;
};
const operations = () =>
  Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation: operation as unknown as Operation })),
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser: schema and references)', async () => {
    const document = structuredClone(openApiDocument());
    const validated = await SwaggerParser.validate(document as never);
    expect((validated as { openapi?: string }).openapi).toBe('3.1.0');
  });

  it('holds every /v1 route of the table, and nothing else', () => {
    expect(
      operations()
        .map((o) => o.key)
        .sort(),
    ).toEqual(PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('describes each route with its inputs, its success answer and the error answers, with a unique operationId', () => {
    const byKey = new Map(operations().map((o) => [o.key, o.operation]));
    for (const route of PUBLIC_ROUTES) {
      const operation = byKey.get(`${route.method} ${route.path}`)!;
      expect(operation.operationId).toBe(operationIdOf(route));
      const success = operation.responses[String(route.status)];
      expect(success, `${route.method} ${route.path}`).toBeDefined();
      expect(success!.content !== undefined).toBe(route.schemas.response !== undefined);
      expect(operation.requestBody !== undefined).toBe(route.schemas.body !== undefined);
      expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
      expect(operation.responses['429']).toEqual({ $ref: '#/components/responses/Error429' });
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []).toEqual(pathParams);
      expect(operation.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey') ?? false).toBe(route.method === 'POST');
    }
    const ids = operations().map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists the query schema’s fields as query parameters, optional where the schema has a default', () => {
    const list = operations().find((o) => o.key === 'GET /v1/posts')!.operation;
    const query = (list.parameters ?? []).filter((p) => p.in === 'query') as { name: string; required: boolean }[];
    const shape = (schemaOf('posts#ListPostsQuerySchema') as z.ZodObject).shape;
    expect(query.map((p) => p.name).sort()).toEqual(Object.keys(shape).sort());
    expect(query.find((p) => p.name === 'tab')?.required).toBe(true);
    expect(query.find((p) => p.name === 'limit')?.required).toBe(false);
  });

  it('describes the edit body by the two forms a caller sends, not the transform that picks one', () => {
    const edit = operations().find((o) => o.key === 'PATCH /v1/posts/{id}')!.operation;
    const schema = (edit.requestBody as { content: { 'application/json': { schema: { anyOf?: unknown[] } } } }).content['application/json'].schema;
    expect(schema.anyOf).toHaveLength(2);
  });
});
