import type { AdapterDeps } from './http';
import type { MetricsReader } from './types';
import { linkedin as linkedinNetwork } from './networks/linkedin';

/**
 * LinkedIn post counts (docs/analytics.md#linkedin): a member's post statistics need permissions
 * LinkedIn keeps for approved partners (r_member_social and the Member Post Statistics API), and an
 * organization's (organizationalEntityShareStatistics) are not read yet. Until then every post reads
 * as one LinkedIn reports no numbers for, so the Analytics page shows it without counts instead of
 * failing a read on every sweep.
 */
export const LINKEDIN_ANALYTICS_SCOPES = linkedinNetwork.analyticsScopes;

export function createLinkedInMetricsReader(_deps: AdapterDeps<'linkedin'>): MetricsReader {
  return {
    metricsBatchSize: 20,
    analyticsScopes: LINKEDIN_ANALYTICS_SCOPES,
    readMetrics(_tokens, { platformPostIds }) {
      return Promise.resolve(platformPostIds.map((platformPostId) => ({ platformPostId, status: 'private' as const })));
    },
  };
}
