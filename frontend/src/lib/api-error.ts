/**
 * A non-2xx answer of our API, carrying the `{ error: { code, message } }` body (docs/architecture.md#conventions: one error
 * shape). Apart from lib/api-client.ts so that the query client's retry rule (lib/react-query.ts, part
 * of the entry) does not pull in zod.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
