import { MSG } from '@shared/messages';

/**
 * The error hierarchy of the API. Handlers and domain code throw these; one middleware
 * (`http.ts`) maps them to `{ error: { code, message, details } }` responses. Anything else is a bug
 * and becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown) {
    super('VALIDATION_ERROR', 400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = MSG.notAuthenticated) {
    super('NOT_AUTHENTICATED', 401, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', 404, message);
  }
}

/** The caller is signed in but may not do this: no membership, a role too low, an invitation meant for someone else, or a post that needs approval. */
export class ForbiddenError extends AppError {
  constructor(code: 'NOT_A_MEMBER' | 'ROLE_TOO_LOW' | 'OTHER_EMAIL' | 'NEEDS_APPROVAL', message: string) {
    super(code, 403, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'This item was changed by someone else; reload and try again', options?: { cause?: unknown }) {
    super('CONFLICT', 409, message, undefined, options);
  }
}

/** A platform or other dependency failed; the message is plain language and safe to show. */
/** "in 45 seconds", "in 1 minute", "in 10 minutes", "in 2 hours": rounded up, never "in 0". */
function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/** A route's per-user or per-IP limit (functions/routes.ts) is used up; carries Retry-After. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    /** For an API key: where it stands in its window, for the X-RateLimit-* headers. */
    readonly rateLimit?: { readonly limit: number; readonly remaining: number; readonly resetSeconds: number },
  ) {
    super('TOO_MANY_REQUESTS', 429, `Too many requests; try again in ${waitText(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
}

/** A request that did not come through CloudFront (the API's own execute-api endpoint). */
export class ForbiddenOriginError extends AppError {
  constructor() {
    super('FORBIDDEN', 403, "This API is only served through the app's own address.");
  }
}

export class DependencyError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('DEPENDENCY_FAILED', 502, message, undefined, options);
  }
}

/** The user's plan does not include this (a platform, more scheduled posts); details say which plan would. */
export class PlanError extends AppError {
  constructor(code: 'PLAN_REQUIRED' | 'PLAN_LIMIT_REACHED', message: string, details: { requiredPlan?: string; upgrade?: string | null; limit?: number }) {
    super(code, 403, message, details);
  }
}
