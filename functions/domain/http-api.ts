import { httpHandlerWith } from '../lib/http';
import { enforceRouteLimit } from './rate-limits';
import { assertSessionOpen } from './sessions';

export { noContent, ok } from '../lib/http';

/**
 * The handler factory (functions/lib/http.ts) as the API's handlers use it, with the guards that
 * need the table: the session gate (sign-out-everywhere, deleted accounts) and the route limits.
 */
export const httpHandler = httpHandlerWith({ assertSessionOpen, enforceRouteLimit });
