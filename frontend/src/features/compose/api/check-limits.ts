import { LimitCheckResponseSchema, type LimitCheckBody, type LimitWarning } from '@shared/platform-limits';
import { api } from '@/lib/api-client';

/** POST /api/posts/limit-check: would this schedule exceed a platform's cap? Writes nothing. */
export async function checkPlatformLimits(body: LimitCheckBody): Promise<LimitWarning[]> {
  const { warnings } = await api('/posts/limit-check', { method: 'POST', body, schema: LimitCheckResponseSchema });
  return warnings;
}
