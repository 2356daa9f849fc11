import type * as z from 'zod';
import { MSG } from '@shared/messages';
import { WORKSPACE_HEADER } from '@shared/roles';
import { getRuntimeConfig } from '@/config/runtime-config';
import { readAccessToken } from './amplify-loader';
import { ApiError } from './api-error';
import { currentWorkspaceId } from './current-workspace';
import { reportSessionEnded, SESSION_ENDED_CODE } from './session-ended';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  /** Public endpoints (e.g. GET /plans) skip the bearer token. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on the routes that take one (docs/idempotency.md): a request repeated
   * with the same key (a double click, a retry after a lost answer) gets the first answer and makes
   * nothing twice. One key per user intent: made once per click or submit, reused for its repeats.
   */
  idempotencyKey?: string;
}

/** A fresh key for one user intent (a random UUID, as the idempotency layer expects: unique, no personal data). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

export async function accessToken(): Promise<string> {
  const token = await readAccessToken();
  if (!token) throw new Error(MSG.notAuthenticated);
  return token;
}

/**
 * Every signed-in request acts in one workspace: the one chosen in this browser. Without the header
 * the server uses the person's first. Requests made outside `api()` (a file download) add it too.
 */
export function workspaceHeader(): Record<string, string> {
  const workspaceId = currentWorkspaceId();
  return workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};
}

/**
 * A response's schema, or how to load it. A schema is built with zod when its module loads, so a
 * module a page paints with that imports one brings zod (~25 KB compressed) into the page's first
 * load; a loader (`() => import('@shared/x').then((m) => m.XSchema)`) fetches that module with the
 * first answer it checks instead, while the request is on its way.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** Calls `${apiBasePath}${path}` and parses the answer with `schema`; 204 (or no schema) gives undefined. */
export function api<S extends z.ZodType>(path: string, options: RequestOptions & { schema: SchemaSource<S> }): Promise<z.output<S>>;
export function api(path: string, options?: RequestOptions & { schema?: undefined }): Promise<undefined>;
export async function api(path: string, options: RequestOptions & { schema?: SchemaSource<z.ZodType> } = {}): Promise<unknown> {
  const { method = 'GET', body, auth = true, signal, idempotencyKey } = options;
  const source = options.schema;
  // Loaded while the request is on its way; if the request fails, the error does not wait for it.
  const schema = typeof source === 'function' ? source() : source && Promise.resolve(source);
  schema?.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) {
    headers.Authorization = `Bearer ${await accessToken()}`;
    Object.assign(headers, workspaceHeader());
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;

  const response = await fetch(`${getRuntimeConfig().apiBasePath}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === SESSION_ENDED_CODE) reportSessionEnded();
    throw error;
  }
  if (response.status === 204 || !schema) return undefined;

  const json: unknown = await response.json();
  const parsed = (await schema).safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'The server sent an unexpected response', parsed.error.issues);
  }
  return parsed.data;
}

async function toApiError(response: Response): Promise<ApiError> {
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON (a gateway page, an empty body): fall through to the generic message.
  }
  // The error body's schema loads with the first error (a page paints without zod, see SchemaSource);
  // if it cannot load (offline), the generic messages below still say what happened.
  const parsed = await import('@shared/api').then(
    ({ ErrorBodySchema }) => ErrorBodySchema.safeParse(json),
    () => null,
  );
  if (parsed?.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details);
  }
  // On AWS a missing or expired token is refused by API Gateway's JWT authorizer, whose body is
  // its own ({"message":"Unauthorized"}), before our handler could answer in our shape.
  if (response.status === 401) return new ApiError(401, 'NOT_AUTHENTICATED', MSG.notAuthenticated);
  return new ApiError(response.status, 'HTTP_ERROR', `Request failed with status ${response.status}`);
}
