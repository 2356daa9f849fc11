import { httpHandlerWith, type HttpResponse } from '../lib/http';
import { enforceRouteLimit } from './rate-limits';
import { assertSessionOpen } from './sessions';

export { noContent, ok } from '../lib/http';

/** A file to download (the CSV export): the text as is, never JSON-encoded, with its name. */
export const attachment = (fileName: string, contentType: string, text: string): HttpResponse => ({
  statusCode: 200,
  body: text,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` },
});

/**
 * The handler factory (functions/lib/http.ts) as the API's handlers use it, with the guards that
 * need the table: the session gate (sign-out-everywhere, deleted accounts) and the route limits.
 */
export const httpHandler = httpHandlerWith({ assertSessionOpen, enforceRouteLimit });
