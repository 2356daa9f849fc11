import { API_KEY_PREFIX, API_KEY_RATE_LIMIT, PUBLIC_API_PREFIX, RATE_LIMIT_HEADERS } from '@shared/api-keys';
import * as analytics from '@shared/analytics';
import { ErrorBodySchema } from '@shared/api';
import * as clients from '@shared/clients';
import * as connectionHealth from '@shared/connection-health';
import * as media from '@shared/media';
import * as mediaUrl from '@shared/media-url';
import * as platformLimits from '@shared/platform-limits';
import * as postBodies from '@shared/post-bodies';
import * as posts from '@shared/posts';
import * as z from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../lib/http';
import { PUBLIC_ROUTES, type PublicRouteDef, type SchemaRef } from '../public-routes';

/**
 * The public API's OpenAPI 3.1 document (docs/public-api.md#the-openapi-document), built from the /v1
 * route table (functions/public-routes.ts) and the zod schemas its routes name, with zod's own JSON
 * Schema output (draft 2020-12, the dialect of OpenAPI 3.1). Nothing here restates a route or a
 * field: a route added to the table, or a field added to a schema, is in the document.
 *
 * Inputs are described by what a caller sends (zod's input side: a default makes a field optional),
 * answers by what the handler returns (the output side: a defaulted field is always there).
 */

/** The modules of shared/ the table's `module#Export` names point into. A name outside them fails the build of the document (and its test). */
const MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  analytics,
  clients,
  'connection-health': connectionHealth,
  media,
  'media-url': mediaUrl,
  'platform-limits': platformLimits,
  'post-bodies': postBodies,
  posts,
};

/**
 * What a caller may send where a schema parses through a transform that JSON Schema cannot see into:
 * the edit body picks the full or the captions-only form by whether it carries `media_ids`, so a
 * caller sends one of the two.
 */
const INPUT_SHAPES = new Map<z.ZodType, z.ZodType>([
  [postBodies.UpdatePostBodySchema, z.union([postBodies.FullUpdateBodySchema, postBodies.CaptionsUpdateBodySchema])],
]);

export const OPENAPI_VERSION = '3.1.0';
/** The document's own version; the API's is its path prefix. */
export const DOCUMENT_VERSION = '1.0.0';
/** Where the document is served (functions/routes.ts), without a key. */
export const OPENAPI_PATH = `${PUBLIC_API_PREFIX}/openapi.json`;

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
interface Operation {
  readonly operationId: string;
  readonly tags: string[];
  readonly [field: string]: unknown;
}

export function schemaOf(ref: SchemaRef): z.ZodType {
  const [module, name] = ref.split('#') as [string, string];
  const schema = MODULES[module]?.[name];
  if (!(schema instanceof z.ZodType)) throw new Error(`${ref} names no zod schema of the modules the OpenAPI document reads`);
  return schema;
}

function jsonSchemaOf(ref: SchemaRef, io: 'input' | 'output'): JsonSchema {
  const zod = schemaOf(ref);
  const shape = io === 'input' ? (INPUT_SHAPES.get(zod) ?? zod) : zod;
  const { $schema: _dialect, ...schema } = z.toJSONSchema(shape, { target: 'draft-2020-12', io }) as JsonSchema;
  // A `$defs` ref (`#/$defs/...`) would resolve against the document, not this schema: no schema of
  // the table is recursive today, and one that becomes so must be given a components entry first.
  if ('$defs' in schema) throw new Error(`${ref} has $defs, which the OpenAPI document does not place`);
  return schema;
}

/** Each property of an object schema (path or query) as one parameter. */
function parametersOf(ref: SchemaRef, where: 'path' | 'query'): unknown[] {
  const schema = jsonSchemaOf(ref, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: where, required: where === 'path' || required.has(name), ...(typeof description === 'string' && { description }), schema: rest };
  });
}

const header = (description: string, required: boolean, type: 'integer' | 'string' = 'integer') => ({ description, required, schema: { type } });

/**
 * On every answer to a key whose request was counted (functions/lib/http.ts): always on a success;
 * maybe on a 400 or 403, which may come before the count (bad input, a role too low) or after it
 * (a reused Idempotency-Key, a plan limit); never on a 401.
 */
const rateLimitHeaders = (required: boolean) => ({
  [headerName(RATE_LIMIT_HEADERS.limit)]: header('Requests the key may make in the current window.', required),
  [headerName(RATE_LIMIT_HEADERS.remaining)]: header('Requests left in the current window.', required),
  [headerName(RATE_LIMIT_HEADERS.reset)]: header('Seconds until the window resets.', required),
});

/** `x-ratelimit-limit` → `X-RateLimit-Limit`, as the docs spell them (HTTP header names are case-insensitive). */
function headerName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()).replace('Ratelimit', 'RateLimit');
}

const ERRORS = {
  400: 'The input is invalid (the message says which field and why), or the Idempotency-Key is malformed or was used for another request. Nothing was written.',
  401: 'No key, or a key that is unknown, revoked, expired, or whose maker left the workspace.',
  403: "The key's role is below the route's least role, the workspace's plan does not include this, or the post needs approval first.",
  404: 'No such item in the workspace.',
  409: 'Someone changed the item meanwhile, or a request with the same Idempotency-Key is still running.',
  429: "The key's window (or the route's own limit) is used up; Retry-After says when to try again. Nothing was done.",
} as const;

function errorStatuses(route: PublicRouteDef): (keyof typeof ERRORS)[] {
  const takesInput = Object.keys(route.schemas).some((part) => part !== 'response') || route.idempotent;
  const writes = route.method !== 'GET';
  return [...(takesInput ? [400 as const] : []), 401, 403, ...(route.schemas.params ? [404 as const] : []), ...(writes ? [409 as const] : []), 429];
}

/** `GET /v1/posts/{id}` → `getPostsById`: stable, and unique because the table lists each method and path once. */
export function operationIdOf(route: { method: string; path: string }): string {
  const words = route.path
    .slice(PUBLIC_API_PREFIX.length + 1)
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split('-'));
  return [route.method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** The first segment after the prefix: `/v1/posts/{id}/retry` → `posts`. */
export const tagOf = (path: string): string => path.slice(PUBLIC_API_PREFIX.length + 1).split('/')[0];

const ROLE_NAMES = { owner: 'Owner', admin: 'Admin', editor: 'Editor', contributor: 'Contributor' } as const;

function operationOf(route: PublicRouteDef): Operation {
  const parameters = [
    ...(route.schemas.params ? parametersOf(route.schemas.params, 'path') : []),
    ...(route.schemas.query ? parametersOf(route.schemas.query, 'query') : []),
    ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const limit = route.limit ? ` At most ${route.limit.max} requests in ${route.limit.windowSeconds / 60} minutes per key on this route.` : '';
  const success = {
    description: route.status === 204 ? 'Done; no body.' : 'Success.',
    headers: {
      ...rateLimitHeaders(true),
      ...(route.idempotent && {
        [headerName(IDEMPOTENT_REPLAYED_HEADER)]: header(
          '`true` when this is the kept answer of an earlier request with the same Idempotency-Key.',
          false,
          'string',
        ),
      }),
    },
    ...(route.schemas.response && { content: { 'application/json': { schema: jsonSchemaOf(route.schemas.response, 'output') } } }),
  };
  return {
    operationId: operationIdOf(route),
    tags: [tagOf(route.path)],
    summary: route.summary,
    description: `Serves the app's \`${route.serves}\`. Least role of the key: ${ROLE_NAMES[route.access]}.${limit}`,
    ...(parameters.length > 0 && { parameters }),
    ...(route.schemas.body && {
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.schemas.body, 'input') } } },
    }),
    responses: {
      [String(route.status)]: success,
      ...Object.fromEntries(errorStatuses(route).map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }])),
    },
  };
}

function errorResponse(status: keyof typeof ERRORS) {
  return {
    description: ERRORS[status],
    headers: {
      ...(status === 429 && { 'Retry-After': header('Seconds until a request may succeed.', true) }),
      // Absent on a 401: no key was admitted, so no window was counted.
      ...(status !== 401 && rateLimitHeaders(status !== 400 && status !== 403)),
    },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function build(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of PUBLIC_ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  const tags = [...new Set(PUBLIC_ROUTES.map((route) => tagOf(route.path)))];
  const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(ErrorBodySchema, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Schedule & Autopost public API',
      version: DOCUMENT_VERSION,
      description:
        `Programs schedule and read a workspace's posts with a workspace API key (Settings → API keys), sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. ` +
        `Each key may make ${API_KEY_RATE_LIMIT.max} requests a minute over all of ${PUBLIC_API_PREFIX}. ` +
        'Every POST takes an Idempotency-Key: a repeat within 24 hours gets the first answer and does nothing again.',
    },
    servers: [{ url: '/', description: 'The address the app is served at.' }],
    security: [{ apiKey: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_PREFIX}…`, description: 'A workspace API key.' },
      },
      parameters: {
        IdempotencyKey: {
          name: headerName(IDEMPOTENCY_HEADER),
          in: 'header',
          required: false,
          description: 'Any unique string (a UUID): a repeat of the same request with it within 24 hours gets the first answer and does nothing again.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        },
      },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(Object.keys(ERRORS).map((status) => [`Error${status}`, errorResponse(Number(status) as keyof typeof ERRORS)])),
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document, built once per process: it depends on code only. */
export function openApiDocument(): OpenApiDocument {
  return (built ??= build());
}
