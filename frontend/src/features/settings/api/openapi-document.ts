import { useQuery } from '@tanstack/react-query';
import { PUBLIC_API_PREFIX } from '@shared/public-api';
import type { OpenApiDocument } from './openapi-document-schema';

export type { OpenApiDocument, Operation } from './openapi-document-schema';

/** Where the backend serves the public API's OpenAPI document (same origin; no key needed). */
export const OPENAPI_DOCUMENT_URL = `${PUBLIC_API_PREFIX}/openapi.json`;

async function getOpenApiDocument(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_DOCUMENT_URL);
  if (!response.ok) throw new Error(`The API reference could not be loaded (${response.status}).`);
  const [{ OpenApiDocumentSchema }, body] = await Promise.all([import('./openapi-document-schema'), response.json()]);
  return OpenApiDocumentSchema.parse(body);
}

/** The document changes only with a deployment: fetched once per session. */
export function useOpenApiDocument() {
  return useQuery({ queryKey: ['openapi-document'], queryFn: getOpenApiDocument, staleTime: Infinity, retry: false });
}
