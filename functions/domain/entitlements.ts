import { planAllows, upgradeToConnectMessage, minimumPlanFor, type Plan } from '@shared/plans';
import type { Platform } from '@shared/platforms';
import { effectivePlan } from '@shared/subscription';
import { getSubscription } from '../data/subscriptions';
import { PlanError } from '../lib/errors';

/** The plan whose limits apply to the user right now (Free without a live subscription). */
export async function currentPlan(userId: string, now: Date): Promise<Plan> {
  return effectivePlan(await getSubscription(userId), now);
}

/** Refuses a platform the user's plan lacks, with "Upgrade to {plan} to connect {Platform}". */
export function assertPlanAllows(plan: Plan, platform: Platform): void {
  if (planAllows(plan.id, platform)) return;
  throw new PlanError('PLAN_REQUIRED', upgradeToConnectMessage(platform), { requiredPlan: minimumPlanFor(platform).id });
}
