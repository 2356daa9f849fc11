import type { Platform } from '@shared/platforms';
import { json, type SandboxResponse } from './router';
import type { Fault, NamedError } from './state';

/** Each platform's wording of the named errors the control API can inject. */
export function namedError(platform: Platform, error: NamedError, now: number): SandboxResponse {
  const reset = String(Math.floor(now / 1000) + 900);
  const fbtrace_id = 'Sbx' + Math.random().toString(36).slice(2, 12);
  switch (platform) {
    case 'x':
      if (error === 'rate_limit' || error === 'quota_exceeded')
        return json(429, { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }, { 'x-rate-limit-limit': '75', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset });
      if (error === 'server_error') return json(503, { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 });
      return json(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    case 'facebook':
    case 'instagram':
      if (error === 'rate_limit' || error === 'quota_exceeded')
        return json(
          400,
          { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, fbtrace_id } },
          { 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 25, total_time: 25 }) },
        );
      if (error === 'server_error') return json(500, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id } });
      return json(400, {
        error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id },
      });
    case 'tiktok': {
      const log_id = Math.random().toString(36).slice(2).toUpperCase();
      if (error === 'rate_limit' || error === 'quota_exceeded')
        return json(429, { data: {}, error: { code: 'rate_limit_exceeded', message: 'The API rate limit was exceeded. Please try again later.', log_id } }, { 'retry-after': '60' });
      if (error === 'server_error') return json(500, { data: {}, error: { code: 'internal_error', message: 'Something went wrong. Please try again later.', log_id } });
      return json(401, { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id } });
    }
    case 'youtube':
      if (error === 'quota_exceeded') return googleError(403, 'The request cannot be completed because you have exceeded your quota.', 'quotaExceeded', 'youtube.quota', 'PERMISSION_DENIED');
      if (error === 'rate_limit') return { ...googleError(429, 'Too many requests.', 'rateLimitExceeded', 'usageLimits', 'RESOURCE_EXHAUSTED'), headers: { 'retry-after': '60' } };
      if (error === 'server_error') return googleError(503, 'The service is currently unavailable.', 'backendError', 'global', 'UNAVAILABLE');
      return youtubeAuthError();
  }
}

export function googleError(code: number, message: string, reason: string, domain: string, status: string): SandboxResponse {
  return json(code, { error: { code, message, errors: [{ message, domain, reason }], status } });
}

export function youtubeAuthError(): SandboxResponse {
  const message = 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
  return json(401, {
    error: { code: 401, message, errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }], status: 'UNAUTHENTICATED' },
  }, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
}

export function faultResponse(platform: Platform, fault: Fault, now: number): SandboxResponse {
  if (fault.error) {
    const base = namedError(platform, fault.error, now);
    return { ...base, status: fault.status ?? base.status, headers: { ...base.headers, ...fault.headers }, body: fault.body ?? base.body };
  }
  return { status: fault.status ?? 500, headers: fault.headers, body: fault.body ?? {} };
}
