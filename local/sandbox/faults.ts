import type { SandboxPlatform } from './apps';
import { problemJson } from './platforms/x-errors';
import { json, type SandboxResponse } from './router';
import type { Fault, NamedError } from './state';

/** Each platform's wording of the named errors the control API can inject (docs/platform-apis.md). */
export function namedError(
  platform: SandboxPlatform,
  error: NamedError,
  now: number,
  options: { resetSeconds?: number; code?: number | string } = {},
): SandboxResponse {
  const resetIn = options.resetSeconds ?? 900;
  const reset = String(Math.floor(now / 1000) + resetIn);
  const fbtrace_id = 'Sbx' + Math.random().toString(36).slice(2, 12);
  const graph = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    json(status, { error: { type: 'OAuthException', ...body, fbtrace_id } }, headers);
  switch (platform) {
    case 'x':
      if (error === 'rate_limit')
        return problemJson(
          429,
          { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
          { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset },
        );
      if (error === 'quota_exceeded' || error === 'daily_limit')
        return problemJson(
          429,
          { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
          {
            'x-rate-limit-limit': '100',
            'x-rate-limit-remaining': '99',
            'x-rate-limit-reset': String(Math.floor(now / 1000) + 900),
            'x-user-limit-24hour-limit': '2400',
            'x-user-limit-24hour-remaining': '0',
            'x-user-limit-24hour-reset': String(Math.floor(now / 1000) + (options.resetSeconds ?? 86400)),
          },
        );
      if (error === 'duplicate')
        return problemJson(403, {
          detail: 'You are not allowed to create a Tweet with duplicate content.',
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
        });
      if (error === 'server_error') return problemJson(503, { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 });
      return problemJson(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    case 'facebook':
    case 'instagram':
    case 'threads': {
      if (error === 'rate_limit') {
        const code = typeof options.code === 'number' ? options.code : platform === 'facebook' ? 32 : 4;
        const message =
          {
            4: 'Application request limit reached',
            17: 'User request limit reached',
            32: 'Page request limit reached',
            613: 'Calls to this api have exceeded the rate limit.',
          }[code] ?? 'Application request limit reached';
        const minutes = Math.max(1, Math.ceil(resetIn / 60));
        const buc = JSON.stringify({
          sandbox: [
            {
              type: platform === 'facebook' ? 'pages' : 'instagram',
              call_count: 100,
              total_cputime: 30,
              total_time: 40,
              estimated_time_to_regain_access: minutes,
            },
          ],
        });
        return graph(
          400,
          { message: `(#${code}) ${message}`, code, is_transient: true },
          { 'x-business-use-case-usage': buc, 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 25, total_time: 25 }) },
        );
      }
      if (error === 'daily_limit' && platform === 'instagram') return igDailyLimit(now, resetIn);
      if (error === 'daily_limit' && platform === 'threads') return threadsDailyLimit(resetIn);
      if (error === 'quota_exceeded' || error === 'daily_limit')
        return graph(
          400,
          { message: 'Application request limit reached', code: 4, is_transient: true },
          { 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 25, total_time: 25 }) },
        );
      if (error === 'duplicate')
        return graph(400, {
          message: '(#506) Duplicate status message',
          code: 506,
          error_user_title: 'Duplicate post',
          error_user_msg: 'This status update is identical to the last one you posted.',
        });
      if (error === 'server_error')
        return graph(500, { message: 'An unexpected error has occurred. Please retry your request later.', code: 2, is_transient: true });
      if (error === 'token_revoked')
        return graph(400, { message: 'Error validating access token: The user has not authorized application.', code: 190, error_subcode: 458 });
      return graph(400, { message: 'Error validating access token: Session has expired.', code: 190, error_subcode: 463 });
    }
    case 'tiktok': {
      const log_id = Math.random().toString(36).slice(2).toUpperCase();
      const err = (status: number, code: string, message: string, headers?: Record<string, string>) =>
        json(status, { data: {}, error: { code, message, log_id } }, headers);
      if (error === 'rate_limit')
        return err(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.', {
          'retry-after': String(options.resetSeconds ?? 60),
        });
      if (error === 'quota_exceeded' || error === 'daily_limit')
        return err(403, 'spam_risk_too_many_posts', 'The daily post cap for this creator has been reached.');
      if (error === 'server_error') return err(500, 'internal_error', 'Something went wrong. Please try again later.');
      return err(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    case 'linkedin': {
      // LinkedIn's REST errors: {status, code?, serviceErrorCode?, message} (docs/platforms.md#linkedin).
      const li = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) => json(status, { status, ...body }, headers);
      if (error === 'rate_limit' || error === 'quota_exceeded' || error === 'daily_limit')
        return li(
          429,
          { message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' },
          options.resetSeconds !== undefined ? { 'retry-after': String(options.resetSeconds) } : undefined,
        );
      if (error === 'duplicate') return li(422, { message: 'Content is a duplicate of urn:li:share:7000000000000000000' });
      if (error === 'server_error') return li(500, { message: 'Internal Server Error' });
      if (error === 'token_revoked')
        return li(401, { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' });
      return li(401, { serviceErrorCode: 65600, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' });
    }
    case 'youtube':
      if (error === 'quota_exceeded' || error === 'daily_limit') return youtubeQuotaExceeded();
      if (error === 'upload_limit')
        return googleError(400, 'The user has exceeded the number of videos they may upload.', 'uploadLimitExceeded', 'youtube.video', 'INVALID_ARGUMENT');
      if (error === 'rate_limit')
        return {
          ...googleError(429, 'Too many requests.', 'rateLimitExceeded', 'usageLimits', 'RESOURCE_EXHAUSTED'),
          headers: { 'retry-after': String(options.resetSeconds ?? 60) },
        };
      if (error === 'server_error') return googleError(503, 'The service is currently unavailable.', 'backendError', 'global', 'UNAVAILABLE');
      return youtubeAuthError();
    case 'pinterest': {
      // Pinterest's `{code, message}`; the codes are the stand-in's own (Pinterest documents the statuses).
      const err = (status: number, code: number, message: string, headers?: Record<string, string>) => json(status, { code, message }, headers);
      if (error === 'rate_limit' || error === 'quota_exceeded' || error === 'daily_limit')
        return err(429, 8, 'You have exceeded your rate limit. Try again later.', { 'retry-after': String(options.resetSeconds ?? 60) });
      if (error === 'server_error') return err(503, 1, 'Service unavailable. Please try again later.');
      return err(401, 2, error === 'token_revoked' ? 'The access token was revoked.' : 'The access token has expired.');
    }
  }
}

/** docs/platform-apis.md#instagram-errors code 9 / 2207042, with the usage header saying when the 24-hour window frees a slot. */
export function igDailyLimit(now: number, resetSeconds: number): SandboxResponse {
  const buc = JSON.stringify({
    instagram: [
      { type: 'instagram', call_count: 100, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: Math.max(1, Math.ceil(resetSeconds / 60)) },
    ],
  });
  return json(
    400,
    {
      error: {
        message: 'Application request limit reached',
        type: 'OAuthException',
        code: 9,
        error_subcode: 2207042,
        is_transient: false,
        error_user_title: 'Max number of posts reached',
        error_user_msg: 'You have reached the maximum number of posts that can be published by the API in a 24-hour period.',
        fbtrace_id: 'Sbx' + Math.random().toString(36).slice(2, 12),
      },
    },
    { 'x-business-use-case-usage': buc },
  );
}

export function googleError(code: number, message: string, reason: string, domain: string, status: string): SandboxResponse {
  return json(code, { error: { code, message, errors: [{ message, domain, reason }], status } });
}

/** YouTube's answer once the project's daily quota is spent (a fault, or the sandbox's own videos.insert count). */
export function youtubeQuotaExceeded(): SandboxResponse {
  return googleError(
    403,
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'quotaExceeded',
    'youtube.quota',
    'PERMISSION_DENIED',
  );
}

export function youtubeAuthError(): SandboxResponse {
  const message = 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
  return json(
    401,
    {
      error: {
        code: 401,
        message,
        errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }],
        status: 'UNAUTHENTICATED',
      },
    },
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

export function faultResponse(platform: SandboxPlatform, fault: Fault, now: number): SandboxResponse {
  if (fault.error) {
    const base = namedError(platform, fault.error, now, {
      ...(fault.resetSeconds !== undefined ? { resetSeconds: fault.resetSeconds } : {}),
      ...(fault.code !== undefined ? { code: fault.code } : {}),
    });
    return { ...base, status: fault.status ?? base.status, headers: { ...base.headers, ...fault.headers }, body: fault.body ?? base.body };
  }
  return { status: fault.status ?? 500, headers: fault.headers, body: fault.body ?? {} };
}

/**
 * Threads' 250-posts-in-24-hours limit, refused at threads_publish. Meta documents the limit but not
 * its error code: the stand-in answers Graph's #4 with the usage header saying when a slot frees up,
 * which the adapters read as "wait, then try again".
 */
export function threadsDailyLimit(resetSeconds: number): SandboxResponse {
  const buc = JSON.stringify({
    threads: [
      { type: 'threads', call_count: 100, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: Math.max(1, Math.ceil(resetSeconds / 60)) },
    ],
  });
  return json(
    400,
    {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        code: 4,
        is_transient: false,
        fbtrace_id: 'Sbx' + Math.random().toString(36).slice(2, 12),
      },
    },
    { 'x-business-use-case-usage': buc },
  );
}
