import { effectivePlan } from '@shared/subscription';
import { mediaUrl, readObject } from '../data/media';
import { withFreshTokens } from '../domain/connections';
import { currentPlan } from '../domain/entitlements';
import { notifyWorkspace } from '../domain/notifications';
import { claimDailyQuota } from '../domain/platform-quotas';
import { mediaPullSigner } from '../lib/media-pull';
import { readDelivery as readDeliveryItems } from './adapters/dynamo-store';
import type { PublishEngine } from './ports';
import { awsDispatchEngine, emitEvent, recordActivity, recordOutcome } from './wiring';

/**
 * The publish step on AWS: the engine's one function that refreshes tokens and calls the platforms,
 * so the only wiring that imports their clients (the rest is in wiring.ts).
 */

/** A delivery's first read over the table: the plan follows from the subscription read with the post. */
const readDelivery: PublishEngine['readDelivery'] = async (userId, postId, socialAccountId, now) => {
  const { ahead, ...reads } = await readDeliveryItems(userId, postId, socialAccountId);
  return ahead ? { ...reads, plan: effectivePlan(ahead.subscription, now), connection: ahead.connection } : reads;
};

/** The publish step over the table, SQS, S3 and the platform adapters: what the publisher wires. */
export const awsPublishEngine: PublishEngine = {
  ...awsDispatchEngine,
  readDelivery,
  recordOutcome,
  recordActivity,
  emitEvent,
  media: {
    url: (path) => mediaUrl(path),
    read: readObject,
    pullUrl: async (path, now) => (await mediaPullSigner())?.sign(path, now) ?? null,
  },
  withFreshTokens,
  currentPlan,
  claimDailyQuota,
  notify: notifyWorkspace,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};
