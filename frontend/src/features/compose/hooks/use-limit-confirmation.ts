import { useState } from 'react';
import type { LimitWarning } from '@shared/platform-limits';
import type { CreatePostBody } from '@shared/post-bodies';
import { checkPlatformLimits } from '../api/check-limits';

/** The schedule a warning was shown for: the same accounts at the same time. */
const keyOf = (body: CreatePostBody) => JSON.stringify([body.scheduled_at, body.platforms.map((t) => t.social_account_id).sort()]);

/**
 * Platform limits before saving: the first submit of a schedule over a cap shows the
 * warnings and saves nothing; submitting the same schedule again ("Schedule anyway") confirms it.
 * A check that fails does not stop the save: the API returns the same warnings with the post.
 */
export function useLimitConfirmation() {
  const [shown, setShown] = useState<{ key: string; warnings: LimitWarning[] } | null>(null);
  const [checking, setChecking] = useState(false);

  async function mayProceed(body: CreatePostBody): Promise<boolean> {
    if (!body.scheduled_at) {
      setShown(null);
      return true;
    }
    const key = keyOf(body);
    if (shown?.key === key) return true;
    setChecking(true);
    try {
      const warnings = await checkPlatformLimits({
        scheduled_at: body.scheduled_at,
        platforms: body.platforms.map((t) => ({ platform: t.platform, social_account_id: t.social_account_id })),
      });
      setShown(warnings.length > 0 ? { key, warnings } : null);
      return warnings.length === 0;
    } catch {
      setShown(null);
      return true;
    } finally {
      setChecking(false);
    }
  }

  return { warnings: shown?.warnings ?? [], checking, mayProceed, reset: () => setShown(null) };
}
