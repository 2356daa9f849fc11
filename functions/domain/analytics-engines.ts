import { tableAnalyticsStore } from '../data/analytics';
import { defaultDeps } from '../lib/clock';
import { metricsReaderFor } from '../platforms/metrics';
import type { CollectEngine } from './analytics-collection';
import { atprotoStoresFor, withFreshTokens } from './connections';
import { isUserClosed } from './sessions';
import { emitWorkspaceEvent } from './webhooks';

/**
 * Analytics collection's ports over the table and the platforms (docs/analytics.md): what the
 * collector wires. The sweep's, which calls no platform, are in analytics-sweep-engine.ts.
 */

/** Reads over the platforms with the same token refresh and reauth handling as publishing. */
export const awsCollectEngine: CollectEngine = {
  now: defaultDeps.now,
  random: Math.random,
  store: tableAnalyticsStore,
  isUserClosed,
  emitEvent: (workspaceId, type, data) => emitWorkspaceEvent(workspaceId, type, data),
  readMetrics: (message, platformPostIds) =>
    withFreshTokens(
      message.userId,
      message.socialAccountId,
      async (tokens) =>
        (
          await metricsReaderFor(
            message.platform,
            defaultDeps,
            atprotoStoresFor({ workspaceId: message.userId, connectionId: message.socialAccountId }, defaultDeps.now),
          )
        ).readMetrics(tokens, { accountId: message.accountId, platformPostIds }),
      defaultDeps,
      // A read is safe to repeat: a token refused early is refreshed once before the connection is
      // said to need reconnecting (a sandbox clock moved ahead expires tokens the same way).
      { refreshWhenRefused: true },
    ),
};
