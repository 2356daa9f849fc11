/**
 * The first message for each field of a failed zod parse, keyed by the issue's path joined with
 * dots ('password', 'confirm', 'targets.0.caption'), so a form can mark the field that is wrong
 * next to the one toast the spec asks for.
 */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The fields named by a 400's `details`: the API sends its zod issues as `{ path: 'a.b', message }` (functions/lib/http.ts). */
export function fieldErrorsOfDetails(details: unknown): FieldErrors {
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const d of details as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && path && typeof message === 'string') errors[path] ??= message;
  }
  return errors;
}
