import { PLATFORMS, type Platform } from '@shared/platforms';
import type { SandboxContext } from './context';
import { json, type SandboxResponse } from './router';
import type { NamedError } from './state';

const NAMED: NamedError[] = ['rate_limit', 'server_error', 'token_expired', 'quota_exceeded'];

/**
 * The control API for tests, all JSON under `/_sandbox/control`:
 *   GET  /state                        clock, counts, pending faults
 *   POST /reset                        forget everything (codes, tokens, faults, clock)
 *   POST /clock/advance  {seconds}     move the sandbox clock forward
 *   POST /tokens/revoke  {token}       revoke an access, refresh or Page token
 *   POST /tokens/expire  {token}       make a token expire now
 *   POST /faults  {platform, endpoint?, method?, status?, body?, headers?, error?, delayMs?, times?}
 *                                      fail the next call(s) to the platform (or one endpoint)
 *   DELETE /faults                     drop pending faults
 */
export function control(ctx: SandboxContext, method: string, path: string, body: unknown): SandboxResponse {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const bad = (message: string) => json(400, { error: message });
  const route = `${method} ${path.replace(/\/$/, '')}`;
  switch (route) {
    case 'GET /state':
      return json(200, ctx.state.summary());
    case 'POST /reset':
      ctx.state.reset();
      return json(200, ctx.state.summary());
    case 'POST /clock/advance': {
      const seconds = Number(input.seconds);
      if (!Number.isFinite(seconds) || seconds < 0) return bad('seconds must be a number ≥ 0');
      ctx.state.advance(seconds);
      return json(200, { now: new Date(ctx.state.now()).toISOString() });
    }
    case 'POST /tokens/revoke':
    case 'POST /tokens/expire': {
      const token = typeof input.token === 'string' ? input.token : '';
      const record = route.endsWith('revoke') ? ctx.state.revoke(token) : ctx.state.expire(token);
      if (!record) return json(404, { error: 'unknown token' });
      return json(200, { token: record.token, platform: record.platform, kind: record.kind, revoked: record.revoked, expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString() });
    }
    case 'POST /faults': {
      const platform = input.platform as Platform;
      if (!PLATFORMS.includes(platform)) return bad(`platform must be one of ${PLATFORMS.join(', ')}`);
      const error = input.error as NamedError | undefined;
      if (error !== undefined && !NAMED.includes(error)) return bad(`error must be one of ${NAMED.join(', ')}`);
      if (error === undefined && input.status === undefined && input.delayMs === undefined) return bad('give a status (and body), a named error or a delayMs');
      const fault = ctx.state.addFault({
        platform,
        ...(typeof input.endpoint === 'string' ? { endpoint: input.endpoint } : {}),
        ...(typeof input.method === 'string' ? { method: input.method } : {}),
        ...(typeof input.status === 'number' ? { status: input.status } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.headers && typeof input.headers === 'object' ? { headers: input.headers as Record<string, string> } : {}),
        ...(error ? { error } : {}),
        ...(typeof input.delayMs === 'number' ? { delayMs: Math.min(Math.max(0, input.delayMs), 120_000) } : {}),
        ...(typeof input.times === 'number' ? { times: input.times } : {}),
      });
      return json(201, fault);
    }
    case 'DELETE /faults':
      ctx.state.clearFaults();
      return json(200, { faults: [] });
    default:
      return json(404, { error: `no control endpoint ${route}` });
  }
}
