import { randomBytes } from 'node:crypto';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import type { TokenCheck } from '../state';

/** The Graph error shape shared by Facebook and Instagram (docs/platform-apis.md#instagram-errors, #facebook-errors). */
export function graphError(
  status: number,
  message: string,
  code: number,
  extra: { type?: string; error_subcode?: number; is_transient?: boolean } = {},
): SandboxResponse {
  const { type = 'OAuthException', ...rest } = extra;
  return json(
    status,
    { error: { message, type, code, ...rest, fbtrace_id: `A${randomBytes(9).toString('base64url')}` } },
    { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"` },
  );
}

/** Code 190 for a token that is missing, malformed, expired or revoked. */
export function graphTokenError(check: Exclude<TokenCheck, { ok: true }>): SandboxResponse {
  switch (check.reason) {
    case 'missing':
      return graphError(400, 'An active access token must be used to query information about the current user.', 2500);
    case 'expired':
      return graphError(400, 'Error validating access token: Session has expired.', 190, { error_subcode: 463 });
    case 'revoked':
      return graphError(400, 'Error validating access token: The user has not authorized application.', 190, { error_subcode: 458 });
    default:
      return graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
  }
}

/** Graph's answer for an object that does not exist or that the token may not touch (#100, subcode 33). */
export function graphNoObject(method: 'get' | 'post', id: string): SandboxResponse {
  return graphError(
    400,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    { type: 'GraphMethodException', error_subcode: 33 },
  );
}

/**
 * A call the granted permissions do not cover: Graph answers #10 naming the permission
 * (e.g. `/me/accounts` without pages_show_list, Instagram `/me` without instagram_business_basic).
 */
export function graphPermissionError(permission: string): SandboxResponse {
  return graphError(403, `(#10) This endpoint requires the '${permission}' permission.`, 10);
}

/** `fields=a,b,c` → a picker that keeps only the asked-for fields (plus `id`, as Graph does). */
export function pick(fieldsParam: string | null, all: Record<string, unknown>, always: string[] = ['id']): Record<string, unknown> {
  const wanted = fieldsParam
    ? fieldsParam
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : Object.keys(all);
  const out: Record<string, unknown> = {};
  for (const key of [...always, ...wanted]) if (key in all && all[key] !== undefined) out[key] = all[key];
  return out;
}

/**
 * Graph serves the configured version only: a path under any other `/vNN.N/` prefix (a version the
 * adapters should no longer speak) gets what Graph answers for a version it does not serve, HTTP 400
 * code 2500 "Unknown path components". Registered after a platform's real routes, so it only catches
 * what they did not.
 */
export function registerGraphVersionGuard(ctx: SandboxContext, platform: 'facebook' | 'instagram', hostKeys: readonly string[]): void {
  const handler = (req: SandboxRequest): SandboxResponse => {
    const version = /^\/(v\d+\.\d+)\//.exec(req.path)?.[1];
    if (version && version !== GRAPH_VERSION) return graphError(400, `Unknown path components: ${req.path}`, 2500);
    return json(404, { error: `the sandbox does not serve ${req.method} ${req.path} on ${platform}/${req.hostKey} yet` });
  };
  for (const hostKey of hostKeys) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const depth of [1, 2, 3, 4]) {
        ctx.router.on(method, platform, hostKey, ['/:version', ...Array.from({ length: depth }, (_, i) => `:p${i}`)].join('/'), handler, { faults: false });
      }
    }
  }
}
